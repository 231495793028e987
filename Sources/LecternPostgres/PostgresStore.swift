import Foundation
import LecternModel
import LecternStore

/// The fleet's store: one PostgreSQL database that workers on any machine share. Claims are single statements with
/// `FOR UPDATE SKIP LOCKED`; a claim is held by a lease that its worker extends, measured by the server's clock
/// alone; completions are fenced by owner and attempt; inputs are kept in the store so that workers need no inbox.
///
/// Connection loss: every call is retried on a new connection (with backoff, for `retryWindow` seconds) when the
/// connection is found dead before the statement goes out. After a statement went out, only idempotent calls are
/// sent again: reads, upserts, state set to a fixed value, heartbeats, recovery, and the fenced completions, which
/// recognise their own earlier commit. `claim` is not: a claim whose answer was lost comes back when its lease ends.
public final class PostgresStore: ContentStore {
    private let pool: ConnectionPool
    public let leaseSeconds: Double?
    public var keepsInputs: Bool { true }

    /// Opens `url` (`postgres://USER@HOST:PORT/DB`, a socket directory through `?host=/path`; anything libpq reads)
    /// and brings its schema up to date. `?lease=SECONDS` sets how long a claim lasts without a heartbeat (30 s).
    /// `connections` bounds the pool (the pipeline passes its jobs plus 2); `retryWindow` is how long a call keeps
    /// trying to reach the server before it fails with `store-unreachable`.
    public init(url: String, connections: Int, retryWindow: Double = 15) throws {
        let (conninfo, lease) = try Self.split(url)
        leaseSeconds = lease
        pool = ConnectionPool(conninfo: conninfo, size: connections, retryWindow: retryWindow)
        try call { connection throws(PGFailure) in try Schema.migrate(connection) }
    }

    /// Takes Lectern's own parameters out of the URL; libpq refuses query parameters it does not know.
    private static func split(_ url: String) throws(LecternError) -> (conninfo: String, lease: Double) {
        guard var components = URLComponents(string: url), let scheme = components.scheme,
              scheme == "postgres" || scheme == "postgresql" else {
            throw LecternError(.storeUnreachable, "The store address is not a postgres:// URL.")
        }
        var lease = 30.0
        if let item = components.queryItems?.first(where: { $0.name == "lease" }) {
            guard let seconds = item.value.flatMap(Double.init), seconds > 0 else {
                throw LecternError(.storeUnreachable, "lease=\(item.value ?? "") in the store address is not a number of seconds.")
            }
            lease = seconds
        }
        let rest = components.queryItems?.filter { $0.name != "lease" } ?? []
        components.queryItems = rest.isEmpty ? nil : rest
        return (components.string ?? url, lease)
    }

    /// Runs `body` on a pooled connection and reports failures as `LecternError`s.
    @discardableResult
    private func call<T>(_ retry: ConnectionPool.Retry = .idempotent,
                         _ body: (PGConnection) throws(PGFailure) -> T) throws(LecternError) -> T {
        do { return try pool.withConnection(retry, body) } catch { throw error.lecternError }
    }

    private var lease: PGParam { .double(leaseSeconds ?? 30) }

    // MARK: Inbox scan

    public func sourceStats() throws -> [String: SourceStat] {
        let rows = try call { c throws(PGFailure) in try c.query("SELECT path, size, mtime_ns, inode, sha256 FROM sources") }
        return Dictionary(rows.map { row in
            let stat = SourceStat(path: row.string(0) ?? "", size: Int64(row.int(1) ?? 0), mtimeNs: Int64(row.int(2) ?? 0),
                                  inode: UInt64(bitPattern: Int64(row.int(3) ?? 0)), sha256: row.string(4) ?? "")
            return (stat.path, stat)
        }, uniquingKeysWith: { first, _ in first })
    }

