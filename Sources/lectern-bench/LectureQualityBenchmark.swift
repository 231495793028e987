import Foundation
import LecternQuestions
import LecternHTML
import LecternModel
import LecternText

/// What a learner sees of real documentation pages nobody on the project wrote: the held-out part of the set
/// `scripts/make-lecture-devset.sh` builds (`LECTURE_BENCH_REAL`, default output/lecture-devset/heldout; each
/// folder one course). Quality figures, then the lecture stage's time on those pages against xmllint's.
enum LectureQualityBenchmark {
    static func run(wordNet: WordNet) throws {
        let environment = ProcessInfo.processInfo.environment
        let root = URL(fileURLWithPath: environment["LECTURE_BENCH_REAL"] ?? "output/lecture-devset/heldout")
        guard let courseNames = try? FileManager.default.contentsOfDirectory(atPath: root.path).sorted(), !courseNames.isEmpty else {
            print("real pages: none under \(root.path) (make them with scripts/make-lecture-devset.sh)")
            return
        }
        var figures = QualityFigures()
        var allFiles: [URL] = []
        var samples: [String: PoolQuestion] = [:]
        for name in courseNames {
            let folder = root.appendingPathComponent(name)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                .filter { $0.hasSuffix(".html") }.map { folder.appendingPathComponent($0) }
            guard !files.isEmpty else { continue }
            allFiles += files
            let (_, lecture) = try LectureBenchmark.timeStage(files: files, wordNet: wordNet, course: name)
            figures.add(lecture)
            for item in lecture.questionPool {
                let kind = kindOf(item)
                if samples[kind] == nil { samples[kind] = item }
            }
        }
        print("real pages (\(root.path)): \(allFiles.count) pages in \(courseNames.count) courses, \(figures.topics) topics")
        print("  titles with permalink marks: \(figures.markedTitles) of \(figures.titles) (target 0)"
              + (figures.markedTitleExamples.isEmpty ? "" : "; e.g. " + figures.markedTitleExamples.prefix(3).joined(separator: " | ")))
        print("  pages with mojibake: \(figures.mojibakePages.count) (target 0)"
              + (figures.mojibakePages.isEmpty ? "" : ": " + figures.mojibakePages.joined(separator: ", "))
              + "; pages with a charset warning: \(figures.charsetWarnings)")
        print(String(format: "  pool items per topic: %.2f (%d items for %d topics; target ≥ 2.5)",
                     Double(figures.poolItems) / Double(max(1, figures.topics)), figures.poolItems, figures.topics))
        print("  topics of prose (≥ 60 words) with fewer than 2 pool items: \(figures.thinProseTopics.count) of \(figures.proseTopics) (target 0)")
        if environment["LECTURE_BENCH_THIN"] != nil {
            // For work on the dev set: which topics those are.
            for topic in figures.thinProseTopics { print("    thin: \(topic)") }
        }
        print(String(format: "  share of \"which lesson\" items: %.1f%% (%d; target ≤ 20%%)",
                     100 * Double(figures.whichLesson) / Double(max(1, figures.poolItems)), figures.whichLesson))
        print("  multiple-choice renderings with near-duplicate options: \(figures.nearDuplicates) of \(figures.multipleChoice) (target 0)"
              + (figures.nearDuplicateExamples.isEmpty ? "" : "; e.g. " + figures.nearDuplicateExamples.prefix(2).joined(separator: " | ")))
        print("  pool items by kind: " + figures.kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        if environment["LECTURE_BENCH_SAMPLES"] != nil {
            for (kind, item) in samples.sorted(by: { $0.key < $1.key }) {
                print("  sample \(kind):")
                for r in item.renderings {
                    print("    L\(r.level) \(r.prompt)" + (r.options.map { " options: " + $0.joined(separator: " / ") } ?? "")
                          + " → expected: \(r.expectedAnswer)")
                }
            }
        }

        let rounds = max(1, Int(environment["LECTURE_BENCH_ROUNDS"] ?? "") ?? 5)
        guard let xmllint = LectureBenchmark.which("xmllint") else { return }
        var ratios: [Double] = []
        var stageTimes: [Double] = []
        var xmllintTimes: [Double] = []
        let scratch = FileManager.default.temporaryDirectory
        for _ in 0..<rounds {
            let x = try LectureBenchmark.timeXmllint(xmllint, files: allFiles, in: scratch).wall
            var stage = 0.0
            for name in courseNames {
                let files = allFiles.filter { $0.deletingLastPathComponent().lastPathComponent == name }
                if files.isEmpty { continue }
                stage += try LectureBenchmark.timeStage(files: files, wordNet: wordNet, course: name).0.total
            }
            ratios.append(stage / x)
            stageTimes.append(stage)
            xmllintTimes.append(x)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let ratio = median(ratios)
        print(String(format: "  real pages: lecture stage %.3f s, xmllint %.3f s: %.2f× (median of %d rounds, %.2f–%.2f; budget ≤ 5×: %@)",
                     median(stageTimes), median(xmllintTimes), ratio, rounds, ratios.min()!, ratios.max()!,
                     ratio <= 5 ? "met" : "NOT met"))
    }

    /// A pool item's kind, from its level-1 rendering's wording.
    static func kindOf(_ item: PoolQuestion) -> String {
        guard let first = item.renderings.first else { return "empty" }
        let prompt = first.prompt
        let openings: [(String, String)] = [
            ("Which lesson of the course says this?", "which-lesson"),
            ("Which of these sentences is from the lesson", "which-sentence"),
            ("Which of these statements does", "which-statement"),
            ("Which of these statements about the formulas", "formula-statement"),
            ("Which of these does", "described-name"),
            ("Which code completes", "cloze-code"), ("Which year completes", "cloze-year"),
            ("Which word", "cloze-term"),
            ("According to", "definition"),
        ]
        for (opening, kind) in openings where prompt.hasPrefix(opening) { return kind }
        return String(prompt.prefix(40))
    }

    struct QualityFigures {
        var titles = 0
        var markedTitles = 0
        var markedTitleExamples: [String] = []
        var mojibakePages: [String] = []
        var charsetWarnings = 0
        var topics = 0
        var poolItems = 0
        var whichLesson = 0
        var multipleChoice = 0
        var nearDuplicates = 0
        var nearDuplicateExamples: [String] = []
        var kinds: [String: Int] = [:]
        var proseTopics = 0
        /// "course / post: title (N items)" of each prose topic with fewer than 2 pool items.
        var thinProseTopics: [String] = []

        mutating func add(_ lecture: LectureBundle) {
            let topicList = lecture.subjects.flatMap(\.topics)
            topics += topicList.count
            for title in [lecture.title] + lecture.subjects.map(\.title) + topicList.map(\.title) {
                titles += 1
                if hasPermalinkMark(title) {
                    markedTitles += 1
                    markedTitleExamples.append(title)
                }
            }
            var pagesWithMojibake = Set<String>()
            for topic in topicList where looksLikeMojibake(topic.title) || topic.blocks.contains(where: { looksLikeMojibake($0.text ?? "") }) {
                pagesWithMojibake.insert(topic.source.path)
            }
            mojibakePages += pagesWithMojibake.sorted()
            charsetWarnings += (lecture.warnings ?? []).filter { $0.contains("character encoding") }.count
            poolItems += lecture.questionPool.count
            let itemsPerTopic = Dictionary(grouping: lecture.questionPool, by: \.topicId).mapValues(\.count)
            for topic in topicList {
                let words = topic.blocks.filter { $0.type == .paragraph }
                    .reduce(0) { $0 + $1.plainText.split(separator: " ").count }
                guard words >= 60 else { continue }
                proseTopics += 1
                let items = itemsPerTopic[topic.id, default: 0]
                if items < 2 { thinProseTopics.append("\(topic.source.path): \(topic.title) (\(items) items)") }
            }
            for item in lecture.questionPool {
                let kind = LectureQualityBenchmark.kindOf(item)
                kinds[kind, default: 0] += 1
                if kind == "which-lesson" { whichLesson += 1 }
                for r in item.renderings {
                    if let options = r.options {
                        multipleChoice += 1
                        let keys = options.map(QuestionValidator.comparisonKey)
                        if Set(keys).count < keys.count {
                            nearDuplicates += 1
                            nearDuplicateExamples.append(options.joined(separator: " / "))
                        }
                    }
                    if hasPermalinkMark(r.prompt) || r.options?.contains(where: hasPermalinkMark) == true {
                        markedTitles += 1
                        markedTitleExamples.append(r.prompt)
                    }
                }
            }
        }

        /// A permalink mark left at a title's end, or a pilcrow anywhere in what a learner reads.
        func hasPermalinkMark(_ text: String) -> Bool {
            text.contains("¶") || text.hasSuffix("§") || text.contains("🔗")
                || (text.hasSuffix("#") && !text.hasSuffix("C#") && !text.hasSuffix("F#"))
        }

        /// UTF-8 read as Latin-1/Windows-1252: "Â¶", "â€™", "Ã©".
        func looksLikeMojibake(_ text: String) -> Bool {
            let scalars = Array(text.unicodeScalars)
            for (a, b) in zip(scalars, scalars.dropFirst()) {
                if (a == "Â" || a == "Ã") && (0x80...0xBF).contains(b.value) { return true }
                if a == "â" && (b == "€" || b == "\u{80}") { return true }
            }
            return false
        }
    }
}
