import Foundation
import GRDB
import LecternModel
import LecternStore
import Testing

/// A fresh folder for one test's database; removed when the test ends.
final class StoreFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var dbPath: String { url.appendingPathComponent("lectern.sqlite").path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Runs SQL through the sqlite3 command-line tool: a second, independent SQLite client on the same file.
func sqlite3(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: String(decoding: errorData, as: UTF8.self)])
    }
    return String(decoding: data, as: UTF8.self)
}

private let sqlite3Available = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

private func homework(_ id: String, path: String? = nil) -> ItemRecord {
    ItemRecord(id: id, kind: .homework, sourcePath: path ?? "\(id).jpg", sha256: "sha-\(id)")
}

private func homeworkRuns(_ id: String) -> [StageRun] {
    [StageRun(itemID: id, stage: .ocr, seq: 0, pendingReason: "new input"),
     StageRun(itemID: id, stage: .quiz, seq: 1, pendingReason: "new input")]
}

private func result(for claim: Claim, payload: String) -> StageResult {
    let data = Data(payload.utf8)
    return StageResult(inputHash: "in-\(claim.run.itemID)-\(claim.run.stage)", stageVersion: 1, optionsHash: "opts",
                       artifactKey: "key-\(claim.run.itemID)-\(claim.run.stage)", artifact: data,
                       outputSHA: "out-\(payload)", durationMs: 5)
}

private func run(_ store: SQLiteStore, _ itemID: String, _ stage: StageID) throws -> StageRun {
    try #require(try store.stageRuns(itemIDs: [itemID]).first { $0.stage == stage })
}

