import LecternModel
import LecternStore

/// Decides, from the ledger alone, which stage results are still valid for the current inputs and options.
/// `run` applies its plan; `status` shows it as "why this would be rebuilt".
public enum Reconciler {
    public struct Plan: Sendable {
        public var inserts: [StageRun] = []
        /// Stages to put back to pending, with the reason a user sees in `status`.
        public var resets: [(key: StageKey, reason: String)] = []
    }

    public static func plan(items: [ItemRecord], runs: [StageRun], config: PipelineConfig) -> Plan {
        var plan = Plan()
        var runsByItem: [String: [StageID: StageRun]] = [:]
        for run in runs { runsByItem[run.itemID, default: [:]][run.stage] = run }
        var postsRerunning = Set<String>()
        var membersByCourse: [String: [CourseMember]] = [:]

        // Posts before courses: a course is stale when one of its posts will be parsed again.
        let isCourse = { (item: ItemRecord) in item.kind.descriptor.placement == .course }
        let ordered = items.filter { !isCourse($0) } + items.filter(isCourse)
        for item in ordered where item.scanError == nil {
            var itemRuns = runsByItem[item.id] ?? [:]
            var earlierWillRun = false
            var upstream: StageRun?
            for (seq, stage) in item.kind.descriptor.stages.enumerated() {
                defer { upstream = itemRuns[stage] }
                guard var run = itemRuns[stage] else {
                    let run = StageRun(itemID: item.id, stage: stage, seq: seq, pendingReason: "new input")
                    plan.inserts.append(run)
                    itemRuns[stage] = run
                    earlierWillRun = true
                    continue
                }
                if run.state == .running { earlierWillRun = true; continue }
                var reason: String?
                if earlierWillRun {
                    if run.state != .pending { reason = "an earlier stage will run again" }
                } else if run.state == .done {
                    reason = staleness(of: run, stage: stage, item: item, upstream: upstream, config: config,
                                       members: membersByCourse[item.id] ?? [], postsRerunning: postsRerunning)
                }
                if let reason {
                    plan.resets.append((StageKey(itemID: item.id, stage: stage), reason))
                    run.state = .pending
                    itemRuns[stage] = run
                }
                if run.state != .done { earlierWillRun = true }
            }
            if item.kind.descriptor.placement == .courseMember, let parentID = item.parentID {
                if earlierWillRun { postsRerunning.insert(item.id) }
                membersByCourse[parentID, default: []].append(CourseMember(item: item, runs: Array(itemRuns.values)))
            }
        }
        return plan
    }

    private static func staleness(of run: StageRun, stage id: StageID, item: ItemRecord, upstream: StageRun?,
                                  config: PipelineConfig, members: [CourseMember], postsRerunning: Set<String>) -> String? {
        let stage = Stages.stage(id)
        if run.stageVersion != stage.version {
            return "the \(id.rawValue) stage changed (version \(run.stageVersion ?? 0) → \(stage.version))"
        }
        if run.optionsHash != stage.optionsHash(config) {
            return "the \(id.rawValue) options changed in \(config.file)"
        }
        if stage.reads == .coursePosts, members.contains(where: { postsRerunning.contains($0.item.id) }) {
            return "a post of the course will be parsed again"
        }
        let expected = stage.reads.inputHash(StageInput(item: item, upstream: upstream, members: members,
                                                           reviews: stage.reviewsHash(config, itemID: item.id)))
        guard run.inputHash != expected else { return nil }
        let reviews = stage.reviewsHash(config, itemID: item.id)
        if run.inputHash == stage.reads.inputHash(StageInput(item: item, upstream: upstream, members: members)) {
            return "its review decisions changed in \(ReviewDecisions.fileName)"
        }
        return reviews == nil ? "its input changed" : "its input or its review decisions changed"
    }
}
