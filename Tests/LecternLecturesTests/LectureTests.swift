import Foundation
import Testing
import LecternModel
import LecternText
@testable import LecternLectures
@testable import LecternQuestions
import LecternJSON

private let wordNet = try! WordNet.shared()

/// A paragraph block from text where **x** is strong, *x* emphasis and `x` inline code.
private func para(_ marked: String) -> Block {
    var inlines: [Inline] = []
    var current = ""
    var kind: Inline.Kind?
    var index = marked.startIndex
    func push() {
        if !current.isEmpty { inlines.append(Inline(text: current, kind: kind)) }
        current = ""
    }
    while index < marked.endIndex {
        let rest = marked[index...]
        if rest.hasPrefix("**") {
            push(); kind = kind == .strong ? nil : .strong
            index = marked.index(index, offsetBy: 2); continue
        }
        let c = marked[index]
        if c == "`" { push(); kind = kind == .code ? nil : .code; index = marked.index(after: index); continue }
        if c == "*" { push(); kind = kind == .emphasis ? nil : .emphasis; index = marked.index(after: index); continue }
        current.append(c)
        index = marked.index(after: index)
    }
    push()
    return .paragraph(text: inlines.map(\.text).joined(), inlines: inlines)
}

private func heading(_ text: String, _ level: Int) -> Block { .heading(text: text, level: level) }
private func code(_ text: String) -> Block { .code(text: text, language: "python") }

/// A two-week Python course with real teaching sentences, as the parse stage would give it.
enum SampleCourse {
    static let week1a = ParsedPost(title: "Hello, Python | Course", blocks: [
        heading("Hello, Python", 1),
        heading("What is Python?", 2),
        para("**Python** is a general-purpose programming language that was first released in **1991**. A program called the **interpreter** reads your code and runs it line by line."),
        heading("Your first program", 2),
        para("The `print` function writes whatever you give it to the screen. Text inside quotation marks is called a **string**."),
        code("print(\"Hello, world!\")"),
        para("You can also experiment in the *interactive shell*, sometimes called the **REPL**, which reads, evaluates and prints each line."),
    ], warnings: [])
    static let week1b = ParsedPost(title: "Variables and types", blocks: [
        heading("Variables and types", 1),
        heading("Giving values a name", 2),
        para("A **variable** is a name that refers to a value, created with the assignment operator. Names like `area_km2` are written in *snake_case* by convention."),
        code("city = \"Lisbon\"\npopulation = 545000\nprint(city, population)"),
        heading("The basic types", 2),
        para("Every value has a **type**, and you can ask for it with the built-in `type()` function. Whole numbers have the type `int` and decimals the type `float` in every program."),
        .image(src: "python/week-01/images/types.png", alt: "A table of types"),
    ], warnings: [])
    static let week2a = ParsedPost(title: "Loops", blocks: [
        heading("Loops", 1),
        heading("The for loop", 2),
        para("A **loop** repeats a block of code once for every item in a sequence. The `range` function produces the numbers a counting loop needs, starting from zero."),
        code("for n in range(3):\n    print(n)"),
        heading("Stopping early", 2),
        para("The `break` statement leaves the loop at once, and the `continue` statement skips to the next item of the loop."),
    ], warnings: [])
    static let week2b = ParsedPost(title: "Functions", blocks: [
        heading("Functions", 1),
        para("A **function** is a named block of code that you can call again and again with different arguments. You define one with the `def` keyword and hand back a result with `return` at the end."),
        code("def area(width, height):\n    return width * height"),
        .quote(text: "Simple is better than complex.", inlines: nil, cite: "The Zen of Python"),
    ], warnings: [])

    static func input(settings: CourseSettings = CourseSettings(title: "Intro to Python")) -> CourseInput {
        CourseInput(id: "course-1", source: SourceRef(path: "python", sha256: "s"), settings: settings, posts: [
            CoursePost(path: "python/week-01/01-hello.html", sha256: "a", post: week1a, error: nil),
            CoursePost(path: "python/week-01/02-variables.html", sha256: "b", post: week1b, error: nil),
            CoursePost(path: "python/week-02/01-loops.html", sha256: "c", post: week2a, error: nil),
            CoursePost(path: "python/week-02/02-functions.html", sha256: "d", post: week2b, error: nil),
        ])
    }

