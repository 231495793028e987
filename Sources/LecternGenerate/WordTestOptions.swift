import LecternModel

/// Options of the `wordtest` stage (word lists). Grading itself is the calibrated model in LecternText
/// (docs/GRADING.md); these options shape the list and its tests.
public struct WordTestOptions: Codable, Sendable, Hashable {
    /// At most this many words per list (the most frequent in the source).
    public var maxWords = 500
    /// A distractor's Zipf frequency differs from the answer's by at most this much.
    public var distractorZipfBand = 1.0
    /// When the source has too few words of the same level and part of speech, take distractors from the
    /// frequency list (same level, part of speech and band).
    public var frequencyListDistractors = true

    public init() {}

    public func problem() -> OptionProblem? {
        if maxWords < 1 { return OptionProblem("maxWords", "must be at least 1") }
        if !(distractorZipfBand > 0) { return OptionProblem("distractorZipfBand", "must be positive") }
        return nil
    }
}
