import Foundation
import Glibc
import GRDB
import LecternModel

extension ItemKind: DatabaseValueConvertible {}
extension StageState: DatabaseValueConvertible {}
extension ErrorCode: DatabaseValueConvertible {}
extension StageID: DatabaseValueConvertible {}

extension ItemRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "items"
}

extension StageRun: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "stage_runs"

    /// Read by column name, not through Decodable: the Decodable path was an eighth of a no-op run.
    public init(row: Row) throws {
        self.init(itemID: row["itemID"], stage: row["stage"], seq: row["seq"], pendingReason: row["pendingReason"] ?? "")
        pendingReason = row["pendingReason"]
        state = row["state"]
        attempts = row["attempts"]
        errorCode = row["errorCode"]
        errorMessage = row["errorMessage"]
        inputHash = row["inputHash"]
        stageVersion = row["stageVersion"]
        optionsHash = row["optionsHash"]
        artifactKey = row["artifactKey"]
        outputSHA = row["outputSHA"]
        owner = row["owner"]
        force = row["force"]
        startedAt = row["startedAt"]
        finishedAt = row["finishedAt"]
        durationMs = row["durationMs"]
    }
}

extension SourceStat: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "sources"
}

extension PublishedFile: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "published"
}

/// The embedded store: one SQLite file in WAL mode, safe for several processes at once.
/// Every change is one IMMEDIATE transaction, so a killed process leaves either all of it or none.
public final class SQLiteStore: ContentStore {
    private let pool: DatabasePool
    public let path: String

    public init(path: String) throws {
        self.path = path
        var config = Configuration()
        // Another `lectern run` may hold the write lock briefly; wait instead of failing.
        config.busyMode = .timeout(60)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        pool = try DatabasePool(path: path, configuration: config)
        try Self.migrateHoldingLock(pool, path: path)
    }