@Suite struct SQLiteStoreTests {
    @Test func migrationsCreateTheSchemaOnAFreshFileAndReopen() throws {
        let folder = try StoreFolder()
        do {
            let store = try SQLiteStore(path: folder.dbPath)
            try store.replacePresentItems([homework("a")])
            try store.insertStageRuns(homeworkRuns("a"))
            try store.setSetting("inbox", "/somewhere")
            try store.saveSourceStats([SourceStat(path: "a.jpg", size: 3, mtimeNs: 4, inode: 5, sha256: "sha-a")], removing: [])
        }
        #expect(FileManager.default.fileExists(atPath: folder.dbPath))

        if sqlite3Available {
            let tables = try sqlite3(folder.dbPath, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                .split(separator: "\n").map(String.init)
            for table in ["artifacts", "items", "runners", "settings", "sources", "stage_runs"] {
                #expect(tables.contains(table), "table \(table) missing from \(tables)")
            }
            let journal = try sqlite3(folder.dbPath, "PRAGMA journal_mode").trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(journal == "wal")
            let migrations = try sqlite3(folder.dbPath, "SELECT identifier FROM grdb_migrations")
            #expect(migrations.contains("v1-ledger"))
        }

        // Reopening runs the migrator again without error and keeps every row.
        let reopened = try SQLiteStore(path: folder.dbPath)
        let again = try SQLiteStore(path: folder.dbPath) // a second open on the same file at once
        #expect(try reopened.items(presentOnly: true).map(\.id) == ["a"])
        #expect(try reopened.stageRuns(itemIDs: ["a"]).map(\.stage) == [.ocr, .quiz])
        #expect(try again.setting("inbox") == "/somewhere")
        #expect(try again.sourceStats()["a.jpg"]?.sha256 == "sha-a")
        #expect(try reopened.setting("missing") == nil)

        // Inserting the same stage runs again is ignored, not an error, and does not reset them.
        let claim = try #require(try reopened.claimNext(owner: "r1"))
        try reopened.complete(claim, result: result(for: claim, payload: "x"))
        try reopened.insertStageRuns(homeworkRuns("a"))
        #expect(try run(reopened, "a", .ocr).state == .done)
    }

    @Test func aFullDatabaseIsDiskFullFromSQLitesResultCode() throws {
        let folder = try StoreFolder()
        // SQLite answers SQLITE_FULL when a write needs more pages than it may use, as on a full disk.
        let queue = try DatabaseQueue(path: folder.dbPath)
        var failure: (any Error)?
        do {
            try queue.inDatabase { db in
                try db.execute(sql: "PRAGMA max_page_count = 8")
                try db.execute(sql: "CREATE TABLE filler(data BLOB)")
                for _ in 0..<100 { try db.execute(sql: "INSERT INTO filler VALUES (randomblob(4000))") }
            }
        } catch {
            failure = error
        }
        let error = LecternError(storeFailure: try #require(failure))
        #expect(error.code == .diskFull)
        #expect(LecternError(storeFailure: CocoaError(.fileLocking)).code == .storeBusy)
    }

    @Test func claimNextFollowsTheStageChain() throws {
        let folder = try StoreFolder()
        let store = try SQLiteStore(path: folder.dbPath)
        try store.replacePresentItems([homework("a"), homework("b")])
        try store.insertStageRuns(homeworkRuns("a") + homeworkRuns("b"))

        let first = try #require(try store.claimNext(owner: "r1"))
        let second = try #require(try store.claimNext(owner: "r1"))
        #expect(first.run.stage == .ocr)
        #expect(second.run.stage == .ocr)
        #expect(Set([first.run.itemID, second.run.itemID]) == ["a", "b"])
        #expect(first.run.state == .running && first.run.attempts == 1 && first.run.owner == "r1")
        // Both quiz stages wait for their ocr stage.
        #expect(try store.claimNext(owner: "r2") == nil)
        #expect(try store.runningCount() == 2)

        let a = first.run.itemID == "a" ? first : second
        let b = first.run.itemID == "a" ? second : first
        try store.complete(a, result: result(for: a, payload: "page a"))
        let quiz = try #require(try store.claimNext(owner: "r2"))
        #expect(quiz.run.itemID == "a" && quiz.run.stage == .quiz && quiz.run.owner == "r2")

        // A failed stage blocks the rest of its chain for good.
        try store.fail(b, error: LecternError(.unreadableImage, "damaged"), durationMs: 3)
        #expect(try store.claimNext(owner: "r2") == nil)
        let failed = try run(store, "b", .ocr)
        #expect(failed.state == .failed && failed.errorCode == .unreadableImage && failed.errorMessage == "damaged")
        #expect(failed.owner == nil && failed.durationMs == 3)
        #expect(try run(store, "b", .quiz).state == .pending)

        // Items not present in the latest scan are never claimed.
        try store.replacePresentItems([homework("a")])
        try store.resetStages([StageKey(itemID: "b", stage: .ocr)], reason: "retry", force: true)
        #expect(try store.claimNext(owner: "r2") == nil)
        #expect(try store.items(presentOnly: true).map(\.id) == ["a"])
        #expect(try store.items(presentOnly: false).map(\.id).sorted() == ["a", "b"])
    }

    @Test func aCourseWaitsUntilEveryPresentPostIsParsedOrFailed() throws {
        let folder = try StoreFolder()
        let store = try SQLiteStore(path: folder.dbPath)
        let course = ItemRecord(id: "course", kind: .lecture, sourcePath: "c", sha256: "c-sha")
        let posts = (1...3).map {
            ItemRecord(id: "p\($0)", kind: .post, sourcePath: "c/week-0\($0)/post.html", sha256: "p\($0)-sha", parentID: "course")
        }
        try store.replacePresentItems([course] + posts)
        try store.insertStageRuns([StageRun(itemID: "course", stage: .lecture, seq: 0, pendingReason: "new input")]
            + posts.map { StageRun(itemID: $0.id, stage: .parse, seq: 0, pendingReason: "new input") })

        // The course sorts first ("c" < "c/…") yet is not claimable while its posts wait.
        var parses: [Claim] = []
        while let claim = try store.claimNext(owner: "r1") {
            #expect(claim.run.stage == .parse, "claimed \(claim.run.stage) of \(claim.run.itemID) before the posts were parsed")
            parses.append(claim)
        }
        #expect(parses.map(\.run.itemID).sorted() == ["p1", "p2", "p3"])

        // Still blocked while one post is running.
        try store.complete(parses[0], result: result(for: parses[0], payload: "post 1"))
        try store.fail(parses[1], error: LecternError(.malformedHTML, "bad"), durationMs: 1)
        #expect(try store.claimNext(owner: "r1") == nil)

        try store.complete(parses[2], result: result(for: parses[2], payload: "post 3"))
        let lecture = try #require(try store.claimNext(owner: "r1"))
        #expect(lecture.run.itemID == "course" && lecture.run.stage == .lecture)

        let members = try store.members(ofCourse: "course")
        #expect(members.map(\.item.id) == ["p1", "p2", "p3"])
        #expect(members.map { $0.runs.first?.state } == [.done, .failed, .done])
    }

    @Test func aPostThatLeftTheInboxDoesNotBlockItsCourse() throws {
        let folder = try StoreFolder()
        let store = try SQLiteStore(path: folder.dbPath)
        let course = ItemRecord(id: "course", kind: .lecture, sourcePath: "c", sha256: "c-sha")
        let kept = ItemRecord(id: "p1", kind: .post, sourcePath: "c/a.html", sha256: "1", parentID: "course")
        let gone = ItemRecord(id: "p2", kind: .post, sourcePath: "c/b.html", sha256: "2", parentID: "course")
        try store.replacePresentItems([course, kept, gone])
        try store.insertStageRuns([StageRun(itemID: "course", stage: .lecture, seq: 0, pendingReason: "new"),
                                   StageRun(itemID: "p1", stage: .parse, seq: 0, pendingReason: "new"),
                                   StageRun(itemID: "p2", stage: .parse, seq: 0, pendingReason: "new")])
        try store.replacePresentItems([course, kept]) // p2 deleted from the inbox, its parse never ran
        let parse = try #require(try store.claimNext(owner: "r1"))
        #expect(parse.run.itemID == "p1")
        try store.complete(parse, result: result(for: parse, payload: "p1"))
        #expect(try store.claimNext(owner: "r1")?.run.itemID == "course")
        #expect(try store.members(ofCourse: "course").map(\.item.id) == ["p1"])
    }

    @Test func completeStoresTheArtifactAndTheRowTogether() throws {
        let folder = try StoreFolder()
        let store = try SQLiteStore(path: folder.dbPath)
        try store.replacePresentItems([homework("a"), homework("b"), homework("c")])
        try store.insertStageRuns(homeworkRuns("a") + homeworkRuns("b") + homeworkRuns("c"))

        // Success: both the artifact and the ledger row.
        let claimA = try #require(try store.claimNext(owner: "r1"))
        #expect(claimA.run.itemID == "a")
        let good = result(for: claimA, payload: "page a")
        try store.complete(claimA, result: good)
        #expect(try store.artifact(key: good.artifactKey) == Data("page a".utf8))
        #expect(try store.artifactOutputSHA(key: good.artifactKey) == "out-page a")
        let doneA = try run(store, "a", .ocr)
        #expect(doneA.state == .done && doneA.owner == nil && doneA.artifactKey == good.artifactKey)
        #expect(doneA.outputSHA == "out-page a" && doneA.inputHash == good.inputHash && doneA.optionsHash == "opts")
        #expect(doneA.stageVersion == 1 && doneA.durationMs == 5 && doneA.finishedAt != nil)

        // A cache hit (no new artifact) points the row at the stored one.
        let claimB = try #require(try store.claimNext(owner: "r1"))
        #expect(claimB.run.itemID == "b" && claimB.run.stage == .ocr)
        var hit = good
        hit.artifact = nil
        try store.complete(claimB, result: hit)
        #expect(try run(store, "b", .ocr).artifactKey == good.artifactKey)
        #expect(try store.artifact(key: good.artifactKey) == Data("page a".utf8))

        guard sqlite3Available else { return }
        // Failure half-way through: a trigger (installed by another SQLite client) makes the ledger
        // update fail after the artifact insert. Neither may be left behind.
        let claimC = try #require(try store.claimNext(owner: "r1"))
        #expect(claimC.run.itemID == "c" && claimC.run.stage == .ocr)
        _ = try sqlite3(folder.dbPath, """
            CREATE TRIGGER refuse_done BEFORE UPDATE OF state ON stage_runs
            WHEN NEW.state = 'done' AND NEW.itemID = 'c' BEGIN SELECT RAISE(ABORT, 'refused by test'); END;
            """)
        let refused = result(for: claimC, payload: "page c")
        #expect(throws: (any Error).self) { try store.complete(claimC, result: refused) }
        #expect(try store.artifact(key: refused.artifactKey) == nil, "artifact written although the ledger update failed")
        let stillRunning = try run(store, "c", .ocr)
        #expect(stillRunning.state == .running && stillRunning.owner == "r1")

        // And the other way round: the artifact insert fails, so the row must not say done.
        _ = try sqlite3(folder.dbPath, """
            DROP TRIGGER refuse_done;
            CREATE TRIGGER refuse_artifact BEFORE INSERT ON artifacts BEGIN SELECT RAISE(ABORT, 'full'); END;
            """)
        #expect(throws: (any Error).self) { try store.complete(claimC, result: refused) }
        #expect(try run(store, "c", .ocr).state == .running)
        _ = try sqlite3(folder.dbPath, "DROP TRIGGER refuse_artifact;")
        try store.complete(claimC, result: refused)
        #expect(try run(store, "c", .ocr).state == .done)
        #expect(try store.artifact(key: refused.artifactKey) == Data("page c".utf8))
    }

    @Test func twoClaimersOnOneFileNeverGetTheSameStage() throws {
        let folder = try StoreFolder()
        let setup = try SQLiteStore(path: folder.dbPath)
        let ids = (0..<60).map { String(format: "item%02d", $0) }
        try setup.replacePresentItems(ids.map { homework($0) })
        try setup.insertStageRuns(ids.flatMap(homeworkRuns))

        // Two store instances (two connection pools, like two processes), two threads each.
        let stores = [try SQLiteStore(path: folder.dbPath), try SQLiteStore(path: folder.dbPath)]
        let claimed = ClaimLog()
        let group = DispatchGroup()
        for worker in 0..<4 {
            group.enter()
            let store = stores[worker % 2]
            let owner = "runner-\(worker)"
            Thread {
                defer { group.leave() }
                do {
                    while true {
                        if let claim = try store.claimNext(owner: owner) {
                            claimed.append("\(claim.run.itemID)/\(claim.run.stage)", owner: owner)
                            try store.complete(claim, result: result(for: claim, payload: claim.run.itemID))
                        } else if try store.runningCount() == 0 {
                            return
                        }
                    }
                } catch {
                    claimed.record(error)
                }
            }.start()
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        let log = claimed.snapshot()
        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(log.keys.count == ids.count * 2)
        #expect(Set(log.keys).count == log.keys.count, "a stage was claimed twice")
        #expect(Set(log.owners).count > 1, "only one claimer got work")
        let runs = try setup.stageRuns(itemIDs: nil)
        #expect(runs.count == ids.count * 2)
        #expect(runs.allSatisfy { $0.state == .done && $0.attempts == 1 })
    }

    @Test func releaseClaimsGivesADeadRunnersStagesBack() throws {
        let folder = try StoreFolder()
        let store = try SQLiteStore(path: folder.dbPath)
        try store.replacePresentItems([homework("a"), homework("b")])
        try store.insertStageRuns(homeworkRuns("a") + homeworkRuns("b"))
        try store.registerRunner(RunnerInfo(id: "dead", host: "h", pid: 1, jobs: 1))
        try store.registerRunner(RunnerInfo(id: "alive", host: "h", pid: 2, jobs: 1))
        #expect(try store.runners().map(\.info.id) == ["alive", "dead"])

        let lost = try #require(try store.claimNext(owner: "dead"))
        let kept = try #require(try store.claimNext(owner: "alive"))
        #expect(try store.releaseClaims(ofRunner: "dead") == 1)
        #expect(try store.runners().map(\.info.id) == ["alive"])

        let released = try run(store, lost.run.itemID, .ocr)
        #expect(released.state == .pending && released.owner == nil)
        #expect(released.pendingReason?.isEmpty == false)
        #expect(released.attempts == 1)
        let other = try run(store, kept.run.itemID, .ocr)
        #expect(other.state == .running && other.owner == "alive")

        // The dead runner's late completion must not mark the stage done.
        #expect(try store.complete(lost, result: result(for: lost, payload: "late")) == false)
        #expect(try run(store, lost.run.itemID, .ocr).state == .pending)

        // Another runner takes it back; attempts count both tries.
        let again = try #require(try store.claimNext(owner: "alive"))
        #expect(again.run.itemID == lost.run.itemID && again.run.stage == .ocr && again.run.attempts == 2)
        #expect(try store.releaseClaims(ofRunner: "nobody") == 0)
    }

    @Test func resetAndRequeueKeepAttemptsAndLeaveRunningStagesAlone() throws {
        let folder = try StoreFolder()
        let store = try SQLiteStore(path: folder.dbPath)
        try store.replacePresentItems([homework("a"), homework("b")])
        try store.insertStageRuns(homeworkRuns("a") + homeworkRuns("b"))
        let a = try #require(try store.claimNext(owner: "r"))
        let b = try #require(try store.claimNext(owner: "r"))
        try store.fail(a, error: LecternError(.unreadableImage, "damaged"), durationMs: 1)

        try store.resetStages([StageKey(itemID: a.run.itemID, stage: .ocr), StageKey(itemID: b.run.itemID, stage: .ocr)],
                              reason: "asked for", force: true)
        let reset = try run(store, a.run.itemID, .ocr)
        #expect(reset.state == .pending && reset.force && reset.errorCode == nil && reset.errorMessage == nil)
        #expect(reset.pendingReason == "asked for" && reset.attempts == 1)
        let running = try run(store, b.run.itemID, .ocr)
        #expect(running.state == .running && running.owner == "r" && !running.force)

        try store.requeue(b, error: LecternError(.storeBusy, "busy"))
        let requeued = try run(store, b.run.itemID, .ocr)
        #expect(requeued.state == .pending && requeued.owner == nil && requeued.attempts == 1)
        #expect(requeued.pendingReason?.contains("busy") == true)
    }
}

/// Collects claims from several threads.
final class ClaimLog: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String] = []
    private var owners: [String] = []
    private var errors: [String] = []

    func append(_ key: String, owner: String) {
        lock.withLock {
            keys.append(key)
            owners.append(owner)
        }
    }

    func record(_ error: any Error) {
        lock.withLock { errors.append("\(error)") }
    }

    func snapshot() -> (keys: [String], owners: [String], errors: [String]) {
        lock.withLock { (keys, owners, errors) }
    }
}
