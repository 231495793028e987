import Foundation
import LecternModel
import LecternStore

/// One item as `lectern status` and `lectern show` present it.
public struct ItemStatus: Codable, Sendable {
    public struct Stage: Codable, Sendable {
        public var name: StageID
        public var state: StageState
        public var attempts: Int
        public var errorCode: ErrorCode?
        public var errorMessage: String?
        public var durationMs: Int?
        /// Why the stage waits (new input, changed options, retry, an interrupted run).
        public var pendingReason: String?
        /// Why a done stage would be built again by the next run.
        public var willRebuild: String?
    }
    public var id: String
    public var kind: ItemKind
    public var source: SourceRef
    public var state: StageState
    public var errorCode: ErrorCode?
    public var errorMessage: String?
    /// What the teacher can do about the error.
    public var advice: String?
    public var failedStage: StageID?
    public var bundle: String?
    public var stages: [Stage]
    /// Why the item is in its state, in one sentence (and, for a done item, why the next run would rebuild it).
    public var reason: String?
    /// The bundle's warnings: a lecture's about how its posts' text was read (a contradicted charset, a cut-off file),
    /// any bundle's about review decisions it could not apply (`lectern-reviews.yml`).
    public var warnings: [String]?
}

/// An item's overall state from its scan error and stage runs; the index and status agree because both use this.
struct ItemOutcome {
    var state: StageState
    var error: LecternError?
    var failedStage: StageID?

    init(item: ItemRecord, runs: [StageRun]) {
        let failed = runs.sorted { $0.seq < $1.seq }.first { $0.state == .failed }
        error = item.scanError ?? failed?.error
        failedStage = failed?.stage
        if error != nil { state = .failed }
        else if !runs.isEmpty && runs.allSatisfy({ $0.state == .done }) { state = .done }
        else if runs.contains(where: { $0.state == .running }) { state = .running }
        else { state = .pending }
    }
}

extension Pipeline {
    /// Every item of the latest scan with its stages, and what the next run would rebuild under `config`.
    public func status(config: PipelineConfig) throws -> [ItemStatus] {
        let items = try store.items(presentOnly: true)
        let runs = try store.stageRuns(itemIDs: items.map(\.id))
        // What the next run would rebuild depends on the review decisions of the inbox the last run read (a
        // malformed or vanished file is the next run's error to report, not status's).
        var config = config
        if config.reviews.isEmpty, let inbox = try rememberedInbox() {
            config.reviews = (try? Self.reviews(inbox: inbox)) ?? ReviewDecisions()
        }
        let plan = Reconciler.plan(items: items, runs: runs, config: config)
        let rebuild = Dictionary(plan.resets.map { ($0.key, $0.reason) },
                                 uniquingKeysWith: { first, _ in first })
        let runsByItem = Dictionary(grouping: runs, by: \.itemID)
        return try items.map { item in
            let itemRuns = (runsByItem[item.id] ?? []).sorted { $0.seq < $1.seq }
            let outcome = ItemOutcome(item: item, runs: itemRuns)
            let bundle = outcome.state == .done ? Publisher.bundlePath(for: item) : nil
            let stages = itemRuns.map { run in
                ItemStatus.Stage(name: run.stage, state: run.state, attempts: run.attempts, errorCode: run.errorCode,
                                 errorMessage: run.errorMessage, durationMs: run.durationMs,
                                 pendingReason: run.state == .pending ? Self.pendingReason(run, of: itemRuns) : nil,
                                 willRebuild: run.state == .done ? rebuild[StageKey(itemID: run.itemID, stage: run.stage)] : nil)
            }
            return ItemStatus(
                id: item.id, kind: item.kind, source: SourceRef(path: item.sourcePath, sha256: item.sha256),
                state: outcome.state, errorCode: outcome.error?.code, errorMessage: outcome.error?.message,
                advice: outcome.error?.code.advice(for: item.kind), failedStage: outcome.failedStage, bundle: bundle,
                stages: stages, reason: Self.reason(item: item, outcome: outcome, stages: stages),
                warnings: bundle == nil ? nil : try bundleWarnings(itemID: item.id))
        }
    }

    /// A pending stage behind a failed one waits for that stage, whatever reset it last.
    static func pendingReason(_ run: StageRun, of runs: [StageRun]) -> String? {
        if let failed = runs.first(where: { $0.seq < run.seq && $0.state == .failed }) {
            return "an earlier stage failed (\(failed.stage): \(failed.errorCode?.rawValue ?? "error")); "
                + "it runs after `lectern retry` or a corrected file"
        }
        return run.pendingReason
    }

    static func reason(item: ItemRecord, outcome: ItemOutcome, stages: [ItemStatus.Stage]) -> String {
        switch outcome.state {
        case .failed:
            if item.scanError != nil { return "the inbox scan could not take it (\(outcome.error?.code.rawValue ?? ""))" }
            let stage = outcome.failedStage?.rawValue ?? "a"
            let attempts = stages.first { $0.name == outcome.failedStage }?.attempts ?? 1
            let transient = outcome.error?.code.isTransient == true
            return "the \(stage) stage failed with \(outcome.error?.code.rawValue ?? "an error")"
                + (transient ? " after \(attempts) attempt\(attempts == 1 ? "" : "s")" : " (permanent: not retried on its own)")
        case .running:
            return "a run is working on its \(stages.first { $0.state == .running }?.name.rawValue ?? "") stage"
        case .pending:
            guard let next = stages.first(where: { $0.state == .pending }) else { return "waiting for its stages to be planned" }
            return "the \(next.name.rawValue) stage waits: \(next.pendingReason ?? "not run yet")"
        case .done:
            if let stale = stages.first(where: { $0.willRebuild != nil }) {
                return "done, but the next run rebuilds it: \(stale.willRebuild ?? "")"
            }
            return "every stage is done and up to date"
        }
    }

    /// The warnings a bundle records, when it has any: a lecture's about how its posts' text was read, and any
    /// bundle's about review decisions that refer to questions or words no longer made or were not applied.
    func bundleWarnings(itemID: String) throws -> [String]? {
        struct Warnings: Decodable { var warnings: [String]? }
        guard let data = try bundleData(itemID: itemID) else { return nil }
        return try JSONDecoder().decode(Warnings.self, from: data).warnings
    }

    /// The stored bundle of an item, when it has one.
    public func bundleData(itemID: String) throws -> Data? {
        guard let item = try store.item(id: itemID), Publisher.bundlePath(for: item) != nil else { return nil }
        let runs = try store.stageRuns(itemIDs: [itemID]).sorted { $0.seq < $1.seq }
        guard let last = runs.last, last.state == .done, let key = last.artifactKey else { return nil }
        return try store.artifact(key: key)
    }
}
