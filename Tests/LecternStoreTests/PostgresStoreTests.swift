import Foundation
import LecternModel
import LecternPostgres
import LecternTestSupport
import LecternStore
import Synchronization
import Testing

/// What only the fleet's store does: leases by the server's clock, SKIP LOCKED claims across processes, and
/// surviving lost connections and a restarted server. Against a real server; leases are fractions of a second.
@Suite struct PostgresStoreTests {
    private func seeded(_ ids: [String], query: String = "lease=0.5", server: ScratchServer? = nil) throws -> StoreFixture {
        let fixture = try StoreFixture(.postgres, query: query, server: server)
        try fixture.store.replacePresentItems(ids.map { homework($0) })
        try fixture.store.insertStageRuns(ids.flatMap(homeworkRuns))
        return fixture
    }

    @Test func anExpiredLeaseGoesBackToPendingAndTheLateCompletionIsRejected() throws {
        let store = try seeded(["a"]).store
        #expect(store.leaseSeconds == 0.5 && store.keepsInputs)
        let zombie = try #require(try store.claimNext(owner: "zombie"))
        #expect(try store.recoverExpiredLeases(maxAttempts: 3) == 0, "a live lease was taken back")

        Thread.sleep(forTimeInterval: 0.7)
        #expect(try store.recoverExpiredLeases(maxAttempts: 3) == 1)
        let recovered = try run(store, "a", .ocr)
        #expect(recovered.state == .pending && recovered.owner == nil && recovered.attempts == 1)
        #expect(recovered.pendingReason == "its worker stopped answering")

        let healthy = try #require(try store.claimNext(owner: "healthy"))
        #expect(healthy.run.attempts == 2)
        // The stopped worker wakes up: its lease is gone, and so is its right to finish.
        let key = StageKey(itemID: "a", stage: .ocr)
        #expect(try store.heartbeat(owner: "zombie", holding: [key]) == [key])
        let late = result(for: zombie, payload: "zombie's")
        #expect(try store.complete(zombie, result: late) == false)
        #expect(try store.artifact(key: late.artifactKey) == nil)
        #expect(try store.complete(healthy, result: result(for: healthy, payload: "healthy's")))
        let done = try run(store, "a", .ocr)
        #expect(done.state == .done && done.outputSHA == "out-healthy's" && done.attempts == 2)
    }

    @Test func heartbeatsKeepALeaseAliveAndItEndsWhenTheyStop() throws {
        let store = try seeded(["a"]).store
        let claim = try #require(try store.claimNext(owner: "r"))
        let key = StageKey(itemID: claim.run.itemID, stage: claim.run.stage)
        for _ in 0..<5 { // 1 s in all, twice the lease
            Thread.sleep(forTimeInterval: 0.2)
            #expect(try store.heartbeat(owner: "r", holding: [key]).isEmpty)
            #expect(try store.recoverExpiredLeases(maxAttempts: 3) == 0)
        }
        Thread.sleep(forTimeInterval: 0.7)
        #expect(try store.recoverExpiredLeases(maxAttempts: 3) == 1)
        #expect(try store.heartbeat(owner: "r", holding: [key]) == [key])
    }

    @Test func aStageWhoseWorkersKeepDyingFailsWithWorkerLost() throws {
        let store = try seeded(["a"], query: "lease=0.3").store
        _ = try #require(try store.claimNext(owner: "first"))
        Thread.sleep(forTimeInterval: 0.45)
        #expect(try store.recoverExpiredLeases(maxAttempts: 2) == 1)
        let second = try #require(try store.claimNext(owner: "second"))
        #expect(second.run.attempts == 2)
        Thread.sleep(forTimeInterval: 0.45)
        #expect(try store.recoverExpiredLeases(maxAttempts: 2) == 1)
        let lost = try run(store, "a", .ocr)
        #expect(lost.state == .failed && lost.errorCode == .workerLost && lost.owner == nil && lost.finishedAt != nil)
        #expect(lost.errorMessage?.contains("2 attempts") == true)
        #expect(try store.claimNext(owner: "third") == nil)
        #expect(try store.complete(second, result: result(for: second, payload: "too late")) == false)
    }

    @Test func aCompletionSentAgainIsRecognisedAsItsOwn() throws {
        // What a retry after a lost connection does when the first send had committed.
        let store = try seeded(["a"]).store
        let claim = try #require(try store.claimNext(owner: "r"))
        let done = result(for: claim, payload: "page")
        #expect(try store.complete(claim, result: done))
        #expect(try store.complete(claim, result: done))
        var other = done
        other.outputSHA = "something else"
        #expect(try store.complete(claim, result: other) == false)
        #expect(try store.fail(claim, error: LecternError(.noTextFound, "x"), durationMs: 1) == false)
        #expect(try run(store, "a", .ocr).outputSHA == done.outputSHA)
    }

