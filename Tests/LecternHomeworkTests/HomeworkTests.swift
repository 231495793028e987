import Foundation
import Testing
import LecternModel
import LecternText
@testable import LecternHomework
@testable import LecternQuestions
import LecternJSON

private let distractorOrigins: Set<OptionOrigin> = [
    .wordnetCoordinate, .sameTextTerm, .samePOSFrequencyBand, .sameTextYear, .nearbyYear, .nearbyNumber,
    .sameTextName, .sameTextNameParts, .sameTextWord, .sameTextAdjective, .otherSense,
    .changedNumber, .negated, .antonym, .swappedName, .swappedTerm, .sameTopicWord,
    .wordnetSister, .wordnetCousin, .sameTextKind, .otherParagraphTopic,
]

/// Whole quizzes: the length-fair count, the kinds a quiz mixes, byte-identical output, real published pages.
@Suite struct HomeworkTests {
    @Test(arguments: samples)
    func worksheetGetsItsLengthFairCountOfValidQuestions(name: String) throws {
        let text = try worksheet(name)
        let bundle = build(text)
        // 235–255 words: 9 or 10 questions. Fewer good questions rather than padding: a sheet that falls short says so.
        // Since issue 27 item 4 (no question without three good options) the samples got 7–9, and since quiz 18 (no
        // describing-word clozes on the text's other adjectives) 5–7, since quiz 19 (no swapped terms in statements) 4–7.
        let target = try #require(bundle.quiz.questionTarget)
        #expect(target >= 9 && bundle.quiz.questions.count <= target)
        if bundle.quiz.questions.count == target {
            #expect(bundle.status == .ok, "\(bundle.statusReason ?? "")")
        } else {
            #expect(bundle.quiz.questions.count >= 4, "\(name)")
            #expect(bundle.status == .partial && bundle.statusReason?.contains("only") == true)
        }
        let validator = QuestionValidator(wordNet: wordNet)
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for question in bundle.quiz.questions {
            #expect(validator.problems(question, sourceText: text).isEmpty, "\(question.stem)")
            #expect(question.options.count == 4)
            // The explanation quotes the source sentence the question was made from.
            let quoted = question.explanation.components(separatedBy: "“").last!.dropLast()
            #expect(flat.contains(quoted), "\(question.explanation)")
        }
        #expect(bundle.title == text.split(separator: "\n").first.map(String.init))
    }

    @Test(arguments: samples)
    func everyOptionRecordsItsOrigin(name: String) throws {
        for question in build(try worksheet(name)).quiz.questions {
            #expect(question.optionOrigins.count == 4)
            #expect(question.optionOrigins[question.answerIndex] == .answer)
            #expect(question.optionOrigins.filter { $0 == .answer }.count == 1)
            for (index, origin) in question.optionOrigins.enumerated() where index != question.answerIndex {
                #expect(distractorOrigins.contains(origin), "\(origin)")
            }
        }
    }

    /// The samples and the real pages together ask every kind of cloze and definitions. Since issue 27 item 4 the
    /// samples' definitions have no three options of their kind; the real pages' do ("operating system", "web browser").
    @Test func quizzesMixClozeAndDefinitionQuestions() throws {
        var kinds = Set<QuestionKind>()
        for name in samples { kinds.formUnion(build(try worksheet(name)).quiz.questions.map(\.kind)) }
        #expect(kinds.isSuperset(of: [.clozeYear, .clozeNumber, .clozeTerm]))
        for name in realPages { kinds.formUnion(build(try realPage(name)).quiz.questions.map(\.kind)) }
        #expect(kinds.isSuperset(of: [.definition, .clozeYear, .clozeNumber, .clozeTerm]))
    }

    @Test func sameInputGivesSameQuizByteForByte() throws {
        for name in samples {
            let text = try worksheet(name)
            let first = try CanonicalJSON.encode(build(text))
            // A second WordNet, as another process would load it.
            let other = try WordNet()
            let second = try CanonicalJSON.encode(HomeworkBuilder(wordNet: other, options: QuizOptions())
                .build(page: page(text), id: "hw", source: SourceRef(path: "photos/sheet.jpg", sha256: "abc")))
            #expect(first == second)
        }
    }

    /// Under 60 words a page has no question target: what it supports, at most three, never padded.
    @Test func shortTextIsNotPadded() {
        let text = "Volcanoes\nA volcano is an opening in the crust of the Earth. Lava flows from the crater of the volcano in 1980."
        let bundle = build(text)
        #expect(bundle.quiz.questions.count <= 3)
        #expect(bundle.quiz.questionTarget == nil)
        #expect(bundle.status == (bundle.quiz.questions.isEmpty ? .partial : .ok))
    }

