import Foundation
import LecternHomework
import LecternQuestions
import LecternModel
import LecternOCR
import LecternPipeline
import LecternText

/// `lectern-bench ocr`: Lectern's OCR against the plain `tesseract` command on photo-like pages with known
/// text (made by scripts/make-ocr-bench.py), plus speed, parallel throughput of `lectern run`, and quiz
/// success. Prints one table per figure.
///
/// Environment:
/// - `OCR_BENCH_DIR`: where the image set is made (default /tmp/lectern-ocr-bench-MATERIAL); made or updated on each run.
/// - `OCR_BENCH_MATERIAL`: `real` (default: published text nobody here wrote, in realistic layouts) or `own`
///   (the project's sample texts).
/// - `OCR_BENCH_SET`: `dev`, `heldout` or `all` (default).
/// - `OCR_BENCH_ONLY`: comma-separated image numbers within each set (real material), for quick runs.
/// - `OCR_BENCH_ABLATION=1`: also measure each preprocessing step on and off (slow: about 11 passes);
///   `OCR_BENCH_ABLATION=x-height,psm` measures only the variants whose names contain one of those words.
/// - `OCR_BENCH_SKIP_RUN=1`: skip the `lectern run --jobs 1/2` throughput measurement.
enum OCRBenchmark {
    struct Image {
        var name: String
        var set: String
        var condition: String
        var subject: String
        var url: URL
        var truth: String
    }

    struct Row {
        var image: Image
        var lecternAccuracy = 0.0
        var cliAccuracy = 0.0
        var lecternSeconds = 0.0
        var timings = OCRTimings()
        var cliSeconds = 0.0
        var words = 0
        var validQuestions = 0
        var questions = 0
        var subject = ""
        var title = ""
        /// Lines of the page's text (units of the truth: title, paragraphs' lines as printed are not known, so its
        /// numbered items, instructions and headings) found in the read.
        var linesFound = 0
        var linesTotal = 0
        /// Cloze questions whose sentence (blank filled) is not a whole sentence of the page's text.
        var fragmentQuestions = 0
        var clozeQuestions = 0
        var status = ""
        var statusReason = ""
        var text = ""
    }

    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        // Tesseract reads OMP_THREAD_LIMIT when it loads: measure in a child that has it from the start.
        if environment["OMP_THREAD_LIMIT"] != "1" {
            var env = environment
            env["OMP_THREAD_LIMIT"] = "1"
            let status = try spawn(executable(), ["ocr"], environment: env, output: nil).status
            if status != 0 { throw BenchError("the OCR benchmark failed (exit \(status))") }
            return
        }
        guard let tesseract = which("tesseract") else {
            throw BenchError("the `tesseract` command is missing: install it with `apt-get install -y tesseract-ocr` "
                             + "(the benchmark compares Lectern with it)")
        }
        let material = environment["OCR_BENCH_MATERIAL"] ?? "real"
        let directory = URL(fileURLWithPath: environment["OCR_BENCH_DIR"] ?? "/tmp/lectern-ocr-bench-\(material)")
        let images = try makeSet(in: directory, set: environment["OCR_BENCH_SET"] ?? "all", material: material,
                                 only: environment["OCR_BENCH_ONLY"])
        print("images: \(images.count) of \(material) material in \(directory.path) (sets: "
              + Set(images.map(\.set)).sorted().joined(separator: ", ") + "; conditions: "
              + conditions(images).joined(separator: ", ") + ")")

        let wordNet = try WordNet()
        let engine = try OCREngine(options: OCROptions(), lexicon: TextLexicon(wordNet: wordNet))
        let builder = HomeworkBuilder(wordNet: wordNet, options: QuizOptions())
        let validator = QuestionValidator(wordNet: wordNet)
        // Warm up: model, WordNet and the distractor index load once, outside the timings.
        if let first = images.first { _ = try? engine.recognize(imageData: try Data(contentsOf: first.url)) }

