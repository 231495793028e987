// Lecture-bundle types added for spaced repetition, ending projects and local media.
// Field names are a public contract (see docs/schemas/lecture.schema.json).

/// One level of the spaced-repetition schedule.
public struct ReviewLevel: Codable, Sendable, Hashable {
    /// 1 basic, 2 intermediate, 3 advanced, 4 master.
    public var level: Int
    public var name: String
    /// A question at this level is asked again after `minDays`…`maxDays` days.
    public var minDays: Int
    public var maxDays: Int
    /// The rendering formats used at this level (`multiple-choice`, `free-text`).
    public var formats: [EngagementQuestion.Format]
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey { case formats, level, maxDays, minDays, name }
    public init(level: Int, name: String, minDays: Int, maxDays: Int, formats: [EngagementQuestion.Format]) {
        self.level = level
        self.name = name
        self.minDays = minDays
        self.maxDays = maxDays
        self.formats = formats
    }
}

/// How an app schedules the question pool: the bundle carries it as data so apps need no constants.
public struct ReviewSchedule: Codable, Sendable, Hashable {
    public var levels: [ReviewLevel]
    /// Correct answers at a level before the question moves up one level.
    public var correctAnswersToAdvance: Int
    /// A question that passed level 4 is mastered and comes back every this many days.
    public var masteredIntervalDays: Int
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey { case correctAnswersToAdvance, levels, masteredIntervalDays }
    public init(levels: [ReviewLevel], correctAnswersToAdvance: Int, masteredIntervalDays: Int) {
        self.levels = levels
        self.correctAnswersToAdvance = correctAnswersToAdvance
        self.masteredIntervalDays = masteredIntervalDays
    }

    /// The lecture app's schedule (docs/LECTURES.md, "Schedule"): 1–2, 3–4, 7–8 and 14–15 days; 7 correct answers to advance; mastered every 20 days.
    public static let standard = ReviewSchedule(
        levels: [
            ReviewLevel(level: 1, name: "basic", minDays: 1, maxDays: 2, formats: [.multipleChoice]),
            ReviewLevel(level: 2, name: "intermediate", minDays: 3, maxDays: 4, formats: [.multipleChoice, .freeText]),
            ReviewLevel(level: 3, name: "advanced", minDays: 7, maxDays: 8, formats: [.freeText]),
            ReviewLevel(level: 4, name: "master", minDays: 14, maxDays: 15, formats: [.freeText]),
        ],
        correctAnswersToAdvance: 7, masteredIntervalDays: 20)
}

/// A practical exercise at the end of a subject, built from that subject's topics.
public struct EndingProject: Codable, Sendable, Hashable {
    public var title: String
    /// What to build or write, in a paragraph.
    public var brief: String
    /// Ordered steps, one per topic the project draws on.
    public var steps: [String]
    /// What a finished project shows; for self-assessment.
    public var checklist: [String]
    /// A skeleton to start from (comments naming each step), when the subject teaches code.
    public var starterCode: String?
    public var language: String?
    /// The topics the project draws on.
    public var topicIds: [String]
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case brief, checklist, language, starterCode, steps, title, topicIds }
    public init(title: String, brief: String, steps: [String], checklist: [String], starterCode: String?,
                language: String?, topicIds: [String]) {
        self.title = title
        self.brief = brief
        self.steps = steps
        self.checklist = checklist
        self.starterCode = starterCode
        self.language = language
        self.topicIds = topicIds
    }
}

/// A local image of the course: the bundle's image blocks point at `path` (relative to the output
/// folder); the publisher copies `source` (relative to the inbox) there.
public struct MediaFile: Codable, Sendable, Hashable {
    public var path: String
    public var source: String
    public init(path: String, source: String) {
        self.path = path
        self.source = source
    }
}
