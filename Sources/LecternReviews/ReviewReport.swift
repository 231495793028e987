import Foundation
import LecternModel

/// Where each decision of the reviews file stands against the published bundles (`lectern review list`, the review
/// API): applied, waiting for the next run, or reported by its bundle (an orphan, or a correction not applied).
public struct ReviewEntry: Codable, Sendable, Hashable {
    public enum State: String, Codable, Sendable {
        /// The published bundle shows the decision.
        case applied
        /// The next `lectern run` applies it (the published bundle predates it).
        case pending
        /// The question or word no longer exists (the bundle says so, or the item has no bundle).
        case orphan
        /// The bundle reports that the correction was not applied (it breaks a quality rule).
        case notApplied = "not-applied"
    }
    public var id: String
    public var item: String
    public var target: String
    public var decision: String
    public var state: State
    public var message: String?
}

public enum ReviewReport {
    /// The question and word IDs a published bundle of `itemID` shows, and its warnings; nil when there is none.
    public struct Published: Sendable {
        public var questions: [String: MultipleChoiceQuestion] = [:]
        /// A lecture's pool questions, by review ID (`ReviewID.poolQuestion`).
        public var pool: Set<String> = []
        public var words: [String: WordEntry] = [:]
        public var warnings: [String] = []
    }

    public static func published(out: URL, itemID: String) -> Published? {
        let decoder = JSONDecoder()
        for kind in ItemKind.allCases {
            guard let path = OutputLayout.bundle(kind: kind, id: itemID),
                  let data = try? Data(contentsOf: out.appendingPathComponent(path)) else { continue }
            switch kind {
            case .homework:
                guard let bundle = try? decoder.decode(HomeworkBundle.self, from: data) else { continue }
                return Published(questions: Dictionary(bundle.quiz.questions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }),
                                 warnings: bundle.warnings ?? [])
            case .wordlist:
                guard let bundle = try? decoder.decode(WordListBundle.self, from: data) else { continue }
                return Published(words: Dictionary(bundle.words.compactMap { w in w.id.map { ($0, w) } }, uniquingKeysWith: { a, _ in a }),
                                 warnings: bundle.warnings ?? [])
            case .lecture:
                guard let bundle = try? decoder.decode(LectureBundle.self, from: data) else { continue }
                return Published(pool: Set(bundle.questionPool.map { ReviewID.poolQuestion(courseID: itemID, poolID: $0.id) }),
                                 warnings: bundle.warnings ?? [])
            default:
                return Published()   // a kind whose bundle holds nothing a teacher decides about
            }
        }
        return nil
    }

    /// Every decision, in ID order, with its state in `out`'s published bundles.
    public static func entries(_ decisions: ReviewDecisions, out: URL) -> [ReviewEntry] {
        var cache: [String: Published?] = [:]
        func bundle(_ item: String) -> Published? {
            if let known = cache[item] { return known }
            let found = published(out: out, itemID: item)
            cache[item] = found
            return found
        }
        var entries: [ReviewEntry] = []
        for (id, decision) in decisions.questions.sorted(by: { $0.key < $1.key }) {
            let item = ReviewID.itemID(of: id)
            var entry = ReviewEntry(id: id, item: item, target: "question", decision: describe(decision), state: .pending)
            if let published = bundle(item) {
                if let warning = published.warnings.first(where: { $0.contains(id) }) {
                    entry.state = warning.hasPrefix("Correction") ? .notApplied : .orphan
                    entry.message = warning
                } else if decision.rejects {
                    entry.state = published.questions[id] == nil && !published.pool.contains(id) ? .applied : .pending
                } else if let question = published.questions[id] {
                    entry.state = decision.applied(to: question) == question ? .applied : .pending
                }
            } else {
                entry.state = .orphan
                entry.message = "No published bundle has item \(item): the file may have left the inbox."
            }
            entries.append(entry)
        }
        for (id, decision) in decisions.words.sorted(by: { $0.key < $1.key }) {
            let item = ReviewID.itemID(of: id)
            var entry = ReviewEntry(id: id, item: item, target: "word", decision: describe(decision), state: .pending)
            if let published = bundle(item) {
                if let warning = published.warnings.first(where: { $0.contains(id) }) {
                    entry.state = warning.hasPrefix("Correction") ? .notApplied : .orphan
                    entry.message = warning
                } else if let word = published.words[id] {
                    let levelShown = decision.level.map { $0 == word.level && word.levelSource == .teacher } ?? true
                    let definitionShown = decision.definition.map { $0 == word.definition } ?? true
                    let senseShown = decision.sense == nil || word.senseSource == .teacher
                    entry.state = levelShown && definitionShown && senseShown ? .applied : .pending
                }
            } else {
                entry.state = .orphan
                entry.message = "No published homework or word-list bundle has item \(item): the file may have left the inbox."
            }
            entries.append(entry)
        }
        return entries
    }

    static func describe(_ decision: QuestionDecision) -> String {
        if decision.rejects { return "reject" }
        let fields = [("stem", decision.stem != nil), ("options", decision.options != nil),
                      ("answerIndex", decision.answerIndex != nil), ("explanation", decision.explanation != nil)]
        return "correct " + fields.filter(\.1).map(\.0).joined(separator: ", ")
    }

    static func describe(_ decision: WordDecision) -> String {
        var parts: [String] = []
        if let level = decision.level { parts.append("level \(level.rawValue)") }
        if let sense = decision.sense { parts.append("sense \(sense)") }
        if decision.definition != nil { parts.append("definition") }
        return "correct " + parts.joined(separator: ", ")
    }

    /// Whether `id` belongs to a lecture (whose questions can be rejected, not corrected).
    public static func isLecture(_ id: String, out: URL) -> Bool {
        guard let path = OutputLayout.bundle(kind: .lecture, id: ReviewID.itemID(of: id)) else { return false }
        return FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path)
    }

    /// Whether `id` names a question or word of a published bundle in `out` (nil when `out` has no bundle of its item).
    public static func exists(questionID id: String, out: URL) -> Bool? {
        published(out: out, itemID: ReviewID.itemID(of: id)).map { $0.questions[id] != nil || $0.pool.contains(id) }
    }

    public static func exists(wordID id: String, out: URL) -> Bool? {
        published(out: out, itemID: ReviewID.itemID(of: id)).map { $0.words[id] != nil }
    }
}