    public func saveSourceStats(_ stats: [SourceStat], removing: [String]) throws {
        guard !stats.isEmpty || !removing.isEmpty else { return }
        try call { c throws(PGFailure) in
            try c.transaction { () throws(PGFailure) in
                for stat in stats {
                    try c.query("""
                        INSERT INTO sources (path, size, mtime_ns, inode, sha256) VALUES ($1, $2, $3, $4, $5)
                        ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns,
                            inode = excluded.inode, sha256 = excluded.sha256
                        """, [.text(stat.path), .int(Int(stat.size)), .int(Int(stat.mtimeNs)),
                              .int(Int(Int64(bitPattern: stat.inode))), .text(stat.sha256)])
                }
                if !removing.isEmpty {
                    try c.query("DELETE FROM sources WHERE path = ANY($1::text[])", [.textArray(removing)])
                }
            }
        }
    }

    /// In the order `item(_:at:)` reads them.
    private static let itemColumnNames = ["id", "kind", "source_path", "sha256", "present", "parent_id", "scan_error_code",
                                          "scan_error_message"]
    private static let itemColumns = itemColumnNames.joined(separator: ", ")

    private static func item(_ row: PGRow, at o: Int = 0) throws(PGFailure) -> ItemRecord {
        guard let id = row.string(o), let kind = row.string(o + 1).flatMap(ItemKind.init(rawValue:)) else {
            throw .unreadable("an item row")
        }
        var item = ItemRecord(id: id, kind: kind, sourcePath: row.string(o + 2) ?? "", sha256: row.string(o + 3) ?? "",
                              present: row.bool(o + 4) ?? false, parentID: row.string(o + 5))
        item.scanErrorCode = row.string(o + 6).flatMap(ErrorCode.init(rawValue:))
        item.scanErrorMessage = row.string(o + 7)
        return item
    }

    public func replacePresentItems(_ items: [ItemRecord]) throws {
        // Compare first, write only what differs: a rerun over an unchanged inbox writes nothing.
        try call { c throws(PGFailure) in
            try c.transaction { () throws(PGFailure) in
                var current: [String: ItemRecord] = [:]
                for row in try c.query("SELECT \(Self.itemColumns) FROM items WHERE present") {
                    let item = try Self.item(row)
                    current[item.id] = item
                }
                let wanted = Set(items.map(\.id))
                let gone = current.keys.filter { !wanted.contains($0) }
                if !gone.isEmpty {
                    try c.query("UPDATE items SET present = false WHERE id = ANY($1::text[])", [.textArray(gone)])
                }
                for item in items where current[item.id] != item {
                    try c.query("""
                        INSERT INTO items (\(Self.itemColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                        ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, source_path = excluded.source_path,
                            sha256 = excluded.sha256, present = excluded.present, parent_id = excluded.parent_id,
                            scan_error_code = excluded.scan_error_code, scan_error_message = excluded.scan_error_message
                        """, [.text(item.id), .text(item.kind.rawValue), .text(item.sourcePath), .text(item.sha256),
                              .bool(item.present), .optional(item.parentID), .optional(item.scanErrorCode?.rawValue),
                              .optional(item.scanErrorMessage)])
                }
            }
        }
    }

    public func items(presentOnly: Bool) throws -> [ItemRecord] {
        try call { c throws(PGFailure) in
            try c.query("SELECT \(Self.itemColumns) FROM items \(presentOnly ? "WHERE present" : "") ORDER BY source_path, id")
                .map { row throws(PGFailure) in try Self.item(row) }
        }
    }

    public func item(id: String) throws -> ItemRecord? {
        try call { c throws(PGFailure) in
            try c.query("SELECT \(Self.itemColumns) FROM items WHERE id = $1", [.text(id)]).first
                .map { row throws(PGFailure) in try Self.item(row) }
        }
    }

    // MARK: Ledger

    /// In the order `stageRun(_:at:)` reads them.
    private static let runColumnNames = ["item_id", "stage", "seq", "state", "attempts", "error_code", "error_message",
                                         "input_hash", "stage_version", "options_hash", "artifact_key", "output_sha", "owner",
                                         "force", "pending_reason", "started_at", "finished_at", "duration_ms"]

