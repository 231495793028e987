import Foundation

/// A teacher's decision about one generated question (`lectern-reviews.yml`, `questions:`): reject it (the next
/// valid candidate takes its place) or correct some of its fields. Fields left out keep the generated value.
public struct QuestionDecision: Codable, Sendable, Hashable {
    public var reject: Bool?
    public var stem: String?
    public var options: [String]?
    public var answerIndex: Int?
    public var explanation: String?
    public init(reject: Bool? = nil, stem: String? = nil, options: [String]? = nil, answerIndex: Int? = nil,
                explanation: String? = nil) {
        self.reject = reject
        self.stem = stem
        self.options = options
        self.answerIndex = answerIndex
        self.explanation = explanation
    }
    public var rejects: Bool { reject == true }
    public var corrects: Bool { stem != nil || options != nil || answerIndex != nil || explanation != nil }

    /// `question` with the corrected fields put in.
    public func applied(to question: MultipleChoiceQuestion) -> MultipleChoiceQuestion {
        var corrected = question
        if let stem { corrected.stem = stem }
        if let options {
            corrected.options = options
            if options.count != question.options.count { corrected.optionOrigins = options.map { _ in OptionOrigin.teacher } }
        }
        if let answerIndex { corrected.answerIndex = answerIndex }
        if let explanation { corrected.explanation = explanation }
        return corrected
    }

    /// Lays `other`'s fields over these (a later `lectern review correct` keeps earlier corrections of other fields).
    public func merged(with other: QuestionDecision) -> QuestionDecision {
        QuestionDecision(reject: other.reject ?? reject, stem: other.stem ?? stem, options: other.options ?? options,
                         answerIndex: other.answerIndex ?? answerIndex, explanation: other.explanation ?? explanation)
    }
}

/// A teacher's correction of one word entry (`words:`): its level (then `levelSource: teacher`), its WordNet sense
/// (`sense`: part-of-speech letter and synset offset, "n:08517656"; then the sense's gloss is the definition and
/// `senseSource: teacher`) or its definition.
public struct WordDecision: Codable, Sendable, Hashable {
    public var level: WordLevel?
    public var definition: String?
    public var sense: String?
    public init(level: WordLevel? = nil, definition: String? = nil, sense: String? = nil) {
        self.level = level
        self.definition = definition
        self.sense = sense
    }
    public func merged(with other: WordDecision) -> WordDecision {
        WordDecision(level: other.level ?? level, definition: other.definition ?? definition, sense: other.sense ?? sense)
    }
}

/// Every decision of an inbox's `lectern-reviews.yml`, keyed by the stable question and word IDs (`ReviewID`).
public struct ReviewDecisions: Codable, Sendable, Hashable {
    public static let fileName = "lectern-reviews.yml"
    public var questions: [String: QuestionDecision]
    public var words: [String: WordDecision]

    public init(questions: [String: QuestionDecision] = [:], words: [String: WordDecision] = [:]) {
        self.questions = questions
        self.words = words
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        questions = try container.decodeIfPresent([String: QuestionDecision].self, forKey: .questions) ?? [:]
        words = try container.decodeIfPresent([String: WordDecision].self, forKey: .words) ?? [:]
    }

    public var isEmpty: Bool { questions.isEmpty && words.isEmpty }

    /// The decisions about one item's questions and words (their IDs start with the item's ID).
    public func forItem(_ itemID: String) -> ReviewDecisions {
        let prefix = itemID + "-"
        return ReviewDecisions(questions: questions.filter { $0.key.hasPrefix(prefix) },
                               words: words.filter { $0.key.hasPrefix(prefix) })
    }

    public var rejectedQuestions: Set<String> { Set(questions.filter { $0.value.rejects }.map(\.key)) }
    /// Questions the teacher corrected: they keep their place in the quiz whatever else changes.
    public var correctedQuestions: Set<String> { Set(questions.filter { $0.value.corrects && !$0.value.rejects }.map(\.key)) }
}

/// FNV-1a, 64 bits, over UTF-8 bytes: the same on every machine and in every process (Swift's `Hasher` is seeded
/// per process). Seeds the generators that order options (`SeededGenerator`) and makes review IDs (`ReviewID`).
public enum FNV1a {
    public static func hash64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// Stable IDs of what a teacher can review. They are made of the item's ID (a content hash of its file) and what the
/// question asks, never of its position or wording: a rejected question's neighbours, a reworded stem or a
/// corrected option keep every ID, and a fresh clone of the inbox gives the same IDs.
public enum ReviewID {
    /// `ITEM-q-` + 16 hex digits of FNV-1a 64 over the question's kind and its normalised answer.
    public static func question(itemID: String, kind: QuestionKind, answerKey: String) -> String {
        "\(itemID)-q-\(fnv1a64Hex("\(kind.rawValue)\u{1F}\(answerKey)"))"
    }

    /// `ITEM-w-LEMMA`: a word list has one entry per lemma.
    public static func word(itemID: String, lemma: String) -> String {
        "\(itemID)-w-\(lemma)"
    }

    /// The lemma a word ID (`word(itemID:lemma:)`) names, or nil for another kind of ID.
    public static func lemma(ofWord id: String) -> String? {
        let item = itemID(of: id)
        let prefix = item + "-w-"
        return id.hasPrefix(prefix) && id.count > prefix.count ? String(id.dropFirst(prefix.count)) : nil
    }

    /// `COURSE-p-POOLID`: a lecture's pool question (its `id` in the bundle is already stable: topic and answer).
    public static func poolQuestion(courseID: String, poolID: String) -> String {
        "\(courseID)-p-\(poolID)"
    }

    /// The pool question ID inside a review ID of `courseID`'s pool, or nil.
    public static func poolQuestionID(of id: String, courseID: String) -> String? {
        let prefix = courseID + "-p-"
        return id.hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : nil
    }

    /// The item a review ID belongs to.
    public static func itemID(of id: String) -> String {
        String(id.prefix { $0 != "-" })
    }

    static func fnv1a64Hex(_ text: String) -> String {
        let digits = String(FNV1a.hash64(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