        var rows: [Row] = []
        for image in images {
            var row = Row(image: image)
            let data = try Data(contentsOf: image.url)
            var start = now()
            let read = try engine.read(imageData: data)
            let (page, timings) = (read.page, read.timings)
            row.lecternSeconds = now() - start
            row.timings = timings
            row.lecternAccuracy = CharacterAccuracy.score(expected: image.truth, actual: page.text)

            start = now()
            let cli = try spawn(tesseract, [image.url.path, "-"], environment: ["OMP_THREAD_LIMIT": "1", "PATH": "/usr/bin:/bin"],
                                output: Pipe())
            row.cliSeconds = now() - start
            row.cliAccuracy = CharacterAccuracy.score(expected: image.truth, actual: cli.output)

            row.words = page.words.count
            let bundle = builder.build(page: page, id: String(image.name.prefix(16)), source: SourceRef(path: image.name, sha256: ""))
            row.questions = bundle.quiz.questions.count
            row.validQuestions = bundle.quiz.questions.filter { validator.problems($0, sourceText: page.text).isEmpty }.count
            row.subject = bundle.subject
            row.title = bundle.title
            row.status = bundle.status.rawValue
            row.statusReason = bundle.statusReason ?? ""
            row.text = page.text
            (row.linesFound, row.linesTotal) = linesRead(truth: image.truth, read: page.text)
            (row.fragmentQuestions, row.clozeQuestions) = fragments(bundle.quiz.questions, truth: image.truth)
            rows.append(row)
            if environment["OCR_BENCH_SHOW_TEXT"] == "1" { print(page.text + "\n---") }
            print(String(format: "  %-28@ lectern %.3f %5.2fs   tesseract %.3f %5.2fs   words %3d  lines %2d/%2d  quiz %2d/%2d  %@  %@ %.2f",
                         image.name as NSString, row.lecternAccuracy, row.lecternSeconds, row.cliAccuracy, row.cliSeconds,
                         row.words, row.linesFound, row.linesTotal, row.validQuestions, row.questions, page.path as NSString,
                         row.status as NSString, page.plausibility ?? -1))
        }
        report(rows)
        issueTable(rows)
        if environment["OCR_BENCH_SKIP_RUN"] != "1" { try throughput(images) }
        if let chosen = environment["OCR_BENCH_ABLATION"], !chosen.isEmpty {
            let words = chosen == "1" ? [] : chosen.split(separator: ",").map(String.init)
            try ablation(images.filter { $0.set == "dev" }, only: words)
        }
    }

    // MARK: Figures

    static func mean(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }

    /// The images' conditions in the order they first appear.
    static func conditions(_ images: [Image]) -> [String] {
        images.map(\.condition).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    static func report(_ rows: [Row]) {
        print("\nCharacter accuracy (1 − edit distance / length, whitespace collapsed), mean per image")
        print("| set | condition | images | Lectern | tesseract CLI | difference (points) | worst image vs CLI (points) | s/image ratio |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for set in Set(rows.map(\.image.set)).sorted() + ["all"] {
            for condition in conditions(rows.map(\.image)) + ["all"] {
                let part = rows.filter { (set == "all" || $0.image.set == set) && (condition == "all" || $0.image.condition == condition) }
                guard !part.isEmpty else { continue }
                let l = mean(part.map(\.lecternAccuracy)), c = mean(part.map(\.cliAccuracy))
                let worst = part.map { ($0.lecternAccuracy - $0.cliAccuracy) * 100 }.min() ?? 0
                print(String(format: "| %@ | %@ | %d | %.3f | %.3f | %+.1f | %+.1f | %.2f× |", set as NSString, condition as NSString,
                             part.count, l, c, (l - c) * 100, worst,
                             mean(part.map(\.lecternSeconds)) / mean(part.map(\.cliSeconds))))
            }
        }
        let worstL = rows.min { $0.lecternAccuracy < $1.lecternAccuracy }
        let worstC = rows.min { $0.cliAccuracy < $1.cliAccuracy }
        if let worstL, let worstC {
            print(String(format: "worst image: Lectern %.3f (%@), tesseract CLI %.3f (%@)", worstL.lecternAccuracy,
                         worstL.image.name as NSString, worstC.cliAccuracy, worstC.image.name as NSString))
        }

        let l = mean(rows.map(\.lecternSeconds)), c = mean(rows.map(\.cliSeconds))
        print("\nSeconds per image, one job (OMP_THREAD_LIMIT=1 for both)")
        print("| Lectern (OCREngine, incl. clean-up and thumbnail) | tesseract CLI (process, incl. model load) | ratio |")
        print("| ---: | ---: | ---: |")
        print(String(format: "| %.2f | %.2f | %.2f× |", l, c, l / c))
        print("\nWhere Lectern's time goes, mean seconds per image")
        var parts: [(String, [Double])] = [("decode", rows.map(\.timings.decode))]
        for name in rows.flatMap({ $0.timings.steps.map(\.name) }).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            parts.append((name, rows.map { $0.timings.steps.filter { $0.name == name }.reduce(0) { $0 + $1.seconds } }))
        }
        parts += [("recognise (Tesseract)", rows.map(\.timings.recognize)), ("thumbnail", rows.map(\.timings.thumbnail))]
        print("| " + parts.map(\.0).joined(separator: " | ") + " |")
        print("|" + String(repeating: " ---: |", count: parts.count))
        print("| " + parts.map { String(format: "%.3f", mean($0.1)) }.joined(separator: " | ") + " |")

        print("\nQuiz: images with at least 120 OCR words that get 10 valid questions")
        print("| set | eligible | 10 valid | share | subject right | title right |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for set in Set(rows.map(\.image.set)).sorted() + ["all"] {
            let part = rows.filter { set == "all" || $0.image.set == set }
            let eligible = part.filter { $0.words >= 120 }
            let full = eligible.filter { $0.validQuestions >= 10 }
            // Real material has no subject of its own ("-").
            let subjects = part.filter { $0.subject == $0.image.subject || $0.image.subject == "-" }.count
            let titles = part.filter { $0.title == $0.image.truth.split(separator: "\n").first.map(String.init) }.count
            print(String(format: "| %@ | %d | %d | %.0f%% | %d/%d | %d/%d |", set as NSString, eligible.count, full.count,
                         eligible.isEmpty ? 0 : Double(full.count) / Double(eligible.count) * 100, subjects, part.count,
                         titles, part.count))
        }
    }

    /// Conditions whose pages are worksheets of numbered lines (read in full: at least 95% of their lines).
    static let worksheetConditions: Set<String> = ["worksheet", "worksheet-lines"]
    /// Character accuracy below which a read is garbage, and from which it is clean (issue 32).
    static let garbageBelow = 0.80, cleanFrom = 0.97

    /// The issue's table (issue 32), per set, with the CLI in the same run.
    static func issueTable(_ rows: [Row]) {
        print("\nIssue 32 targets, per set (Lectern and the tesseract CLI in the same run)")
        print("| measure | target | " + Set(rows.map(\.image.set)).sorted().joined(separator: " | ") + " |")
        print("| --- | --- |" + String(repeating: " ---: |", count: Set(rows.map(\.image.set)).count))
        let sets = Set(rows.map(\.image.set)).sorted()
        func line(_ measure: String, _ target: String, _ value: ([Row]) -> String) {
            print("| \(measure) | \(target) | " + sets.map { set in value(rows.filter { $0.image.set == set }) }.joined(separator: " | ") + " |")
        }
        line("mean character accuracy (CLI)", "≥ 0.95") {
            String(format: "%.3f (%.3f), %d images", mean($0.map(\.lecternAccuracy)), mean($0.map(\.cliAccuracy)), $0.count)
        }
        line("images more than 2 points below the CLI", "0") { part in
            let below = part.filter { $0.lecternAccuracy < $0.cliAccuracy - 0.02 }
            return "\(below.count)" + (below.isEmpty ? "" : " (" + below.map(\.image.name).joined(separator: ", ") + ")")
        }
        line("worksheet photos read in full (≥ 95% of lines)", "all") { part in
            let sheets = part.filter { worksheetConditions.contains($0.image.condition) }
            let full = sheets.filter { Double($0.linesFound) >= 0.95 * Double($0.linesTotal) }
            let missed = sheets.filter { Double($0.linesFound) < 0.95 * Double($0.linesTotal) }
            return "\(full.count) of \(sheets.count)" + (missed.isEmpty ? "" : " (" + missed.map { "\($0.image.name) \($0.linesFound)/\($0.linesTotal)" }.joined(separator: ", ") + ")")
        }
        line("questions on a fragment (cloze stems checked)", "0") { part in
            "\(part.map(\.fragmentQuestions).reduce(0, +)) of \(part.map(\.clozeQuestions).reduce(0, +))"
        }
        line("garbage pages (< 0.80) quizzed; clean pages (≥ 0.97) sent to review", "0 and 0") { part in
            let garbage = part.filter { $0.lecternAccuracy < garbageBelow }
            let clean = part.filter { $0.lecternAccuracy >= cleanFrom }
            let quizzed = garbage.filter { $0.status != "needs-review" }
            let flagged = clean.filter { $0.status == "needs-review" }
            return "\(quizzed.count) of \(garbage.count); \(flagged.count) of \(clean.count)"
                + ((quizzed + flagged).isEmpty ? "" : " (" + (quizzed + flagged).map(\.image.name).joined(separator: ", ") + ")")
        }
        line("seconds per image against the CLI", "≤ 1.5×") {
            String(format: "%.2f×", mean($0.map(\.lecternSeconds)) / mean($0.map(\.cliSeconds)))
        }
        if let sample = rows.first(where: { $0.image.condition == "hyphenated" && $0.status != "needs-review" })
            ?? rows.first(where: { $0.text.contains("\n\n") && $0.status != "needs-review" }) {
            print("\nRebuilt text of \(sample.image.name) (title: \(sample.title)):\n" + sample.text)
        }
        for row in rows where row.status == "needs-review" {
            print(String(format: "\nReview reason of %@ (accuracy %.3f): %@", row.image.name as NSString, row.lecternAccuracy,
                         row.statusReason as NSString))
        }
    }

    /// Lines of the page's truth text (its units: title, instruction, numbered items, and each paragraph's sentences)
    /// found in the read, each within 10% edits anywhere in it.
    static func linesRead(truth: String, read: String) -> (found: Int, total: Int) {
        let haystack = Array(CharacterAccuracy.collapseWhitespace(read))
        var found = 0, total = 0
        for line in truth.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let needle = Array(CharacterAccuracy.collapseWhitespace(String(line)))
            total += 1
            if Double(substringDistance(needle, in: haystack)) <= 0.1 * Double(needle.count) { found += 1 }
        }
        return (found, total)
    }

    /// Edit distance from `needle` to its best match anywhere in `haystack` (free start and end in the haystack).
    static func substringDistance(_ needle: [Character], in haystack: [Character]) -> Int {
        if needle.isEmpty { return 0 }
        var previous = [Int](repeating: 0, count: haystack.count + 1)
        var current = previous
        for i in 1...needle.count {
            current[0] = i
            for j in stride(from: 1, through: haystack.count, by: 1) {
                current[j] = min(previous[j - 1] + (needle[i - 1] == haystack[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous.min() ?? needle.count
    }

    /// Cloze questions whose sentence, blank filled with the answer, is not a whole sentence of the page's true text
    /// (within 10% edits: OCR slips are not fragments), and how many cloze questions there were.
    static func fragments(_ questions: [MultipleChoiceQuestion], truth: String) -> (fragments: Int, checked: Int) {
        var sentences: [String] = []
        for unit in truth.components(separatedBy: "\n") where !unit.isEmpty {
            let plain = unit.replacingOccurrences(of: #"^(\(?[0-9]{1,2}[.)]|[QA]:)\s+"#, with: "", options: .regularExpression)
            sentences += plain.components(separatedBy: "\u{1}").flatMap {
                $0.replacingOccurrences(of: #"(?:(?<=[.?!])|(?<=[.?!]["')]))\s+(?=[A-Z"(])"#, with: "\u{1}", options: .regularExpression)
                    .components(separatedBy: "\u{1}")
            }
        }
        var fragments = 0, checked = 0
        for q in questions where q.kind.isCloze && q.stem.contains("_____") && q.options.indices.contains(q.answerIndex) {
            checked += 1
            let filled = Array(CharacterAccuracy.collapseWhitespace(q.stem.replacingOccurrences(of: "_____", with: q.options[q.answerIndex])))
            let whole = sentences.contains { sentence in
                let s = Array(CharacterAccuracy.collapseWhitespace(sentence))
                return Double(CharacterAccuracy.levenshtein(s, filled)) <= 0.1 * Double(max(s.count, 1))
            }
            if !whole {
                fragments += 1
                if ProcessInfo.processInfo.environment["OCR_BENCH_SHOW_FRAGMENTS"] == "1" { print("    fragment: \(q.stem)") }
            }
        }
        return (fragments, checked)
    }

    /// `lectern run` over the set in a fresh output folder with 1 and with 2 jobs.
    static func throughput(_ images: [Image]) throws {
        let lectern = executable().deletingLastPathComponent().appendingPathComponent("lectern")
        guard FileManager.default.isExecutableFile(atPath: lectern.path) else {
            print("\n(throughput skipped: \(lectern.path) is missing; build the lectern product too)")
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-ocr-bench-run-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let inbox = work.appendingPathComponent("inbox/photos")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        for image in images { try FileManager.default.copyItem(at: image.url, to: inbox.appendingPathComponent(image.url.lastPathComponent)) }
        var seconds: [Int: Double] = [:]
        for jobs in [1, 2] {
            let out = work.appendingPathComponent("out-\(jobs)")
            let start = now()
            let result = try spawn(lectern, ["run", "--inbox", work.appendingPathComponent("inbox").path, "--out", out.path,
                                             "--jobs", String(jobs)], environment: ProcessInfo.processInfo.environment, output: Pipe())
            seconds[jobs] = now() - start
            if result.status != 0 { print("lectern run --jobs \(jobs) exited \(result.status)") }
        }
        let one = seconds[1]!, two = seconds[2]!
        print("\nThroughput of `lectern run` on the \(images.count) photos (fresh output folder, OCR + quiz + publish)")
        print("| --jobs 1 | --jobs 2 | speed-up |")
        print("| ---: | ---: | ---: |")
        print(String(format: "| %.1f s | %.1f s | %.2f× |", one, two, one / two))
    }

    /// Accuracy with each preprocessing step switched off (or on) in turn, on the dev images.
    static func ablation(_ images: [Image], only words: [String]) throws {
        // Steps are measured on the cleaned read alone: no orientation detection, no plain second read.
        func cleanedOnly(psm: Int = OCROptions.defaultPageSegmentationMode, _ change: (inout OCRPreprocessing) -> Void = { _ in }) -> OCROptions {
            var p = OCRPreprocessing()
            change(&p)
            return OCROptions(pageSegmentationMode: psm, preprocessing: p, detectOrientation: false, readPlainWhenDoubtful: false)
        }
        var variants: [(String, OCROptions)] = [
            ("default (cleaned, OSD and plain read when doubtful)", OCROptions()),
            ("cleaned read only (psm 3, all steps)", cleanedOnly()),
            ("grayscale only (psm 3)", cleanedOnly { $0 = .none }),
            ("grayscale only, psm 6", cleanedOnly(psm: 6) { $0 = .none }),
            ("without rescale", cleanedOnly { $0.rescale = false }),
            ("without background normalisation", cleanedOnly { $0.normalizeBackground = false }),
            ("without deskew", cleanedOnly { $0.deskew = false }),
            ("without white border", cleanedOnly { $0.borderPixels = 0 }),
            ("with Sauvola binarisation", cleanedOnly { $0.binarize = true }),
            ("with ruled lines removed", cleanedOnly { $0.removeRules = true }),
            ("with ruled lines removed, psm 6", cleanedOnly(psm: 6) { $0.removeRules = true }),
            ("default steps, psm 6", cleanedOnly(psm: 6)),
            ("x-height 30 px", cleanedOnly { $0.targetXHeight = 30 }),
        ]
        if !words.isEmpty { variants = variants.filter { variant in words.contains { variant.0.contains($0) } } }
        let columns = conditions(images)
        print("\nAblation on the \(images.count) dev images: mean character accuracy per condition and seconds per image")
        print("| variant | " + columns.joined(separator: " | ") + " | s/image |")
        print("| --- |" + String(repeating: " ---: |", count: columns.count + 1))
        for (name, options) in variants {
            let engine = try OCREngine(options: options)
            var scores: [String: [Double]] = [:], seconds: [Double] = []
            for image in images {
                let start = now()
                let text = (try? engine.recognize(imageData: try Data(contentsOf: image.url)).text) ?? ""
                seconds.append(now() - start)
                scores[image.condition, default: []].append(CharacterAccuracy.score(expected: image.truth, actual: text))
            }
            print("| \(name) | " + columns.map { String(format: "%.3f", mean(scores[$0] ?? [])) }.joined(separator: " | ")
                  + String(format: " | %.2f |", mean(seconds)))
        }
    }

    // MARK: Set

    static func makeSet(in directory: URL, set: String, material: String, only: String?) throws -> [Image] {
        let script = repositoryRoot().appendingPathComponent("scripts/make-ocr-bench.py")
        guard let python = which("python3") else { throw BenchError("python3 is needed to make the image set") }
        let made = try spawn(python, [script.path, directory.path, "--set", set, "--material", material]
                             + (only.map { ["--only", $0] } ?? []), environment: ProcessInfo.processInfo.environment, output: Pipe())
        guard made.status == 0 else { throw BenchError("scripts/make-ocr-bench.py failed:\n\(made.output)") }
        let manifest = try String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        return try manifest.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: "\t").map(String.init)
            let url = directory.appendingPathComponent(f[0])
            let truth = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
            return Image(name: url.deletingPathExtension().lastPathComponent, set: f[1], condition: f[2], subject: f[3],
                         url: url, truth: truth)
        }
    }

    static func repositoryRoot() -> URL {
        // Sources/lectern-bench/OCRBenchmark.swift -> the repository.
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: fromSource.appendingPathComponent("scripts/make-ocr-bench.py").path) { return fromSource }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    // MARK: Processes

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func executable() -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().standardizedFileURL
    }

    static func which(_ name: String) -> URL? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Runs a program to its end. With `output`, its standard output is returned and standard error dropped.
    static func spawn(_ url: URL, _ arguments: [String], environment: [String: String], output: Pipe?) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        if let output {
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        let data = output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