    static func build(settings: CourseSettings = CourseSettings(title: "Intro to Python"),
                      options: LectureOptions = LectureOptions()) throws -> LectureBundle {
        try LectureBuilder(options: options, wordNet: wordNet).build(input(settings: settings))
    }
}

private func topics(_ lecture: LectureBundle) -> [Topic] { lecture.subjects.flatMap(\.topics) }

@Suite struct LectureTests {
    func post(_ title: String, sections: [String]) -> ParsedPost {
        var blocks: [Block] = [.heading(text: title, level: 1),
                               .paragraph("This lesson introduces the main idea of \(title.lowercased()) with examples.")]
        for section in sections {
            blocks.append(.heading(text: section, level: 2))
            blocks.append(.paragraph("Here we explain \(section.lowercased()) step by step with a short example."))
            blocks.append(.code(text: "print('\(section)')", language: "python"))
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
        let lecture = try LectureBuilder(options: LectureOptions(), wordNet: wordNet).build(course)
        #expect(lecture.title == "Python")
        #expect(lecture.subjects.map(\.title) == ["Getting started", "Week 2"])
        #expect(lecture.subjects.map(\.week) == [1, 2])
        #expect(lecture.subjects[1].topics.map(\.title) == ["Loops", "For loops", "While loops"])
        #expect(lecture.subjects[1].topics[1].blocks.contains { if case .code(_, language: "python") = $0 { true } else { false } })
        #expect(lecture.subjects.flatMap(\.topics).allSatisfy { $0.engagementQuestion != nil })
        #expect(lecture.status == .partial)
        #expect(lecture.statusReason?.contains("broken.html (truncated-html)") == true)
    }

    @Test func engagementQuestionsAreValidMultipleChoiceWithFeedbackForEveryOption() throws {
        let lecture = try SampleCourse.build()
        let validator = QuestionValidator(wordNet: wordNet)
        let topics = lecture.subjects.flatMap(\.topics)
        #expect(topics.count == 7)
        var multipleChoice = 0
        for topic in topics {
            let question = try #require(topic.engagementQuestion, "\(topic.title) has no engagement question")
            #expect(!question.feedback.isEmpty)
            guard question.format == .multipleChoice else { continue }
            multipleChoice += 1
            let options = try #require(question.options)
            let answer = try #require(question.answerIndex)
            #expect(options.count == 4)
            #expect(options[answer] == question.expectedAnswer)
            #expect(question.optionFeedback?.count == 4)
            #expect(question.optionFeedback?[answer].hasPrefix("Right") == true)
            // Built from the topic's own content: the quoted sentence and the answer are in the topic.
            let topicText = topic.blocks.map(\.plainText).joined(separator: "\n")
            let sentence = try #require(question.sourceSentence)
            #expect(topicText.contains(sentence))
            #expect(topicText.contains(question.expectedAnswer))
            #expect(question.prompt.contains("_____"))
            let mcq = MultipleChoiceQuestion(id: "x", kind: .lectureTerm, stem: question.prompt, options: options,
                                             answerIndex: answer, explanation: question.feedback, level: 1, optionOrigins: [])
            #expect(validator.problems(mcq, sourceText: topicText).isEmpty, "\(question.prompt) \(options)")
        }
        #expect(multipleChoice >= 4, "only \(multipleChoice) of \(topics.count) topics got a multiple-choice question")
    }

    @Test func distractorsAreOfTheSameKind() throws {
        let lecture = try SampleCourse.build()
        for question in lecture.subjects.flatMap(\.topics).compactMap(\.engagementQuestion) where question.format == .multipleChoice {
            let options = question.options ?? []
            let isCode = question.prompt.hasPrefix("Which code")
            let isYear = question.prompt.hasPrefix("Which year")
            for option in options {
                if isYear { #expect(Int(option) != nil, "\(options)") }
                if isCode { #expect(option.allSatisfy { $0.isLetter || $0.isNumber || "_.()".contains($0) }, "\(options)") }
                if !isCode && !isYear { #expect(option.allSatisfy { $0.isLetter || $0 == " " || $0 == "-" }, "\(options)") }
            }
        }
    }

    @Test func topicWithoutTermsGetsFreeTextWithFeedback() throws {
        let plain = ParsedPost(title: "Reflection", blocks: [
            heading("Reflection", 1),
            para("Take a few minutes at the end of each week to think about what went well and what was hard."),
        ], warnings: [])
        let course = CourseInput(id: "c", source: SourceRef(path: "c", sha256: "s"), settings: CourseSettings(),
                                 posts: [CoursePost(path: "c/week-01/a.html", sha256: "a", post: plain, error: nil)])
        let lecture = try LectureBuilder(options: LectureOptions(), wordNet: wordNet).build(course)
        let question = try #require(lecture.subjects.first?.topics.first?.engagementQuestion)
        #expect(question.format == .freeText)
        #expect(question.expectedAnswer.hasPrefix("Take a few minutes"))
        #expect(question.feedback.contains(question.expectedAnswer))
    }

    /// Three lessons without terms to ask about: too few titles for "which lesson says this?", so each pool
    /// item asks which sentence its lesson makes, among statements of the other lessons.
    @Test func smallCourseStillGetsAPoolOfSentenceQuestions() throws {
        let lessons = [
            ("Printing text", ["Python shows text on the screen when a program asks it to print.",
                               "Each line of a program runs in order from the top."]),
            ("Comments", ["A comment starts with a hash sign and the program skips it completely.",
                          "Good comments explain why the code does something unusual."]),
            ("Repeating work", ["A loop repeats a block of code once for every item in a list.",
                                "The loop stops after it has handled the last item."]),
        ]
        // Not options: a list item and a sentence a formula cut short look unlike the answer.
        let unfinished = ["the loop counts from zero up to the end", "The area of a circle with radius r is"]
        let posts = lessons.enumerated().map { index, lesson in
            CoursePost(path: "c/week-0\(index + 1)/post.html", sha256: "\(index)",
                       post: ParsedPost(title: lesson.0, blocks: [heading(lesson.0, 1)] + lesson.1.map { para($0) }
                                            + [para(unfinished[index % 2])], warnings: []),
                       error: nil)
        }
        let course = CourseInput(id: "c", source: SourceRef(path: "c", sha256: "s"), settings: CourseSettings(), posts: posts)
        let lecture = try LectureBuilder(options: LectureOptions(), wordNet: wordNet).build(course)
        let validator = QuestionValidator(wordNet: wordNet)
        #expect(lecture.questionPool.count == 3)
        for item in lecture.questionPool {
            let topic = try #require(topics(lecture).first { $0.id == item.topicId })
            let topicText = topic.blocks.map(\.plainText).joined(separator: "\n")
            let basic = item.renderings[0]
            let options = try #require(basic.options)
            let answer = try #require(basic.answerIndex)
            #expect(item.renderings.map(\.level) == [1, 2, 3, 4])
            #expect(basic.prompt == "Which of these sentences is from the lesson “\(topic.title)”?")
            #expect(options[answer] == basic.expectedAnswer && topicText.contains(basic.expectedAnswer))
            // Exactly one right answer: every other option is another lesson's sentence, absent from this one.
            for (index, option) in options.enumerated() where index != answer {
                #expect(!topicText.contains(option))
                #expect(lessons.contains { $0.1.contains(option) }, "\(option) is not a finished sentence of the course")
            }
            let mcq = MultipleChoiceQuestion(id: item.id, kind: .lectureSentence, stem: basic.prompt, options: options, answerIndex: answer,
                                             explanation: basic.explanation ?? "", level: 1, optionOrigins: [])
            #expect(validator.problems(mcq, sourceText: topic.title + "\n" + topicText).isEmpty)
        }
    }

    @Test func poolItemsHaveFourLevelsWithExpectedAnswers() throws {
        let lecture = try SampleCourse.build()
        let validator = QuestionValidator(wordNet: wordNet)
        #expect(lecture.questionPool.count >= topics(lecture).count)
        #expect(Set(lecture.questionPool.map(\.id)).count == lecture.questionPool.count)
        let topicIDs = Set(lecture.subjects.flatMap(\.topics).map(\.id))
        for item in lecture.questionPool {
            #expect(topicIDs.contains(item.topicId))
            #expect(item.renderings.map(\.level) == [1, 2, 3, 4])
            #expect(item.renderings.allSatisfy { !$0.expectedAnswer.isEmpty && !$0.prompt.isEmpty && $0.explanation != nil })
            let basic = item.renderings[0]
            #expect(basic.format == .multipleChoice)
            let options = try #require(basic.options)
            let answer = try #require(basic.answerIndex)
            #expect(options.count == 4 && options[answer] == basic.expectedAnswer)
            let mcq = MultipleChoiceQuestion(id: item.id, kind: .lectureTerm, stem: basic.prompt, options: options, answerIndex: answer,
                                             explanation: basic.explanation ?? "", level: 1, optionOrigins: [])
            let topic = try #require(lecture.subjects.flatMap(\.topics).first { $0.id == item.topicId })
            let text = topic.title + "\n" + topic.blocks.map(\.plainText).joined(separator: "\n")
            #expect(validator.problems(mcq, sourceText: text).isEmpty, "\(basic.prompt) \(options)")
            #expect(item.renderings[2].format == .freeText && item.renderings[3].format == .freeText)
            #expect(item.renderings[1].options == nil || item.renderings[1].format == .multipleChoice)
        }
        // Level 4 asks to apply: topics with code ask for an example of one's own.
        #expect(lecture.questionPool.contains { $0.renderings[3].prompt.hasPrefix("Write a short Python example") })
    }

    @Test func bundleCarriesTheReviewSchedule() throws {
        let schedule = try #require(try SampleCourse.build().schedule)
        #expect(schedule.levels.map(\.level) == [1, 2, 3, 4])
        #expect(schedule.levels.map { [$0.minDays, $0.maxDays] } == [[1, 2], [3, 4], [7, 8], [14, 15]])
        #expect(schedule.correctAnswersToAdvance == 7)
        #expect(schedule.masteredIntervalDays == 20)
        #expect(schedule.levels[0].formats == [.multipleChoice])
        #expect(schedule.levels[3].formats == [.freeText])
    }

    @Test func endingProjectPerSubjectFromItsContent() throws {
        let lecture = try SampleCourse.build()
        #expect(lecture.subjects.count == 2)
        for subject in lecture.subjects {
            let project = try #require(subject.endingProject, "\(subject.title) has no ending project")
            #expect(project.topicIds == subject.topics.map(\.id))
            #expect(project.steps.count == subject.topics.count)
            #expect(project.language == "python")
            #expect(project.starterCode?.hasPrefix("# Step 1: ") == true)
            for topic in subject.topics { #expect(project.steps.contains { $0.contains(topic.title) }) }
            #expect(!project.checklist.isEmpty && !project.brief.isEmpty)
        }
        // Built from the subject's own code names.
        #expect(lecture.subjects[1].endingProject?.steps.joined().contains("`range`") == true)
    }

    @Test func endingProjectCanBeTurnedOff() throws {
        let off = try SampleCourse.build(settings: CourseSettings(title: "Intro", project: false))
        #expect(off.subjects.allSatisfy { $0.endingProject == nil })
        var options = LectureOptions()
        options.endingProjects = false
        #expect(try SampleCourse.build(options: options).subjects.allSatisfy { $0.endingProject == nil })
    }

    @Test func localImagesAreMediaNamedInTheCourseFolder() throws {
        let lecture = try SampleCourse.build()
        let image = try #require(lecture.subjects[0].topics.flatMap(\.blocks).first { $0.type == .image })
        #expect(image == .image(src: "week-01/images/types.png", alt: "A table of types"))
        #expect(lecture.media == [MediaFile(path: "week-01/images/types.png",
                                            source: "python/week-01/images/types.png")])
    }

    @Test func deterministic() throws {
        let a = try CanonicalJSON.encode(try SampleCourse.build())
        let b = try CanonicalJSON.encode(try SampleCourse.build())
        #expect(a == b)
    }

    /// The canonical encoder is our own writer: it must give JSONEncoder's bytes.
    @Test func canonicalJSONWritesJSONEncodersBytes() throws {
        struct Tricky: Codable {
            var text = "quote \" backslash \\ slash / tab \t newline \n bell \u{07} del \u{7F} é “curly” 😀"
            var empty: [String] = []
            var emptyObject: [String: Int] = [:]
            var missing: String?
            var nested: [[Int?]] = [[1, nil], []]
            var keys = ["b": 1, "a": 2, "B": 3, "é": 4, "aa": 5, "10": 6, "9": 7]
            var number = 0.1 + 0.2
            var whole = 3.0
            var bytes = Data([0, 1, 2, 250])
            var flag = false
        }
        func reference<T: Encodable>(_ value: T) throws -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            encoder.dataEncodingStrategy = .base64
            return try encoder.encode(value) + Data([0x0A])
        }
        let lecture = try SampleCourse.build()
        #expect(try CanonicalJSON.encode(lecture) == reference(lecture))
        // Outermost arrays are written element by element on several threads, at their own indentation.
        #expect(try CanonicalJSON.encode(lecture.subjects) == reference(lecture.subjects))
        #expect(try CanonicalJSON.encode(["pool": lecture.questionPool]) == reference(["pool": lecture.questionPool]))
        #expect(try CanonicalJSON.encode([["nested": lecture.questionPool]]) == reference([["nested": lecture.questionPool]]))
        #expect(try CanonicalJSON.encode(Tricky()) == reference(Tricky()))
        #expect(try CanonicalJSON.encode(["x": Date(timeIntervalSinceReferenceDate: 12.5)])
                == reference(["x": Date(timeIntervalSinceReferenceDate: 12.5)]))
    }

