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