    /// Worksheets of the OCR benchmark's dev set (scripts/make-ocr-bench.py, seeds 8 and 14) with only eight
    /// fact sentences: they got 6 questions when each sentence gave at most its singular nouns. Of about 150 words,
    /// they have a length-fair target of 6 (issue 27), one question per sentence; since issue 27 item 4 (no question
    /// without three good options) the castle's gets 5 and is `partial`, saying so; since quiz 18 (no describing-word
    /// clozes on the text's other adjectives) each gets 4.
    @Test(arguments: [benchmarkCastle, benchmarkWeather])
    func shortBenchmarkWorksheetGetsItsTargetOfValidQuestions(text: String) {
        let bundle = build(text)
        #expect(bundle.quiz.questionTarget == 6)
        #expect(bundle.quiz.questions.count >= 4 && bundle.quiz.questions.count <= 6)
        #expect(bundle.quiz.questions.count == 6 ? bundle.status == .ok
                : bundle.status == .partial && bundle.statusReason?.contains("only") == true, "\(bundle.statusReason ?? "")")
        let validator = QuestionValidator(wordNet: wordNet)
        for question in bundle.quiz.questions {
            #expect(validator.problems(question, sourceText: text).isEmpty, "\(question.stem)")
        }
        // At most one blank per sentence: a second one would show the first one's answer.
        let cloze = bundle.quiz.questions.filter { $0.kind.isCloze }
        #expect(Set(cloze.map(\.explanation)).count == cloze.count)
        #expect(bundle.quiz.questions.contains { $0.kind == .clozeYear || $0.kind == .clozeNumber })
    }
}

@Suite struct RealMaterialTests {
    @Test(arguments: realPages)
    func realPageOfAbout200WordsGetsValidQuestionsUpToItsTarget(name: String) throws {
        let text = try realPage(name)
        let bundle = build(text)
        // 188–233 words: 7–9 questions at most. One sentence serves one question (issue 27), and none is asked without
        // three good options (item 4: 3–5 of these pages' questions remain; quiz 18, without describing-word clozes on
        // the text's other adjectives: 2–5), so a page may fall short; it says so.
        let target = try #require(bundle.quiz.questionTarget)
        #expect((7...9).contains(target))
        #expect(bundle.quiz.questions.count <= target && bundle.quiz.questions.count >= 2, "\(bundle.statusReason ?? "")")
        #expect(bundle.status == (bundle.quiz.questions.count == target ? .ok : .partial))
        let validator = QuestionValidator(wordNet: wordNet)
        let source = QuestionValidator.Source(text)
        for question in bundle.quiz.questions {
            #expect(validator.problems(question, source: source).isEmpty, "\(question.stem)")
            #expect(validator.unfamiliarDistractors(question, source: source).isEmpty, "\(question.options)")
        }
        // Argumentative prose has few numbers and names: the kinds teachers write for prose carry the quiz.
        #expect(bundle.quiz.questions.contains { $0.kind == .statement })
        let answers = bundle.quiz.questions.map { validator.normalise($0.options[$0.answerIndex]) }
        #expect(Set(answers).count == answers.count, "\(answers)")
    }

    /// A statement made false by a name swap must not swap in a name the text writes together with it: in the manifesto
    /// (debian-manifesto-01) "Debian Linux" is one name, and "Linux is able to be developed in a modular fashion" was
    /// offered as false for "Debian is able …".
    /// debian-faq-13 (seven short sentences on boot scripts, "scripts" named in six): a term named in several sentences
    /// is blanked in one that no other question needs. Every question valid, no answer twice; `partial` (the page has
    /// too few terms for ten), never padded. Its statements swapped "directories" for "scripts": WordNet's senses of the
    /// two (a written text, a list) share no parent or grandparent, and since the review of 2026-11-27 only such kin
    /// are swapped ("book" for "license", "proxy" for "version" had been offered), so no statement changes one of its
    /// sentences in place. Since issue 27 item 4 (no question without three good options) no blank of the page has
    /// three options of its kind: its one question is a statement across sentences.
    @Test func aShortPageOfShortSentencesUsesEachSentence() throws {
        let text = try realPage("debian-faq-13")
        let bundle = build(text)
        let questions = bundle.quiz.questions
        let validator = QuestionValidator(wordNet: wordNet)
        let source = QuestionValidator.Source(text)
        // One question since issue 27 item 4 (no question without three good options).
        #expect(questions.count >= 1 && bundle.status == .partial && bundle.statusReason?.contains("only") == true)
        for question in questions { #expect(validator.problems(question, source: source).isEmpty, "\(question.stem)") }
        let answers = questions.map { validator.normalise($0.options[$0.answerIndex]) }
        #expect(Set(answers).count == answers.count, "\(answers)")
        // Each question on a sentence of its own: the page has more sentences than questions.
        let sentences = SentenceSplitter.split(text.replacingOccurrences(of: "\n", with: " "))
        let used = questions.filter { $0.kind != .mainIdea }.map { question in
            let quoted = question.explanation.components(separatedBy: "The text says: “").dropFirst().first ?? ""
            return sentences.firstIndex { quoted.hasPrefix($0) } ?? -1
        }
        #expect(Set(used).count == used.count && !used.contains(-1), "\(used)")
    }
}