    /// The eight-bytes-at-a-time search and the one-byte character tests give the slow paths' answers: a match
    /// at every position across more than two words, in either case, and characters of one byte and of many.
    @Test func byteSearchAndCharacterTestsAgreeWithTheStandardLibrary() {
        let filler = Array("abcdefghijklmnopabcd".utf8)  // no q, r or s
        for needle in ["q", "qr", "qrs"] {
            for position in 0...(filler.count - needle.utf8.count) {
                for written in [needle, needle.uppercased()] {
                    var bytes = filler
                    bytes.replaceSubrange(position..<(position + needle.utf8.count), with: Array(written.utf8))
                    let text = String(decoding: bytes, as: UTF8.self)
                    for caseInsensitive in [false, true] {
                        let expected = text.range(of: needle, options: caseInsensitive ? [.caseInsensitive] : [])
                        let found = PlainText.firstRange(of: needle, in: text, from: text.startIndex, caseInsensitive: caseInsensitive)
                        #expect(found == expected, "\(text) / \(needle) / \(caseInsensitive)")
                    }
                }
            }
        }
        let characters: [Character] = ["a", "Z", "_", "0", "9", " ", "-", "é", "É", "e\u{301}", "ß", "İ", "²", "½", "٣",
                                       "\r\n", "🇫🇷", "👍🏽", "Σ", "ǅ", "\u{301}"]
        for character in characters {
            #expect(PlainText.isLetter(character) == character.isLetter)
            #expect(PlainText.isNumber(character) == character.isNumber)
            #expect(PlainText.isUppercase(character) == character.isUppercase)
            #expect(PlainText.isWordCharacter(character) == (character.isLetter || character.isNumber || character == "_"))
        }
        for text in ["  both ends\t", "\tтекст ", "none", " \u{3000}wide\u{3000} ", "", " \t ", "\u{A0}x "] {
            #expect(PlainText.trimmingSpaces(Substring(text)) == text.trimmingCharacters(in: .whitespaces))
        }
    }

