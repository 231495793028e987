import Foundation
import LecternModel

/// Published CEFR levels of English words by part of speech (`Resources/cefr-profile.txt`, derived from cefrpy's
/// database by `scripts/make-cefr-profile.py`; MIT). Parsed once per process.
public final class CEFRProfile: Sendable {
    /// Per word, five CEFR levels (1 = A1 … 6 = C2, 0 = none): noun, verb, adjective, adverb, any part of speech.
    private let levels: [String: [UInt8]]

    public static let shared: CEFRProfile = {
        guard let url = Bundle.module.url(forResource: "cefr-profile", withExtension: "txt", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "cefr-profile", withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            fatalError("LecternText resource cefr-profile.txt is missing")
        }
        return CEFRProfile(text: text)
    }()

    /// Parses the resource's format: `word<TAB>` five digits (noun verb adjective adverb any); `#` lines are comments.
    public init(text: String) {
        var levels: [String: [UInt8]] = [:]
        levels.reserveCapacity(80_000)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let digits = line[line.index(after: tab)...].utf8.map { $0 &- 0x30 }
            guard digits.count == 5, digits.allSatisfy({ $0 <= 6 }) else { continue }
            levels[String(line[..<tab])] = Array(digits)
        }
        self.levels = levels
    }

    public var count: Int { levels.count }

    /// The CEFR level (1 = A1 … 6 = C2) of `lemma` as `pos`; without a level for that part of speech (or without
    /// one), the word's level over all its parts of speech; nil when the profile does not have the word.
    public func cefr(of lemma: String, pos: PartOfSpeech?) -> Int? {
        guard let digits = levels[lemma.lowercased()] else { return nil }
        if let pos, let k = PartOfSpeech.allCases.firstIndex(of: pos), digits[k] > 0 { return Int(digits[k]) }
        return digits[4] > 0 ? Int(digits[4]) : digits.first(where: { $0 > 0 }).map(Int.init)
    }
}

/// A word's level for a word list: the teacher's own level first, then the CEFR profile (by lemma and the part
/// of speech in context), then the grading model for words the profile does not have.
public struct WordLeveler: Sendable {
    public let profile: CEFRProfile
    public let grader: WordGrader
    /// Lower-case lemma → level, from the pipeline file.
    public let overrides: [String: WordLevel]

    public init(grader: WordGrader, profile: CEFRProfile = .shared, overrides: [String: WordLevel] = [:]) {
        self.grader = grader
        self.profile = profile
        self.overrides = overrides
    }

    public func level(of lemma: String, pos: PartOfSpeech?) -> (level: WordLevel, source: LevelSource) {
        let key = lemma.lowercased()
        if let level = overrides[key] { return (level, .teacher) }
        if let cefr = profile.cefr(of: key, pos: pos) { return (CEFRWordList.level(cefr: cefr), .cefrProfile) }
        return (grader.grade(key).level, .model)
    }
}