    private static func runColumns(_ table: String) -> String {
        runColumnNames.map { "\(table).\($0)" }.joined(separator: ", ")
    }

    private static func stageRun(_ row: PGRow, at o: Int = 0) throws(PGFailure) -> StageRun {
        guard let itemID = row.string(o), let stage = row.string(o + 1).flatMap(StageID.init(rawValue:)),
              let state = row.string(o + 3).flatMap(StageState.init(rawValue:)) else {
            throw .unreadable("a stage_runs row")
        }
        var run = StageRun(itemID: itemID, stage: stage, seq: row.int(o + 2) ?? 0, pendingReason: "")
        run.state = state
        run.attempts = row.int(o + 4) ?? 0
        run.errorCode = row.string(o + 5).flatMap(ErrorCode.init(rawValue:))
        run.errorMessage = row.string(o + 6)
        run.inputHash = row.string(o + 7)
        run.stageVersion = row.int(o + 8)
        run.optionsHash = row.string(o + 9)
        run.artifactKey = row.string(o + 10)
        run.outputSHA = row.string(o + 11)
        run.owner = row.string(o + 12)
        run.force = row.bool(o + 13) ?? false
        run.pendingReason = row.string(o + 14)
        run.startedAt = row.double(o + 15)
        run.finishedAt = row.double(o + 16)
        run.durationMs = row.int(o + 17)
        return run
    }

    public func stageRuns(itemIDs: [String]?) throws -> [StageRun] {
        try call { c throws(PGFailure) in
            let rows = if let itemIDs {
                try c.query("SELECT \(Self.runColumns("s")) FROM stage_runs s WHERE item_id = ANY($1::text[]) ORDER BY item_id, seq",
                            [.textArray(itemIDs)])
            } else {
                try c.query("SELECT \(Self.runColumns("s")) FROM stage_runs s ORDER BY item_id, seq")
            }
            return try rows.map { row throws(PGFailure) in try Self.stageRun(row) }
        }
    }

    public func insertStageRuns(_ runs: [StageRun]) throws {
        guard !runs.isEmpty else { return }
        try call { c throws(PGFailure) in
            try c.transaction { () throws(PGFailure) in
                for run in runs {
                    try c.query("""
                        INSERT INTO stage_runs (\(Self.runColumnNames.joined(separator: ", ")))
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
                        ON CONFLICT DO NOTHING
                        """, [.text(run.itemID), .text(run.stage.rawValue), .int(run.seq), .text(run.state.rawValue),
                              .int(run.attempts), .optional(run.errorCode?.rawValue), .optional(run.errorMessage),
                              .optional(run.inputHash), .optional(run.stageVersion), .optional(run.optionsHash),
                              .optional(run.artifactKey), .optional(run.outputSHA), .optional(run.owner), .bool(run.force),
                              .optional(run.pendingReason), run.startedAt.map(PGParam.double) ?? .null,
                              run.finishedAt.map(PGParam.double) ?? .null, .optional(run.durationMs)])
                }
            }
        }
    }

    private static func keyArrays(_ keys: some Collection<StageKey>) -> [PGParam] {
        [.textArray(keys.map(\.itemID)), .textArray(keys.map(\.stage.rawValue))]
    }

    public func resetStages(_ keys: [StageKey], reason: String, force: Bool) throws {
        guard !keys.isEmpty else { return }
        // A stage another runner holds right now is left alone; its result will be checked next run.
        try call { c throws(PGFailure) in
            try c.query("""
                UPDATE stage_runs
                SET state = 'pending', error_code = NULL, error_message = NULL, owner = NULL, lease_until = NULL,
                    pending_reason = $3, force = (force OR $4)
                WHERE (item_id, stage) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND state <> 'running'
                """, Self.keyArrays(keys) + [.text(reason), .bool(force)])
        }
    }

