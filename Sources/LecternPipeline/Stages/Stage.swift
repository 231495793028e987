import Foundation
import LecternJSON
import LecternModel
import LecternStore

/// One stage of the pipeline: its options, what its result depends on, its version, and how it runs.
///
/// Adding a stage: a case in `StageID` and its place in a kind's chain (`ItemKinds.swift`), one file in `Stages/`
/// with a value conforming to `Stage`, and that value in `Stages.all`.
protocol Stage: Sendable {
    associatedtype Options: StageOptions
    var id: StageID { get }
    /// Bump when the output for the same input changes (and say what changed in CHANGELOG.md): cached results are
    /// then rebuilt.
    var version: Int { get }
    /// Where the stage's options live in a pipeline configuration.
    var options: WritableKeyPath<PipelineConfig, Options> { get }
    /// What its result is made from; this decides its input hash.
    var reads: StageReads { get }
    /// Whether the teacher's review decisions about the item (`lectern-reviews.yml`) are part of its input.
    var readsReviews: Bool { get }
    /// Makes the stage's result (canonical JSON) for a claimed item.
    func run(_ claim: Claim, options: Options, worker: StageExecutor) throws(LecternError) -> StageOutput
}

/// A stage's result, and the media the publisher puts beside the item's bundle, named relative to the item:
/// where they go is `OutputLayout.media`'s decision, made when publishing.
struct StageOutput {
    var result: Data
    /// Media made by the stage, stored with its result (a homework thumbnail).
    var media: [String: Data] = [:]
    /// Media copied from the inbox when publishing: name → inbox-relative path (a course's images).
    var inboxMedia: [String: String] = [:]
    /// A course's topics read aloud: topic ID → the store key of its MP3, published at `OutputLayout.voice`.
    var voiceMedia: [String: String] = [:]
    /// Results of parts of the stage, cached under their own keys so that a later run reuses each one alone (a
    /// topic's audio is keyed by what it says and how): key → bytes.
    var partResults: [String: Data] = [:]
}

/// The list of a result's media, stored beside it (`StageResult.attachmentKey(key, StageMedia.listName)`) so that
/// the publisher reads this small list, not the bundle.
struct StageMedia: Codable, Equatable {
    static let listName = "media"
    /// Names whose bytes are stored as the attachment `storedName(name)`.
    var stored: [String]
    /// Name → inbox-relative path.
    var inbox: [String: String]
    /// Topic ID → the store key of its narration MP3 (`StageOutput.voiceMedia`); absent for other stages.
    var voice: [String: String]? = nil

    static func storedName(_ name: String) -> String { listName + "/" + name }
}

/// What a stage's result is made from.
enum StageReads {
    /// The item's own file.
    case sourceFile
    /// The result of the stage before it in the item's chain (and the item it describes: a bundle names its source).
    case upstreamResult
    /// A course's files and what parsing each of its posts gave.
    case coursePosts
    /// The result before it, and the course's files (its `course.yml` says whether the course is read aloud).
    case courseResult
}

/// The facts from the ledger that a stage's input hash is made of: the same when a run decides whether a result
/// is stale (`Reconciler`) and when a worker keys a new result (`StageExecutor`).
struct StageInput {
    var item: ItemRecord
    var upstream: StageRun?
    var members: [CourseMember] = []
    /// The hash of the item's review decisions, for a stage that applies them and when there are some.
    var reviews: String? = nil
}

extension StageReads {
    func inputHash(_ input: StageInput) -> String {
        switch self {
        case .sourceFile:
            return input.item.sha256
        case .upstreamResult:
            // Without decisions the hash is what it was before reviews existed: cached results stay valid.
            let reviews = input.reviews.map { "\nreviews \($0)" } ?? ""
            return ContentHash.sha256("\(input.upstream?.outputSHA ?? "")\n\(input.item.id)\n\(input.item.sourcePath)\(reviews)")
        case .courseResult:
            return ContentHash.sha256("\(input.upstream?.outputSHA ?? "")\n\(input.item.id)\n\(input.item.sourcePath) \(input.item.sha256)")
        case .coursePosts:
            var lines = ["\(input.item.sourcePath) \(input.item.sha256)"]
            for member in input.members.sorted(by: { $0.item.sourcePath < $1.item.sourcePath }) {
                let parse = member.runs.first { $0.stage == .parse }
                let outcome = parse?.state == .done ? (parse?.outputSHA ?? "") : "failed:\(parse?.errorCode?.rawValue ?? "")"
                lines.append("\(member.item.sourcePath) \(member.item.sha256) \(outcome)")
            }
            if let reviews = input.reviews { lines.append("reviews \(reviews)") }
            return ContentHash.sha256(lines.joined(separator: "\n"))
        }
    }
}

extension Stage {
    var readsReviews: Bool { false }

    /// The hash of the decisions about `itemID` this stage applies; nil when it applies none or there are none.
    func reviewsHash(_ config: PipelineConfig, itemID: String) -> String? {
        guard readsReviews else { return nil }
        let decisions = config.reviews.forItem(itemID)
        guard !decisions.isEmpty else { return nil }
        return ContentHash.sha256((try? CanonicalJSON.encode(decisions)) ?? Data())
    }

    func optionsHash(_ config: PipelineConfig) -> String {
        ContentHash.sha256((try? CanonicalJSON.encode(config[keyPath: options])) ?? Data())
    }

    /// Lays a pipeline file's `stages.<name>` mapping over the defaults of this stage's options.
    func applyOptions(_ node: PipelineConfig.OptionsNode, to config: inout PipelineConfig) throws(ConfigError) {
        config[keyPath: options] = try config.decodeOptions(node, stage: id)
    }

    func run(_ claim: Claim, config: PipelineConfig, worker: StageExecutor) throws(LecternError) -> StageOutput {
        try run(claim, options: config[keyPath: options], worker: worker)
    }
}

/// Every stage, by name.
enum Stages {
    static let all: [any Stage] = [OCRStage(), WordsStage(), ParseStage(), QuizStage(), WordTestStage(), LectureStage(), NarrateStage()]

    private static let byID: [StageID: any Stage] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    static func stage(_ id: StageID) -> any Stage {
        guard let stage = byID[id] else { preconditionFailure("stage \(id.rawValue) is not in Stages.all") }
        return stage
    }
}
