import Foundation
import Glibc
import LecternModel
import LecternPipeline
import Synchronization

/// A progress bar on a terminal; one plain line per finished stage otherwise (CI logs, pipes).
final class ConsoleProgress: ProgressSink {
    private struct State {
        var total = 0
        var finished = 0
    }
    private let state = Mutex(State())
    private let isTerminal = isatty(STDERR_FILENO) == 1

    func runStarted(stagesToRun: Int) {
        state.withLock { $0.total = stagesToRun }
        if stagesToRun == 0 { write("Nothing to do: every item is up to date.\n") }
    }

    func stageFinished(_ event: StageEvent) {
        let (finished, total) = state.withLock { state -> (Int, Int) in
            switch event.outcome {
            case .retrying, .discarded: break
            default: state.finished += 1
            }
            return (state.finished, max(state.total, state.finished))
        }
        let line: String?
        switch event.outcome {
        case .done: line = isTerminal ? nil : "done    \(event.stage) \(event.sourcePath) (\(Self.seconds(event.durationMs)))"
        case .cached: line = isTerminal ? nil : "cached  \(event.stage) \(event.sourcePath)"
        case .failed(let error): line = "FAILED  \(event.stage) \(event.sourcePath): \(error.code.rawValue): \(error.message)"
        case .retrying(let error): line = "retry   \(event.stage) \(event.sourcePath): \(error.message)"
        case .discarded: line = "late    \(event.stage) \(event.sourcePath): another worker took it over; this result was discarded"
        }
        if isTerminal {
            var text = "\r\u{1B}[2K"
            if let line { text += line + "\n" }
            text += Self.bar(finished: finished, total: total) + " \(event.stage) \(event.sourcePath)"
            write(String(text.prefix(200)))
            if finished == total { write("\r\u{1B}[2K") }
        } else if let line {
            write(line + "\n")
        }
    }

    static func bar(finished: Int, total: Int, width: Int = 30) -> String {
        let filled = total == 0 ? width : width * finished / total
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(finished)/\(total)"
    }

    static func seconds(_ ms: Int) -> String { String(format: "%.1fs", Double(ms) / 1000) }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
