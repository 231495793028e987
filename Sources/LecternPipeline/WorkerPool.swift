import Foundation
import Glibc
import LecternModel
import LecternStore
import Synchronization

/// What a process's workers did.
public struct WorkCounts: Sendable, Codable, Equatable {
    public var run = 0
    public var cached = 0
    /// Results thrown away because the stage's lease ran out and another worker took it over.
    public var discarded = 0

    public init() {}
}

/// The threads of one process that claim and run stages (plain threads: Tesseract and libxml2 calls block), and,
/// for a store with leases, the heartbeat that keeps their claims and takes back the claims of workers that stopped
/// answering.
struct WorkerPool {
    let owner: String
    let context: RunContext
    let jobs: Int
    let progress: (any ProgressSink)?
    let stop: StopSignal
    /// A fleet worker polls for work until stopped; a run returns once nothing is runnable or running anywhere.
    let waitsForWork: Bool
    /// Checked before each claim; false ends the pool after the stages in hand (a worker whose run's configuration
    /// changed reloads it).
    var isCurrent: @Sendable () -> Bool = { true }

    static let maxAttempts = 3

    private final class Shared: Sendable {
        struct State: Sendable {
            var counts = WorkCounts()
            var holding = Set<StageKey>()
            var storeError: LecternError?
            var finishedThreads = 0
        }
        let state = Mutex(State())
    }

