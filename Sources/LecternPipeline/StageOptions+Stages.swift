import LecternHomework
import LecternLectures
import LecternWordLists
import LecternHTML
import LecternModel
import LecternOCR

/// Options of the `words` stage (text scripts).
public struct WordsOptions: Codable, Sendable, Hashable {
    public var maxBytes = 50_000_000
    public init() {}
}

extension WordsOptions: StageOptions {
    public func problem() -> OptionProblem? { maxBytes > 0 ? nil : OptionProblem("maxBytes", "must be positive") }
}

extension QuizOptions: StageOptions {}
extension WordTestOptions: StageOptions {}
extension LectureOptions: StageOptions {}

extension OCROptions: StageOptions {
    public init() { self.init(language: "eng") }
}

extension HTMLOptions: StageOptions {
    public init() { self.init(maxBytes: 20_000_000) }
    public func problem() -> OptionProblem? { maxBytes > 0 ? nil : OptionProblem("maxBytes", "must be positive") }
}
