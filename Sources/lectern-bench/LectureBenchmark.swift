import Foundation
import LecternGenerate
import LecternHTML
import LecternModel
import LecternText

/// The lecture stage (parse every post with libxml2 + build the lecture with its questions) on a corpus of
/// real-looking posts, against `xmllint --html --noout` parsing the same files in the same run.
/// Corpus: the four posts of samples/intro-to-python, varied into `LECTURE_BENCH_POSTS` posts (default 320)
/// in 8 week folders: sections reordered, paragraphs repeated, names and numbers changed.
/// Target: the whole lecture stage within 3× of xmllint's time.
enum LectureBenchmark {
    static func run() throws {
        let postCount = Int(ProcessInfo.processInfo.environment["LECTURE_BENCH_POSTS"] ?? "") ?? 320
        let samples = URL(fileURLWithPath: "samples/intro-to-python")
        let sources = try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted()
            .filter { $0.hasPrefix("week-") }
            .flatMap { week in
                try FileManager.default.contentsOfDirectory(atPath: samples.appendingPathComponent(week).path).sorted()
                    .filter { $0.hasSuffix(".html") }.map { samples.appendingPathComponent("\(week)/\($0)") }
            }
        guard !sources.isEmpty else {
            print("no sample posts found under \(samples.path): run from the repository root")
            return
        }
        let originals = try sources.map { try String(contentsOf: $0, encoding: .utf8) }

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-lecture-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let course = root.appendingPathComponent("inbox/course")
        var files: [URL] = []
        var totalBytes = 0
        for i in 0..<postCount {
            let week = String(format: "week-%02d", i % 8 + 1)
            let folder = course.appendingPathComponent(week)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let html = vary(originals[i % originals.count], index: i)
            let file = folder.appendingPathComponent(String(format: "%03d-post.html", i))
            try Data(html.utf8).write(to: file)
            files.append(file)
            totalBytes += html.utf8.count
        }
        let megabytes = Double(totalBytes) / 1_000_000
        print("corpus: \(postCount) posts, \(String(format: "%.2f", megabytes)) MB (from \(sources.count) sample posts)")

        // xmllint: the floor (parsing alone, one process for all files).
        var xmllintSeconds: Double?
        var xmllintCPU: Double?
        if let xmllint = which("xmllint") {
            var times: [Double] = []
            var cpu: [Double] = []
            for _ in 0..<3 {
                let start = Date()
                let childCPU = ProcessFigures.cpuSeconds(RUSAGE_CHILDREN)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: xmllint)
                process.arguments = ["--html", "--noout"] + files.map(\.path)
                process.standardError = FileHandle.nullDevice
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                times.append(Date().timeIntervalSince(start))
                cpu.append(ProcessFigures.cpuSeconds(RUSAGE_CHILDREN) - childCPU)
            }
            xmllintSeconds = times.sorted()[1]
            xmllintCPU = cpu.sorted()[1]
            print(String(format: "xmllint --html --noout: %.3f s (median of 3) = %.0f posts/s, %.1f MB/s",
                         xmllintSeconds!, Double(postCount) / xmllintSeconds!, megabytes / xmllintSeconds!))
        } else {
            print("xmllint not found: install the Debian package libxml2-utils (apt-get install libxml2-utils) for the comparison")
        }