    /// The byte-level search, trim and collapse give Foundation's answers, plain text or not.
    @Test func plainTextAgreesWithFoundation() {
        let texts = ["A Variable is a name.", "  padded\t\n", "the Loops and loopes", "café CAFÉ cafe\u{301}",
                     "Straße STRASSE", "“quoted” — text · × ½", "line\r\nbreak", "", "x"]
        let needles = ["variable", "loop", "café", "cafe", "ss", "“quoted”", "\n", "", "X", "text · ×"]
        for text in texts {
            #expect(PlainText.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(PlainText.wordCount(text) == text.split(whereSeparator: { $0.isWhitespace }).count)
            #expect(PlainText.lowercasedCollapsingSpaces(text)
                    == text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
            for needle in needles {
                #expect(PlainText.contains(text, needle) == text.contains(needle), "\(text) / \(needle)")
                for caseInsensitive in [false, true] {
                    let expected = text.range(of: needle, options: caseInsensitive ? [.caseInsensitive] : [])
                    let found = PlainText.firstRange(of: needle, in: text, from: text.startIndex, caseInsensitive: caseInsensitive)
                    #expect(found == expected, "\(text) / \(needle) / \(caseInsensitive)")
                }
            }
        }
    }

    @Test func drawIsReproducible() throws {
        let lecture = try SampleCourse.build()
        let first = PoolDraw.draw(from: lecture, count: 5, seed: "duel-42").map(\.id)
        #expect(first.count == 5 && Set(first).count == 5)
        #expect(PoolDraw.draw(from: lecture, count: 5, seed: "duel-42").map(\.id) == first)
        // The order the pool was written in does not matter.
        var shuffled = lecture
        shuffled.questionPool.reverse()
        #expect(PoolDraw.draw(from: shuffled, count: 5, seed: "duel-42").map(\.id) == first)
        let others = (1...5).map { PoolDraw.draw(from: lecture, count: 5, seed: "seed-\($0)").map(\.id) }
        #expect(others.contains { $0 != first })
        #expect(PoolDraw.draw(from: lecture, count: 500, seed: "x").count == lecture.questionPool.count)
    }

