import Foundation
import LecternHomework
import LecternQuestions
import LecternModel
import LecternText

/// `lectern-bench quiz`: the homework stage's quiz on real published prose nobody on the project wrote
/// (scripts/make-quiz-devset.py cuts pages from installed Debian packages; docs/QUIZ.md lists them). The
/// page texts go through `HomeworkBuilder`, the entry point the quiz stage runs after OCR (OCR itself is the
/// `ocr` benchmark's). Figures per set (`dev`: tuned on; `heldout`: only measured), then the project's samples.
///
/// Environment: `QUIZ_BENCH_DIR` (default /tmp/lectern-quiz-bench), `QUIZ_BENCH_SHOW=1` prints every question,
/// `QUIZ_BENCH_PROBE=DIR` adds the `probe` pages of scripts/make-quiz-probeset.py (more real pages of the same sources).
enum QuizBenchmark {
    struct PageResult {
        var name: String
        var set: String
        var words: Int
        var questions: [MultipleChoiceQuestion]
        var valid: Int
        var familiar: Int
        var numericClozes: Int
        /// Clozes whose sentence another question of the quiz shows with the answer in it (`answersShownElsewhere`).
        var shownElsewhere: Int
        /// Clozes another question gives away (`QuizGiveaways`, from the published bundle alone).
        var givenAway: Int
        /// The length-fair number of questions (`QuizGiveaways.target`), nil under 60 words.
        var target: Int?
        var status: String
    }

    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = URL(fileURLWithPath: environment["QUIZ_BENCH_DIR"] ?? "/tmp/lectern-quiz-bench")
        let root = OCRBenchmark.repositoryRoot()
        guard let python = OCRBenchmark.which("python3") else { throw BenchError("python3 is needed to make the page set") }
        let made = try OCRBenchmark.spawn(python, [root.appendingPathComponent("scripts/make-quiz-devset.py").path, directory.path],
                                          environment: environment, output: Pipe())
        guard made.status == 0 else { throw BenchError("scripts/make-quiz-devset.py failed:\n\(made.output)") }
        let manifest = try String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        var pages = try pagesOf(manifest: manifest, in: directory)
        if let probe = environment["QUIZ_BENCH_PROBE"] {
            let probeDirectory = URL(fileURLWithPath: probe)
            pages += try pagesOf(manifest: String(contentsOf: probeDirectory.appendingPathComponent("manifest.tsv"), encoding: .utf8),
                                 in: probeDirectory)
        }
        let samplesDirectory = root.appendingPathComponent("scripts/samples/photos")
        for file in try FileManager.default.contentsOfDirectory(atPath: samplesDirectory.path).sorted() where file.hasSuffix(".txt") {
            pages.append((String(file.dropLast(4)), "samples", try String(contentsOf: samplesDirectory.appendingPathComponent(file), encoding: .utf8)))
        }

        let wordNet = try WordNet()
        let builder = HomeworkBuilder(wordNet: wordNet, options: QuizOptions())
        let validator = QuestionValidator(wordNet: wordNet)
        var results: [PageResult] = []
        var kinds: [String: Int] = [:]
        let start = OCRBenchmark.now()
        for page in pages {
            let words = page.text.split(whereSeparator: \.isWhitespace)
            let ocrPage = OCRPage(text: page.text, meanConfidence: 100, words: words.map { OCRWord(text: String($0), confidence: 100) },
                                  width: 0, height: 0, preprocessing: [], thumbnail: nil)
            let bundle = builder.build(page: ocrPage, id: page.name, source: SourceRef(path: page.name + ".txt", sha256: page.name))
            let source = QuestionValidator.Source(page.text)
            let questions = bundle.quiz.questions
            for question in questions { kinds[question.kind.rawValue, default: 0] += 1 }
            results.append(PageResult(
                name: page.name, set: page.set, words: words.count, questions: questions,
                valid: questions.filter { validator.problems($0, source: source).isEmpty }.count,
                familiar: questions.filter { validator.unfamiliarDistractors($0, source: source).isEmpty }.count,
                numericClozes: questions.filter { $0.kind == .clozeYear || $0.kind == .clozeNumber }.count,
                shownElsewhere: answersShownElsewhere(questions),
                givenAway: QuizGiveaways.givenAway(in: bundle), target: QuizGiveaways.target(words: bundle.ocr.wordCount),
                status: bundle.status.rawValue + (bundle.statusReason.map { ": " + $0 } ?? "")))
            if environment["QUIZ_BENCH_SHOW"] == "1" { show(page.name, bundle) }
        }
        let seconds = OCRBenchmark.now() - start

