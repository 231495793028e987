import Foundation
import Glibc
import LecternTestSupport

/// `lectern-bench scale`, the fleet's half: the real pipeline through a PostgreSQL store against SQLite, and how
/// long a killed worker's stages take to come back. Release `lectern` processes on a throwaway server (local socket).
///
/// 1. Throughput: 300 items made from samples/ (`FleetInbox`), `lectern run --jobs 2` on SQLite against
///    `lectern run --jobs 0` (scan, wait, publish) with 2 `lectern worker --jobs 1` on PostgreSQL. Workers start
///    with the clock, so their start-up counts. The bundles must be the same bytes.
/// 2. Recovery: lease 2 s; a worker holding stages is SIGKILLed; the time until no stage is held by it, against
///    the target lease + one sweep (lease/3) + 1 s.
enum FleetBenchmark {
    static func run() throws {
        let lectern = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lectern")
        let samples = URL(fileURLWithPath: "samples")
        guard FileManager.default.isExecutableFile(atPath: lectern.path),
              FileManager.default.fileExists(atPath: samples.appendingPathComponent("photos").path) else {
            throw BenchError("run from the repository root with lectern built next to lectern-bench")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-fleet-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let inbox = root.appendingPathComponent("inbox")
        let items = try FleetInbox.make(inbox, samples: samples, count: 300)
        let server = try ScratchServer()
        defer { try? server.stop() }

        print("real pipeline, \(items) items from samples/ (release build, 2 cores):")
        let sqliteOut = root.appendingPathComponent("sqlite")
        let sqlite = try Child.run(lectern, ["run", "--inbox", inbox.path, "--out", sqliteOut.path, "--jobs", "2"], in: root)
        print("  SQLite, lectern run --jobs 2:                          \(sqlite.secondsText) (exit \(sqlite.status))")

        let store = try server.newDatabase().url
        let fleetOut = root.appendingPathComponent("fleet")
        let started = DispatchTime.now()
        let workers = try (0..<2).map { _ in try Spawned(lectern, ["worker", "--store", store, "--jobs", "1"], in: root) }
        let scan = try Child.run(lectern, ["run", "--store", store, "--inbox", inbox.path, "--out", fleetOut.path, "--jobs", "0"], in: root)
        let fleetSeconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        workers.forEach { $0.stop() }
        let same = try sameFiles(sqliteOut, fleetOut)
        print(String(format: "  PostgreSQL, 2 workers --jobs 1 + run --jobs 0:        %.3f s (exit %d)", fleetSeconds, scan.status))
        print(String(format: "  throughput against SQLite:                             %.0f%%  [target ≥ 90%%]; bundles %@",
                     100 * sqlite.seconds / fleetSeconds, same ? "byte-identical" : "DIFFER"))

        try recovery(lectern: lectern, inbox: inbox, server: server, root: root)
    }

    private static func recovery(lectern: URL, inbox: URL, server: ScratchServer, root: URL) throws {
        let lease = 2.0
        let (database, store) = try server.newDatabase(query: "lease=\(Int(lease))")
        func sql(_ text: String) -> String {
            ((try? server.psql(text, database: database)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let workers = try (0..<2).map { _ in try Spawned(lectern, ["worker", "--store", store, "--jobs", "2"], in: root) }
        let scan = try Spawned(lectern, ["run", "--store", store, "--inbox", inbox.path, "--out", root.appendingPathComponent("recovery").path,
                                         "--jobs", "0"], in: root)
        let victim = workers[0]
        let deadline = Date().addingTimeInterval(120)
        var runner = ""
        while runner.isEmpty && Date() < deadline {
            runner = sql("SELECT id FROM runners WHERE pid = \(victim.pid)")
            usleep(20_000)
        }
        /// nil when the server did not answer: not a reason to stop waiting.
        func held() -> Int? { Int(sql("SELECT count(*) FROM stage_runs WHERE state = 'running' AND owner = '\(runner)'")) }
        // Frozen first, so that what it holds is what it will never finish; killed only when that is something.
        var holding = 0
        while holding == 0 && Date() < deadline {
            kill(victim.pid, SIGSTOP)
            holding = held() ?? 0
            if holding == 0 {
                kill(victim.pid, SIGCONT)
                usleep(20_000)
            }
        }
        kill(victim.pid, SIGKILL)
        let killed = DispatchTime.now()
        while held() != 0 && Date() < deadline { usleep(20_000) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - killed.uptimeNanoseconds) / 1e9
        let status = scan.wait()
        workers.forEach { $0.stop() }
        print(String(format: "fault recovery after SIGKILL (lease %.0f s, sweep every %.2f s): a worker holding %d stages; back after %.2f s  [target ≤ %.2f s]; the run exited %d",
                     lease, lease / 3, holding, seconds, lease + lease / 3 + 1, status))
    }

    /// Whether two output folders publish the same bytes (bundles, media, index.json).
    private static func sameFiles(_ a: URL, _ b: URL) throws -> Bool {
        func files(_ root: URL) throws -> [String: Data] {
            var found: [String: Data] = [:]
            for top in ["bundles", "media"] {
                let folder = root.appendingPathComponent(top)
                for path in FileManager.default.subpaths(atPath: folder.path) ?? [] {
                    var isFolder: ObjCBool = false
                    let url = folder.appendingPathComponent(path)
                    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                        found[top + "/" + path] = try Data(contentsOf: url)
                    }
                }
            }
            found["index.json"] = try Data(contentsOf: root.appendingPathComponent("index.json"))
            return found
        }
        return try files(a) == files(b)
    }
}

/// A child process left running: a fleet worker, or a run the benchmark faults while it works.
private final class Spawned {
    let pid: pid_t

    init(_ executable: URL, _ arguments: [String], in folder: URL) throws {
        pid = try Child.spawn(executable, arguments, in: folder,
                              errors: folder.appendingPathComponent("spawned-\(UUID().uuidString.prefix(8)).err").path)
    }

    /// Its exit status.
    @discardableResult
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Child.exitCode(status)
    }

    /// SIGTERM (a worker drains), then reaped.
    func stop() {
        kill(pid, SIGTERM)
        wait()
    }
}