    @Test func seededGeneratorIsStable() {
        // FNV-1a + SplitMix64: fixed numbers, so a draw is the same on every machine and every run.
        var generator = SeededGenerator(seed: "lectern")
        let values = (0..<2).map { _ in generator.next() }
        var again = SeededGenerator(seed: "lectern")
        #expect((0..<2).map { _ in again.next() } == values)
        #expect(values[0] != values[1])
    }
}

/// A definition says what a name is or does: "X is not …" (Node's docs: "NODE_PATH is not part of resolving import
/// specifiers") is no definition, since other names' negations ("is not used by import") are as true of it.
@Suite struct DefinitionSentenceTests {
    func fact(_ answer: String, _ sentence: String) -> LectureFact {
        LectureFact(answer: answer, kind: .code, shape: .identifier, words: 1, topicID: "t", topicTitle: "Modules",
                    sentence: sentence, score: 1)
    }

    @Test func negatedPredicatesAreNotDefinitions() {
        #expect(LectureQuestionMaker.Definition(fact("NODE_PATH", "NODE_PATH is not part of resolving import specifiers.")) == nil)
        #expect(LectureQuestionMaker.Definition(fact("require.cache", "The require.cache is never used by import in any module.")) == nil)
        let dirname = LectureQuestionMaker.Definition(fact("path.dirname()", "The path.dirname() method returns the directory name of a path."))
        #expect(dirname?.option == "returns the directory name of a path")
    }
}

