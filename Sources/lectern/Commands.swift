import ArgumentParser
import Foundation
import LecternModel
import LecternHomework
import LecternPipeline
import LecternQuestions

struct RunSummary: Codable {
    var items: Int
    var done: Int
    var failed: Int
    var pending: Int
    var stagesRun: Int
    var cacheHits: Int
    var interrupted: Bool
    var index: [IndexEntry]
}

/// Runs the pipeline once and reports; shared by `run`, `retry` and `watch`.
/// Exit code: 1 when an item failed, or (with `waitingCountsAsFailure`) when a stopped run left items waiting.
func runOnce(pipeline: Pipeline, inbox: URL, config: PipelineConfig, jobs: Int, json: Bool, stop: StopSignal,
             waitingCountsAsFailure: Bool = true) throws -> Int32 {
    let result = try pipeline.run(inbox: inbox, config: config, jobs: jobs, progress: ConsoleProgress(), stop: stop)
    let entries = result.index.items
    let summary = RunSummary(items: entries.count, done: entries.filter { $0.state == .done }.count,
                             failed: entries.filter { $0.state == .failed }.count,
                             pending: entries.filter { $0.state == .pending || $0.state == .running }.count,
                             stagesRun: result.stagesRun, cacheHits: result.cacheHits, interrupted: result.interrupted,
                             index: entries)
    if json {
        try printJSON(summary)
    } else {
        print("\(summary.items) items: \(summary.done) done, \(summary.failed) failed, \(summary.pending) waiting "
              + "(\(summary.stagesRun) stages run, \(summary.cacheHits) from cache).")
        for entry in entries where entry.state == .failed {
            print("  failed: \(entry.source.path): \(entry.errorMessage ?? "") [\(entry.errorCode?.rawValue ?? "")]")
        }
        if summary.failed > 0 { print("Run `lectern status --failed` for what to do, `lectern retry --failed` to try again.") }
        print("Bundles: \(pipeline.out.appendingPathComponent("bundles").path)")
    }
    return summary.failed > 0 || (waitingCountsAsFailure && summary.pending > 0) ? 1 : 0
}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Process every new or changed file of the inbox, then publish bundles and index.json.",
        discussion: """
        Work already done is skipped (results are cached by input hash, stage version and options), so a \
        second run with nothing new does nothing. A run that was killed is resumed by the next one.

        Example: lectern run --inbox samples --out output --jobs 2
        """)

    @OptionGroup var inbox: InboxOptions
    @OptionGroup var out: OutOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var pipeline: PipelineOptions
    @OptionGroup var jobs: JobOptions
    @Flag(help: "Print a JSON summary with every item on stdout.") var json = false

    func run() throws {
        let config = try pipeline.load()
        let inboxURL = try inbox.url()
        let handlers = SignalHandlers()
        let code = try runOnce(pipeline: try store.openPipeline(out, config: config, jobs: jobs.jobs), inbox: inboxURL,
                               config: config, jobs: jobs.jobs, json: json, stop: handlers.stop)
        withExtendedLifetime(handlers) {}
        throw ExitCode(code)
    }
}

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Run, then run again whenever files arrive in the inbox (Ctrl-C to stop).",
        discussion: """
        Uses inotify (polling where it is not available, or with --poll) and waits until the inbox has been \
        quiet, with every file's size unchanged, for the quiet period, so files still being copied are not \
        taken half-written. SIGINT or SIGTERM finish the stages in progress, hand the rest back to the \
        ledger and exit: 0, or 1 when some item failed. Inputs are never modified.

        Example: lectern watch --inbox inbox --out output
        """)

    @OptionGroup var inbox: InboxOptions
    @OptionGroup var out: OutOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var pipeline: PipelineOptions
    @OptionGroup var jobs: JobOptions
    @Option(help: "Seconds the inbox must stay unchanged before a run starts.") var quietPeriod: Double = 1.0
    @Flag(help: "Poll the inbox instead of using inotify (for network file systems).") var poll = false

    func validate() throws {
        guard (0.05...600).contains(quietPeriod) else { throw ValidationError("--quiet-period must be between 0.05 and 600 seconds") }
    }

    func run() throws {
        let config = try pipeline.load()
        let inboxURL = try inbox.url()
        let lectern = try store.openPipeline(out, config: config, jobs: jobs.jobs)
        let handlers = SignalHandlers()
        let watcher = InboxWatcher(inbox: inboxURL, quietPeriod: quietPeriod, forcePolling: poll)
        var code: Int32 = 0
        // Files may be mid-copy when watch starts, too.
        if watcher.waitUntilSettled(stop: handlers.stop) {
            repeat {
                do {
                    code = try runOnce(pipeline: lectern, inbox: inboxURL, config: config, jobs: jobs.jobs, json: false,
                                       stop: handlers.stop, waitingCountsAsFailure: false)
                } catch {
                    // A vanished inbox or a busy store must not end the watch: report, and try again on the next change.
                    FileHandle.standardError.write(Data("lectern: this run did not finish: \(error)\n".utf8))
                    code = 1
                }
                if !handlers.stop.isStopped {
                    print("Watching \(inbox.inbox)\(watcher.usesPolling ? " (polling)" : "") for new files; Ctrl-C to stop.")
                }
            } while watcher.waitForChange(stop: handlers.stop)
        }
        if handlers.stop.isStopped { print("Stopped; stages not started are kept for the next run.") }
        withExtendedLifetime(handlers) {}
        throw ExitCode(code)
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List every item with its stages, errors in plain words, and what the next run would rebuild.",
        discussion: "Exits 1 when some item failed.\n\nExample: lectern status --failed")

    @OptionGroup var out: OutOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var pipeline: PipelineOptions
    @Flag(help: "Only items that failed.") var failed = false
    @Flag(help: "The runners (runs, watches and fleet workers) registered in the store and the stages each holds, instead of the items.")
    var workers = false
    @Flag(help: "Print JSON on stdout.") var json = false

    func run() throws {
        let config = try pipeline.load()
        let lectern = try store.openPipeline(out, config: config)
        if workers { return try showWorkers(lectern) }
        var items = try lectern.status(config: config)
        let failedCount = items.filter { $0.state == .failed }.count
        if failed { items = items.filter { $0.state == .failed } }
        if json {
            try printJSON(items)
        } else {
            for item in items { print(Self.describe(item)) }
            let counts = Dictionary(grouping: items, by: \.state).mapValues(\.count)
            print("\(items.count) items: \(counts[.done] ?? 0) done, \(counts[.failed] ?? 0) failed, "
                  + "\((counts[.pending] ?? 0) + (counts[.running] ?? 0)) waiting.")
        }
        throw ExitCode(failedCount > 0 ? 1 : 0)
    }

    private func showWorkers(_ lectern: Pipeline) throws {
        let runners = try lectern.workers()
        if json { return try printJSON(runners) }
        if runners.isEmpty { print("No runner is registered: nothing is running stages on this store.") }
        for runner in runners {
            let held = runner.holding.isEmpty ? "idle"
                : "holds " + runner.holding.map { "\($0.stage) of \($0.itemID)" }.joined(separator: ", ")
            print("\(runner.id)  \(runner.host) pid \(runner.pid), \(runner.jobs) jobs, last seen \(Int(runner.secondsSinceSeen)) s ago: \(held)")
        }
    }

    static func describe(_ item: ItemStatus) -> String {
        var lines = ["\(item.state.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0))"
                     + "\(item.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(item.source.path)  [\(item.id)]"]
        if let reason = item.reason { lines.append("    Why: \(reason)") }
        for stage in item.stages {
            var line = "    \(stage.name): \(stage.state.rawValue), \(stage.attempts) attempt\(stage.attempts == 1 ? "" : "s")"
            if let ms = stage.durationMs { line += ", \(ConsoleProgress.seconds(ms))" }
            if let code = stage.errorCode { line += " — \(code.rawValue)" }
            if let reason = stage.pendingReason { line += " (waiting: \(reason))" }
            if let reason = stage.willRebuild { line += " (will rebuild: \(reason))" }
            lines.append(line)
        }
        if let message = item.errorMessage {
            lines.append("    What happened: \(message)")
            if let advice = item.advice { lines.append("    What to do: \(advice)") }
        }
        if let bundle = item.bundle { lines.append("    Bundle: \(bundle)") }
        for warning in item.warnings ?? [] { lines.append("    Warning: \(warning)") }
        return lines.joined(separator: "\n")
    }
}