    /// Runnable, as SQLite's claim: pending, every earlier stage of the item done, the item present, and (for a
    /// course) no present member with a stage pending or running. MATERIALIZED keeps the planner from running the
    /// LIMIT subquery more than once and locking extra rows (oban#4); SKIP LOCKED lets concurrent claimers pass each
    /// other; the row lock re-checks `state` on the newest version, so a stage another claimer just took is skipped.
    private static let claimSQL = """
        WITH c AS MATERIALIZED (
            SELECT s.item_id, s.stage FROM stage_runs s JOIN items i ON i.id = s.item_id
            WHERE s.state = 'pending' AND i.present
              AND NOT EXISTS (SELECT 1 FROM stage_runs u
                              WHERE u.item_id = s.item_id AND u.seq < s.seq AND u.state <> 'done')
              AND NOT EXISTS (SELECT 1 FROM items m JOIN stage_runs r ON r.item_id = m.id
                              WHERE m.parent_id = s.item_id AND m.present AND r.state IN ('pending', 'running'))
            ORDER BY s.seq, s.item_id
            LIMIT $2
            FOR UPDATE OF s SKIP LOCKED)
        UPDATE stage_runs r
        SET state = 'running', owner = $1, attempts = r.attempts + 1, started_at = date_part('epoch', now()),
            lease_until = now() + make_interval(secs => $3)
        FROM c JOIN items i ON i.id = c.item_id
        WHERE r.item_id = c.item_id AND r.stage = c.stage
        RETURNING \(runColumns("r")), \(itemColumnNames.map { "i.\($0)" }.joined(separator: ", "))
        """

    public func claimNext(owner: String) throws -> Claim? {
        try claim(owner: owner, limit: 1).first
    }

    public func claim(owner: String, limit: Int) throws -> [Claim] {
        guard limit > 0 else { return [] }
        // The claim's commit does not wait for the disk: a claim lost in a server crash leaves its stage pending, and
        // the fence then refuses the result of whoever thought they held it. That halves the syncs per stage.
        return try call(.notSent) { c throws(PGFailure) in
            try c.transaction(waitForDisk: false) { () throws(PGFailure) in
                try c.query(Self.claimSQL, [.text(owner), .int(limit), lease]).map { row throws(PGFailure) in
                    Claim(item: try Self.item(row, at: Self.runColumnNames.count), run: try Self.stageRun(row))
                }
            }
        }.sorted { ($0.run.seq, $0.run.itemID) < ($1.run.seq, $1.run.itemID) }
    }

    /// A fenced finishing write, in one statement. `set` runs only while the claim's runner still holds the stage at
    /// the claim's attempt; `applied` recognises the row as this very call left it, so that a call sent again after
    /// a lost connection (whose first send committed) still answers true. Parameters $1–$4 are the fence.
    private func finish(_ claim: Claim, set: String, params: [PGParam], applied: String, alsoWith: String = "") throws -> Bool {
        let fence: [PGParam] = [.text(claim.run.itemID), .text(claim.run.stage.rawValue), .optional(claim.run.owner),
                                .int(claim.run.attempts)]
        return try call { c throws(PGFailure) in
            let row = try c.query("""
                WITH f AS (UPDATE stage_runs SET \(set)
                           WHERE item_id = $1 AND stage = $2 AND owner = $3 AND attempts = $4 AND state = 'running'
                           RETURNING 1)\(alsoWith)
                SELECT EXISTS (SELECT 1 FROM f),
                       EXISTS (SELECT 1 FROM stage_runs WHERE item_id = $1 AND stage = $2 AND attempts = $4 AND \(applied))
                """, fence + params).first
            return row?.bool(0) == true || row?.bool(1) == true
        }
    }

