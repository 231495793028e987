import Foundation
import LecternModel

/// The narrow surface the pipeline needs from a ledger + content store.
/// SQLite implements it today; a PostgreSQL backend (claims with FOR UPDATE SKIP LOCKED) would be another conformer.
public protocol ContentStore: Sendable {
    // Inbox scan
    func sourceStats() throws -> [String: SourceStat]
    func saveSourceStats(_ stats: [SourceStat], removing: [String]) throws
    /// Upserts the scanned items and marks every other item absent, in one transaction.
    func replacePresentItems(_ items: [ItemRecord]) throws
    func items(presentOnly: Bool) throws -> [ItemRecord]
    func item(id: String) throws -> ItemRecord?

    // Ledger
    func stageRuns(itemIDs: [String]?) throws -> [StageRun]
    func insertStageRuns(_ runs: [StageRun]) throws
    /// Resets stages to pending with a reason, clearing their error; keeps attempts.
    func resetStages(_ keys: [StageKey], reason: String, force: Bool) throws
    /// Takes the next runnable stage for `owner`, or nil when nothing is runnable now.
    func claimNext(owner: String) throws -> Claim?
    /// Finishes a claim: stores the artifact and marks the stage done, atomically.
    func complete(_ claim: Claim, result: StageResult) throws
    func fail(_ claim: Claim, error: LecternError, durationMs: Int) throws
    /// Gives a claim back after a transient error so that it is tried again.
    func requeue(_ claim: Claim, error: LecternError) throws
    /// Count of stages of present items that some runner holds right now.
    func runningCount() throws -> Int
    /// Count of stages of present items waiting to run.
    func pendingCount() throws -> Int

    // Artifacts (the stage cache)
    func artifact(key: String) throws -> Data?
    /// The output hash of a cached result, or nil when the cache has none for this key.
    func artifactOutputSHA(key: String) throws -> String?
    /// The present posts of a course with their stage runs.
    func members(ofCourse courseID: String) throws -> [CourseMember]

    // Runners: a crashed run's claims are taken back by the next one.
    func registerRunner(id: String) throws
    func unregisterRunner(id: String) throws
    func runnerIDs() throws -> [String]
    /// Puts the stages a dead runner held back to pending.
    func releaseClaims(ofRunner id: String) throws -> Int

    // Settings remembered between runs (the inbox a retry reads from).
    func setting(_ key: String) throws -> String?
    func setSetting(_ key: String, _ value: String) throws

    // What the publisher last wrote to each output file, so an unchanged file is neither read nor rewritten.
    func publishedFiles() throws -> [String: PublishedFile]
    func recordPublished(_ files: [PublishedFile], removing paths: [String]) throws
}

/// An output file as the publisher left it: what it was made from, and its size and modification time then.
/// A file whose stat still matches holds exactly what `source` names.
public struct PublishedFile: Codable, Sendable, Hashable {
    /// Relative to the output folder.
    public var path: String
    /// The hash of what the file was made from (a stage's output hash).
    public var source: String
    public var size: Int64
    public var mtimeNs: Int64
    public init(path: String, source: String, size: Int64, mtimeNs: Int64) {
        self.path = path
        self.source = source
        self.size = size
        self.mtimeNs = mtimeNs
    }
}

public struct StageKey: Sendable, Hashable {
    public var itemID: String
    public var stage: StageID
    public init(itemID: String, stage: StageID) {
        self.itemID = itemID
        self.stage = stage
    }
}

public struct CourseMember: Sendable, Hashable {
    public var item: ItemRecord
    public var runs: [StageRun]
    public init(item: ItemRecord, runs: [StageRun]) {
        self.item = item
        self.runs = runs
    }
}