    @Test func skipLockedClaimersInSeveralProcessesNeverShareAStage() throws {
        let ids = (0..<150).map { String(format: "item%03d", $0) }
        let fixture = try seeded(ids, query: "lease=30")
        // Three store instances (three pools, as three worker processes), three threads each, claiming batches.
        let stores = try (0..<3).map { _ in try fixture.open() }
        let claimed = ClaimLog()
        let group = DispatchGroup()
        for worker in 0..<9 {
            group.enter()
            let store = stores[worker % 3]
            let owner = "worker-\(worker)"
            Thread {
                defer { group.leave() }
                do {
                    while true {
                        let batch = try store.claim(owner: owner, limit: 3)
                        for claim in batch {
                            claimed.append("\(claim.run.itemID)/\(claim.run.stage)", owner: owner)
                            guard try store.complete(claim, result: result(for: claim, payload: claim.run.itemID)) else {
                                throw LecternError(.internalError, "completion of \(claim.run.itemID) rejected")
                            }
                        }
                        if batch.isEmpty, try store.runningCount() == 0, try store.pendingCount() == 0 { return }
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
        #expect(Set(log.owners).count > 3, "the claimers did not share the work")
        let runs = try fixture.store.stageRuns(itemIDs: nil)
        #expect(runs.count == ids.count * 2 && runs.allSatisfy { $0.state == .done && $0.attempts == 1 })
    }

    @Test func terminatedConnectionsAreReplacedAndTheNextCallSucceeds() throws {
        let fixture = try seeded(["a", "b"])
        let store = fixture.store
        _ = try #require(try store.claimNext(owner: "r"))
        let terminate = """
            SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """
        for _ in 0..<2 {
            let killed = try #require(try fixture.sql(sqlite: "", postgres: terminate))
            #expect(Int(killed.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 >= 1)
            Thread.sleep(forTimeInterval: 0.1)
            // A claim is never sent twice; it still succeeds, because the dead session is found before it is sent.
            let claim = try #require(try store.claimNext(owner: "r"))
            #expect(try store.complete(claim, result: result(for: claim, payload: claim.run.itemID)))
            #expect(try store.items(presentOnly: true).count == 2)
        }
    }

    @Test func aStatementCutOffMidwayIsSentAgainOnlyWhenThatIsSafe() throws {
        let fixture = try seeded(["a"])
        let server = try #require(fixture.server), database = try #require(fixture.postgresDatabase)
        // Slow triggers keep a settings write and a claim on the server long enough to end their session meanwhile.
        try fixture.sql(sqlite: "", postgres: """
            CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.6); RETURN NEW; END $$;
            CREATE TRIGGER slow BEFORE INSERT ON settings FOR EACH ROW EXECUTE FUNCTION slow();
            CREATE TRIGGER slow BEFORE UPDATE ON stage_runs FOR EACH ROW WHEN (NEW.state = 'running') EXECUTE FUNCTION slow();
            """)
        func cutOffSoon() {
            Thread {
                Thread.sleep(forTimeInterval: 0.3)
                _ = try? server.psql("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
                    """, database: database)
            }.start()
        }
        // An upsert is sent again on a new session.
        cutOffSoon()
        try fixture.store.setSetting("inbox", "/x")
        #expect(try fixture.store.setting("inbox") == "/x")
        // A claim is not: the caller hears that the store was unreachable, and the stage, never committed, waits.
        cutOffSoon()
        do {
            _ = try fixture.store.claimNext(owner: "r")
            Issue.record("a claim cut off midway was answered")
        } catch {
            #expect(LecternError(storeFailure: error).code == .storeUnreachable)
        }
        #expect(try run(fixture.store, "a", .ocr).state == .pending)
        #expect(try fixture.store.claimNext(owner: "r")?.run.attempts == 1)
    }

    @Test func aRestartedServerIsWaitedForAndTheStoreKeepsWorking() throws {
        let server = try ScratchServer() // its own: the other tests keep theirs running
        defer { try? server.stop() }
        let store = try seeded(["a", "b"], server: server).store
        let first = try #require(try store.claimNext(owner: "r"))

        try server.restart()
        #expect(try store.complete(first, result: result(for: first, payload: "a")))
        #expect(try store.claimNext(owner: "r") != nil)

        // Down for a while: a call made meanwhile waits with backoff and succeeds once the server is back.
        try server.stop()
        let answer = Mutex<Result<String?, LecternError>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            let value = Result { () throws(LecternError) in
                do { return try store.setting("inbox") } catch { throw LecternError(storeFailure: error) }
            }
            answer.withLock { $0 = value }
            finished.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.8)
        try server.start()
        #expect(finished.wait(timeout: .now() + 20) == .success)
        #expect(try answer.withLock { $0 }?.get() == .some(nil))
        #expect(try store.runningCount() == 1)
    }

    @Test func serverFailuresBecomeTheStoreErrorCodes() throws {
        let fixture = try StoreFixture(.postgres)
        try fixture.sql(sqlite: "", postgres: """
            CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                IF NEW.key = 'full' THEN RAISE EXCEPTION 'no space' USING ERRCODE = 'disk_full'; END IF;
                IF NEW.key = 'locked' THEN RAISE EXCEPTION 'locked' USING ERRCODE = 'lock_not_available'; END IF;
                IF NEW.key = 'conflict' THEN RAISE EXCEPTION 'conflict' USING ERRCODE = 'serialization_failure'; END IF;
                RETURN NEW; END $$;
            CREATE TRIGGER refuse BEFORE INSERT ON settings FOR EACH ROW EXECUTE FUNCTION refuse();
            """)
        for (key, code) in [("full", ErrorCode.diskFull), ("locked", .storeBusy), ("conflict", .storeBusy)] {
            #expect(throws: LecternError.self) { try fixture.store.setSetting(key, "v") }
            do { try fixture.store.setSetting(key, "v") } catch {
                #expect(LecternError(storeFailure: error).code == code, "\(key): \(error)")
            }
        }
        try fixture.store.setSetting("fine", "v")

        let started = Date()
        do {
            _ = try PostgresStore(url: "postgres://postgres@localhost:1/none?host=/nonexistent", connections: 1, retryWindow: 0.3)
            Issue.record("opened a store with no server")
        } catch {
            #expect(LecternError(storeFailure: error).code == .storeUnreachable)
        }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(throws: LecternError(.storeUnreachable, "lease=never in the store address is not a number of seconds.")) {
            try PostgresStore(url: fixture.postgresURL! + "&lease=never", connections: 1)
        }
    }
}
