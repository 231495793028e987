import Foundation
import Glibc
import LecternModel
import LecternReviews
import LecternStore
import Synchronization

/// The output folder: the store, the published bundles and the run lock files.
public final class Pipeline: Sendable {
    public let out: URL
    public let store: any ContentStore

    public init(out: URL) throws {
        self.out = out
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        store = try SQLiteStore(path: out.appendingPathComponent(OutputLayout.store).path)
    }

    /// The inbox of the latest run, for commands that take no `--inbox` (retry).
    public func rememberedInbox() throws -> URL? {
        try store.setting("inbox").map { URL(fileURLWithPath: $0) }
    }

    public struct RunResult: Sendable {
        public var index: RunIndex
        public var stagesRun: Int
        public var cacheHits: Int
        public var hashedFiles: Int
        public var interrupted: Bool
    }

    /// Scans the inbox, brings the ledger up to date, runs every runnable stage on `jobs` workers and publishes.
    public func run(inbox: URL, config: PipelineConfig, jobs: Int, progress: (any ProgressSink)?,
                    stop: StopSignal = StopSignal()) throws -> RunResult {
        var config = config
        config.reviews = try Self.reviews(inbox: inbox)
        let runner = try RunnerLock(out: out, store: store, jobs: jobs)
        defer { runner.release() }

        let scan = try InboxScanner(inbox: inbox).scan(knownStats: try store.sourceStats())
        try store.saveSourceStats(scan.statsToSave, removing: scan.statsToRemove)
        try store.replacePresentItems(scan.items)
        try store.setSetting("inbox", try InboxScanner(inbox: inbox).realInboxPath())

        let plan = Reconciler.plan(items: scan.items, runs: try store.stageRuns(itemIDs: nil), config: config)
        try store.insertStageRuns(plan.inserts)
        for (reason, resets) in Dictionary(grouping: plan.resets, by: \.reason) {
            try store.resetStages(resets.map(\.key), reason: reason, force: false)
        }

        let counts = try work(inbox: inbox, config: config, jobs: jobs, runnerID: runner.id, progress: progress, stop: stop)
        let index = try Publisher(out: out, inbox: inbox, store: store).publish()
        if !config.exports.isEmpty {
            _ = try ExportPublisher(out: out).export(formats: config.exports, to: out.appendingPathComponent(OutputLayout.exports), removeStale: true)
        }
        return RunResult(index: index, stagesRun: counts.run, cacheHits: counts.cached, hashedFiles: scan.hashedCount,
                         interrupted: stop.isStopped)
    }

    /// The inbox's review decisions; a malformed reviews file is a configuration error (exit 2, with its line).
    public static func reviews(inbox: URL) throws(ConfigError) -> ReviewDecisions {
        do {
            return try ReviewsFile.load(inbox: inbox)
        } catch {
            throw ConfigError(file: error.file, line: error.line, message: error.message)
        }
    }

    /// Puts stages back to pending so the next run recomputes them, skipping the cache.
    /// Without `stage`: the failed stages of the selected items (all stages of a named item that did not fail).
    /// With `stage`: that stage and the stages that consume it; with `failedOnly`, only where that stage failed.
    /// Returns how many stages were reset.
    public func markForRetry(stage: StageID?, itemID: String?, failedOnly: Bool) throws -> Int {
        var items = try store.items(presentOnly: true)
        if let itemID {
            items = items.filter { $0.id.hasPrefix(itemID) || $0.sourcePath == itemID }
            guard !items.isEmpty else { throw LecternError(.sourceMissing, "No item \(itemID) in \(out.path).") }
        }
        let runs = try store.stageRuns(itemIDs: items.map(\.id))
        let selected: [StageRun]
        if let stage {
            let names = Set([stage] + stage.dependents)
            let failedThere = Set(runs.filter { $0.stage == stage && $0.state == .failed }.map(\.itemID))
            selected = runs.filter { names.contains($0.stage) && (!failedOnly || failedThere.contains($0.itemID)) }
        } else {
            let failed = runs.filter { $0.state == .failed }
            selected = failed.isEmpty && itemID != nil ? runs : failed
        }
        try store.resetStages(selected.map { StageKey(itemID: $0.itemID, stage: $0.stage) },
                              reason: "asked for by lectern retry", force: true)
        return selected.count
    }

