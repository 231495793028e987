import LecternModel

/// Options of the `quiz` stage (homework photos).
public struct QuizOptions: Codable, Sendable, Hashable {
    public var questions = 10
    /// Below this mean OCR confidence the page is `needs-review` and gets no quiz.
    public var minConfidence = 60.0
    /// Below this many recognised words the page is `needs-review`.
    public var minWords = 20

    public init() {}

    public static let optionNames = ["questions", "minConfidence", "minWords"]

    public func problem() -> String? {
        if !(1...50).contains(questions) { return "questions must be between 1 and 50, not \(questions)" }
        if !(0...100).contains(minConfidence) { return "minConfidence must be between 0 and 100, not \(minConfidence)" }
        if minWords < 0 { return "minWords must not be negative" }
        return nil
    }
}

/// Options of the `wordtest` stage (word lists).
public struct WordTestOptions: Codable, Sendable, Hashable {
    /// Words known to WordNet with at least this many senses are common enough for beginners.
    public var beginnerMinSenses = 6
    /// Words with at most this many senses and at least `advancedMinLength` letters are advanced.
    public var advancedMaxSenses = 2
    public var advancedMinLength = 9
    public var maxWords = 500

    public init() {}

    public static let optionNames = ["beginnerMinSenses", "advancedMaxSenses", "advancedMinLength", "maxWords"]

    public func problem() -> String? {
        if beginnerMinSenses < 1 { return "beginnerMinSenses must be at least 1" }
        if advancedMaxSenses < 0 { return "advancedMaxSenses must not be negative" }
        if advancedMinLength < 1 { return "advancedMinLength must be at least 1" }
        if maxWords < 1 { return "maxWords must be at least 1" }
        return nil
    }
}

/// Options of the `lecture` stage (courses).
public struct LectureOptions: Codable, Sendable, Hashable {
    /// Split a post into one topic per `h2` section.
    public var splitAtH2 = true

    public init() {}

    public static let optionNames = ["splitAtH2"]

    public func problem() -> String? { nil }
}