    func run() throws -> WorkCounts {
        let shared = Shared()
        let group = DispatchGroup()
        for index in 0..<max(1, jobs) {
            group.enter()
            let thread = Thread {
                defer {
                    shared.state.withLock { $0.finishedThreads += 1 }
                    group.leave()
                }
                workerLoop(shared)
            }
            thread.name = "lectern-worker-\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
        if let lease = context.store.leaseSeconds {
            let heartbeat = Thread { heartbeatLoop(shared, every: lease / 3) }
            heartbeat.name = "lectern-heartbeat"
            heartbeat.start()
        }
        group.wait()
        let final = shared.state.withLock { $0 }
        if let error = final.storeError { throw error }
        return final.counts
    }

    /// Extends this process's leases and, as any worker may, takes back stages whose lease expired elsewhere.
    /// Runs until the workers are done; a store it cannot reach is tried again on the next beat.
    private func heartbeatLoop(_ shared: Shared, every interval: Double) {
        let store = context.store
        while shared.state.withLock({ $0.finishedThreads < max(1, jobs) }) {
            let holding = shared.state.withLock { Array($0.holding) }
            do {
                let lost = try store.heartbeat(owner: owner, holding: holding)
                if !lost.isEmpty {
                    log.warning("lost the lease of stages in hand; their results will be discarded", metadata: ["stages": "\(lost.count)"])
                }
                let recovered = try store.recoverExpiredLeases(maxAttempts: Self.maxAttempts)
                if recovered > 0 { log.notice("took back stages of a worker that stopped answering", metadata: ["stages": "\(recovered)"]) }
            } catch {
                log.warning("heartbeat failed; trying again", metadata: ["error": "\(LecternError(storeFailure: error).message)"])
            }
            sleep(seconds: interval, unless: { shared.state.withLock { $0.finishedThreads >= max(1, jobs) } })
        }
    }

    private func workerLoop(_ shared: Shared) {
        let executor = StageExecutor(context: context)
        let store = context.store
        var storeFailures = 0
        var idlePolls = 0
        while !stop.isStopped && isCurrent() {
            let claim: Claim?
            do {
                claim = try storeCall { try store.claimNext(owner: owner) }
                storeFailures = 0
            } catch {
                storeFailures += 1
                // A busy or restarting database is waited out; a run gives up after about two minutes of it.
                guard error.code.isTransient, waitsForWork || storeFailures < 40 else {
                    shared.state.withLock { $0.storeError = error }
                    return
                }
                log.warning("the store could not be reached; trying again", metadata: ["error": "\(error.message)"])
                sleep(seconds: Self.backoff(storeFailures), unless: { stop.isStopped })
                continue
            }
            guard let claim else {
                if !waitsForWork {
                    // Nothing runnable now; a stage still running here or in another process may unlock more.
                    let busyHere = shared.state.withLock { !$0.holding.isEmpty }
                    let runningAnywhere = (try? store.runningCount()) ?? 0
                    if !busyHere && runningAnywhere == 0 { return }
                    usleep(20_000)
                } else {
                    // Polling is what finds work. A worker that was just busy asks again soon (the stage after the
                    // one that finished elsewhere is often runnable now); an idle one backs off to about a second, so
                    // an idle fleet costs the database little. Jitter keeps workers from asking in step.
                    idlePolls += 1
                    let interval = min(1.0, 0.02 * Double(1 << min(idlePolls, 6)))
                    sleep(seconds: interval * Double.random(in: 0.5...1.0), unless: { stop.isStopped })
                }
                continue
            }
            idlePolls = 0
            let key = StageKey(itemID: claim.run.itemID, stage: claim.run.stage)
            shared.state.withLock { _ = $0.holding.insert(key) }
            defer { shared.state.withLock { _ = $0.holding.remove(key) } }
            run(claim, executor: executor, shared: shared)
        }
    }

    private func run(_ claim: Claim, executor: StageExecutor, shared: Shared) {
        let store = context.store
        let started = DispatchTime.now()
        func event(_ outcome: StageEvent.Outcome, _ ms: Int) {
            progress?.stageFinished(StageEvent(sourcePath: claim.item.sourcePath, stage: claim.run.stage, outcome: outcome, durationMs: ms))
        }
        let outcome: Result<StageResult, LecternError>
        do { outcome = .success(try executor.execute(claim)) } catch { outcome = .failure(error) }
        let ms = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
        switch outcome {
        case .success(let result):
            guard let accepted = finish({ try store.complete(claim, result: result) }) else { return }
            guard accepted else {
                shared.state.withLock { $0.counts.discarded += 1 }
                log.notice("a late result was discarded: another worker took the stage over",
                           metadata: ["stage": "\(claim.run.stage)", "item": "\(claim.item.sourcePath)"])
                return event(.discarded, ms)
            }
            shared.state.withLock {
                if result.artifact == nil { $0.counts.cached += 1 } else { $0.counts.run += 1 }
            }
            event(result.artifact == nil ? .cached : .done, result.durationMs)
        case .failure(let error):
            let retry = error.code.isTransient && claim.run.attempts < Self.maxAttempts
            if retry {
                usleep(useconds_t(200_000 << min(claim.run.attempts, 4))) // backoff: 0.4 s, 0.8 s, ...
                _ = finish { try store.requeue(claim, error: error) }
            } else {
                _ = finish { try store.fail(claim, error: error, durationMs: ms) }
            }
            event(retry ? .retrying(error) : .failed(error), ms)
        }
    }

    /// A finishing write, tried again while the store is busy or unreachable: the work is done, so it is worth
    /// waiting for. nil when the store stayed away (the lease then runs out and another worker redoes the stage).
    private func finish(_ write: () throws -> Bool) -> Bool? {
        for attempt in 1...8 {
            do { return try storeCall(write) } catch {
                guard error.code.isTransient else { break }
                log.warning("could not record a finished stage; trying again", metadata: ["error": "\(error.message)"])
                sleep(seconds: Self.backoff(attempt), unless: { false })
            }
        }
        return nil
    }

    /// 0.1 s doubling to 5 s.
    static func backoff(_ failures: Int) -> Double { min(5, 0.1 * Double(1 << min(failures, 6))) }

    /// Sleeps in short steps so that a stop is noticed.
    private func sleep(seconds: Double, unless done: () -> Bool) {
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while DispatchTime.now().uptimeNanoseconds < end && !done() { usleep(20_000) }
    }
}
