import Foundation
import Glibc
import LecternModel
import LecternPipeline
import Testing

/// The hostile-input corpus (scripts/make-hostile-corpus.py) through the real `lectern run`.
@Suite("Hostile input corpus")
struct HostileCorpusTests {
    /// What a bundle must never carry: markup that runs code in a front end that renders it.
    static let executablePatterns = ["<script", "javascript:", "vbscript:", "onerror=", "onclick=", "onload=",
                                     "onmouseover=", "onfocus=", "<iframe", "<object", "<embed", "data:text/html"]

    @Test("every bad file is recorded with its code, good files are done, nothing executable or outside OUT")
    func corpus() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        let cwd = folder.sub("cwd")
        try FileManager.default.createDirectory(at: cwd, withIntermediateDirectories: true)
        let outside = folder.sub("outside/secret.txt")
        try FileManager.default.createDirectory(at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("a file outside the inbox that Lectern must not read\n".utf8).write(to: outside)

        let expected = try HostileCorpus.make(inbox: inbox, outside: outside)
        #expect(expected.count >= 25, "the corpus should hold at least 25 entries, has \(expected.count)")
        let filesBefore = HostileCorpus.listing(folder.url, excluding: ["out", "cwd"])
        let hashesBefore = try HostileCorpus.contentHashes(inbox)

        let result = try await lectern(["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "2"], in: cwd)
        #expect(!result.killed, "lectern crashed: \(result.stderr.suffix(2000))")
        #expect(result.status == 1, "a run with failed items exits 1, got \(result.status): \(result.stderr.suffix(2000))")

        // Each entry of the corpus has the state and error code it should have.
        let index = try JSONDecoder().decode(RunIndex.self, from: Data(contentsOf: out.appendingPathComponent("index.json")))
        let byPath = Dictionary(index.items.map { ($0.source.path, $0) }, uniquingKeysWith: { first, _ in first })
        for (path, outcome) in expected.sorted(by: { $0.key < $1.key }) {
            guard let entry = byPath[path] else {
                Issue.record("\(path) is missing from index.json")
                continue
            }
            #expect(entry.state.rawValue == outcome.state, "\(path): state \(entry.state.rawValue), expected \(outcome.state)")
            #expect(entry.errorCode?.rawValue == outcome.errorCode,
                    "\(path): error \(entry.errorCode?.rawValue ?? "none"), expected \(outcome.errorCode ?? "none")")
            if entry.state == .failed { #expect(!(entry.errorMessage ?? "").isEmpty, "\(path) failed without a message") }
            if entry.state == .done, entry.kind != .post { #expect(entry.bundle != nil, "\(path) is done without a bundle") }
        }
        let unexpected = Set(byPath.keys).subtracting(expected.keys).sorted()
        #expect(unexpected.isEmpty, "index.json has entries the corpus does not expect: \(unexpected)")

        // No bundle carries executable content or an absolute path.
        var offenders: [String] = []
        let bundles = PublishedFiles.list(in: out).filter { $0.key.hasPrefix("bundles/") }
        #expect(bundles.count >= 8, "expected the good items' bundles, found \(bundles.keys.sorted())")
        for (path, url) in bundles {
            let text = try String(contentsOf: url, encoding: .utf8)
            let lower = text.lowercased()
            let found = Self.executablePatterns.filter { lower.contains($0) }
            if !found.isEmpty { offenders.append("\(path): \(found)") }
            #expect(!text.contains(folder.url.path), "\(path) contains an absolute path")
            #expect(!text.contains("a file outside the inbox"), "\(path) contains the content of a file outside the inbox")
        }
        #expect(offenders.isEmpty, "executable content in bundles: \(offenders)")

        // Nothing was written outside OUT, and the inputs are untouched.
        #expect(HostileCorpus.listing(folder.url, excluding: ["out", "cwd"]) == filesBefore, "files appeared or vanished outside OUT")
        #expect(try HostileCorpus.contentHashes(inbox) == hashesBefore, "an input file changed")
        let cwdFiles = HostileCorpus.listing(cwd, excluding: []).filter { !$0.hasPrefix(".cli-") }
        #expect(cwdFiles.isEmpty, "lectern wrote into its working folder: \(cwdFiles)")

        // A second run changes nothing and still exits 1; status explains every failure.
        let again = try await lectern(["run", "--inbox", inbox.path, "--out", out.path, "--json"], in: cwd)
        #expect(again.status == 1)
        let summary = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
        #expect(summary?["stagesRun"] as? Int == 0, "a second run over the corpus ran stages: \(again.stdout.prefix(300))")
        let status = try await statusJSON(out: out, in: cwd)
        for item in status where item.state == .failed {
            #expect(item.errorCode != nil && item.advice != nil, "\(item.source.path) failed without a code or advice")
        }
    }
}

/// Makes the corpus with the project's script and reads back what each entry should become.
enum HostileCorpus {
    struct Outcome: Decodable {
        var state: String
        var errorCode: String?
    }

    static let script = Paths.repoRoot.appendingPathComponent("scripts/make-hostile-corpus.py")

    static func make(inbox: URL, outside: URL) throws -> [String: Outcome] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, inbox.path, "--outside", outside.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LecternError(.internalError, "make-hostile-corpus.py exited \(process.terminationStatus)")
        }
        let raw = try JSONDecoder().decode([String: Outcome?].self,
                                           from: Data(contentsOf: URL(fileURLWithPath: inbox.path + ".expected.json")))
        // Entries without a state (none today) are not checked.
        return raw.compactMapValues { $0 }.filter { !$0.value.state.isEmpty }
    }

    /// Every path under `root` (links not followed), relative, except the top-level names in `excluding`.
    static func listing(_ root: URL, excluding: Set<String>) -> [String] {
        var result: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            let absolute = folder.isEmpty ? root.path : root.path + "/" + folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? [] {
                let relative = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty && excluding.contains(name) { continue }
                result.append(relative)
                var info = stat()
                if lstat(root.path + "/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { folders.append(relative) }
            }
        }
        return result.sorted()
    }

    /// Content of every file (a link's target path, not what it points to), with size and mtime.
    static func contentHashes(_ root: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        for relative in listing(root, excluding: []) {
            let path = root.path + "/" + relative
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                result[relative] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            case S_IFREG:
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                result[relative] = "\(data.count) \(ContentHash.sha256(data)) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_mode)"
            default:
                result[relative] = "folder \(info.st_mode)"
            }
        }
        return result
    }
}
