import Foundation
import Glibc
import LecternModel
import LecternPipeline
import LecternTestSupport
import Testing

/// The stages each accepted completion names, from the progress lines of the processes that ran them.
private func acceptedCompletions(_ logs: [String]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for log in logs {
        for line in log.split(separator: "\n") where line.hasPrefix("done    ") || line.hasPrefix("cached  ") {
            var key = String(line.dropFirst(8))
            if line.hasPrefix("done"), let time = key.range(of: " (", options: .backwards) { key = String(key[..<time.lowerBound]) }
            counts[key, default: 0] += 1
        }
    }
    return counts
}

/// Reads every published bundle and index.json while a fleet publishes, so a half-written file would be seen.
private final class PublishedReader: @unchecked Sendable {
    private let lock = NSLock()
    private var reads = 0
    private var broken: [String] = []
    private var running = true

    func start(_ out: URL) {
        Thread {
            while self.lock.withLock({ self.running }) {
                for (path, url) in PublishedFiles.list(in: out) where path.hasSuffix(".json") {
                    guard let data = try? Data(contentsOf: url) else { continue } // replaced between list and read
                    let ok = (try? JSONSerialization.jsonObject(with: data)) != nil
                    self.lock.withLock {
                        self.reads += 1
                        if !ok { self.broken.append(path) }
                    }
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }.start()
    }

    func stop() -> (reads: Int, broken: [String]) {
        lock.withLock {
            running = false
            return (reads, broken)
        }
    }
}

@Suite(.serialized) struct FleetTests {
    @Test func storeAddressPrecedenceIsFlagThenEnvironmentThenPipelineFile() throws {
        let file = try PipelineConfig.parse(yaml: "store: postgres://a@file/db\n", file: "p.yml")
        let env = ["LECTERN_STORE": "postgres://a@env/db"]
        #expect(try StoreAddress.resolve(flag: "postgres://a@flag/db", environment: env, config: file)?.url == "postgres://a@flag/db")
        #expect(try StoreAddress.resolve(flag: nil, environment: env, config: file)?.url == "postgres://a@env/db")
        #expect(try StoreAddress.resolve(flag: nil, environment: [:], config: file)?.url == "postgres://a@file/db")
        #expect(try StoreAddress.resolve(flag: nil, environment: [:], config: PipelineConfig()) == nil)
        #expect(throws: ConfigError.self) { try StoreAddress.resolve(flag: "mysql://x", environment: [:], config: nil) }
        #expect(throws: ConfigError.self) { try PipelineConfig.parse(yaml: "store: /var/lib/x.sqlite\n", file: "p.yml") }
        #expect(StoreAddress("postgres://me:secret@db/x")?.description == "postgres://me:***@db/x")
    }

    /// A run on one machine with workers that have no inbox, then `publish` elsewhere, `check --store` and
    /// `status --workers`: the bytes are those of a SQLite run.
    @Test func workersWithoutAnInboxPublishTheBytesOfASQLiteRun() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        try Inputs.make(inbox, photos: ["water-cycle.jpg"], story: true, course: true)
        try FileManager.default.copyItem(at: Paths.samples.appendingPathComponent("intro-to-python"),
                                        to: inbox.appendingPathComponent("intro-to-python"))
        let reference = folder.sub("reference")
        let sqlite = try await lectern(["run", "--inbox", inbox.path, "--out", reference.path, "--jobs", "2"], in: folder.url)
        #expect(sqlite.status == 0, "\(sqlite.stderr)")

        let server = try ScratchServer.shared.get()
        let store = try server.newDatabase(query: "lease=5").url
        try FileManager.default.createDirectory(at: folder.sub("w"), withIntermediateDirectories: true)
        let worker = try CLIProcess(["worker", "--store", store, "--jobs", "2", "--json"], in: folder.sub("w"))
        let fleet = try await lectern(["run", "--store", store, "--inbox", inbox.path, "--out", folder.sub("fleet").path,
                                       "--jobs", "1", "--json"], in: folder.url)
        #expect(fleet.status == 0, "\(fleet.stderr)")

        let workers = try await lectern(["status", "--workers", "--json", "--store", store], in: folder.url)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(workers.stdout.utf8)) as? [[String: Any]])
        #expect(listed.count == 1 && listed.first?["pid"] as? Int == Int(worker.process.processIdentifier),
                "status --workers lists the running worker: \(workers.stdout)")
        worker.kill(SIGTERM)
        let drained = await worker.finish()
        #expect(drained.status == 0, "a drained worker exits 0: \(drained.stderr)")
        let counts = try JSONDecoder().decode(WorkCounts.self, from: Data(drained.stdout.utf8))
        let localRuns = try #require(try JSONSerialization.jsonObject(with: Data(fleet.stdout.utf8)) as? [String: Any])
        #expect(counts.run + (localRuns["stagesRun"] as? Int ?? 0) >= 1)

        let published = folder.sub("published")
        let publish = try await lectern(["publish", "--store", store, "--out", published.path], in: folder.url)
        #expect(publish.status == 0, "\(publish.stderr)")
        let expected = try publishedSnapshot(reference)
        #expect(try publishedSnapshot(folder.sub("fleet")) == expected)
        #expect(try publishedSnapshot(published) == expected, "publish from the store gives the bytes of the SQLite run")
        #expect(expected.keys.contains { $0.hasPrefix("media/lectures/") }, "a course image was published from the store")

        let check = try await lectern(["check", "--store", store, "--out", published.path], in: folder.url)
        #expect(check.status == 0, "check --store rebuilds the store's inputs and finds no difference: \(check.stdout)\(check.stderr)")
        try Data("changed".utf8).write(to: published.appendingPathComponent(OutputLayout.index))
        let stale = try await lectern(["check", "--store", store, "--out", published.path], in: folder.url)
        #expect(stale.status == 1 && stale.stdout.contains("index.json"))
    }

    /// Issue 29's acceptance test: three workers and a scanning run share a PostgreSQL store through a SIGKILL, a
    /// SIGSTOP past the lease, every connection terminated and a server restart. Nothing is lost, nothing is
    /// accepted twice, the stopped worker's late results are rejected and the bundles are a SQLite run's bytes.
    @Test func aFleetUnderFaultsLosesNothingAndAcceptsNothingTwice() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let items = try FleetInbox.make(inbox, samples: Paths.samples, count: 300)
        let reference = folder.sub("reference")
        let sqlite = try await lectern(["run", "--inbox", inbox.path, "--out", reference.path, "--jobs", "2"], in: folder.url)
        #expect(sqlite.status == 0, "\(sqlite.stderr.suffix(2000))")
        let expected = try publishedSnapshot(reference)
        let index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: reference.appendingPathComponent("index.json"))) as? [String: Any])
        #expect((index["items"] as? [Any])?.count == items)
        let total = acceptedCompletions([sqlite.stderr]).count

        // Its own server: this test restarts it.
        let server = try ScratchServer()
        defer { try? server.stop() }
        let lease = 2.0
        let (database, store) = try server.newDatabase(query: "lease=\(Int(lease))")
        @Sendable func sql(_ text: String) throws -> String {
            try server.psql(text, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        @Sendable func int(_ text: String) -> Int { (try? sql(text)).flatMap { Int($0) } ?? -1 }

        let workers = try (0..<3).map { index in
            let home = folder.sub("worker-\(index)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            return try CLIProcess(["worker", "--store", store, "--jobs", "2", "--json"], in: home)
        }
        // The scanning run reads a copy of the inbox that is moved away once scanned: nobody may need it after that.
        let scanned = folder.sub("scanned")
        try copyFolder(inbox, to: scanned)
        let out = folder.sub("fleet")
        let reader = PublishedReader()
        reader.start(out)
        let run = try CLIProcess(["run", "--store", store, "--inbox", scanned.path, "--out", out.path, "--jobs", "1"], in: folder.url)

        let faults = try await offThread { () throws -> (recoverySeconds: Double, stoppedHeld: Int) in
            func waitFor(_ what: String, timeout: Double = 300, _ condition: () -> Bool) throws {
                let end = Date().addingTimeInterval(timeout)
                while !condition() {
                    guard Date() < end else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "timed out waiting for \(what)"]) }
                    Thread.sleep(forTimeInterval: 0.02)
                }
            }
            func runner(of worker: CLIProcess) -> String { (try? sql("SELECT id FROM runners WHERE pid = \(worker.process.processIdentifier)")) ?? "" }
            /// nil when the server did not answer (it is restarted below): never read as "holds nothing".
            func held(by runnerID: String) -> [String]? {
                (try? sql("SELECT item_id || '/' || stage || '/' || attempts FROM stage_runs WHERE state = 'running' AND owner = '\(runnerID)' ORDER BY 1"))?
                    .split(separator: "\n").map(String.init)
            }
            try waitFor("the scan") { int("SELECT count(*) FROM stage_runs") == total }
            try FileManager.default.moveItem(at: scanned, to: folder.sub("moved-away"))

            // SIGKILL a worker a third of the way through, while it holds stages.
            try waitFor("a third done") { int("SELECT count(*) FROM stage_runs WHERE state = 'done'") >= total / 3 }
            let killedRunner = runner(of: workers[0])
            // Frozen first, so that what it holds is what it will never finish; killed only when that is something.
            try waitFor("the first worker to be frozen holding a stage") {
                workers[0].kill(SIGSTOP)
                if !(held(by: killedRunner) ?? []).isEmpty { return true }
                workers[0].kill(SIGCONT)
                return false
            }
            workers[0].kill(SIGKILL)
            let killedAt = Date()
            try waitFor("the killed worker's stages to be taken back") { held(by: killedRunner)?.isEmpty == true }
            let recovery = Date().timeIntervalSince(killedAt)

            // SIGSTOP another past its lease; continue it once its stages were taken back.
            let stoppedRunner = runner(of: workers[1])
            var stoppedHeld: [String] = []
            try waitFor("the second worker to be stopped holding a stage") {
                guard !(held(by: stoppedRunner) ?? []).isEmpty else { return false }
                workers[1].kill(SIGSTOP)
                stoppedHeld = held(by: stoppedRunner) ?? []
                if stoppedHeld.isEmpty { workers[1].kill(SIGCONT) }
                return !stoppedHeld.isEmpty
            }
            try waitFor("the stopped worker's stages to be taken back") { held(by: stoppedRunner)?.isEmpty == true }
            workers[1].kill(SIGCONT)

            // Every connection terminated once, then the server stopped and started.
            try waitFor("two thirds done") { int("SELECT count(*) FROM stage_runs WHERE state = 'done'") >= total * 2 / 3 }
            _ = try sql("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()")
            Thread.sleep(forTimeInterval: 0.5)
            try server.restart()
            return (recovery, stoppedHeld.count)
        }
        let result = await run.finish()
        let seen = reader.stop()
        #expect(result.status == 0, "the scanning run: \(result.stderr.suffix(3000))")

        for worker in workers.dropFirst() { worker.kill(SIGTERM) }
        var logs = [result.stderr]
        var discarded: [Int] = []
        for worker in workers {
            let finished = await worker.finish()
            logs.append(finished.stderr)
            discarded.append((try? JSONDecoder().decode(WorkCounts.self, from: Data(finished.stdout.utf8)))?.discarded ?? 0)
        }

        #expect(int("SELECT count(*) FROM stage_runs WHERE state <> 'done'") == 0, "every stage ends done, none running")
        let completions = acceptedCompletions(logs)
        // The killed worker may have recorded a stage and died before printing its line: one per job at most.
        #expect(completions.count <= total && completions.count >= total - 2, "every stage has an accepted completion")
        #expect(completions.filter { $0.value != 1 }.isEmpty, "accepted twice: \(completions.filter { $0.value != 1 })")
        #expect(discarded[1] >= 1, "the stopped worker's late results are rejected (it held \(faults.stoppedHeld))")
        #expect(logs[2].split(separator: "\n").filter { $0.hasPrefix("late") }.count == discarded[1])
        #expect(faults.recoverySeconds <= lease * 3 + 5, "stages of a killed worker come back within the lease and a sweep")
        #expect(seen.reads > 0 && seen.broken.isEmpty, "no published file is ever seen half-written: \(seen.broken)")
        let published = try publishedSnapshot(out)
        #expect(published.keys.sorted() == expected.keys.sorted())
        #expect(published.filter { expected[$0.key] != $0.value }.keys.sorted() == [], "the fleet's bundles are the SQLite run's bytes")
        let rerun = int("SELECT count(*) FROM stage_runs WHERE attempts > 1")
        print("fleet faults: \(items) items, \(completions.count) stages; killed worker's stages back after \(String(format: "%.2f", faults.recoverySeconds)) s (lease \(lease) s); stopped worker held \(faults.stoppedHeld), \(discarded[1]) late results rejected; \(rerun) stages ran more than once; \(seen.reads) reads of published files, none half-written")
    }
}
