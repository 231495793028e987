import Foundation
import GRDB
import LecternModel
import LecternStore
import Testing

/// What every `ContentStore` must do, run against SQLite and against a real PostgreSQL server.
@Suite struct StoreConformanceTests {
    @Test(arguments: StoreKind.allCases) func migrationsCreateTheSchemaAndReopen(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
        try store.replacePresentItems([homework("a")])
        try store.insertStageRuns(homeworkRuns("a"))
        try store.setSetting("inbox", "/somewhere")
        try store.saveSourceStats([SourceStat(path: "a.jpg", size: 3, mtimeNs: 4, inode: 5, sha256: "sha-a")], removing: [])

        let tableQuery = (sqlite: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
                          postgres: "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
        if let tables = try fixture.sql(sqlite: tableQuery.sqlite, postgres: tableQuery.postgres)?.split(separator: "\n").map(String.init) {
            for table in ["artifacts", "inputs", "items", "published", "runners", "settings", "sources", "stage_runs"] {
                #expect(tables.contains(table), "table \(table) missing from \(tables)")
            }
            let migrations = try fixture.sql(sqlite: "SELECT identifier FROM grdb_migrations",
                                             postgres: "SELECT version || '-' || name FROM schema_migrations") ?? ""
            #expect(migrations.contains(kind == .sqlite ? "v4-runners-inputs" : "1-fleet-store"))
        }

        // Reopening runs the migrations again without error and keeps every row.
        let reopened = try fixture.open()
        let again = try fixture.open() // a second open on the same data at once
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

    @Test(arguments: StoreKind.allCases) func claimNextFollowsTheStageChain(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
        try store.replacePresentItems([homework("a"), homework("b")])
        try store.insertStageRuns(homeworkRuns("a") + homeworkRuns("b"))

        let first = try #require(try store.claimNext(owner: "r1"))
        let second = try #require(try store.claimNext(owner: "r1"))
        #expect(first.run.stage == .ocr)
        #expect(second.run.stage == .ocr)
        #expect(Set([first.run.itemID, second.run.itemID]) == ["a", "b"])
        #expect(first.run.state == .running && first.run.attempts == 1 && first.run.owner == "r1")
        #expect(first.run.startedAt != nil && first.item == homework(first.run.itemID))
        // Both quiz stages wait for their ocr stage.
        #expect(try store.claimNext(owner: "r2") == nil)
        #expect(try store.runningCount() == 2)

        let a = first.run.itemID == "a" ? first : second
        let b = first.run.itemID == "a" ? second : first
        try store.complete(a, result: result(for: a, payload: "page a"))
        let quiz = try #require(try store.claimNext(owner: "r2"))
        #expect(quiz.run.itemID == "a" && quiz.run.stage == .quiz && quiz.run.owner == "r2")

        // A failed stage blocks the rest of its chain for good.
        #expect(try store.fail(b, error: LecternError(.unreadableImage, "damaged"), durationMs: 3))
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
        #expect(try store.item(id: "b")?.present == false)
        #expect(try store.item(id: "zzz") == nil)
    }

    @Test(arguments: StoreKind.allCases) func aBatchClaimTakesUpToItsLimitInClaimOrder(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
        let ids = ["e", "a", "d", "b", "c"]
        try store.replacePresentItems(ids.map { homework($0) })
        try store.insertStageRuns(ids.flatMap(homeworkRuns))

        let batch = try store.claim(owner: "r", limit: 3)
        #expect(batch.map(\.run.itemID) == ["a", "b", "c"])
        #expect(batch.allSatisfy { $0.run.stage == .ocr && $0.run.owner == "r" && $0.run.attempts == 1 })
        #expect(try store.claim(owner: "r", limit: 0).isEmpty)
        // Only the two ocr stages left are runnable; the quiz stages wait.
        #expect(try store.claim(owner: "r", limit: 10).map(\.run.itemID) == ["d", "e"])
        #expect(try store.runningCount() == 5 && store.pendingCount() == 5)
    }

    @Test(arguments: StoreKind.allCases) func aCourseWaitsUntilEveryPresentPostIsParsedOrFailed(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
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
        #expect(members.first?.item.parentID == "course")
    }

    @Test(arguments: StoreKind.allCases) func aPostThatLeftTheInboxDoesNotBlockItsCourse(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
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

    @Test(arguments: StoreKind.allCases) func completeStoresTheArtifactAndTheRowTogether(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
        try store.replacePresentItems([homework("a"), homework("b"), homework("c")])
        try store.insertStageRuns(homeworkRuns("a") + homeworkRuns("b") + homeworkRuns("c"))

        // Success: the artifact, its attachments (bytes of every value, a zero among them) and the ledger row.
        let claimA = try #require(try store.claimNext(owner: "r1"))
        #expect(claimA.run.itemID == "a")
        let thumbnail = Data((0...255).map { UInt8($0) })
        let good = result(for: claimA, payload: "page a", attachments: ["media": Data("[\"thumbnail.jpg\"]".utf8),
                                                                         "media/thumbnail.jpg": thumbnail])
        #expect(try store.complete(claimA, result: good))
        #expect(try store.artifact(key: good.artifactKey) == Data("page a".utf8))
        #expect(try store.artifactOutputSHA(key: good.artifactKey) == "out-page a")
        #expect(try store.artifact(key: StageResult.attachmentKey(good.artifactKey, "media/thumbnail.jpg")) == thumbnail)
        #expect(try store.artifact(key: StageResult.attachmentKey(good.artifactKey, "media")) == good.attachments["media"])
        let doneA = try run(store, "a", .ocr)
        #expect(doneA.state == .done && doneA.owner == nil && doneA.artifactKey == good.artifactKey)
        #expect(doneA.outputSHA == "out-page a" && doneA.inputHash == good.inputHash && doneA.optionsHash == "opts")
        #expect(doneA.stageVersion == 1 && doneA.durationMs == 5 && doneA.finishedAt != nil)

        // A cache hit (no new artifact) points the row at the stored one.
        let claimB = try #require(try store.claimNext(owner: "r1"))
        #expect(claimB.run.itemID == "b" && claimB.run.stage == .ocr)
        var hit = good
        hit.artifact = nil
        hit.attachments = [:]
        try store.complete(claimB, result: hit)
        #expect(try run(store, "b", .ocr).artifactKey == good.artifactKey)
        #expect(try store.artifact(key: good.artifactKey) == Data("page a".utf8))

        // Failure half-way through: a trigger (installed by another client) makes the ledger update fail after the
        // artifact insert, or the artifact insert fail. Neither may be left behind.
        let claimC = try #require(try store.claimNext(owner: "r1"))
        #expect(claimC.run.itemID == "c" && claimC.run.stage == .ocr)
        let refused = result(for: claimC, payload: "page c")
        guard try fixture.sql(sqlite: """
            CREATE TRIGGER refuse_done BEFORE UPDATE OF state ON stage_runs
            WHEN NEW.state = 'done' AND NEW.itemID = 'c' BEGIN SELECT RAISE(ABORT, 'refused by test'); END;
            """, postgres: """
            CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$;
            CREATE TRIGGER refuse_done BEFORE UPDATE OF state ON stage_runs
            FOR EACH ROW WHEN (NEW.state = 'done' AND NEW.item_id = 'c') EXECUTE FUNCTION refuse();
            """) != nil else { return }
        #expect(throws: (any Error).self) { try store.complete(claimC, result: refused) }
        #expect(try store.artifact(key: refused.artifactKey) == nil, "artifact written although the ledger update failed")
        let stillRunning = try run(store, "c", .ocr)
        #expect(stillRunning.state == .running && stillRunning.owner == "r1")

        try fixture.sql(sqlite: """
            DROP TRIGGER refuse_done;
            CREATE TRIGGER refuse_artifact BEFORE INSERT ON artifacts BEGIN SELECT RAISE(ABORT, 'full'); END;
            """, postgres: """
            DROP TRIGGER refuse_done ON stage_runs;
            CREATE TRIGGER refuse_artifact BEFORE INSERT ON artifacts FOR EACH ROW EXECUTE FUNCTION refuse();
            """)
        #expect(throws: (any Error).self) { try store.complete(claimC, result: refused) }
        #expect(try run(store, "c", .ocr).state == .running)
        try fixture.sql(sqlite: "DROP TRIGGER refuse_artifact;", postgres: "DROP TRIGGER refuse_artifact ON artifacts;")
        try store.complete(claimC, result: refused)
        #expect(try run(store, "c", .ocr).state == .done)
        #expect(try store.artifact(key: refused.artifactKey) == Data("page c".utf8))
    }

    @Test(arguments: StoreKind.allCases) func twoClaimersOnOneStoreNeverGetTheSameStage(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let setup = fixture.store
        let ids = (0..<60).map { String(format: "item%02d", $0) }
        try setup.replacePresentItems(ids.map { homework($0) })
        try setup.insertStageRuns(ids.flatMap(homeworkRuns))

        // Two store instances (two connection pools, like two processes), two threads each.
        let stores = [try fixture.open(), try fixture.open()]
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

    @Test(arguments: StoreKind.allCases) func releaseClaimsGivesADeadRunnersStagesBack(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
        try store.replacePresentItems([homework("a"), homework("b")])
        try store.insertStageRuns(homeworkRuns("a") + homeworkRuns("b"))
        try store.registerRunner(RunnerInfo(id: "dead", host: "h", pid: 1, jobs: 1))
        try store.registerRunner(RunnerInfo(id: "alive", host: "h2", pid: 2, jobs: 3))

        let lost = try #require(try store.claimNext(owner: "dead"))
        let kept = try #require(try store.claimNext(owner: "alive"))
        let runners = try store.runners()
        #expect(runners.map(\.info) == [RunnerInfo(id: "alive", host: "h2", pid: 2, jobs: 3),
                                        RunnerInfo(id: "dead", host: "h", pid: 1, jobs: 1)])
        #expect(runners.map(\.holding) == [[StageKey(itemID: kept.run.itemID, stage: .ocr)],
                                           [StageKey(itemID: lost.run.itemID, stage: .ocr)]])
        #expect(runners.allSatisfy { $0.startedAt > 1_700_000_000 && $0.lastSeenAt >= $0.startedAt })

        #expect(try store.releaseClaims(ofRunner: "dead") == 1)
        #expect(try store.runners().map(\.info.id) == ["alive"])

        let released = try run(store, lost.run.itemID, .ocr)
        #expect(released.state == .pending && released.owner == nil)
        #expect(released.pendingReason?.isEmpty == false)
        #expect(released.attempts == 1)
        let other = try run(store, kept.run.itemID, .ocr)
        #expect(other.state == .running && other.owner == "alive")

        // The dead runner's late completion must not mark the stage done, nor store its result.
        let late = result(for: lost, payload: "late")
        #expect(try store.complete(lost, result: late) == false)
        #expect(try run(store, lost.run.itemID, .ocr).state == .pending)
        #expect(try store.artifact(key: late.artifactKey) == nil)
        #expect(try store.fail(lost, error: LecternError(.noTextFound, "late"), durationMs: 1) == false)
        #expect(try store.requeue(lost, error: LecternError(.storeBusy, "late")) == false)

        // Another runner takes it back; attempts count both tries.
        let again = try #require(try store.claimNext(owner: "alive"))
        #expect(again.run.itemID == lost.run.itemID && again.run.stage == .ocr && again.run.attempts == 2)
        #expect(try store.releaseClaims(ofRunner: "nobody") == 0)
        try store.unregisterRunner(id: "alive")
        #expect(try store.runners().isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func resetAndRequeueKeepAttemptsAndLeaveRunningStagesAlone(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
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

        #expect(try store.requeue(b, error: LecternError(.storeBusy, "busy")))
        let requeued = try run(store, b.run.itemID, .ocr)
        #expect(requeued.state == .pending && requeued.owner == nil && requeued.attempts == 1)
        #expect(requeued.pendingReason?.contains("busy") == true)
    }

