import LecternModel
import LecternText

/// A rule a quiz as a whole breaks (docs/QUIZ.md, "Integrity"): questions are numbered by their place in the quiz.
public enum QuizProblem: Hashable, Sendable, CustomStringConvertible {
    /// Two questions show one sentence of the text in their stems or options, whole or a run of
    /// `QuizIntegrity.shownRunWords` or more of its words: what one asks, the other shows.
    case sentenceShownTwice(sentence: String, first: Int, second: Int)
    /// Question `by` prints the answer of question `asked` where it gives it away (any inflection): a blank's answer
    /// beside the words around the blank, a definition's answer anywhere, a main idea's answer in a question that shows
    /// a sentence of the paragraph (or text) it is about.
    case answerGivenAway(answer: String, asked: Int, by: Int)
    /// Two questions offer the same option (case-folded and lemmatised).
    case optionRepeated(option: String, first: Int, second: Int)

    public var description: String {
        switch self {
        case let .sentenceShownTwice(sentence, first, second):
            "questions \(first + 1) and \(second + 1) both show the sentence “\(sentence)”"
        case let .answerGivenAway(answer, asked, by):
            "question \(by + 1) prints '\(answer)', the answer of question \(asked + 1)"
        case let .optionRepeated(option, first, second):
            "questions \(first + 1) and \(second + 1) both offer '\(option)'"
        }
    }
}

/// The integrity rules of a quiz, for one source text: no sentence shown by two questions, no answer given away by
/// another question, no option offered twice. Explanations are shown after the answer and may quote anything.
public struct QuizIntegrity: Sendable {
    /// A run of this many words of a sentence shows it.
    public static let shownRunWords = 6
    /// Words beside a blank that make its context: up to the first content word, at most this many.
    static let contextWords = 3

    let validator: QuestionValidator
    let sentences: [String]
    /// The sentences of each paragraph (blocks of the source text between blank lines), by index into `sentences`.
    let paragraphs: [Range<Int>]
    /// Sentence indices by each run of `shownRunWords` of their words (joined by spaces).
    let sentencesByRun: [String: [Int]]
    /// Sentences shorter than a run, as word lists: shown only whole.
    let shortSentences: [(index: Int, words: [String])]

