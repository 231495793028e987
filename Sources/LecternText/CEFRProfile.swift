import Foundation
import LecternModel

/// Published CEFR levels of English words by part of speech (`Resources/cefr-profile.txt`, derived from cefrpy's
/// database by `scripts/make-cefr-profile.py`; MIT). Parsed once per process.
public final class CEFRProfile: Sendable {
    /// Per word, five CEFR levels in tenths (10 = A1 … 60 = C2, 0 = none): noun, verb, adjective, adverb, any.
    private let levels: [String: [UInt8]]

    /// cefrpy's fractional levels below this are beginner, from `advancedFrom` on advanced. Calibrated on the
    /// development rows of published CEFR lists (scripts/data, docs/GRADING.md): any beginner threshold from 2.1 to
    /// 3.0 fits them equally (2.5 is plain rounding); advanced from 4.1, because the lists call C1 many words cefrpy
    /// puts at B2 and a little above.
    public static let beginnerBelow = 2.5
    public static let advancedFrom = 4.1

    public static let shared: CEFRProfile = {
        guard let url = Bundle.module.url(forResource: "cefr-profile", withExtension: "txt", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "cefr-profile", withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            fatalError("LecternText resource cefr-profile.txt is missing")
        }
        return CEFRProfile(text: text)
    }()

    /// Parses the resource's format: `word<TAB>` five numbers in tenths (noun verb adjective adverb any), separated
    /// by spaces; `#` lines are comments.
    public init(text: String) {
        var levels: [String: [UInt8]] = [:]
        levels.reserveCapacity(80_000)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let tenths = line[line.index(after: tab)...].split(separator: " ").compactMap { UInt8($0) }
            guard tenths.count == 5, tenths.allSatisfy({ $0 <= 60 }) else { continue }
            levels[String(line[..<tab])] = tenths
        }
        self.levels = levels
    }

    public var count: Int { levels.count }

    /// The CEFR level (1.0 = A1 … 6.0 = C2, fractional as cefrpy gives it) of `lemma` as `pos`; without a level for
    /// that part of speech (or without one), the word's level over all its parts of speech; nil when the profile
    /// does not have the word.
    public func cefr(of lemma: String, pos: PartOfSpeech?) -> Double? {
        guard let tenths = levels[lemma.lowercased()] else { return nil }
        let chosen: UInt8?
        if let pos, let k = PartOfSpeech.allCases.firstIndex(of: pos), tenths[k] > 0 { chosen = tenths[k] }
        else { chosen = tenths[4] > 0 ? tenths[4] : tenths.first(where: { $0 > 0 }) }
        return chosen.map { Double($0) / 10 }
    }

    /// The word-list level of `lemma` as `pos` (`cefr(of:pos:)` against the calibrated thresholds).
    public func level(of lemma: String, pos: PartOfSpeech?) -> WordLevel? {
        cefr(of: lemma, pos: pos).map { $0 < CEFRProfile.beginnerBelow ? .beginner : ($0 < CEFRProfile.advancedFrom ? .intermediate : .advanced) }
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
        if let level = profile.level(of: key, pos: pos) { return (level, .cefrProfile) }
        return (grader.grade(key).level, .model)
    }
}