        print("| set | pages ≥ 120 words | 10 valid questions | quiz success | familiar distractors | ≤ 4 numeric clozes |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for set in ["dev", "heldout", "probe", "samples"] {
            let rows = results.filter { $0.set == set && $0.words >= 120 }
            guard !rows.isEmpty else { continue }
            let full = rows.filter { $0.valid == 10 }.count
            let questions = rows.reduce(0) { $0 + $1.questions.count }
            let familiar = rows.reduce(0) { $0 + $1.familiar }
            let balanced = rows.filter { $0.numericClozes <= 4 }.count
            print("| \(set) | \(rows.count) | \(full) | \(percent(full, rows.count)) | \(familiar)/\(questions) = \(percent(familiar, questions)) "
                  + "| \(balanced)/\(rows.count) = \(percent(balanced, rows.count)) |")
        }
        print("  [targets on heldout: quiz success ≥ 95%, familiar distractors ≥ 90%, balance 100%]")
        // Not a target: a sentence that serves two or three clozes on a short page shows each one's answer in the other.
        print("clozes whose answer another question of the quiz shows in the same sentence: " + ["dev", "heldout", "probe", "samples"].compactMap { set in
            let rows = results.filter { $0.set == set && $0.words >= 120 }
            let clozes = rows.reduce(0) { $0 + $1.questions.filter(\.kind.isCloze).count }
            return rows.isEmpty ? nil : "\(set) \(rows.reduce(0) { $0 + $1.shownElsewhere })/\(clozes)"
        }.joined(separator: ", "))
        // Issue 27: giveaways (a target of 0) and the length-fair count, reached with only valid questions (≥ 95%).
        for set in ["dev", "heldout", "probe", "samples"] {
            let rows = results.filter { $0.set == set }
            guard !rows.isEmpty else { continue }
            let clozes = rows.reduce(0) { $0 + $1.questions.filter(\.kind.isCloze).count }
            let targeted = rows.filter { $0.target != nil }
            let reached = targeted.filter { $0.questions.count >= $0.target! && $0.valid == $0.questions.count }.count
            // Understanding kinds (issue 27): statements, vocabulary in context, main ideas; at least 3 on 200+ words.
            let long = rows.filter { $0.words >= 200 }
            let understood = long.filter { row in
                row.questions.filter { [.statement, .vocabularyInContext, .mainIdea].contains($0.kind) }.count >= 3
            }.count
            print("\(set): clozes given away by another question \(rows.reduce(0) { $0 + $1.givenAway })/\(clozes); "
                  + "pages of 60+ words reaching their length-fair target with only valid questions \(reached)/\(targeted.count) = "
                  + percent(reached, targeted.count) + "; quizzes of 200+-word pages with 3+ understanding questions "
                  + "\(understood)/\(long.count) = " + percent(understood, long.count))
        }
        print("question kinds: " + kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        // Per set: the kinds, and where the wrong options of word questions came from (issue 27, item 4).
        for set in ["dev", "heldout", "probe", "samples"] {
            let questions = results.filter { $0.set == set }.flatMap(\.questions)
            guard !questions.isEmpty else { continue }
            func counts(_ values: [String]) -> String {
                Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                    .joined(separator: ", ")
            }
            let wordQuestions = questions.filter { [.clozeTerm, .clozeAdjective, .definition, .mainIdea].contains($0.kind) }
            let origins = wordQuestions.flatMap { $0.optionOrigins.filter { $0 != .answer }.map(\.rawValue) }
            print("\(set) question kinds: \(counts(questions.map(\.kind.rawValue)))")
            print("\(set) wrong options of word questions by source: \(counts(origins))")
        }
        for row in results where row.valid < 10 || row.familiar < row.questions.count {
            print("  \(row.set)/\(row.name) (\(row.words) words): \(row.valid) valid, \(row.familiar) familiar; \(row.status)")
        }
        print(String(format: "quiz time: %.2f s for %d pages", seconds, results.count))
    }

    /// Cloze questions whose sentence, filled in, another question shows: another cloze of the same sentence, or a
    /// statement or vocabulary question that quotes it.
    static func answersShownElsewhere(_ questions: [MultipleChoiceQuestion]) -> Int {
        func filled(_ question: MultipleChoiceQuestion) -> String {
            question.stem.replacingOccurrences(of: "_____", with: question.options[question.answerIndex])
        }
        return questions.indices.filter { index in
            guard questions[index].kind.isCloze else { return false }
            let sentence = filled(questions[index])
            return questions.indices.contains { other in
                guard other != index else { return false }
                let question = questions[other]
                if question.kind.isCloze { return filled(question) == sentence }
                return question.stem.contains(sentence) || question.options.contains { $0.contains(sentence) }
            }
        }.count
    }

    /// The pages a manifest lists (name, set, …), each read from DIR/SET/NAME.txt.
    static func pagesOf(manifest: String, in directory: URL) throws -> [(name: String, set: String, text: String)] {
        try manifest.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t").map(String.init)
            let url = directory.appendingPathComponent(fields[1]).appendingPathComponent(fields[0] + ".txt")
            return (fields[0], fields[1], try String(contentsOf: url, encoding: .utf8))
        }
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : String(format: "%.0f%%", 100 * Double(part) / Double(whole))
    }

    static func show(_ name: String, _ bundle: HomeworkBundle) {
        print("## \(name) (\(bundle.status.rawValue))")
        for question in bundle.quiz.questions {
            print("- [\(question.kind)] \(question.stem)")
            for (index, option) in question.options.enumerated() {
                print("    \(index == question.answerIndex ? "*" : " ") \(option)  (\(question.optionOrigins[index]))")
            }
            print("    > \(question.explanation)")
        }
    }
}
