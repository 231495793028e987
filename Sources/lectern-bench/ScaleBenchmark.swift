import Foundation
import Glibc
import LecternModel
import LecternPostgres
import LecternTestSupport
import LecternStore
import Synchronization

/// `lectern-bench scale`: how many no-op stage transitions (a claim, then a fenced completion with an empty result)
/// the stores carry per second with 1, 2 and 4 worker processes of 4 threads each, and how long a claim takes.
/// PostgreSQL runs as a throwaway server on this machine (durable: fsync on), reached over its unix socket; SQLite is
/// one WAL file. The workers are this executable again (`lectern-bench scale-worker …`), so each has its own pool.
///
/// Then the same with stages that wait 20 ms (simulated I/O-bound work, a sleep), 1 → 4 processes, as a share of ideal
/// scaling (N processes doing N times what one does).
///
/// Items: LECTERN_BENCH_SCALE_STAGES_ITEMS (default 1,500 homework items, two stages each); LECTERN_BENCH_SCALE_DURABLE=0
/// runs the server with fsync off, to see what the disk's flushes cost.
enum ScaleBenchmark {
    static let threads = 4

    static func run() throws {
        let items = Int(ProcessInfo.processInfo.environment["LECTERN_BENCH_SCALE_STAGES_ITEMS"] ?? "") ?? 1_500
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-scale-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let durable = ProcessInfo.processInfo.environment["LECTERN_BENCH_SCALE_DURABLE"] != "0"
        let server = try ScratchServer(durable: durable)
        defer { try? server.stop() }

        print("no-op stage transitions, \(items * 2) stages (\(items) items × 2), \(threads) threads per process, PostgreSQL fsync \(durable ? "on" : "off"):")
        print("  store       processes  transitions/s  claim p50   claim p99")
        for kind in ["sqlite", "postgres"] {
            for processes in [1, 2, 4] {
                let location: String
                if kind == "postgres" {
                    location = try server.newDatabase(query: "lease=30").url
                } else {
                    location = root.appendingPathComponent("\(processes).sqlite").path
                }
                try seed(try open(kind, location, connections: 2), items: items)
                let figures = try measure(kind, location, processes: processes, in: root)
                guard figures.count == items * 2 else {
                    throw BenchError("\(kind) × \(processes): \(figures.count) transitions, expected \(items * 2)")
                }
                print("  " + kind.padding(toLength: 10, withPad: " ", startingAt: 0)
                      + String(format: "  %9d  %13.0f  %7.2f ms  %7.2f ms", processes, Double(figures.count) / figures.seconds,
                               figures.p50 * 1000, figures.p99 * 1000))
            }
        }

        let waitingItems = 1_000, workMs = 20
        print("stages that wait \(workMs) ms, \(waitingItems * 2) stages, \(threads) threads per process:")
        print("  store       processes  stages/s  of ideal")
        for kind in ["sqlite", "postgres"] {
            var single = 0.0
            for processes in [1, 2, 4] {
                let location = kind == "postgres" ? try server.newDatabase(query: "lease=30").url
                    : root.appendingPathComponent("wait-\(processes).sqlite").path
                try seed(try open(kind, location, connections: 2), items: waitingItems)
                let figures = try measure(kind, location, processes: processes, in: root, workMs: workMs)
                let rate = Double(figures.count) / figures.seconds
                if processes == 1 { single = rate }
                print("  " + kind.padding(toLength: 10, withPad: " ", startingAt: 0)
                      + String(format: "  %9d  %8.0f  %7.0f%%", processes, rate, 100 * rate / (single * Double(processes))))
            }
        }
        print("  [target: PostgreSQL at 4 processes ≥ 75% of ideal]")
    }

    private static func open(_ kind: String, _ location: String, connections: Int) throws -> any ContentStore {
        kind == "postgres" ? try PostgresStore(url: location, connections: connections) : try SQLiteStore(path: location)
    }

    private static func seed(_ store: any ContentStore, items: Int) throws {
        let ids = (0..<items).map { String(format: "item%06d", $0) }
        try store.replacePresentItems(ids.map { ItemRecord(id: $0, kind: .homework, sourcePath: "\($0).jpg", sha256: $0) })
        try store.insertStageRuns(ids.flatMap {
            [StageRun(itemID: $0, stage: .ocr, seq: 0, pendingReason: "bench"),
             StageRun(itemID: $0, stage: .quiz, seq: 1, pendingReason: "bench")]
        })
    }

