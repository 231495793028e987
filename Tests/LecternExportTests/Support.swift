import Foundation
import LecternExport
import LecternJSON
import LecternModel
import LecternPipeline
import Testing

// Real bundles (the pipeline run once over a copy of samples/) and the real consumers of the exports
// (scripts/check-exports.py in the virtual environment scripts/setup.sh --test creates).

enum Paths {
    /// The package root, from this file's location: Tests/LecternExportTests/Support.swift.
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = repoRoot.appendingPathComponent(".build/venv/bin/python")
    static let checker = repoRoot.appendingPathComponent("scripts/check-exports.py")
    static let moodleSchema = repoRoot.appendingPathComponent("Tests/LecternExportTests/Fixtures/moodle-quiz-subset.xsd")

    /// Every folder of this test process lives under one root, removed at exit.
    static let testRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-export-tests-\(getpid())")
        atexit { try? FileManager.default.removeItem(at: Paths.testRoot) }
        return root
    }()

    static func temporaryFolder(_ name: String) throws -> URL {
        let url = testRoot.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

struct CheckerFailure: Error, CustomStringConvertible {
    var description: String
}

enum Checker {
    /// Runs `check-exports.py ARGS` and decodes its JSON report. A missing virtual environment is a failure with
    /// the fix in its message, never a skip: CI must run these consumers.
    static func run<T: Decodable>(_ type: T.Type, _ arguments: [String]) throws -> T {
        guard FileManager.default.isExecutableFile(atPath: Paths.python.path) else {
            throw CheckerFailure(description: "no \(Paths.python.path): run scripts/setup.sh --test (make test does) to install the export checkers")
        }
        let process = Process()
        process.executableURL = Paths.python
        process.arguments = [Paths.checker.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CheckerFailure(description: "check-exports.py \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(message)")
        }
        return try JSONDecoder().decode(T.self, from: data)
    }
}

/// How the checkers report an HTML text: what a browser shows and which elements it holds.
struct RenderedHTML: Decodable {
    var plain: String
    var first: String
    var pre: [String]
    var elements: [String]
}

/// The bundles made by running the real pipeline over a photo, a script and the course of samples/.
enum SampleRun {
    /// Made once per test process; a failed run fails every test that needs it (with its reason), not the process.
    private static let run: Result<URL, CheckerFailure> = {
        do {
            let root = try Paths.temporaryFolder("sample-run")
            let inbox = root.appendingPathComponent("inbox")
            let out = root.appendingPathComponent("out")
            let samples = Paths.repoRoot.appendingPathComponent("samples")
            for path in ["photos/water-cycle.jpg", "scripts/why-bread-rises.txt", "intro-to-python"] {
                let target = inbox.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: samples.appendingPathComponent(path), to: target)
            }
            let result = try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
            let failed = result.index.items.filter { $0.state != .done }
            guard failed.isEmpty else { return .failure(CheckerFailure(description: "the sample run did not finish: \(failed)")) }
            return .success(out)
        } catch {
            return .failure(CheckerFailure(description: "the sample run failed: \(error)"))
        }
    }()

    static func output() throws -> URL { try run.get() }

    static func bundles() throws -> [ExportBundle] {
        let output = try output()
        let index = try CanonicalJSON.decode(RunIndex.self, from: Data(contentsOf: output.appendingPathComponent("index.json")))
        return try index.items.filter { $0.kind != .post }.compactMap { entry in
            try Exporter.loadBundle(Data(contentsOf: output.appendingPathComponent(entry.bundle!)), kind: entry.kind) {
                try? Data(contentsOf: output.appendingPathComponent($0))
            }
        }
    }

    static func homework() throws -> (HomeworkBundle, Data?) {
        for case .homework(let bundle, let thumbnail) in try bundles() { return (bundle, thumbnail) }
        throw CheckerFailure(description: "the sample run made no homework bundle")
    }

    static func wordlist() throws -> WordListBundle {
        for case .wordlist(let bundle) in try bundles() { return bundle }
        throw CheckerFailure(description: "the sample run made no word list")
    }

    static func lecture() throws -> LectureBundle {
        for case .lecture(let bundle) in try bundles() { return bundle }
        throw CheckerFailure(description: "the sample run made no lecture")
    }
}

/// Writes the export of `bundles` in `format` to a temporary folder; returns the files' URLs.
func exportFiles(_ bundles: [ExportBundle], _ format: ExportFormat, times: inout AnkiNoteTimes, now: Int64 = 1_800_000_000,
                 folder: String = #function) throws -> [URL] {
    let root = try Paths.temporaryFolder(folder.filter { $0.isLetter })
    return try Exporter.export(bundles, format: format, noteTimes: &times, now: now).map { file in
        let url = root.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.data.write(to: url)
        return url
    }
}

/// Text a teacher might type that breaks naive writers: every GIFT control character, CDATA's end, markup,
/// right-to-left text, emoji, quotes and ampersands.
let hostileTexts = [
    "What is {x} = ~y # z: a\\b?",
    "Close the CDATA ]]> here & <![CDATA[ there",
    "<script>alert('x')</script> is how a \"tag\" looks",
    "שלום עולם — مرحبا بالعالم",
    "Emoji 🧪🌍 and ZWJ 👩‍🔬 stay",
    "Tom & Jerry's \"quotes\" ‘curly’ — and a long stem " + String(repeating: "very ", count: 120) + "long",
]
