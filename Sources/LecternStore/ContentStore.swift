import Foundation
import LecternModel

/// The narrow surface the pipeline needs from a ledger + content store.
/// `SQLiteStore` is the one-machine store (runners hold file locks; inputs stay in the inbox); `PostgresStore`
/// (LecternPostgres) is the fleet's (claims with FOR UPDATE SKIP LOCKED, leases by the database clock, inputs kept
/// in the store so that workers need no inbox).
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
    /// Takes up to `limit` runnable stages for `owner` at once (a batch sized to the runner's free slots), in claim
    /// order. PostgreSQL claims them in one statement; the default asks `claimNext` once per slot.
    func claim(owner: String, limit: Int) throws -> [Claim]
    /// Finishes a claim: stores the artifact and marks the stage done, atomically.
    /// Fenced: only while the stage is still `running` under the claim's owner and attempt. Returns false when it
    /// was not (its lease was lost and another runner took it over): the result is then discarded, never published.
    @discardableResult func complete(_ claim: Claim, result: StageResult) throws -> Bool
    /// Fenced like `complete`.
    @discardableResult func fail(_ claim: Claim, error: LecternError, durationMs: Int) throws -> Bool
    /// Gives a claim back after a transient error so that it is tried again. Fenced like `complete`.
    @discardableResult func requeue(_ claim: Claim, error: LecternError) throws -> Bool
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
    func registerRunner(_ runner: RunnerInfo) throws
    func unregisterRunner(id: String) throws
    /// Every registered runner, with what it holds now (`lectern status --workers`), ordered by ID.
    func runners() throws -> [RunnerRecord]
    /// Puts the stages a dead runner held back to pending.
    func releaseClaims(ofRunner id: String) throws -> Int

    // Leases: a store shared by machines cannot see a dead runner's file lock, so a claim is held for a time that
    // the runner keeps extending, measured by the database's clock alone.
    /// How long a claim is held without a heartbeat; nil for a store whose runners hold file locks (SQLite).
    var leaseSeconds: Double? { get }
    /// Extends the leases of the stages `owner` holds and marks it seen. Returns the keys among `holding` that it
    /// no longer holds: their work must be dropped, never completed.
    func heartbeat(owner: String, holding: [StageKey]) throws -> Set<StageKey>
    /// Puts running stages whose lease expired back to pending; a stage that had used its last of `maxAttempts`
    /// fails with `worker-lost`. Returns how many stages it took back.
    func recoverExpiredLeases(maxAttempts: Int) throws -> Int

    // Inputs kept in the store, content-addressed, for workers with no inbox.
    /// Whether this store keeps input bytes: true for PostgreSQL; SQLite's runs read the inbox itself.
    var keepsInputs: Bool { get }
    /// Which of these content hashes the store does not hold yet.
    func missingInputs(_ sha256s: Set<String>) throws -> Set<String>
    /// Stores an input's bytes under their SHA-256 (a no-op when they are there).
    func putInput(sha256: String, data: Data) throws
    func input(sha256: String) throws -> Data?

    // Settings remembered between runs (the inbox a retry reads from).
    func setting(_ key: String) throws -> String?
    func setSetting(_ key: String, _ value: String) throws

    // What the publisher last wrote to each output file, so an unchanged file is neither read nor rewritten.
    func publishedFiles() throws -> [String: PublishedFile]
    func recordPublished(_ files: [PublishedFile], removing paths: [String]) throws
}

extension ContentStore {
    public func claim(owner: String, limit: Int) throws -> [Claim] {
        var claims: [Claim] = []
        while claims.count < limit, let claim = try claimNext(owner: owner) { claims.append(claim) }
        return claims
    }
}

/// Who runs stages: a `lectern run`, `watch` or `worker` process.
public struct RunnerInfo: Sendable, Hashable {
    public var id: String
    public var host: String
    public var pid: Int
    public var jobs: Int
    public init(id: String, host: String, pid: Int, jobs: Int) {
        self.id = id
        self.host = host
        self.pid = pid
        self.jobs = jobs
    }
}

/// A registered runner as `lectern status --workers` shows it.
public struct RunnerRecord: Sendable, Hashable {
    public var info: RunnerInfo
    /// Seconds since 1970, by the store's clock.
    public var startedAt: Double
    /// The latest heartbeat (PostgreSQL) or the registration (SQLite), by the store's clock.
    public var lastSeenAt: Double
    /// The stages it holds now.
    public var holding: [StageKey]
    public init(info: RunnerInfo, startedAt: Double, lastSeenAt: Double, holding: [StageKey]) {
        self.info = info
        self.startedAt = startedAt
        self.lastSeenAt = lastSeenAt
        self.holding = holding
    }
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
