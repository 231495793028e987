import Foundation
import LecternModel
import LecternReviews
import LecternStore

/// `lectern worker`: claims and runs the stages that runs scheduled in a store, until stopped. It needs no inbox and
/// no output folder: inputs come from the store (on SQLite, from the latest run's inbox), options and review
/// decisions from the run that scheduled the work (`RunConfiguration`), reloaded when a later run changes them.
/// SIGTERM drains it: the stages in hand finish, then it exits.
public struct FleetWorker: Sendable {
    public let store: any ContentStore
    /// A SQLite store's output folder (its runners hold lock files there); nil for PostgreSQL.
    public let out: URL?

    public init(store: any ContentStore, out: URL?) {
        self.store = store
        self.out = out
    }

    public func run(jobs: Int, progress: (any ProgressSink)?, stop: StopSignal) throws -> WorkCounts {
        let runner = try RunnerLock(out: out, store: store, jobs: jobs)
        defer { runner.release() }
        var total = WorkCounts()
        var waitingSaid = false
        var failures = 0
        while !stop.isStopped {
            let loaded: (config: PipelineConfig, version: String)?
            do {
                loaded = try RunConfiguration.load(from: store)
                failures = 0
            } catch {
                // A restarting database must not end a worker; a configuration it cannot read must be seen.
                let failure = LecternError(storeFailure: error)
                guard failure.code.isTransient else { throw error }
                failures += 1
                log.warning("the store could not be reached; trying again", metadata: ["error": "\(failure.message)"])
                usleep(useconds_t(WorkerPool.backoff(failures) * 1e6))
                continue
            }
            guard let (config, version) = loaded else {
                if !waitingSaid { log.notice("no run has scheduled work in this store yet; waiting") }
                waitingSaid = true
                usleep(500_000)
                continue
            }
            let inbox = store.keepsInputs ? nil : try store.setting("inbox").map { URL(fileURLWithPath: $0) }
            let context = RunContext(inputs: inputFiles(inbox: inbox, store: store), config: config, store: store)
            let store = store
            let counts = try WorkerPool(owner: runner.id, context: context, jobs: jobs, progress: progress, stop: stop,
                                        waitsForWork: true,
                                        isCurrent: {
                                            // Unknown while the store is away: keep going, the claim will wait for it.
                                            do { return try store.setting(RunConfiguration.settingKey) == version } catch { return true }
                                        }).run()
            total.run += counts.run
            total.cached += counts.cached
            total.discarded += counts.discarded
        }
        return total
    }
}

extension Pipeline {
    /// `lectern worker` on this pipeline's store; a SQLite store's runners hold lock files in the output folder.
    public func serveAsWorker(jobs: Int, progress: (any ProgressSink)?, stop: StopSignal) throws -> WorkCounts {
        try FleetWorker(store: store, out: store.leaseSeconds == nil ? out : nil).run(jobs: jobs, progress: progress, stop: stop)
    }

    /// Writes the inbox that the store's latest run scanned into `folder` (its kept inputs, at their paths, with its
    /// review decisions) and returns that run's pipeline options: `lectern check --store` rebuilds it in SQLite.
    public func copyStoredInbox(to folder: URL) throws -> PipelineConfig {
        guard let (config, _) = try RunConfiguration.load(from: store) else {
            throw LecternError(.sourceMissing, "No run has scanned an inbox into this store yet.")
        }
        // The scan's record read once: `StoredInputs.file` would read it again for every path.
        for stat in try store.sourceStats().values.sorted(by: { $0.path < $1.path }) {
            guard let data = try store.input(sha256: stat.sha256) else {
                throw LecternError(.sourceMissing, "\(stat.path) is listed by the store's latest scan but its bytes are not in the store.")
            }
            let url = folder.appendingPathComponent(stat.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        if !config.reviews.isEmpty { try ReviewsFile.save(config.reviews, inbox: folder) }
        return config
    }

    /// The registered runners and what each holds (`lectern status --workers`).
    public func workers() throws -> [RunnerStatus] {
        let now = Date().timeIntervalSince1970
        return try store.runners().map {
            RunnerStatus(id: $0.info.id, host: $0.info.host, pid: $0.info.pid, jobs: $0.info.jobs,
                         secondsSinceSeen: max(0, now - $0.lastSeenAt),
                         holding: $0.holding.map { RunnerStatus.Held(itemID: $0.itemID, stage: $0.stage) })
        }
    }
}

/// A runner as `lectern status --workers` shows it.
public struct RunnerStatus: Codable, Sendable {
    public struct Held: Codable, Sendable {
        public var itemID: String
        public var stage: StageID
    }
    public var id: String
    public var host: String
    public var pid: Int
    public var jobs: Int
    /// Since its latest heartbeat (PostgreSQL) or its registration (SQLite).
    public var secondsSinceSeen: Double
    public var holding: [Held]
}
