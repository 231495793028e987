import Foundation
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
    /// The teacher's own levels, which win over the CEFR profile and the model: "word=level, word=level", a level
    /// being beginner, intermediate, advanced or a CEFR level A1–C2 ("magma=B1, crust=beginner").
    public var levelOverrides = ""

    public init() {}

    public func problem() -> OptionProblem? {
        if maxWords < 1 { return OptionProblem("maxWords", "must be at least 1") }
        if !(distractorZipfBand > 0) { return OptionProblem("distractorZipfBand", "must be positive") }
        if case .failure(let problem) = parsedLevelOverrides() { return OptionProblem("levelOverrides", problem.description) }
        return nil
    }

    public struct OverrideProblem: Error, CustomStringConvertible {
        public var description: String
    }

    /// `levelOverrides` as lower-case lemma → level, or what is wrong with it.
    public func parsedLevelOverrides() -> Result<[String: WordLevel], OverrideProblem> {
        var levels: [String: WordLevel] = [:]
        for item in levelOverrides.split(separator: ",") {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else {
                return .failure(OverrideProblem(description: "'\(item.trimmingCharacters(in: .whitespaces))' is not word=level"))
            }
            guard let level = WordTestOptions.level(named: parts[1]) else {
                return .failure(OverrideProblem(description: "'\(parts[1])' (for '\(parts[0])') is not beginner, intermediate, advanced or A1–C2"))
            }
            let word = parts[0].lowercased()
            if let earlier = levels[word], earlier != level {
                return .failure(OverrideProblem(description: "'\(parts[0])' is given two levels"))
            }
            levels[word] = level
        }
        return .success(levels)
    }

    static func level(named name: String) -> WordLevel? {
        if let level = WordLevel(rawValue: name.lowercased()) { return level }
        switch name.uppercased() {
        case "A1", "A2": return .beginner
        case "B1", "B2": return .intermediate
        case "C1", "C2": return .advanced
        default: return nil
        }
    }
}
