import LecternModel
import Synchronization

/// One rule of the question catalogue (docs/QUIZ.md): a stable ID that tests, `lectern show --explain` and the
/// catalogue name, and what it prevents in one line. Rules live in one table per question kind (`QuizRules`).
public struct QuizRule: Hashable, Sendable, CustomStringConvertible {
    public let id: String
    public let summary: String

    public init(_ id: String, _ summary: String) {
        self.id = id
        self.summary = summary
    }

    public var description: String { "\(id): \(summary)" }
}

/// A rule a question breaks, with what it breaks it on.
public struct QuestionProblem: Hashable, Sendable, CustomStringConvertible {
    public let rule: QuizRule
    /// The rule in plain words about this question ("distractor 'book' appears in the stem").
    public let description: String

    public init(_ rule: QuizRule, _ description: String) {
        self.rule = rule
        self.description = description
    }
}

/// What became of one candidate question while a quiz was made: taken, or the rule that rejected it.
public struct CandidateVerdict: Hashable, Sendable, Codable {
    /// The rule family that considered it (`cloze`, `statement` …: `QuizRules.catalogue`).
    public var family: String
    /// What it would ask: "cloze-term “scripts” in sentence 3", "sentence 4 as written".
    public var subject: String
    /// The rule that rejected it; nil when it was taken into the quiz.
    public var rule: String?
    /// The rule applied to this candidate, in plain words, when it says more than the rule's summary.
    public var detail: String?

    public init(family: String, subject: String, rule: String?, detail: String? = nil) {
        self.family = family
        self.subject = subject
        self.rule = rule
        self.detail = detail
    }
}

/// The verdicts of a quiz's candidates, collected for `lectern show ITEM --explain`; makers given none record nothing.
public final class CandidateLog: Sendable {
    private let entries = Mutex<[CandidateVerdict]>([])
    private let prose = Mutex<[String]?>(nil)

    public init() {}

    /// The page's sentences as the makers number them (sentence 1 is the first); nil when no quiz was planned.
    public var sentences: [String]? {
        get { prose.withLock { $0 } }
        set { prose.withLock { $0 = newValue } }
    }

    public func reject(_ family: String, _ subject: String, by rule: QuizRule, detail: String? = nil) {
        entries.withLock { $0.append(CandidateVerdict(family: family, subject: subject, rule: rule.id, detail: detail)) }
    }

    /// The first problem of `problems`, when there is one: the validator's verdict on a made question.
    public func reject(_ family: String, _ subject: String, problems: [QuestionProblem]) {
        if let first = problems.first { reject(family, subject, by: first.rule, detail: first.description) }
    }

    public func record(_ verdict: CandidateVerdict) {
        entries.withLock { $0.append(verdict) }
    }

    /// Each candidate's verdicts once, in the order first recorded.
    public var verdicts: [CandidateVerdict] {
        var seen = Set<CandidateVerdict>()
        return entries.withLock { $0 }.filter { seen.insert($0).inserted }
    }
}

/// The validator's rules, which every question of every product keeps.
public enum ValidatorRules {
    public static let optionCount = QuizRule("valid.option-count", "a question has exactly 4 options")
    public static let answerIndex = QuizRule("valid.answer-index", "the answer index names one of the options")
    public static let distinctOptions = QuizRule("valid.distinct-options",
                                                 "options differ after case-folding, lemmatising and dropping markup and punctuation")
    public static let emptyOption = QuizRule("valid.empty-option", "no option is empty")
    public static let relatedDistractor = QuizRule("valid.related-distractor",
                                                   "no distractor is a synonym, hypernym, hyponym or derivational relative of the answer")
    public static let distractorInStem = QuizRule("valid.distractor-in-stem", "no distractor is a word of the stem")
    public static let answerInStem = QuizRule("valid.answer-in-stem", "the stem does not write a one-word answer")
    public static let optionKind = QuizRule("valid.option-kind",
                                            "options are the answer's kind: all years, all numbers, or words sharing a part of speech")
    public static let frequencyBand = QuizRule("valid.frequency-band",
                                               "a word question's distractors are about as common as its answer (SemCor band ±1)")
    public static let explanation = QuizRule("valid.explanation", "every question has an explanation")
    public static let answerInSource = QuizRule("valid.answer-in-source", "the answer is in the source text")
    public static let familiarDistractor = QuizRule("valid.familiar-distractor",
                                                    "a word question's distractors are common words or words of the text")
    public static let quotedSource = QuizRule("valid.quoted-source", "an explanation quotes only the source text")

    public static let all = [optionCount, answerIndex, distinctOptions, emptyOption, relatedDistractor, distractorInStem,
                             answerInStem, optionKind, frequencyBand, explanation, answerInSource, familiarDistractor, quotedSource]
}