        // The lecture stage: read + parse every post, then build the lecture (questions, pool, projects).
        let wordNetStart = Date()
        let wordNet = try WordNet.shared()
        let wordNetSeconds = Date().timeIntervalSince(wordNetStart)
        HTMLParser.initialize()
        var parseTimes: [Double] = []
        var buildTimes: [Double] = []
        var encodeTimes: [Double] = []
        var cpuTimes: [Double] = []
        var lecture: LectureBundle?
        for _ in 0..<3 {
            let start = Date()
            let startCPU = ProcessFigures.cpuSeconds(RUSAGE_SELF)
            // Posts are parsed on all cores, as `lectern run --jobs N` parses them (one parse stage per post).
            let posts = files.concurrentMap { file -> CoursePost in
                let path = "course/" + file.deletingLastPathComponent().lastPathComponent + "/" + file.lastPathComponent
                do {
                    let post = try HTMLParser.parse(try Data(contentsOf: file), sourcePath: path, options: HTMLOptions())
                    return CoursePost(path: path, sha256: file.lastPathComponent, post: post, error: nil)
                } catch let error as LecternError {
                    return CoursePost(path: path, sha256: file.lastPathComponent, post: nil, error: error)
                } catch {
                    return CoursePost(path: path, sha256: file.lastPathComponent, post: nil,
                                      error: LecternError(.sourceMissing, "\(path) could not be read: \(error)"))
                }
            }
            let parsed = Date()
            let input = CourseInput(id: "bench", source: SourceRef(path: "course", sha256: "bench"),
                                    settings: CourseSettings(title: "Bench"), posts: posts)
            lecture = try LectureBuilder(options: LectureOptions(), wordNet: wordNet).build(input)
            let built = Date()
            _ = try CanonicalJSON.encode(lecture!)
            parseTimes.append(parsed.timeIntervalSince(start))
            buildTimes.append(built.timeIntervalSince(parsed))
            encodeTimes.append(Date().timeIntervalSince(built))
            cpuTimes.append(ProcessFigures.cpuSeconds(RUSAGE_SELF) - startCPU)
        }
        let totals = zip(zip(parseTimes, buildTimes), encodeTimes).map { $0.0 + $0.1 + $1 }
        let median = totals.sorted()[1]
        let parseMedian = parseTimes.sorted()[1]
        let buildMedian = buildTimes.sorted()[1]
        let encodeMedian = encodeTimes.sorted()[1]
        let cpuMedian = cpuTimes.sorted()[1]
        if let path = ProcessInfo.processInfo.environment["LECTURE_BENCH_JSON"], let lecture {
            // The bundle itself, to check that a faster stage still writes the same bytes.
            try CanonicalJSON.encode(lecture).write(to: URL(fileURLWithPath: path))
        }
        let topics = lecture?.subjects.flatMap(\.topics) ?? []
        let multipleChoice = topics.filter { $0.engagementQuestion?.format == .multipleChoice }.count
        print(String(format: "lecture stage: %.3f s (median of 3; parse %.3f s + build %.3f s + encode %.3f s) = %.0f posts/s, %.1f MB/s",
                     median, parseMedian, buildMedian, encodeMedian, Double(postCount) / median, megabytes / median))
        print(String(format: "  CPU time %.3f s on %d cores (posts, topics and the bundle's big arrays are processed in parallel)",
                     cpuMedian, ProcessInfo.processInfo.activeProcessorCount))
        print("  \(topics.count) topics (\(multipleChoice) with a multiple-choice engagement question), "
              + "\(lecture?.questionPool.count ?? 0) pool items, \(lecture?.subjects.count ?? 0) subjects")
        print(String(format: "  WordNet load (once per process, not in the stage time): %.2f s", wordNetSeconds))
        if let xmllintSeconds {
            let ratio = median / xmllintSeconds
            print(String(format: "ratio lecture stage / xmllint: %.2f× wall (target ≤ 3×: %@); parse alone %.2f×",
                         ratio, ratio <= 3 ? "met" : "NOT met", parseMedian / xmllintSeconds))
            if let xmllintCPU, xmllintCPU > 0 {
                print(String(format: "  CPU time: lecture stage %.3f s / xmllint %.3f s = %.2f× (the work itself, whatever the cores)",
                             cpuMedian, xmllintCPU, cpuMedian / xmllintCPU))
            }
        }
        print("peak memory (VmHWM): \(peakMemory())")
        try endToEnd(root: root, xmllintSeconds: xmllintSeconds)
    }

    /// What a user waits for: `lectern run --jobs 2` on the corpus into an empty output folder (scan and hash,
    /// one parse stage per post stored as JSON, the lecture stage reading them back, publishing).
    static func endToEnd(root: URL, xmllintSeconds: Double?) throws {
        let lectern = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lectern")
        guard FileManager.default.isExecutableFile(atPath: lectern.path) else {
            print("end-to-end run skipped: \(lectern.path) is missing (build the lectern product next to lectern-bench)")
            return
        }
        let out = root.appendingPathComponent("out")
        let inbox = root.appendingPathComponent("inbox")
        let result = try Child.run(lectern, ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "2"], in: root)
        let ratio = xmllintSeconds.map { String(format: " = %.1f× xmllint", result.seconds / $0) } ?? ""
        print("end-to-end `lectern run --jobs 2` on the corpus (fresh output folder): \(result.secondsText)\(ratio), "
              + "exit \(result.status), peak \(result.peakMB) MB")
    }

    /// A different-looking post from the same material: sections reordered, paragraphs repeated, names changed.
    static func vary(_ html: String, index: Int) -> String {
        let names = ["Lisbon", "Oslo", "Nairobi", "Lima", "Hanoi", "Quito", "Perth", "Tunis"]
        var text = html.replacingOccurrences(of: "Lisbon", with: names[index % names.count])
            .replacingOccurrences(of: "545000", with: String(100_000 + index * 7919))
            .replacingOccurrences(of: "</h1>", with: " (part \(index + 1))</h1>")
            .replacingOccurrences(of: "<title>", with: "<title>Part \(index + 1): ")
        // Split the article at its h2 sections, rotate them, and repeat some paragraphs.
        guard let open = text.range(of: "<h2"), let close = text.range(of: "</article>") else { return text }
        let head = text[..<open.lowerBound]
        let body = String(text[open.lowerBound..<close.lowerBound])
        let tail = text[close.lowerBound...]
        var sections = body.components(separatedBy: "<h2").filter { !$0.isEmpty }.map { "<h2" + $0 }
        if !sections.isEmpty {
            let shift = index % sections.count
            sections = Array(sections[shift...] + sections[..<shift])
        }
        let repeats = index % 3
        sections = sections.map { section in
            guard repeats > 0, let p = section.range(of: "<p>"), let end = section.range(of: "</p>", range: p.upperBound..<section.endIndex) else {
                return section
            }
            let paragraph = String(section[p.lowerBound..<end.upperBound])
            return section + String(repeating: "\n" + paragraph, count: repeats)
        }
        text = String(head) + sections.joined() + String(tail)
        return text
    }

    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func peakMemory() -> String {
        let kb = ProcessFigures.highWaterKB()
        return kb > 0 ? String(format: "%.1f MB", Double(kb) / 1024) : "unknown"
    }
}