    public func complete(_ claim: Claim, result: StageResult) throws -> Bool {
        // The artifact and its attachments are inserted only from the fenced update's row, so a rejected completion
        // writes nothing. Attachments and part results travel as bytea[] literals (hex, twice their size on the wire):
        // a media list, a thumbnail, a topic's audio of a few MB at most.
        let attachments = result.attachments.sorted { $0.key < $1.key }
        let parts = result.partResults.sorted { $0.key < $1.key }
        func byteaArray(_ values: [Data]) -> String {
            "{" + values.map { "\"\\\\x" + Self.hex($0) + "\"" }.joined(separator: ",") + "}"
        }
        return try finish(claim, set: """
            state = 'done', owner = NULL, lease_until = NULL, error_code = NULL, error_message = NULL, force = false,
            pending_reason = NULL, input_hash = $5, stage_version = $6, options_hash = $7, artifact_key = $8,
            output_sha = $9, finished_at = date_part('epoch', now()), duration_ms = $10
            """, params: [.text(result.inputHash), .int(result.stageVersion), .text(result.optionsHash),
                          .text(result.artifactKey), .text(result.outputSHA), .int(result.durationMs),
                          result.artifact.map(PGParam.bytes) ?? .null,
                          .textArray(attachments.map { StageResult.attachmentKey(result.artifactKey, $0.key) }),
                          .text(byteaArray(attachments.map(\.value))),
                          .textArray(parts.map(\.key)), .text(byteaArray(parts.map(\.value)))],
            applied: "state = 'done' AND artifact_key = $8 AND output_sha = $9",
            alsoWith: """
            ,
            a AS (INSERT INTO artifacts (key, stage, output_sha, data)
                  SELECT $8, $2, $9, $11::bytea FROM f WHERE $11::bytea IS NOT NULL
                  UNION ALL
                  SELECT k, $2, '', d FROM f, unnest($12::text[], $13::bytea[]) AS x(k, d)
                  ON CONFLICT (key) DO UPDATE SET output_sha = excluded.output_sha, data = excluded.data),
            -- Part results (a topic's audio) are shared by every result with the same part: kept when already there.
            p AS (INSERT INTO artifacts (key, stage, output_sha, data)
                  SELECT k, $2, '', d FROM f, unnest($14::text[], $15::bytea[]) AS x(k, d)
                  ON CONFLICT (key) DO NOTHING)
            """)
    }

