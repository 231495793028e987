import Foundation
import Glibc
import LecternModel
import LecternPostgres
import LecternReviews
import LecternStore
import Synchronization

/// The output folder and the store it is published from: SQLite inside the folder, or a shared PostgreSQL store.
public final class Pipeline: Sendable {
    public let out: URL
    public let store: any ContentStore

    /// `connections`: how many a PostgreSQL store may hold (the jobs that share it, plus the heartbeat and the
    /// publisher).
    public init(out: URL, store address: StoreAddress? = nil, connections: Int = 3) throws {
        self.out = out
        if let address {
            // A fleet worker has no output folder; the publisher makes it when it first writes.
            store = try PostgresStore(url: address.url, connections: connections)
        } else {
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            store = try SQLiteStore(path: out.appendingPathComponent(OutputLayout.store).path)
        }
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

        let knownStats = try store.sourceStats()
        let scan = try InboxScanner(inbox: inbox).scan(knownStats: knownStats)
        // A fleet's workers read inputs and options from the store: both are there before any stage is claimable.
        if store.keepsInputs { try storeInputs(of: scan, known: knownStats, inbox: inbox) }
        try store.saveSourceStats(scan.statsToSave, removing: scan.statsToRemove)
        try RunConfiguration(config).save(in: store)
        try store.replacePresentItems(scan.items)
        try store.setSetting("inbox", try InboxScanner(inbox: inbox).realInboxPath())

        let plan = Reconciler.plan(items: scan.items, runs: try store.stageRuns(itemIDs: nil), config: config)
        try store.insertStageRuns(plan.inserts)
        for (reason, resets) in Dictionary(grouping: plan.resets, by: \.reason) {
            try store.resetStages(resets.map(\.key), reason: reason, force: false)
        }

        let counts = try work(inbox: inbox, config: config, jobs: jobs, runnerID: runner.id, progress: progress, stop: stop)
        let index = try publish(inbox: inbox)
        if !config.exports.isEmpty {
            _ = try ExportPublisher(out: out).export(formats: config.exports, to: out.appendingPathComponent(OutputLayout.exports), removeStale: true)
        }
        return RunResult(index: index, stagesRun: counts.run, cacheHits: counts.cached, hashedFiles: scan.hashedCount,
                         interrupted: stop.isStopped)
    }

    /// `run --jobs 0` on a shared store: the workers elsewhere do the stages; this waits while any is running or
    /// could still run (pending, with no failed stage before it), polling the ledger.
    private func waitForOtherWorkers(stop: StopSignal) throws {
        guard store.leaseSeconds != nil else {
            throw LecternError(.internalError, "--jobs 0 needs a PostgreSQL store, whose workers run the stages.")
        }
        while !stop.isStopped {
            let present = Set(try store.items(presentOnly: true).map(\.id))
            let runs = Dictionary(grouping: try store.stageRuns(itemIDs: nil).filter { present.contains($0.itemID) }, by: \.itemID)
            let outstanding = runs.values.contains { chain in
                chain.contains { $0.state == .running }
                    || chain.contains { run in run.state == .pending && !chain.contains { $0.seq < run.seq && $0.state == .failed } }
            }
            if !outstanding { return }
            usleep(200_000)
        }
    }

    /// Writes bundles, media and index.json from the store, one publisher per output folder at a time.
    /// `inbox`: where a course's images are read; nil reads them from the store (PostgreSQL) or the latest run's inbox.
    @discardableResult
    public func publish(inbox: URL? = nil) throws -> RunIndex {
        let lock = try FileLock(out.appendingPathComponent(OutputLayout.publishLock))
        defer { lock.unlock() }
        let inputs = inputFiles(inbox: try inbox ?? rememberedInbox(), store: store)
        return try Publisher(out: out, inputs: inputs, store: store).publish()
    }

    /// Puts the bytes of every inbox file the store lacks into it, each once by content hash. A file that changed
    /// since it was hashed is left out; its item fails with `source-missing` and the next scan picks it up.
    /// `known`: the stat record the scan started from.
    private func storeInputs(of scan: InboxScan, known: [String: SourceStat], inbox: URL) throws {
        let removed = Set(scan.statsToRemove)
        var wanted: [String: String] = [:]   // sha256 -> a path holding it
        for stat in known.values where !removed.contains(stat.path) { wanted[stat.sha256] = stat.path }
        for stat in scan.statsToSave { wanted[stat.sha256] = stat.path }
        for sha in try store.missingInputs(Set(wanted.keys)).sorted() {
            guard let path = wanted[sha], let data = try? Data(contentsOf: inbox.appendingPathComponent(path)),
                  ContentHash.sha256(data) == sha else { continue }
            try store.putInput(sha256: sha, data: data)
        }
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
                      progress: (any ProgressSink)?, stop: StopSignal) throws -> WorkCounts {
        let pending = try store.pendingCount()
        progress?.runStarted(stagesToRun: pending)
        // Stages another process holds may unlock more work here, so they count as work to wait for.
        let runningElsewhere = pending > 0 ? 0 : try store.runningCount()
        guard pending > 0 || runningElsewhere > 0 else { return WorkCounts() }
        if jobs == 0 {
            try waitForOtherWorkers(stop: stop)
            return WorkCounts()
        }
        let context = RunContext(inputs: inputFiles(inbox: inbox, store: store), config: config, store: store)
        return try WorkerPool(owner: runnerID, context: context, jobs: jobs, progress: progress, stop: stop,
                              waitsForWork: false).run()
    }
}

/// Set from a signal handler: workers finish the stage they hold and stop claiming new ones.
public final class StopSignal: Sendable {
    private let stopped = Atomic<Bool>(false)
    public init() {}
    public func stop() { stopped.store(true, ordering: .relaxed) }
    public var isStopped: Bool { stopped.load(ordering: .relaxed) }
}
