import Foundation
import LecternExport

/// The files a run publishes (index.json, bundles/, media/, and exports/FORMAT/ of the formats the pipeline file
/// lists: `lectern export` may write other formats there by hand), for comparing two output folders.
public enum PublishedFiles {
    public static func list(in out: URL, exports: [ExportFormat] = []) -> [String: URL] {
        var files: [String: URL] = [:]
        let index = out.appendingPathComponent("index.json")
        if FileManager.default.fileExists(atPath: index.path) { files["index.json"] = index }
        for folder in ["bundles", "media"] + exports.map { "exports/\($0.rawValue)" } {
            let root = out.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                            options: [.skipsHiddenFiles])
            while let url = enumerator?.nextObject() as? URL {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                let relative = String(url.path.dropFirst(root.path.count + 1))
                files["\(folder)/\(relative)"] = url
            }
        }
        let noteTimes = out.appendingPathComponent(ExportPublisher.noteTimesPath)
        if exports.contains(.anki), FileManager.default.fileExists(atPath: noteTimes.path) { files[ExportPublisher.noteTimesPath] = noteTimes }
        return files
    }

    /// Paths present in only one folder or with different bytes, sorted.
    public static func differences(between a: URL, and b: URL, exports: [ExportFormat] = []) -> [String] {
        let left = list(in: a, exports: exports)
        let right = list(in: b, exports: exports)
        return Set(left.keys).union(right.keys).filter { path in
            guard let l = left[path], let r = right[path] else { return true }
            return (try? Data(contentsOf: l)) != (try? Data(contentsOf: r))
        }.sorted()
    }
}