struct RetryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Run failed stages again, or a named stage and what depends on it, ignoring cached results.",
        discussion: """
        lectern retry --failed              the failed stages of every failed item
        lectern retry --item ID             the failed stages of one item (all its stages if none failed)
        lectern retry --stage quiz          the quiz stage of every item, and what depends on it
        lectern retry --stage ocr --failed  only where ocr failed
        Stages: \(StageID.allCases.map(\.rawValue).joined(separator: ", ")).
        """)

    @OptionGroup var out: OutOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var pipeline: PipelineOptions
    @OptionGroup var jobs: JobOptions
    @Option(help: "The stage to run again (with the stages that consume its output).") var stage: String?
    @Option(help: "Only this item (its ID, an ID prefix, or its source path).") var item: String?
    @Flag(help: "Only stages that failed.") var failed = false
    @Option(help: "The inbox (default: the inbox of the latest run).") var inbox: String?
    @Flag(help: "Print a JSON summary on stdout.") var json = false

    func validate() throws {
        guard stage != nil || item != nil || failed else {
            throw ValidationError("say what to retry: --failed, --item ID or --stage NAME")
        }
        if let stage, StageID(rawValue: stage) == nil {
            throw ValidationError("unknown stage '\(stage)'; stages are \(StageID.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        let config = try pipeline.load()
        let lectern = try store.openPipeline(out, config: config, jobs: jobs.jobs)
        guard let inboxURL = try inbox.map({ try existingFolder($0) }) ?? lectern.rememberedInbox() else {
            throw ValidationError("no run has used \(out.out) yet; pass --inbox")
        }
        let count: Int
        do {
            count = try lectern.markForRetry(stage: stage.flatMap(StageID.init(rawValue:)), itemID: item, failedOnly: failed)
        } catch let error as LecternError {
            throw ValidationError(error.message)
        }
        if !json { print("\(count) stage\(count == 1 ? "" : "s") will run again.") }
        let handlers = SignalHandlers()
        let code = try runOnce(pipeline: lectern, inbox: inboxURL, config: config, jobs: jobs.jobs, json: json, stop: handlers.stop)
        withExtendedLifetime(handlers) {}
        throw ExitCode(code)
    }
}

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one item: its stages, its error, and its bundle.",
        discussion: "ITEM is an ID (or the start of one) from `lectern status`, or the file's path in the inbox.\n\nExample: lectern show photos/water-cycle.jpg")

    @Argument(help: "The item's ID, ID prefix or source path.") var item: String
    @OptionGroup var out: OutOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var pipeline: PipelineOptions
    @Flag(help: "Print JSON (the item and its bundle) on stdout.") var json = false
    @Flag(help: """
        For a word list: why each word has its level (CEFR profile level, the model's features and probabilities). \
        For a homework photo: every candidate question and the rule that rejected it (docs/QUIZ.md's catalogue).
        """)
    var explain = false

    struct Shown: Encodable {
        var item: ItemStatus
        var bundle: AnyJSON?
        var wordEvidence: [String: [String: Double]]?
        var sentences: [String]?
        var quizCandidates: [CandidateVerdict]?
    }

    func run() throws {
        let config = try pipeline.load()
        let lectern = try store.openPipeline(out, config: config)
        let matches = try lectern.status(config: config).filter {
            $0.id.hasPrefix(item) || $0.source.path == item
        }
        guard let found = matches.first else { throw ValidationError("no item '\(item)' in \(out.out); see `lectern status`") }
        guard matches.count == 1 else {
            throw ValidationError("'\(item)' matches \(matches.count) items: \(matches.map(\.id).joined(separator: ", "))")
        }
        let bundle = try lectern.bundleData(itemID: found.id)
        let evidence = try bundle.flatMap { explain ? try lectern.wordEvidence(bundle: $0, config: config) : nil }
        let quiz = explain && found.kind == .homework ? try lectern.quizExplanation(itemID: found.id, config: config) : nil
        if json {
            try printJSON(Shown(item: found, bundle: try bundle.map { try JSONDecoder().decode(AnyJSON.self, from: $0) },
                                wordEvidence: evidence.map { Dictionary($0.map { ($0.word, $0.evidence) }, uniquingKeysWith: { a, _ in a }) },
                                sentences: quiz?.sentences, quizCandidates: quiz?.verdicts))
        } else {
            print(StatusCommand.describe(found))
            if let bundle { print(String(decoding: bundle, as: UTF8.self), terminator: "") }
            for (word, values) in evidence ?? [] {
                print("\(word): " + values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
            }
            if let quiz { print(Self.describe(quiz)) }
        }
    }

    /// The page's sentences, each candidate with its verdict, and the rules named.
    static func describe(_ quiz: (sentences: [String], verdicts: [CandidateVerdict])) -> String {
        var lines = ["Sentences of the page:"]
        lines += quiz.sentences.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        lines.append("Candidate questions (the rule that rejected each, or \"asked\"):")
        let width = quiz.verdicts.map { ($0.rule ?? "asked").count }.max() ?? 0
        for verdict in quiz.verdicts {
            let rule = verdict.rule ?? "asked"
            lines.append("  \(rule.padding(toLength: width, withPad: " ", startingAt: 0))  \(verdict.subject)"
                         + (verdict.detail.map { " (\($0))" } ?? ""))
        }
        let summaries = Dictionary(QuizRules.catalogue.flatMap(\.rules).map { ($0.id, $0.summary) }, uniquingKeysWith: { a, _ in a })
        let named = Set(quiz.verdicts.compactMap(\.rule)).sorted()
        if !named.isEmpty {
            lines.append("Rules named above:")
            lines += named.map { "  \($0): \(summaries[$0] ?? "")" }
        }
        return lines.joined(separator: "\n")
    }
}