    private struct Figures {
        var count: Int
        var seconds: Double
        var p50: Double
        var p99: Double
    }

    /// Runs the worker processes at once; the time is from the first claim anywhere to the last completion.
    private static func measure(_ kind: String, _ location: String, processes: Int, in root: URL, workMs: Int = 0) throws -> Figures {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let reports = (0..<processes).map { root.appendingPathComponent("worker-\($0).txt").path }
        let failed = Mutex(false)
        // A thread per process: concurrentPerform runs no more at once than there are cores (two here).
        let group = DispatchGroup()
        for n in 0..<processes {
            group.enter()
            Thread {
                defer { group.leave() }
                let status = (try? Child.run(me, ["scale-worker", kind, location, "\(threads)", reports[n], "\(workMs)"], in: root,
                                             errors: reports[n] + ".err").status) ?? -1
                if status != 0 { failed.withLock { $0 = true } }
            }.start()
        }
        group.wait()
        guard !failed.withLock({ $0 }) else {
            throw BenchError("a scale worker failed: see \(root.path)/worker-*.txt.err")
        }
        var starts: [Double] = [], ends: [Double] = [], latencies: [Double] = []
        for report in reports {
            let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
            let head = lines.first?.split(separator: " ").compactMap { Double($0) } ?? []
            guard head.count == 2 else { throw BenchError("\(report) has no times") }
            starts.append(head[0])
            ends.append(head[1])
            latencies += lines.dropFirst().compactMap { Double($0) }
        }
        latencies.sort()
        func percentile(_ p: Double) -> Double { latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
        return Figures(count: latencies.count, seconds: ends.max()! - starts.min()!, p50: percentile(0.5), p99: percentile(0.99))
    }

    /// `lectern-bench scale-worker KIND LOCATION THREADS REPORT WORK_MS`: claims, waits WORK_MS, completes until nothing
    /// is left, then writes its first-claim and last-completion times and the seconds each successful claim took.
    static func worker(_ arguments: [String]) throws {
        guard arguments.count == 5, let threads = Int(arguments[2]), let workMs = Int(arguments[4]) else {
            throw BenchError("scale-worker: bad arguments")
        }
        let store = try open(arguments[0], arguments[1], connections: threads + 2)
        let owner = "bench-\(getpid())"
        let log = ScaleLog()
        let group = DispatchGroup()
        let started = Date().timeIntervalSince1970
        for _ in 0..<threads {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    while true {
                        let before = DispatchTime.now().uptimeNanoseconds
                        if let claim = try store.claimNext(owner: owner) {
                            log.add(Double(DispatchTime.now().uptimeNanoseconds - before) / 1e9)
                            if workMs > 0 { usleep(useconds_t(workMs * 1000)) }
                            let key = "\(claim.run.itemID)/\(claim.run.stage)"
                            let done = StageResult(inputHash: key, stageVersion: 1, optionsHash: "", artifactKey: key,
                                                   artifact: Data(), outputSHA: key, durationMs: 0)
                            guard try store.complete(claim, result: done) else { throw BenchError("\(key): completion rejected") }
                        } else if try store.pendingCount() == 0 {
                            return
                        } else {
                            usleep(5_000) // the next stages wait for ones still running elsewhere
                        }
                    }
                } catch {
                    log.fail(error)
                }
            }.start()
        }
        group.wait()
        let ended = Date().timeIntervalSince1970
        let (latencies, failure) = log.snapshot()
        if let failure { throw failure }
        try (["\(started) \(ended)"] + latencies.map { String($0) }).joined(separator: "\n")
            .write(toFile: arguments[3], atomically: true, encoding: .utf8)
    }
}

/// Claim latencies from a worker's threads.
private final class ScaleLog: @unchecked Sendable {
    private let lock = NSLock()
    private var latencies: [Double] = []
    private var failure: (any Error)?

    func add(_ seconds: Double) { lock.withLock { latencies.append(seconds) } }
    func fail(_ error: any Error) { lock.withLock { failure = failure ?? error } }
    func snapshot() -> ([Double], (any Error)?) { lock.withLock { (latencies, failure) } }
}
