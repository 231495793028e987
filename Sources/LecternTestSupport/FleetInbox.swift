import Foundation

/// An inbox of `count` items made from samples/ (the fleet test's and the scale benchmark's): its photos, scripts and
/// course, and scripts cut from the sample scripts' sentences, a different window each, so each is its own item.
public enum FleetInbox {
    /// Returns `count`.
    @discardableResult
    public static func make(_ inbox: URL, samples: URL, count: Int) throws -> Int {
        try FileManager.default.copyItem(at: samples, to: inbox)
        let scriptsFolder = samples.appendingPathComponent("scripts")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: scriptsFolder.path).filter { $0.hasSuffix(".txt") }.sorted()
        let text = try scripts.map { try String(contentsOf: scriptsFolder.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: " ")
        let sentences = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .components(separatedBy: ". ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.split(separator: " ").count > 3 }
        let existing = 13 // samples/: 4 photos, 4 scripts, a course of 4 posts
        let folder = inbox.appendingPathComponent("generated")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<(count - existing) {
            // A distinct (start, length) each: no two scripts are the same content, so none is the same item.
            let start = index % sentences.count, length = 3 + index / sentences.count
            let window = (0..<length).map { sentences[(start + $0 * 3) % sentences.count] }
            try Data((window.joined(separator: ". ") + ".\n").utf8).write(to: folder.appendingPathComponent(String(format: "s%03d.txt", index)))
        }
        return count
    }
}
