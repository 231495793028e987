import Foundation
import Testing
import LecternModel
import LecternText
@testable import LecternGenerate

private let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let wordNet = try! WordNet()

private func worksheet(_ name: String) throws -> String {
    try String(contentsOf: repoRoot.appendingPathComponent("scripts/samples/photos/\(name).txt"), encoding: .utf8)
}

private func page(_ text: String, confidence: Double = 92) -> OCRPage {
    let words = text.split(whereSeparator: \.isWhitespace).map { OCRWord(text: String($0), confidence: confidence) }
    return OCRPage(text: text, meanConfidence: confidence, words: words, width: 1600, height: 2000,
                   preprocessing: [], thumbnailJPEG: nil)
}

@Suite struct HomeworkTests {
    let source = SourceRef(path: "photos/sheet.jpg", sha256: "abc")

    @Test(arguments: ["water-cycle", "erie-canal", "printing-press", "rivers-of-africa"])
    func worksheetGetsTenValidQuestions(name: String) throws {
        let text = try worksheet(name)
        let bundle = HomeworkBuilder(wordNet: wordNet, options: QuizOptions()).build(page: page(text), id: "hw", source: source)
        #expect(bundle.status == .ok, "\(bundle.statusReason ?? "")")
        #expect(bundle.quiz.questions.count == 10)
        let validator = QuestionValidator(wordNet: wordNet)
        for question in bundle.quiz.questions {
            #expect(validator.problems(question, sourceText: text).isEmpty, "\(question.stem)")
            #expect(question.options.count == 4)
            // The explanation quotes the source sentence the question was made from.
            let quoted = question.explanation.components(separatedBy: "“").last!.dropLast()
            #expect(text.replacingOccurrences(of: "\n", with: " ").contains(quoted))
            // The worksheet's own exercises are never quiz facts.
            #expect(!question.stem.contains("Answer all questions"))
            #expect(!question.stem.hasPrefix("Explain"))
        }
        #expect(bundle.title == text.split(separator: "\n").first.map(String.init))
    }

    @Test func sameInputGivesSameQuiz() throws {
        let text = try worksheet("erie-canal")
        let builder = HomeworkBuilder(wordNet: wordNet, options: QuizOptions())
        let first = try CanonicalJSON.encode(builder.build(page: page(text), id: "hw", source: source))
        let second = try CanonicalJSON.encode(builder.build(page: page(text), id: "hw", source: source))
        #expect(first == second)
    }

    @Test func lowConfidencePageNeedsReviewAndGetsNoQuiz() throws {
        let bundle = HomeworkBuilder(wordNet: wordNet, options: QuizOptions())
            .build(page: page(try worksheet("water-cycle"), confidence: 31), id: "hw", source: source)
        #expect(bundle.status == .needsReview)
        #expect(bundle.quiz.questions.isEmpty)
    }

    @Test func shortTextIsPartialNotPadded() {
        let text = "Volcanoes\nA volcano is an opening in the crust of the Earth. Lava flows from the crater of the volcano in 1980."
        let bundle = HomeworkBuilder(wordNet: wordNet, options: QuizOptions()).build(page: page(text), id: "hw", source: source)
        #expect(bundle.quiz.questions.count < 10)
        #expect(bundle.status == .partial)
        #expect(bundle.statusReason?.contains("only") == true)
    }

    @Test func subjectIsGuessedFromVocabulary() throws {
        #expect(SubjectClassifier.classify(try worksheet("water-cycle")).subject == "science")
        #expect(SubjectClassifier.classify(try worksheet("rivers-of-africa")).subject == "geography")
    }
}

@Suite struct ValidatorTests {
    let validator = QuestionValidator(wordNet: wordNet)

    func question(_ options: [String], answer: Int = 0, stem: String = "The _____ was parked outside.") -> MultipleChoiceQuestion {
        MultipleChoiceQuestion(id: "q", kind: "cloze-term", stem: stem, options: options, answerIndex: answer,
                               explanation: "The text says so.", level: 1, optionOrigins: options.map { _ in "test" })
    }

    @Test func acceptsAGoodQuestion() {
        #expect(validator.problems(question(["car", "banana", "violin", "cloud"])).isEmpty)
    }

    @Test func rejectsSynonymDistractor() {
        #expect(!validator.problems(question(["car", "automobile", "violin", "cloud"])).isEmpty)
    }

    @Test func rejectsOptionsEqualAfterLemmatising() {
        #expect(!validator.problems(question(["car", "cars", "violin", "cloud"])).isEmpty)
    }

    @Test func rejectsDistractorInStem() {
        #expect(!validator.problems(question(["car", "banana", "violin", "cloud"], stem: "The _____ was parked by the banana stall.")).isEmpty)
    }

    @Test func rejectsWrongOptionCountAndBadIndex() {
        #expect(!validator.problems(question(["car", "banana", "violin"])).isEmpty)
        #expect(!validator.problems(question(["car", "banana", "violin", "cloud"], answer: 4)).isEmpty)
    }

    @Test func rejectsAnswerNotInSource() {
        #expect(!validator.problems(question(["car", "banana", "violin", "cloud"]), sourceText: "A bus stopped.").isEmpty)
    }
}

@Suite struct LectureTests {
    func post(_ title: String, sections: [String]) -> ParsedPost {
        var blocks = [Block(type: .heading, text: title, level: 1),
                      Block(type: .paragraph, text: "This lesson introduces the main idea of \(title.lowercased()) with examples.")]
        for section in sections {
            blocks.append(Block(type: .heading, text: section, level: 2))
            blocks.append(Block(type: .paragraph, text: "Here we explain \(section.lowercased()) step by step with a short example."))
            blocks.append(Block(type: .code, text: "print('\(section)')", language: "python"))
        }
        return ParsedPost(title: title, blocks: blocks, warnings: [])
    }

    @Test func courseBecomesWeeksOfTopics() throws {
        let course = CourseInput(
            id: "c1", source: SourceRef(path: "python", sha256: "s"),
            settings: CourseSettings(title: "Python", weeks: [.init(folder: "week-01", title: "Getting started", week: nil)]),
            posts: [
                CoursePost(path: "python/week-02/loops.html", sha256: "b", post: post("Loops", sections: ["For loops", "While loops"]), error: nil),
                CoursePost(path: "python/week-01/hello.html", sha256: "a", post: post("Hello", sections: []), error: nil),
                CoursePost(path: "python/week-02/broken.html", sha256: "c", post: nil,
                           error: LecternError(.truncatedHTML, "cut")),
            ])
        let lecture = try LectureBuilder(options: LectureOptions()).build(course)
        #expect(lecture.title == "Python")
        #expect(lecture.subjects.map(\.title) == ["Getting started", "Week 2"])
        #expect(lecture.subjects.map(\.week) == [1, 2])
        #expect(lecture.subjects[1].topics.map(\.title) == ["Loops", "For loops", "While loops"])
        #expect(lecture.subjects[1].topics[1].blocks.contains { $0.type == .code && $0.language == "python" })
        #expect(lecture.subjects.flatMap(\.topics).allSatisfy { $0.engagementQuestion != nil })
        #expect(lecture.status == .partial)
        #expect(lecture.statusReason?.contains("broken.html (truncated-html)") == true)
        #expect(lecture.questionPool.count == 4)
    }
}