@Suite struct KeySentenceTests {
    /// The main idea is the sentence the topic's other sentences and its title share most words with, not the first.
    @Test func keySentenceIsTheMostCentralNotTheFirst() {
        let blocks = [
            para("Finally, while display equations look good, they take space on the page."),
            para("An equation states that two expressions are equal. Solving an equation finds the values that make both expressions equal. The equation x + 2 = 5 has one solution."),
        ]
        #expect(LectureBuilder.keySentence(blocks, title: "Solving equations")
                == "Solving an equation finds the values that make both expressions equal.")
    }

    @Test func aQuestionOnlyWhenThereIsNoStatement() {
        let blocks = [para("What does the print function do with its arguments?")]
        #expect(LectureBuilder.keySentence(blocks, title: "Review") == "What does the print function do with its arguments?")
    }
}

@Suite struct TitleOptionTests {
    @Test func sentenceHeadingsAreNotTitleOptions() {
        #expect(LectureQuestionMaker.looksLikeTitle("Binomial coefficients"))
        #expect(!LectureQuestionMaker.looksLikeTitle("The probability of getting k heads when flipping n coins is:"))
        #expect(!LectureQuestionMaker.looksLikeTitle("How the parser turns each of the nodes of a page into blocks of text for the app"))
    }
}