/// Passes a stored bundle through to JSON output unchanged.
struct AnyJSON: Codable {
    let value: Any

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { value = NSNull() }
        else if let bool = try? container.decode(Bool.self) { value = bool }
        else if let int = try? container.decode(Int.self) { value = int }
        else if let double = try? container.decode(Double.self) { value = double }
        else if let string = try? container.decode(String.self) { value = string }
        else if let array = try? container.decode([AnyJSON].self) { value = array }
        else { value = try container.decode([String: AnyJSON].self) }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case is NSNull: try container.encodeNil()
        case let bool as Bool: try container.encode(bool)
        case let int as Int: try container.encode(int)
        case let double as Double: try container.encode(double)
        case let string as String: try container.encode(string)
        case let array as [AnyJSON]: try container.encode(array)
        case let object as [String: AnyJSON]: try container.encode(object)
        default: try container.encodeNil()
        }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "For CI: rebuild everything in a temporary folder and compare with OUT; exit 1 naming the bundles that differ.",
        discussion: """
        Exit 0 when OUT's bundles, media and index.json equal a fresh build of the inbox, 1 when they \
        differ (stale bundles), 2 on a usage or configuration error.

        With a PostgreSQL store (--store, LECTERN_STORE or the pipeline file's `store:`), the inputs and options \
        of the store's latest run are rebuilt in a temporary SQLite store instead of --inbox.

        Example (CI): lectern run --inbox course --out published && git diff --exit-code published
                  or: lectern check --inbox course --out published
        """)

    @OptionGroup var inbox: InboxOptions
    @OptionGroup var out: OutOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var pipeline: PipelineOptions
    @OptionGroup var jobs: JobOptions
    @Flag(help: "Print the differing files as JSON on stdout.") var json = false

    func run() throws {
        var config = try pipeline.load()
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        let inboxURL: URL
        let source: String
        if try store.address(config: config) != nil {
            // A fleet's inputs are in its store: rebuild them, with the run's own options, in a SQLite store here.
            inboxURL = temp.appendingPathComponent("inbox")
            config = try store.openPipeline(out, config: config).copyStoredInbox(to: inboxURL)
            source = "the store's inputs"
        } else {
            inboxURL = try inbox.url()
            source = inbox.inbox
        }
        let fresh = try Pipeline(out: temp.appendingPathComponent("out"))
        try ExportPublisher.copyNoteTimes(from: out.url, to: fresh.out)
        let handlers = SignalHandlers()
        _ = try fresh.run(inbox: inboxURL, config: config, jobs: jobs.jobs, progress: ConsoleProgress(), stop: handlers.stop)
        let differing = PublishedFiles.differences(between: out.url, and: fresh.out, exports: config.exports)
        if json {
            try printJSON(["differing": differing])
        } else if differing.isEmpty {
            print("Up to date: \(out.out) matches a fresh build of \(source).")
        } else {
            print("Stale: \(differing.count) file\(differing.count == 1 ? "" : "s") of \(out.out) differ from a fresh build:")
            for path in differing { print("  \(path)") }
        }
        throw ExitCode(differing.isEmpty ? 0 : 1)
    }
}