    @Test(arguments: StoreKind.allCases) func heartbeatNamesTheStagesARunnerNoLongerHolds(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
        try store.replacePresentItems([homework("a"), homework("b")])
        try store.insertStageRuns(homeworkRuns("a") + homeworkRuns("b"))
        try store.registerRunner(RunnerInfo(id: "r", host: "h", pid: 1, jobs: 2))
        let a = try #require(try store.claimNext(owner: "r"))
        let b = try #require(try store.claimNext(owner: "r"))
        let keyA = StageKey(itemID: a.run.itemID, stage: .ocr), keyB = StageKey(itemID: b.run.itemID, stage: .ocr)
        #expect(try store.heartbeat(owner: "r", holding: [keyA, keyB]).isEmpty)
        #expect(try store.heartbeat(owner: "r", holding: []).isEmpty)
        #expect(try store.releaseClaims(ofRunner: "r") == 2)
        #expect(try store.heartbeat(owner: "r", holding: [keyA, keyB]) == [keyA, keyB])
        #expect(try store.heartbeat(owner: "other", holding: [StageKey(itemID: "x", stage: .quiz)]).count == 1)
    }

    @Test(arguments: StoreKind.allCases) func inputsSettingsSourcesAndPublishedFilesRoundTrip(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        let store = fixture.store
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        #expect(try store.missingInputs([]).isEmpty)
        #expect(try store.missingInputs(["x", "y"]) == ["x", "y"])
        try store.putInput(sha256: "x", data: bytes)
        try store.putInput(sha256: "x", data: bytes) // once per hash; the second put is a no-op
        try store.putInput(sha256: "empty", data: Data())
        #expect(try store.missingInputs(["x", "y", "empty"]) == ["y"])
        #expect(try store.input(sha256: "x") == bytes)
        #expect(try store.input(sha256: "empty") == Data())
        #expect(try store.input(sha256: "y") == nil)

        try store.setSetting("inbox", "/a")
        try store.setSetting("inbox", "/b \"quoted\" {braces}, commas")
        #expect(try store.setting("inbox") == "/b \"quoted\" {braces}, commas")

        let stats = [SourceStat(path: "a, \"b\".jpg", size: 1 << 40, mtimeNs: 1_700_000_000_123_456_789, inode: 1 << 50, sha256: "s1"),
                     SourceStat(path: "c.jpg", size: 0, mtimeNs: 0, inode: 0, sha256: "s2")]
        try store.saveSourceStats(stats, removing: [])
        #expect(try store.sourceStats() == Dictionary(uniqueKeysWithValues: stats.map { ($0.path, $0) }))
        try store.saveSourceStats([], removing: ["c.jpg"])
        #expect(try store.sourceStats().keys.sorted() == ["a, \"b\".jpg"])

        let files = [PublishedFile(path: "bundles/homework/a.json", source: "sha", size: 10, mtimeNs: 20),
                     PublishedFile(path: "index.json", source: "idx", size: 1, mtimeNs: 2)]
        try store.recordPublished(files, removing: [])
        var changed = files[1]
        changed.size = 3
        try store.recordPublished([changed], removing: ["bundles/homework/a.json"])
        #expect(try store.publishedFiles() == ["index.json": changed])
    }
}

@Suite struct SQLiteStoreTests {
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

    @Test func theJournalIsWAL() throws {
        let fixture = try StoreFixture(.sqlite)
        defer { withExtendedLifetime(fixture) {} } // its folder goes with it
        guard let journal = try fixture.sql(sqlite: "PRAGMA journal_mode", postgres: "") else { return }
        #expect(journal.trimmingCharacters(in: .whitespacesAndNewlines) == "wal")
    }
}