    private func work(inbox: URL, config: PipelineConfig, jobs: Int, runnerID: String,
                      progress: (any ProgressSink)?, stop: StopSignal) throws -> (run: Int, cached: Int) {
        let pending = try store.pendingCount()
        progress?.runStarted(stagesToRun: pending)
        // Stages another process holds may unlock more work here, so they count as work to wait for.
        let runningElsewhere = pending > 0 ? 0 : try store.runningCount()
        guard pending > 0 || runningElsewhere > 0 else { return (0, 0) }

        let context = RunContext(inbox: inbox, config: config, store: store)
        let state = WorkState()
        let group = DispatchGroup()
        for worker in 0..<max(1, jobs) {
            group.enter()
            let thread = Thread { [store] in
                defer { group.leave() }
                Self.workerLoop(owner: runnerID, context: context, store: store, state: state,
                                progress: progress, stop: stop)
            }
            thread.name = "lectern-worker-\(worker)"
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        let final = state.counts.withLock { $0 }
        if let error = final.storeError { throw error }
        return (final.run, final.cached)
    }

    /// Shared by the workers of one run.
    final class WorkState: Sendable {
        struct Counts: Sendable {
            var busy = 0
            var run = 0
            var cached = 0
            var storeError: LecternError?
        }
        let counts = Mutex(Counts())
    }

    static let maxAttempts = 3

    private static func workerLoop(owner: String, context: RunContext, store: any ContentStore, state: WorkState,
                                   progress: (any ProgressSink)?, stop: StopSignal) {
        let executor = StageExecutor(context: context)
        while !stop.isStopped {
            let claim: Claim?
            do {
                claim = try storeCall { try store.claimNext(owner: owner) }
            } catch {
                state.counts.withLock { $0.storeError = error }
                return
            }
            guard let claim else {
                // Nothing runnable now; a stage still running here or in another process may unlock more.
                let busyHere = state.counts.withLock { $0.busy }
                let runningAnywhere = (try? store.runningCount()) ?? 0
                if busyHere == 0 && runningAnywhere == 0 { return }
                usleep(20_000)
                continue
            }
            state.counts.withLock { $0.busy += 1 }
            defer { state.counts.withLock { $0.busy -= 1 } }
            let started = DispatchTime.now()
            do {
                let result = try executor.execute(claim)
                try storeCall { try store.complete(claim, result: result) }
                state.counts.withLock {
                    if result.artifact == nil { $0.cached += 1 } else { $0.run += 1 }
                }
                progress?.stageFinished(StageEvent(sourcePath: claim.item.sourcePath, stage: claim.run.stage,
                                                   outcome: result.artifact == nil ? .cached : .done,
                                                   durationMs: result.durationMs))
            } catch {
                let ms = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
                let retry = error.code.isTransient && claim.run.attempts < maxAttempts
                if retry {
                    usleep(useconds_t(200_000 << min(claim.run.attempts, 4))) // backoff: 0.4 s, 0.8 s, ...
                    _ = try? store.requeue(claim, error: error)
                } else {
                    _ = try? store.fail(claim, error: error, durationMs: ms)
                }
                progress?.stageFinished(StageEvent(sourcePath: claim.item.sourcePath, stage: claim.run.stage,
                                                   outcome: retry ? .retrying(error) : .failed(error), durationMs: ms))
            }
        }
    }
}

/// Set from a signal handler: workers finish the stage they hold and stop claiming new ones.
public final class StopSignal: Sendable {
    private let stopped = Atomic<Bool>(false)
    public init() {}
    public func stop() { stopped.store(true, ordering: .relaxed) }
    public var isStopped: Bool { stopped.load(ordering: .relaxed) }
}