    public init(sourceText: String, validator: QuestionValidator) {
        self.validator = validator
        var sentences: [String] = []
        var paragraphs: [Range<Int>] = []
        for block in sourceText.components(separatedBy: "\n\n") {
            let split = SentenceSplitter.split(block.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            paragraphs.append(sentences.count..<(sentences.count + split.count))
            sentences += split
        }
        self.sentences = sentences
        self.paragraphs = paragraphs
        var runs: [String: [Int]] = [:]
        var short: [(Int, [String])] = []
        for (index, sentence) in sentences.enumerated() {
            let words = Self.words(sentence)
            if words.count < Self.shownRunWords {
                if !words.isEmpty { short.append((index, words)) }
                continue
            }
            for start in 0...(words.count - Self.shownRunWords) {
                runs[words[start..<(start + Self.shownRunWords)].joined(separator: " "), default: []].append(index)
            }
        }
        sentencesByRun = runs
        shortSentences = short
    }

    /// What a student sees of one question before answering, prepared for the checks.
    public struct View: Sendable {
        let sentencesShown: Set<Int>
        /// The stem and each option, as lemmatised words (a blank is `blank`).
        let lemmaSegments: [[String]]
        public let optionKeys: [String]
        let answer: String
        let answerLemmas: [String]
        /// For a blank: the lemmatised words before it (nearest last) and after it, `contextWords` at most each.
        let blankContext: (before: [String], after: [String])?
        /// A definition: its answer printed anywhere gives it away.
        let answerGivenByAnyMention: Bool
        /// A main idea: its answer printed by a question that shows one of these sentences gives it away.
        let answerGivenBySentences: Set<Int>
    }

    public func view(of question: MultipleChoiceQuestion) -> View {
        let segments = [question.stem] + question.options
        var shown = Set<Int>()
        for segment in segments {
            let words = Self.words(segment)
            if words.count >= Self.shownRunWords {
                for start in 0...(words.count - Self.shownRunWords) {
                    shown.formUnion(sentencesByRun[words[start..<(start + Self.shownRunWords)].joined(separator: " ")] ?? [])
                }
            }
            for (index, sentenceWords) in shortSentences where Self.contains(words, sentenceWords) { shown.insert(index) }
        }
        let lemmaSegments = segments.map { Self.words($0).map(lemma) }
        let answer = question.options.indices.contains(question.answerIndex) ? question.options[question.answerIndex] : ""
        var context: ([String], [String])?
        if question.kind.isCloze, let blank = lemmaSegments[0].firstIndex(of: Self.blank) {
            let stem = lemmaSegments[0]
            context = (Array(Self.context(stem[..<blank].reversed()).reversed()), Self.context(stem[(blank + 1)...]))
        }
        return View(sentencesShown: shown, lemmaSegments: lemmaSegments, optionKeys: question.options.map(validator.normalise),
                    answer: answer, answerLemmas: Self.words(answer).map(lemma), blankContext: context,
                    answerGivenByAnyMention: question.kind == .definition,
                    answerGivenBySentences: question.kind == .mainIdea ? Set(sentencesAbout(question)) : [])
    }

    /// The sentences a main-idea question is about: the paragraph whose opening sentence its explanation quotes
    /// ("It begins: “…”"), else the whole text.
    func sentencesAbout(_ question: MultipleChoiceQuestion) -> Range<Int> {
        let opening = QuestionValidator.quotations(in: question.explanation).last.map(Self.words) ?? []
        return paragraphs.first { paragraph in
            !opening.isEmpty && paragraph.contains { Self.words(sentences[$0]) == opening }
        } ?? sentences.indices
    }

    /// Every rule the quiz breaks.
    public func problems(_ questions: [MultipleChoiceQuestion]) -> [QuizProblem] {
        let views = questions.map(view)
        return views.indices.flatMap { second in
            views.indices.prefix(second).flatMap { first in problems(between: views[first], first, views[second], second) }
        }
    }

    /// The rules `candidate` would break beside the questions already in the quiz (`chosen`, their views).
    public func problems(adding candidate: View, to chosen: [View]) -> [QuizProblem] {
        chosen.indices.flatMap { problems(between: chosen[$0], $0, candidate, chosen.count) }
    }

    func problems(between a: View, _ first: Int, _ b: View, _ second: Int) -> [QuizProblem] {
        var problems: [QuizProblem] = []
        for sentence in a.sentencesShown.intersection(b.sentencesShown).sorted() {
            problems.append(.sentenceShownTwice(sentence: sentences[sentence], first: first, second: second))
        }
        if givesAway(b, answerOf: a) { problems.append(.answerGivenAway(answer: a.answer, asked: first, by: second)) }
        if givesAway(a, answerOf: b) { problems.append(.answerGivenAway(answer: b.answer, asked: second, by: first)) }
        if let option = a.optionKeys.first(where: b.optionKeys.contains) {
            problems.append(.optionRepeated(option: option, first: first, second: second))
        }
        return problems
    }

    /// Whether `other` prints the answer of `asked` where a student would read it as the answer.
    func givesAway(_ other: View, answerOf asked: View) -> Bool {
        let answer = asked.answerLemmas
        guard !answer.isEmpty else { return false }
        for segment in other.lemmaSegments where segment.count >= answer.count {
            for start in 0...(segment.count - answer.count) where segment[start..<(start + answer.count)].elementsEqual(answer) {
                if asked.answerGivenByAnyMention || !asked.answerGivenBySentences.isDisjoint(with: other.sentencesShown) { return true }
                guard let (before, after) = asked.blankContext else { continue }
                let end = start + answer.count
                if !before.isEmpty, start >= before.count, segment[(start - before.count)..<start].elementsEqual(before) { return true }
                if !after.isEmpty, end + after.count <= segment.count, segment[end..<(end + after.count)].elementsEqual(after) { return true }
            }
        }
        return false
    }

    func lemma(_ word: String) -> String { word == Self.blank ? word : validator.normalise(word) }

    static let blank = "_"

    /// The words beside a blank, nearest first: up to the first content word, `contextWords` at most.
    static func context(_ words: some Sequence<String>) -> [String] {
        var out: [String] = []
        for word in words.prefix(contextWords) {
            if word == blank { break }
            out.append(word)
            if !StopWords.english.contains(word) { break }
        }
        return out
    }

    /// Lower-case runs of letters and digits; a blank ("_____") is one word that
    /// matches no word of the text.
    static func words(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { out.append(current) }
            current = ""
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if current == blank { flush() }
                current.append(character)
            } else if character == "_" {
                if current != blank { flush() }
                current = blank
            } else {
                flush()
            }
        }
        flush()
        return out
    }

    static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { words[$0..<($0 + phrase.count)].elementsEqual(phrase) }
    }
}

extension QuestionValidator {
    /// The integrity rules of a whole quiz on `sourceText` (`QuizIntegrity`): typed, one per pair of questions and rule.
    public func quizProblems(_ questions: [MultipleChoiceQuestion], sourceText: String) -> [QuizProblem] {
        QuizIntegrity(sourceText: sourceText, validator: self).problems(questions)
    }
}
