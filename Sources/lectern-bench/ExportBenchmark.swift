import Foundation
import LecternExport
import LecternJSON
import LecternModel
import LecternPipeline

/// `lectern-bench export`: the real `lectern export` (a child process, so times include start-up and the peak
/// memory is the export's own, measured by time(1)) over 10,000 questions and 10,000 Anki notes in each format. The questions are the
/// pipeline's own: samples/scripts and the sample course are run once, and their bundles are published again
/// under new IDs and source paths (so every question gets its own identifier) until there are enough.
/// LECTERN_BENCH_EXPORT_QUESTIONS changes the size.
enum ExportBenchmark {
    static func run() throws {
        let lectern = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lectern")
        guard FileManager.default.isExecutableFile(atPath: lectern.path) else {
            throw BenchError("\(lectern.path) is missing: build the lectern product next to lectern-bench")
        }
        let wanted = Int(ProcessInfo.processInfo.environment["LECTERN_BENCH_EXPORT_QUESTIONS"] ?? "") ?? 10_000
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-export-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let seed = root.appendingPathComponent("seed")
        let samples = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("samples")
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        for folder in ["scripts", "intro-to-python"] {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(folder), to: inbox.appendingPathComponent(folder))
        }
        _ = try Pipeline(out: seed).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
        let index = try CanonicalJSON.decode(RunIndex.self, from: Data(contentsOf: seed.appendingPathComponent("index.json")))
        let originals = index.items.filter { $0.state == .done && $0.bundle != nil && $0.kind.descriptor.exportable }

        // Publish copies until both the questions and the notes reach the wanted count.
        let out = root.appendingPathComponent("out")
        var entries: [IndexEntry] = []
        var questions = 0
        var notes = 0
        var copy = 0
        while questions < wanted || notes < wanted {
            for entry in originals {
                let data = try Data(contentsOf: seed.appendingPathComponent(entry.bundle!))
                let id = "c\(copy)-\(entry.id)"
                let source = SourceRef(path: "copy-\(copy)/\(entry.source.path)", sha256: entry.source.sha256)
                let renamed: Data
                let bundle: ExportBundle?
                switch entry.kind {
                case .wordlist:
                    var value = try CanonicalJSON.decode(WordListBundle.self, from: data)
                    (value.id, value.source) = (id, source)
                    (renamed, bundle) = (try CanonicalJSON.encode(value), .wordlist(value))
                case .lecture:
                    var value = try CanonicalJSON.decode(LectureBundle.self, from: data)
                    (value.id, value.source) = (id, source)
                    (renamed, bundle) = (try CanonicalJSON.encode(value), .lecture(value))
                default:
                    continue
                }
                let path = OutputLayout.bundle(kind: entry.kind, id: id)!
                try AtomicFile.write(renamed, to: out.appendingPathComponent(path))
                entries.append(IndexEntry(id: id, kind: entry.kind, source: source, state: .done, errorCode: nil, errorMessage: nil,
                                          failedStage: nil, bundle: path, course: nil))
                questions += bundle!.questionCategories.reduce(0) { $0 + $1.questions.count }
                notes += bundle!.ankiNotes.count
            }
            copy += 1
        }
        try AtomicFile.write(try CanonicalJSON.encode(RunIndex(items: entries)), to: out.appendingPathComponent("index.json"))
        print("\(entries.count) bundles (\(copy) copies of the sample word lists and course): \(questions) questions, \(notes) Anki notes")
        print("  format       seconds   peak MB   files   output MB   exit")
        for format in ExportFormat.allCases {
            let destination = root.appendingPathComponent("exports-\(format.rawValue)")
            // Through /usr/bin/time: posix_spawn's child starts in this process's memory, so its own ru_maxrss would
            // report this benchmark's size; time(1) forks from a small process and prints the export's peak (%M, kB).
            let report = root.appendingPathComponent("time-\(format.rawValue).txt")
            let result = try Child.run(URL(fileURLWithPath: "/usr/bin/time"),
                                       ["-f", "%M", lectern.path, "export", "--format", format.rawValue, "--out", out.path,
                                        "--to", destination.path], in: root, errors: report.path)
            let peakKB = Int(try String(contentsOf: report, encoding: .utf8).split(separator: "\n").last ?? "") ?? 0
            let files = (FileManager.default.enumerator(at: destination, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])?
                .allObjects as? [URL] ?? []).compactMap { url -> Int? in
                    let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
                    return values?.isRegularFile == true ? values?.fileSize : nil
                }
            let bytes = files.reduce(0, +)
            print("  " + format.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                  + String(format: "   %7.2f   %7d   %5d   %9.1f   %4d", result.seconds, peakKB / 1024, files.count,
                           Double(bytes) / 1_048_576, result.status))
        }
    }
}
