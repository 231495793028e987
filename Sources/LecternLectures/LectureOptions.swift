import LecternModel

/// Options of the `lecture` stage (courses).
public struct LectureOptions: Codable, Sendable, Hashable {
    /// Split a post into one topic per `h2` section.
    public var splitAtH2 = true
    /// Pool items per topic (each with renderings for levels 1–4); 0 turns the pool off.
    public var poolQuestionsPerTopic = 3
    /// An ending project per subject (a course can still turn it off with `project: false` in course.yml).
    public var endingProjects = true

    public init() {}

    public func problem() -> OptionProblem? {
        if !(0...10).contains(poolQuestionsPerTopic) {
            return OptionProblem("poolQuestionsPerTopic", "must be between 0 and 10, not \(poolQuestionsPerTopic)")
        }
        return nil
    }
}