    private static func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(data.count * 2)
        for byte in data {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public func fail(_ claim: Claim, error: LecternError, durationMs: Int) throws -> Bool {
        try finish(claim, set: """
            state = 'failed', owner = NULL, lease_until = NULL, error_code = $5, error_message = $6, force = false,
            pending_reason = NULL, finished_at = date_part('epoch', now()), duration_ms = $7
            """, params: [.text(error.code.rawValue), .text(error.message), .int(durationMs)],
            applied: "state = 'failed' AND error_code = $5 AND error_message = $6 AND duration_ms = $7")
    }

    public func requeue(_ claim: Claim, error: LecternError) throws -> Bool {
        try finish(claim, set: "state = 'pending', owner = NULL, lease_until = NULL, pending_reason = $5",
                   params: [.text("retrying after a passing problem: \(error.message)")],
                   applied: "state = 'pending' AND pending_reason = $5")
    }

    public func runningCount() throws -> Int {
        try count(state: .running)
    }

    public func pendingCount() throws -> Int {
        try count(state: .pending)
    }

    private func count(state: StageState) throws -> Int {
        try call { c throws(PGFailure) in
            try c.query("""
                SELECT count(*) FROM stage_runs s JOIN items i ON i.id = s.item_id WHERE s.state = $1 AND i.present
                """, [.text(state.rawValue)]).first?.int(0) ?? 0
        }
    }

    // MARK: Artifacts

    public func artifact(key: String) throws -> Data? {
        try call { c throws(PGFailure) in try c.query("SELECT data FROM artifacts WHERE key = $1", [.text(key)]).first?.data(0) }
    }

    public func artifactOutputSHA(key: String) throws -> String? {
        try call { c throws(PGFailure) in
            try c.query("SELECT output_sha FROM artifacts WHERE key = $1", [.text(key)]).first?.string(0)
        }
    }

    public func members(ofCourse courseID: String) throws -> [CourseMember] {
        try call { c throws(PGFailure) in
            let items = try c.query("SELECT \(Self.itemColumns) FROM items WHERE parent_id = $1 AND present ORDER BY source_path",
                                    [.text(courseID)]).map { row throws(PGFailure) in try Self.item(row) }
            let runs = try c.query("SELECT \(Self.runColumns("s")) FROM stage_runs s WHERE item_id = ANY($1::text[]) ORDER BY seq",
                                   [.textArray(items.map(\.id))]).map { row throws(PGFailure) in try Self.stageRun(row) }
            let byItem = Dictionary(grouping: runs, by: \.itemID)
            return items.map { CourseMember(item: $0, runs: byItem[$0.id] ?? []) }
        }
    }

    // MARK: Runners

    public func registerRunner(_ runner: RunnerInfo) throws {
        try call { c throws(PGFailure) in
            try c.query("""
                INSERT INTO runners (id, host, pid, jobs, started_at, last_seen_at) VALUES ($1, $2, $3, $4, now(), now())
                ON CONFLICT (id) DO UPDATE SET host = excluded.host, pid = excluded.pid, jobs = excluded.jobs,
                    started_at = excluded.started_at, last_seen_at = excluded.last_seen_at
                """, [.text(runner.id), .text(runner.host), .int(runner.pid), .int(runner.jobs)])
        }
    }

    public func unregisterRunner(id: String) throws {
        try call { c throws(PGFailure) in try c.query("DELETE FROM runners WHERE id = $1", [.text(id)]) }
    }

    public func runners() throws -> [RunnerRecord] {
        try call { c throws(PGFailure) in
            var held: [String: [StageKey]] = [:]
            for row in try c.query("SELECT owner, item_id, stage FROM stage_runs WHERE state = 'running' ORDER BY item_id, seq") {
                guard let owner = row.string(0), let itemID = row.string(1),
                      let stage = row.string(2).flatMap(StageID.init(rawValue:)) else { continue }
                held[owner, default: []].append(StageKey(itemID: itemID, stage: stage))
            }
            return try c.query("""
                SELECT id, host, pid, jobs, date_part('epoch', started_at), date_part('epoch', last_seen_at)
                FROM runners ORDER BY id
                """).map { row throws(PGFailure) in
                guard let id = row.string(0) else { throw .unreadable("a runners row") }
                return RunnerRecord(info: RunnerInfo(id: id, host: row.string(1) ?? "", pid: row.int(2) ?? 0, jobs: row.int(3) ?? 0),
                                    startedAt: row.double(4) ?? 0, lastSeenAt: row.double(5) ?? 0, holding: held[id] ?? [])
            }
        }
    }

    public func releaseClaims(ofRunner id: String) throws -> Int {
        try call { c throws(PGFailure) in
            try c.transaction { () throws(PGFailure) in
                let released = try c.query("""
                    UPDATE stage_runs SET state = 'pending', owner = NULL, lease_until = NULL,
                        pending_reason = 'an earlier run stopped while working on it'
                    WHERE state = 'running' AND owner = $1
                    RETURNING 1
                    """, [.text(id)]).count
                try c.query("DELETE FROM runners WHERE id = $1", [.text(id)])
                return released
            }
        }
    }

    // MARK: Leases

    public func heartbeat(owner: String, holding: [StageKey]) throws -> Set<StageKey> {
        // Only the stages the runner says it works on: one it claimed but never heard back about is left to expire.
        let extended = try call { c throws(PGFailure) in
            try c.query("""
                WITH seen AS (UPDATE runners SET last_seen_at = now() WHERE id = $1)
                UPDATE stage_runs SET lease_until = now() + make_interval(secs => $4)
                WHERE owner = $1 AND state = 'running' AND (item_id, stage) IN (SELECT * FROM unnest($2::text[], $3::text[]))
                RETURNING item_id, stage
                """, [.text(owner)] + Self.keyArrays(holding) + [lease])
        }
        let kept = Set(extended.compactMap { row in
            row.string(1).flatMap(StageID.init(rawValue:)).map { StageKey(itemID: row.string(0) ?? "", stage: $0) }
        })
        return Set(holding).subtracting(kept)
    }

    public func recoverExpiredLeases(maxAttempts: Int) throws -> Int {
        try call { c throws(PGFailure) in
            try c.query("""
                UPDATE stage_runs
                SET state = CASE WHEN attempts >= $1 THEN 'failed' ELSE 'pending' END,
                    error_code = CASE WHEN attempts >= $1 THEN 'worker-lost' END,
                    error_message = CASE WHEN attempts >= $1
                        THEN 'The worker running it stopped answering, on each of its ' || attempts || ' attempts.' END,
                    pending_reason = CASE WHEN attempts >= $1 THEN NULL ELSE 'its worker stopped answering' END,
                    finished_at = CASE WHEN attempts >= $1 THEN date_part('epoch', now()) ELSE finished_at END,
                    owner = NULL, lease_until = NULL
                WHERE state = 'running' AND lease_until < now()
                RETURNING 1
                """, [.int(maxAttempts)]).count
        }
    }

    // MARK: Inputs

    public func missingInputs(_ sha256s: Set<String>) throws -> Set<String> {
        guard !sha256s.isEmpty else { return [] }
        let present = try call { c throws(PGFailure) in
            try c.query("SELECT sha256 FROM inputs WHERE sha256 = ANY($1::text[])", [.textArray(Array(sha256s))])
        }
        return sha256s.subtracting(present.compactMap { $0.string(0) })
    }

    public func putInput(sha256: String, data: Data) throws {
        try call { c throws(PGFailure) in
            try c.query("INSERT INTO inputs (sha256, data) VALUES ($1, $2) ON CONFLICT DO NOTHING", [.text(sha256), .bytes(data)])
        }
    }

    public func input(sha256: String) throws -> Data? {
        try call { c throws(PGFailure) in try c.query("SELECT data FROM inputs WHERE sha256 = $1", [.text(sha256)]).first?.data(0) }
    }

    // MARK: Settings

    public func setting(_ key: String) throws -> String? {
        try call { c throws(PGFailure) in try c.query("SELECT value FROM settings WHERE key = $1", [.text(key)]).first?.string(0) }
    }

    public func setSetting(_ key: String, _ value: String) throws {
        try call { c throws(PGFailure) in
            try c.query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                        [.text(key), .text(value)])
        }
    }

