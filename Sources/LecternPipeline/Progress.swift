import LecternModel

/// What a run reports while it works. The command line draws a bar on a terminal and plain lines elsewhere.
public protocol ProgressSink: Sendable {
    func runStarted(stagesToRun: Int)
    func stageFinished(_ event: StageEvent)
}

public struct StageEvent: Sendable {
    public enum Outcome: Sendable {
        case done
        case cached
        case failed(LecternError)
        case retrying(LecternError)
        /// The stage's lease ran out while it worked and another worker took it over: this result was thrown away.
        case discarded
    }
    public var sourcePath: String
    public var stage: StageID
    public var outcome: Outcome
    public var durationMs: Int
}
