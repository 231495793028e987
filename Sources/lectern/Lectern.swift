import ArgumentParser
import Foundation
import LecternJSON
import LecternModel
import LecternPipeline

struct Lectern: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lectern",
        abstract: "Turn homework photos, text scripts and HTML course posts into study bundles.",
        discussion: """
        Drop files into an inbox folder and run `lectern run`. Photos (.jpg .png .tif) become homework \
        quizzes, scripts (.txt .srt .vtt) become graded word lists, and folders of HTML posts become \
        lectures. Results go to OUT/bundles, with OUT/index.json listing every item.

        Exit codes: 0 every item done; 1 some item failed (each is recorded, the rest still processed); \
        2 usage or configuration error.
        """,
        subcommands: [RunCommand.self, WatchCommand.self, StatusCommand.self, RetryCommand.self,
                      ShowCommand.self, CheckCommand.self, DrawCommand.self, ExportCommand.self, ServeCommand.self,
                      ReviewCommand.self, WorkerCommand.self, PublishCommand.self])
}

struct OutOptions: ParsableArguments {
    @Option(help: "The output folder: the store (lectern.sqlite), bundles/, media/ and index.json.")
    var out = "output"

    var url: URL { URL(fileURLWithPath: out) }
}

/// The commands that read or write the ledger take `--store`; `export`, `serve` and the rest read the published folder.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A PostgreSQL store shared by workers on several machines, instead of OUT/lectern.sqlite.",
        discussion: "postgres://USER@HOST:PORT/DB (a socket folder as ?host=/path; ?lease=SECONDS sets the lease, default 30). Also LECTERN_STORE, or `store:` in the pipeline file.",
        valueName: "url"))
    var store: String?

    func address(config: PipelineConfig?) throws -> StoreAddress? {
        do {
            return try StoreAddress.resolve(flag: store, config: config)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// `config`: the pipeline file, whose `store:` is the last choice of store; `jobs`: the workers that will share it.
    func openPipeline(_ out: OutOptions, config: PipelineConfig? = nil, jobs: Int = 1) throws -> Pipeline {
        let address = try address(config: config)
        guard jobs > 0 || address != nil else {
            throw ValidationError("--jobs 0 leaves the stages to fleet workers, so it needs a PostgreSQL store (--store)")
        }
        do {
            return try Pipeline(out: out.url, store: address, connections: jobs + 2)
        } catch {
            throw ValidationError("cannot open the store of \(out.out): \(error)")
        }
    }
}

struct InboxOptions: ParsableArguments {
    @Option(help: "The folder teachers drop files into. Lectern never changes or deletes its files (only `lectern review` writes its lectern-reviews.yml).")
    var inbox = "inbox"

    func url() throws -> URL { try existingFolder(inbox) }
}

/// `path` as a URL when it is a folder (an `InboxOptions` made in code cannot be read: ArgumentParser's wrappers only
/// hold parsed values).
func existingFolder(_ path: String) throws -> URL {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
        throw ValidationError("the inbox folder '\(path)' does not exist")
    }
    return URL(fileURLWithPath: path)
}

struct PipelineOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The pipeline file: stages and their options.",
                               discussion: "Default: pipelines/default.yml when it exists, else built-in defaults.",
                               valueName: "file"))
    var pipeline: String?

    func load() throws -> PipelineConfig {
        let path = pipeline ?? (FileManager.default.fileExists(atPath: "pipelines/default.yml") ? "pipelines/default.yml" : nil)
        guard let path else { return PipelineConfig() }
        do {
            return try PipelineConfig.load(path: path)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

struct JobOptions: ParsableArguments {
    @Option(help: "How many items to work on at once (default: the number of cores). With a PostgreSQL store, `lectern run --jobs 0` only scans, waits for the workers and publishes.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard (0...256).contains(jobs) else { throw ValidationError("--jobs must be between 0 and 256") }
    }
}

/// Finishes the stage in hand and stops on SIGINT/SIGTERM instead of dying mid-write.
/// Keep the value alive for as long as the signals should be handled.
struct SignalHandlers {
    let stop = StopSignal()
    private var sources: [any DispatchSourceSignal] = []

    init() {
        let stop = self.stop
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { @Sendable in
                if stop.isStopped { exit(130) } // a second Ctrl-C means now
                FileHandle.standardError.write(Data("\nlectern: stopping after the stages in progress (Ctrl-C again to quit now)\n".utf8))
                stop.stop()
            }
            source.resume()
            sources.append(source)
        }
    }
}

func printJSON<T: Encodable>(_ value: T) throws {
    FileHandle.standardOutput.write(try CanonicalJSON.encode(value))
}