    // MARK: Published files

    public func publishedFiles() throws -> [String: PublishedFile] {
        let rows = try call { c throws(PGFailure) in try c.query("SELECT path, source, size, mtime_ns FROM published") }
        return Dictionary(rows.map { row in
            let file = PublishedFile(path: row.string(0) ?? "", source: row.string(1) ?? "", size: Int64(row.int(2) ?? 0),
                                     mtimeNs: Int64(row.int(3) ?? 0))
            return (file.path, file)
        }, uniquingKeysWith: { first, _ in first })
    }

    public func recordPublished(_ files: [PublishedFile], removing paths: [String]) throws {
        guard !files.isEmpty || !paths.isEmpty else { return }
        try call { c throws(PGFailure) in
            try c.transaction { () throws(PGFailure) in
                if !paths.isEmpty {
                    try c.query("DELETE FROM published WHERE path = ANY($1::text[])", [.textArray(paths)])
                }
                for file in files {
                    try c.query("""
                        INSERT INTO published (path, source, size, mtime_ns) VALUES ($1, $2, $3, $4)
                        ON CONFLICT (path) DO UPDATE SET source = excluded.source, size = excluded.size, mtime_ns = excluded.mtime_ns
                        """, [.text(file.path), .text(file.source), .int(Int(file.size)), .int(Int(file.mtimeNs))])
                }
            }
        }
    }
}

extension PGFailure {
    /// A row the store cannot read back (an unknown kind, stage or state): a bug or a newer Lectern's database.
    static func unreadable(_ what: String) -> PGFailure {
        PGFailure(sqlState: "XX000", message: "\(what) holds a value this Lectern does not know", connectionLost: false)
    }
}
