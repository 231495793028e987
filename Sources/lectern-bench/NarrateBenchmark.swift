import Foundation
import Glibc
import LecternModel
import LecternVoice

/// `lectern-bench narrate`: the narrate stage on real documentation pages (Debian's FAQ and the Debian Reference,
/// packages debian-faq and debian-reference-en; docs/NARRATION.md), against the command lines a user would pipe:
/// `espeak-ng -m --stdout | lame` with the stage's settings (CBR 64 kbps, mono, quality 7).
///
/// 1. Time per minute of audio: the narrate stage's own time in the ledger (`lectern run --jobs 1` on one course)
///    against espeak-ng | lame run one topic at a time on the same SSML, to MP3 files of the same settings.
/// 2. 2 jobs against 1 on a two-course inbox: the wall time from the first narrate stage's start to the last one's end.
/// 3. Peak memory (the run's ru_maxrss) for a course of 100 topics.
enum NarrateBenchmark {
    static let faq = URL(fileURLWithPath: "/usr/share/doc/debian/FAQ")
    static let reference = URL(fileURLWithPath: "/usr/share/debian-reference")

    static func run() throws {
        let lectern = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lectern")
        for tool in [lectern.path, "/usr/bin/espeak-ng", "/usr/bin/lame", "/usr/bin/sqlite3"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw BenchError("\(tool) is missing (scripts/setup.sh --bench; build lectern next to lectern-bench)")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-narrate-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }

        // Two courses of Debian FAQ chapters (split into topics at their h2 sections), of about the same size: the
        // largest page first into the smaller course, so that two jobs have two equal halves to share.
        let pages = ["basic-defs", "choosing", "compatibility", "getting-debian", "pkg-basics", "pkgtools", "uptodate", "customizing"]
        let sizes = try pages.map { try Data(contentsOf: faq.appendingPathComponent("\($0).en.html")).count }
        var load = ["faq-a": 0, "faq-b": 0]
        let inbox = root.appendingPathComponent("inbox")
        for (page, size) in zip(pages, sizes).sorted(by: { $0.1 > $1.1 }) {
            let name = load["faq-a"]! <= load["faq-b"]! ? "faq-a" : "faq-b"
            load[name]! += size
            let course = inbox.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: course, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: faq.appendingPathComponent("\(page).en.html"), to: course.appendingPathComponent("\(page).html"))
            try Data("voice: true\n".utf8).write(to: course.appendingPathComponent("course.yml"))
        }

        // 1. One course, one job: the stage's time per minute of audio.
        let one = root.appendingPathComponent("inbox-one")
        try FileManager.default.createDirectory(at: one, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: inbox.appendingPathComponent("faq-a"), to: one.appendingPathComponent("faq-a"))
        let outOne = root.appendingPathComponent("out-one")
        let single = try Child.run(lectern, ["run", "--inbox", one.path, "--out", outOne.path, "--jobs", "1"], in: root)
        guard single.status == 0 else { throw BenchError("lectern run failed (\(single.status)): \(root.path)/child.err") }
        let stage = try narrateSpan(outOne)
        let topics = try lectureTopics(outOne)
        let audioMinutes = Double(topics.compactMap(\.narration?.durationMs).reduce(0, +)) / 60_000
        print(String(format: "one course (%d topics, %.1f minutes of audio), --jobs 1:", topics.count, audioMinutes))
        print(String(format: "  narrate stage:        %6.2f s  = %.3f s per audio minute (whole run %.2f s, %.2f cores busy)",
                     stage.total, stage.total / audioMinutes, single.seconds, single.cpuSeconds / single.seconds))

        let cli = try commandLines(topics, in: root.appendingPathComponent("cli"))
        print(String(format: "  espeak-ng | lame:     %6.2f s  = %.3f s per audio minute (%d topics, one pipeline each)",
                     cli, cli / audioMinutes, topics.count))
        print(String(format: "  narrate / CLI:        %.2f×  [target ≤ 1.0×]", stage.total / cli))

