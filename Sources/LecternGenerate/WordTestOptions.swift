import LecternModel

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
