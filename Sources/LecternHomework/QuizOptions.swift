import LecternModel

/// Options of the `quiz` stage (homework photos).
public struct QuizOptions: Codable, Sendable, Hashable {
    /// The most questions a quiz has (a full page's); a shorter page gets its length-fair target
    /// (`HomeworkBuilder.questionTarget`).
    public var questions = 10
    /// Below this mean OCR confidence the page is `needs-review` and gets no quiz.
    public var minConfidence = 60.0
    /// Below this many recognised words the page is `needs-review`.
    public var minWords = 20

    public init() {}

    public func problem() -> OptionProblem? {
        if !(1...50).contains(questions) { return OptionProblem("questions", "must be between 1 and 50, not \(questions)") }
        if !(0...100).contains(minConfidence) { return OptionProblem("minConfidence", "must be between 0 and 100, not \(minConfidence)") }
        if minWords < 0 { return OptionProblem("minWords", "must not be negative") }
        return nil
    }
}