    /// GRDB's migrator reads which migrations are applied before it takes the write lock, so two processes
    /// opening a new store at once both ran v1 ("table items already exists"); a file lock orders them.
    private static func migrateHoldingLock(_ pool: DatabasePool, path: String) throws {
        let lock = open(path + ".migrate-lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { return try migrator.migrate(pool) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(lock, LOCK_UN) }
        try migrator.migrate(pool)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-ledger") { db in
            try db.create(table: "items") { t in
                t.primaryKey("id", .text)
                t.column("kind", .text).notNull()
                t.column("sourcePath", .text).notNull()
                t.column("sha256", .text).notNull()
                t.column("present", .boolean).notNull()
                t.column("parentID", .text)
                t.column("scanErrorCode", .text)
                t.column("scanErrorMessage", .text)
            }
            try db.create(index: "items_parent", on: "items", columns: ["parentID"])
            try db.create(table: "stage_runs") { t in
                t.column("itemID", .text).notNull().references("items", onDelete: .cascade)
                t.column("stage", .text).notNull()
                t.column("seq", .integer).notNull()
                t.column("state", .text).notNull()
                t.column("attempts", .integer).notNull()
                t.column("errorCode", .text)
                t.column("errorMessage", .text)
                t.column("inputHash", .text)
                t.column("stageVersion", .integer)
                t.column("optionsHash", .text)
                t.column("artifactKey", .text)
                t.column("outputSHA", .text)
                t.column("owner", .text)
                t.column("force", .boolean).notNull()
                t.column("pendingReason", .text)
                t.column("startedAt", .double)
                t.column("finishedAt", .double)
                t.column("durationMs", .integer)
                t.primaryKey(["itemID", "stage"])
            }
            try db.create(index: "stage_runs_state", on: "stage_runs", columns: ["state", "seq"])
            try db.create(table: "artifacts") { t in
                t.primaryKey("key", .text)
                t.column("stage", .text).notNull()
                t.column("outputSHA", .text).notNull()
                t.column("data", .blob).notNull()
            }
            try db.create(table: "sources") { t in
                t.primaryKey("path", .text)
                t.column("size", .integer).notNull()
                t.column("mtimeNs", .integer).notNull()
                t.column("inode", .integer).notNull()
                t.column("sha256", .text).notNull()
            }
            try db.create(table: "runners") { t in
                t.primaryKey("id", .text)
                t.column("startedAt", .double).notNull()
            }
            try db.create(table: "settings") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        // The claim query walks pending stages in (seq, itemID) order and stops at the first runnable one;
        // without this index it sorted every pending stage on every claim (quadratic at 10,000 items).
        migrator.registerMigration("v2-claim-index") { db in
            try db.create(index: "stage_runs_claim", on: "stage_runs", columns: ["state", "seq", "itemID"])
        }
        // A no-op run compared every bundle with its stored result by reading both; this record lets it stat instead.
        migrator.registerMigration("v3-published") { db in
            try db.create(table: "published") { t in
                t.primaryKey("path", .text)
                t.column("source", .text).notNull()
                t.column("size", .integer).notNull()
                t.column("mtimeNs", .integer).notNull()
            }
        }
        // Fleet support shared with PostgreSQL: who runs stages (for `status --workers`) and the input bytes.
        migrator.registerMigration("v4-runners-inputs") { db in
            try db.alter(table: "runners") { t in
                t.add(column: "host", .text).notNull().defaults(to: "")
                t.add(column: "pid", .integer).notNull().defaults(to: 0)
                t.add(column: "jobs", .integer).notNull().defaults(to: 0)
                t.add(column: "lastSeenAt", .double).notNull().defaults(to: 0)
            }
            try db.create(table: "inputs") { t in
                t.primaryKey("sha256", .text)
                t.column("data", .blob).notNull()
            }
        }
        return migrator
    }

    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction(.immediate) {
                result = try body(db)
                return .commit
            }
            return result!
        }
    }

    // MARK: Inbox scan

    public func sourceStats() throws -> [String: SourceStat] {
        let all = try pool.read { db in try SourceStat.fetchAll(db) }
        return Dictionary(all.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func saveSourceStats(_ stats: [SourceStat], removing: [String]) throws {
        guard !stats.isEmpty || !removing.isEmpty else { return }
        try write { db in
            for stat in stats { try stat.save(db) }
            for path in removing { _ = try SourceStat.deleteOne(db, key: path) }
        }
    }

    public func replacePresentItems(_ items: [ItemRecord]) throws {
        // Compare first, write only what differs: a rerun over an unchanged inbox writes nothing.
        try write { db in
            let current = Dictionary(try ItemRecord.filter(Column("present") == true).fetchAll(db).map { ($0.id, $0) },
                                     uniquingKeysWith: { first, _ in first })
            let wanted = Set(items.map(\.id))
            for id in current.keys where !wanted.contains(id) {
                try db.execute(sql: "UPDATE items SET present = 0 WHERE id = ?", arguments: [id])
            }
            for item in items where current[item.id] != item { try item.save(db) }
        }
    }

    public func items(presentOnly: Bool) throws -> [ItemRecord] {
        try pool.read { db in
            presentOnly
                ? try ItemRecord.filter(Column("present") == true).order(Column("sourcePath"), Column("id")).fetchAll(db)
                : try ItemRecord.order(Column("sourcePath"), Column("id")).fetchAll(db)
        }
    }

    public func item(id: String) throws -> ItemRecord? {
        try pool.read { db in try ItemRecord.fetchOne(db, key: id) }
    }

    // MARK: Ledger

    public func stageRuns(itemIDs: [String]?) throws -> [StageRun] {
        try pool.read { db in
            if let itemIDs {
                return try StageRun.filter(itemIDs.contains(Column("itemID"))).order(Column("itemID"), Column("seq")).fetchAll(db)
            }
            return try StageRun.order(Column("itemID"), Column("seq")).fetchAll(db)
        }
    }

    public func insertStageRuns(_ runs: [StageRun]) throws {
        guard !runs.isEmpty else { return }
        try write { db in
            for run in runs { try run.insert(db, onConflict: .ignore) }
        }
    }

    public func resetStages(_ keys: [StageKey], reason: String, force: Bool) throws {
        guard !keys.isEmpty else { return }
        try write { db in
            for key in keys {
                // A stage another runner holds right now is left alone; its result will be checked next run.
                try db.execute(sql: """
                    UPDATE stage_runs
                    SET state = 'pending', errorCode = NULL, errorMessage = NULL, owner = NULL,
                        pendingReason = ?, force = (force OR ?)
                    WHERE itemID = ? AND stage = ? AND state != 'running'
                    """, arguments: [reason, force, key.itemID, key.stage])
            }
        }
    }

    /// Runnable: pending, every earlier stage of the item done, and (for a course) no member still waiting to be parsed.
    /// Plan (EXPLAIN QUERY PLAN): walk `stage_runs_claim` in (seq, itemID) order and stop at the first runnable row;
    /// earlier stages by primary key; a course's members by `items_parent`, then their stages by primary key. The
    /// unary `+` keeps SQLite from driving those subqueries by `state` or `present`, which would scan every pending
    /// stage or present item for each candidate (quadratic at 10,000 items).
    private static let claimSQL = """
        SELECT s.itemID, s.stage FROM stage_runs s
        JOIN items i ON i.id = s.itemID
        WHERE s.state = 'pending' AND i.present = 1
          AND NOT EXISTS (SELECT 1 FROM stage_runs u
                          WHERE u.itemID = s.itemID AND u.seq < s.seq AND +u.state != 'done')
          AND NOT EXISTS (SELECT 1 FROM items m
                          WHERE m.parentID = s.itemID AND +m.present = 1
                            AND EXISTS (SELECT 1 FROM stage_runs c
                                        WHERE c.itemID = m.id AND +c.state IN ('pending', 'running')))
        ORDER BY s.seq, s.itemID
        LIMIT 1
        """

    public func claimNext(owner: String) throws -> Claim? {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: Self.claimSQL) else { return nil }
            let itemID: String = row["itemID"]
            let stage: String = row["stage"]
            try db.execute(sql: """
                UPDATE stage_runs SET state = 'running', owner = ?, attempts = attempts + 1, startedAt = ?
                WHERE itemID = ? AND stage = ?
                """, arguments: [owner, Date().timeIntervalSince1970, itemID, stage])
            guard let run = try StageRun.fetchOne(db, key: ["itemID": itemID, "stage": stage]),
                  let item = try ItemRecord.fetchOne(db, key: itemID) else { return nil }
            return Claim(item: item, run: run)
        }
    }

    /// The fence every finishing write carries: the claim's own runner and attempt, still running.
    private static let heldByClaim = "itemID = ? AND stage = ? AND owner = ? AND attempts = ? AND state = 'running'"

    private static func fence(_ claim: Claim) -> StatementArguments {
        [claim.run.itemID, claim.run.stage, claim.run.owner, claim.run.attempts]
    }

    @discardableResult public func complete(_ claim: Claim, result: StageResult) throws -> Bool {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM stage_runs WHERE \(Self.heldByClaim)",
                                    arguments: Self.fence(claim)) == true else { return false }
            if let artifact = result.artifact {
                try db.execute(sql: """
                    INSERT INTO artifacts (key, stage, outputSHA, data) VALUES (?, ?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET outputSHA = excluded.outputSHA, data = excluded.data
                    """, arguments: [result.artifactKey, claim.run.stage, result.outputSHA, artifact])
            }
            for (name, data) in result.attachments.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: """
                    INSERT INTO artifacts (key, stage, outputSHA, data) VALUES (?, ?, '', ?)
                    ON CONFLICT(key) DO UPDATE SET data = excluded.data
                    """, arguments: [StageResult.attachmentKey(result.artifactKey, name), claim.run.stage, data])
            }
            for (key, data) in result.partResults.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: """
                    INSERT INTO artifacts (key, stage, outputSHA, data) VALUES (?, ?, '', ?) ON CONFLICT(key) DO NOTHING
                    """, arguments: [key, claim.run.stage, data])
            }
            try db.execute(sql: """
                UPDATE stage_runs
                SET state = 'done', owner = NULL, errorCode = NULL, errorMessage = NULL, force = 0, pendingReason = NULL,
                    inputHash = ?, stageVersion = ?, optionsHash = ?, artifactKey = ?, outputSHA = ?,
                    finishedAt = ?, durationMs = ?
                WHERE \(Self.heldByClaim)
                """, arguments: [result.inputHash, result.stageVersion, result.optionsHash, result.artifactKey,
                                 result.outputSHA, Date().timeIntervalSince1970, result.durationMs] + Self.fence(claim))
            return true
        }
    }

    @discardableResult public func fail(_ claim: Claim, error: LecternError, durationMs: Int) throws -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE stage_runs
                SET state = 'failed', owner = NULL, errorCode = ?, errorMessage = ?, force = 0, pendingReason = NULL,
                    finishedAt = ?, durationMs = ?
                WHERE \(Self.heldByClaim)
                """, arguments: [error.code, error.message, Date().timeIntervalSince1970, durationMs] + Self.fence(claim))
            return db.changesCount > 0
        }
    }

    @discardableResult public func requeue(_ claim: Claim, error: LecternError) throws -> Bool {
        try write { db in
            try db.execute(sql: """
                UPDATE stage_runs SET state = 'pending', owner = NULL, pendingReason = ?
                WHERE \(Self.heldByClaim)
                """, arguments: ["retrying after a passing problem: \(error.message)"] + Self.fence(claim))
            return db.changesCount > 0
        }
    }

    public func runningCount() throws -> Int {
        try count(state: .running)
    }

    public func pendingCount() throws -> Int {
        try count(state: .pending)
    }

    private func count(state: StageState) throws -> Int {
        try pool.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM stage_runs s JOIN items i ON i.id = s.itemID
                WHERE s.state = ? AND i.present = 1
                """, arguments: [state]) ?? 0
        }
    }

    // MARK: Artifacts

    public func artifact(key: String) throws -> Data? {
        try pool.read { db in try Data.fetchOne(db, sql: "SELECT data FROM artifacts WHERE key = ?", arguments: [key]) }
    }

    public func artifactOutputSHA(key: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT outputSHA FROM artifacts WHERE key = ?", arguments: [key]) }
    }

    public func members(ofCourse courseID: String) throws -> [CourseMember] {
        try pool.read { db in
            let items = try ItemRecord.filter(Column("parentID") == courseID && Column("present") == true)
                .order(Column("sourcePath")).fetchAll(db)
            let runs = try StageRun.filter(items.map(\.id).contains(Column("itemID"))).order(Column("seq")).fetchAll(db)
            let byItem = Dictionary(grouping: runs, by: \.itemID)
            return items.map { CourseMember(item: $0, runs: byItem[$0.id] ?? []) }
        }
    }

    // MARK: Runners

    public func registerRunner(_ runner: RunnerInfo) throws {
        let now = Date().timeIntervalSince1970
        try write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO runners (id, startedAt, host, pid, jobs, lastSeenAt) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [runner.id, now, runner.host, runner.pid, runner.jobs, now])
        }
    }

    public func unregisterRunner(id: String) throws {
        try write { db in try db.execute(sql: "DELETE FROM runners WHERE id = ?", arguments: [id]) }
    }

    public func runners() throws -> [RunnerRecord] {
        try pool.read { db in
            let held = Dictionary(grouping: try Row.fetchAll(db, sql: """
                SELECT owner, itemID, stage FROM stage_runs WHERE state = 'running' ORDER BY itemID, seq
                """), by: { $0["owner"] as String? ?? "" })
            return try Row.fetchAll(db, sql: "SELECT * FROM runners ORDER BY id").map { row in
                let id: String = row["id"]
                return RunnerRecord(info: RunnerInfo(id: id, host: row["host"], pid: row["pid"], jobs: row["jobs"]),
                                    startedAt: row["startedAt"], lastSeenAt: row["lastSeenAt"],
                                    holding: (held[id] ?? []).map { StageKey(itemID: $0["itemID"], stage: $0["stage"]) })
            }
        }
    }

    public func releaseClaims(ofRunner id: String) throws -> Int {
        try write { db in
            try db.execute(sql: """
                UPDATE stage_runs SET state = 'pending', owner = NULL, pendingReason = 'an earlier run stopped while working on it'
                WHERE state = 'running' AND owner = ?
                """, arguments: [id])
            let released = db.changesCount
            try db.execute(sql: "DELETE FROM runners WHERE id = ?", arguments: [id])
            return released
        }
    }

    // MARK: Leases: SQLite's runners hold file locks instead (`RunnerLock`), so nothing expires.

    public var leaseSeconds: Double? { nil }

    public func heartbeat(owner: String, holding: [StageKey]) throws -> Set<StageKey> {
        try write { db in
            try db.execute(sql: "UPDATE runners SET lastSeenAt = ? WHERE id = ?", arguments: [Date().timeIntervalSince1970, owner])
            var lost = Set<StageKey>()
            for key in holding where try Bool.fetchOne(db, sql: """
                SELECT 1 FROM stage_runs WHERE itemID = ? AND stage = ? AND owner = ? AND state = 'running'
                """, arguments: [key.itemID, key.stage, owner]) != true {
                lost.insert(key)
            }
            return lost
        }
    }

    public func recoverExpiredLeases(maxAttempts: Int) throws -> Int { 0 }

    // MARK: Inputs: kept for `check --store` and the conformance tests; a SQLite run reads its inbox.

    public var keepsInputs: Bool { false }

    public func missingInputs(_ sha256s: Set<String>) throws -> Set<String> {
        guard !sha256s.isEmpty else { return [] }
        let present = try pool.read { db in
            try String.fetchSet(db, sql: "SELECT sha256 FROM inputs WHERE sha256 IN (\(databaseQuestionMarks(count: sha256s.count)))",
                                arguments: StatementArguments(Array(sha256s)))
        }
        return sha256s.subtracting(present)
    }

    public func putInput(sha256: String, data: Data) throws {
        try write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO inputs (sha256, data) VALUES (?, ?)", arguments: [sha256, data])
        }
    }

    public func input(sha256: String) throws -> Data? {
        try pool.read { db in try Data.fetchOne(db, sql: "SELECT data FROM inputs WHERE sha256 = ?", arguments: [sha256]) }
    }

    // MARK: Settings

    public func setting(_ key: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM settings WHERE key = ?", arguments: [key]) }
    }

    public func setSetting(_ key: String, _ value: String) throws {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    // MARK: Published files

    public func publishedFiles() throws -> [String: PublishedFile] {
        let all = try pool.read { db in try PublishedFile.fetchAll(db) }
        return Dictionary(all.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func recordPublished(_ files: [PublishedFile], removing paths: [String]) throws {
        guard !files.isEmpty || !paths.isEmpty else { return }
        try write { db in
            for path in paths { _ = try PublishedFile.deleteOne(db, key: path) }
            for file in files { try file.upsert(db) }
        }
    }
}

extension LecternError {
    /// A content-store failure as the pipeline reports it, from SQLite's result code: a full disk or a busy
    /// store. Both are transient, so the stage is tried again.
    public init(storeFailure error: any Error) {
        if let error = error as? LecternError {
            self = error
            return
        }
        let full = (error as? DatabaseError)?.resultCode == .SQLITE_FULL
        self.init(full ? .diskFull : .storeBusy, "The content store could not be used: \(error)")
    }
}