        // 2. Two courses, one job then two.
        var spans: [Int: Double] = [:]
        var oneJobCores = 1.0
        for jobs in [1, 2] {
            let out = root.appendingPathComponent("out-two-\(jobs)")
            let result = try Child.run(lectern, ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "\(jobs)"], in: root)
            guard result.status == 0 else { throw BenchError("lectern run failed (\(result.status))") }
            spans[jobs] = try narrateSpan(out).span
            if jobs == 1 { oneJobCores = result.cpuSeconds / result.seconds }
            print(String(format: "two courses, --jobs %d: narrate stages from first start to last end %.2f s (whole run %.2f s, %.2f cores busy, peak %d MB)",
                         jobs, spans[jobs]!, result.seconds, result.cpuSeconds / result.seconds, result.peakMB))
        }
        // One job is already two processes at once (the child speaks while the worker encodes), so the cores a second
        // job can add are what one job leaves idle.
        print(String(format: "  2 jobs against 1:    %.2f×  [target ≥ 1.7×; at most %.2f× when one job keeps %.2f of this machine's %d cores busy]",
                     spans[1]! / spans[2]!, Double(ProcessInfo.processInfo.activeProcessorCount) / oneJobCores, oneJobCores,
                     ProcessInfo.processInfo.activeProcessorCount))

        // 3. A course of 100 topics: ten Debian Reference sections of ten h2 topics each; and the same course with the
        // voice off, for what the run takes without narration.
        let paragraphs = try referenceParagraphs()
        let big = root.appendingPathComponent("inbox-100"), silentInbox = root.appendingPathComponent("inbox-100-silent")
        for (inbox, voice) in [(big, true), (silentInbox, false)] {
            let course = inbox.appendingPathComponent("reference")
            try FileManager.default.createDirectory(at: course, withIntermediateDirectories: true)
            try Data("voice: \(voice)\n".utf8).write(to: course.appendingPathComponent("course.yml"))
            for post in 0..<10 {
                var html = "<html><head><title>Reference part \(post + 1)</title></head><body><main><h1>Reference part \(post + 1)</h1>\n"
                for topic in 0..<10 {
                    html += "<h2>Section \(post * 10 + topic + 1)</h2>\n"
                    for line in 0..<3 { html += "<p>\(paragraphs[(post * 30 + topic * 3 + line) % paragraphs.count])</p>\n" }
                }
                try Data((html + "</main></body></html>\n").utf8).write(to: course.appendingPathComponent(String(format: "part-%02d.html", post + 1)))
            }
        }
        let silent = try Child.run(lectern, ["run", "--inbox", silentInbox.path, "--out", root.appendingPathComponent("out-100-silent").path,
                                             "--jobs", "1"], in: root)
        let outBig = root.appendingPathComponent("out-100")
        let hundred = try Child.run(lectern, ["run", "--inbox", big.path, "--out", outBig.path, "--jobs", "1"], in: root)
        let bigTopics = try lectureTopics(outBig)
        let bigMinutes = Double(bigTopics.compactMap(\.narration?.durationMs).reduce(0, +)) / 60_000
        print(String(format: "100-topic course (%d topics read, %.1f minutes of audio), --jobs 1: %.2f s, peak %d MB  [target < 200 MB], exit %d",
                     bigTopics.filter { $0.narration != nil }.count, bigMinutes, hundred.seconds, hundred.peakMB, hundred.status))
        print(String(format: "  the same course with the voice off: %.2f s, peak %d MB", silent.seconds, silent.peakMB))
    }

    /// The narrate stages' summed time and their span (first start to last end), from the ledger.
    static func narrateSpan(_ out: URL) throws -> (total: Double, span: Double) {
        let rows = try sqlite(out, "SELECT durationMs, startedAt, finishedAt FROM stage_runs WHERE stage = 'narrate'")
        let values = rows.map { $0.split(separator: "|").compactMap { Double($0) } }.filter { $0.count == 3 }
        guard !values.isEmpty else { throw BenchError("no narrate stage in \(out.path)") }
        let total = values.map { $0[0] / 1000 }.reduce(0, +)
        let span = values.map { $0[2] }.max()! - values.map { $0[2] - $0[0] / 1000 }.min()!
        return (total, span)
    }

    static func lectureTopics(_ out: URL) throws -> [Topic] {
        let folder = out.appendingPathComponent("bundles/lectures")
        var topics: [Topic] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
            let lecture = try JSONDecoder().decode(LectureBundle.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
            topics += lecture.subjects.flatMap(\.topics)
        }
        return topics
    }

    /// espeak-ng | lame on each topic's script, one after the other, as a shell would run them.
    static func commandLines(_ topics: [Topic], in folder: URL) throws -> Double {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var scripts: [URL] = []
        for (index, topic) in topics.enumerated() where topic.narration != nil {
            let file = folder.appendingPathComponent("topic-\(index).ssml")
            try Data(SpokenScript(topic: topic, wordLimit: 20 * 450).ssml.utf8).write(to: file)
            scripts.append(file)
        }
        let started = DispatchTime.now()
        for script in scripts {
            let command = "espeak-ng -m -v en -s 175 -f '\(script.path)' --stdout | lame --quiet -q 7 --cbr -b 64 -m m - '\(script.path).mp3'"
            let shell = try Child.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: folder)
            guard shell.status == 0 else { throw BenchError("espeak-ng | lame failed on \(script.path)") }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    }

    /// Paragraphs of the Debian Reference's chapters (plain text, 200 to 800 characters), for the 100-topic course.
    static func referenceParagraphs() throws -> [String] {
        var found: [String] = []
        for chapter in ["ch01", "ch02", "ch03", "ch04", "ch05"] {
            let html = try String(contentsOf: reference.appendingPathComponent("\(chapter).en.html"), encoding: .utf8)
            for piece in html.components(separatedBy: "<p>").dropFirst() {
                guard let end = piece.range(of: "</p>") else { continue }
                let text = piece[..<end.lowerBound].replacing(#/<[^>]*>/#, with: "").replacingOccurrences(of: "\n", with: " ")
                if (200...800).contains(text.count) && !text.contains("&") { found.append(text) }
            }
        }
        guard found.count >= 30 else { throw BenchError("too few paragraphs in \(reference.path)") }
        return found
    }

    static func sqlite(_ out: URL, _ query: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [out.appendingPathComponent("lectern.sqlite").path, query]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
