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
    }
    public var sourcePath: String
    public var stage: StageID
    public var outcome: Outcome
    public var durationMs: Int
}
