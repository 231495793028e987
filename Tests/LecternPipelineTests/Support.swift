import Foundation
import Glibc
import LecternModel
import LecternPipeline
import Testing

// Shared helpers of the pipeline tests: temp folders, small inboxes built from samples/, running the
// pipeline off the cooperative thread pool, and running the real `lectern` executable.

enum Paths {
    /// The package root, from this file's location: Tests/LecternPipelineTests/Support.swift.
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = repoRoot.appendingPathComponent("samples")
    static func photo(_ name: String) -> URL { samples.appendingPathComponent("photos/\(name)") }

    /// Every test folder of this process lives under one root, removed at exit; roots left by
    /// killed test processes are removed on the next start.
    static let testRoot: URL = {
        let temp = FileManager.default.temporaryDirectory
        let prefix = "lectern-pipeline-tests-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temp.path)) ?? [] where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: temp.appendingPathComponent(name))
            }
        }
        let root = temp.appendingPathComponent("\(prefix)\(getpid())")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Paths.testRoot) }
        return root
    }()

    /// The `lectern` executable built next to the test bundle (`swift build` puts both in .build/<triple>/debug).
    static let lectern: URL? = {
        var starts = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments.first ?? "")]
        starts.append(repoRoot.appendingPathComponent(".build/debug/x"))
        for start in starts {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("lectern")
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()
}

/// A temp folder for one test; removed when the value goes away.
final class TestFolder: @unchecked Sendable {
    let url: URL

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = Paths.testRoot.appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func sub(_ path: String) -> URL { url.appendingPathComponent(path) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The inputs the tests use: one photo from samples/, a short text and a two-week course written here.
enum Inputs {
    static let story = """
        The river carried cold water from the mountains to the sea. Every spring the farmers watched the \
        banks rise and waited for the flood to pass. A young engineer named Clara studied the old stone bridge \
        and measured the current each morning. She wrote careful notes about erosion and the gentle curve of \
        the valley. When the storm finally arrived, her calculations helped the village prepare. The bridge \
        survived, and the children painted a mural for the brave engineer.

        """

    static let week1 = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Getting started | Tiny Python</title>
        <script>alert('tracking')</script></head>
        <body><main><article>
        <h1>Getting started</h1>
        <h2>Printing text</h2>
        <p>The <strong>print</strong> function writes text to the screen. Python runs each line of a program in order.</p>
        <pre><code class="language-python">print("Hello, world")</code></pre>
        <blockquote><p>Simple is better than complex.</p></blockquote>
        <h2>Comments</h2>
        <p onclick="steal()">A comment starts with a hash sign, and Python ignores it when the program runs.</p>
        <p>See <a href="javascript:alert(1)">this link</a> for nothing useful.</p>
        </article></main></body></html>

        """

    static let week2 = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Loops | Tiny Python</title></head>
        <body><main><article>
        <h1>Loops</h1>
        <h2>The for loop</h2>
        <p>A <em>for</em> loop repeats a block of code once for every item in a list.</p>
        <pre><code>for n in range(3):
            print(n)</code></pre>
        <ul><li>range counts from zero</li><li>the loop stops after the last item</li></ul>
        <p>The area of a circle is \\[ A = \\pi r^2 \\] for a circle of radius r.</p>
        </article></main></body></html>

        """

    /// Writes the chosen inputs into `inbox` (created).
    static func make(_ inbox: URL, photos: [String] = [], story: Bool = false, course: Bool = false) throws {
        let files = FileManager.default
        try files.createDirectory(at: inbox, withIntermediateDirectories: true)
        for photo in photos {
            try files.copyItem(at: Paths.photo(photo), to: inbox.appendingPathComponent(photo))
        }
        if story {
            try Data(Self.story.utf8).write(to: inbox.appendingPathComponent("river-story.txt"))
        }
        if course {
            let folder = inbox.appendingPathComponent("tiny-python")
            for (week, html) in [("week-01", week1), ("week-02", week2)] {
                try files.createDirectory(at: folder.appendingPathComponent(week), withIntermediateDirectories: true)
                try Data(html.utf8).write(to: folder.appendingPathComponent("\(week)/01-post.html"))
            }
        }
    }
}

/// Runs blocking work (a whole pipeline run) on its own thread so that the test's async task does not
/// hold one of the few cooperative threads while it waits.
func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// One in-process run with a fresh `Pipeline` (so the store is closed afterwards).
func runPipeline(out: URL, inbox: URL, config: PipelineConfig = PipelineConfig(), jobs: Int = 2) async throws -> Pipeline.RunResult {
    try await offThread {
        try Pipeline(out: out).run(inbox: inbox, config: config, jobs: jobs, progress: nil)
    }
}

/// The bytes of every published file (index.json, bundles/, media/), by path relative to `out`.
func publishedSnapshot(_ out: URL) throws -> [String: Data] {
    try PublishedFiles.list(in: out).mapValues { try Data(contentsOf: $0) }
}

func jsonObject(_ url: URL) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return try #require(value as? [String: Any], "\(url.lastPathComponent) is not a JSON object")
}

/// Copies a finished output folder (and its inbox) so a test can change it without touching the original.
func copyFolder(_ source: URL, to target: URL) throws {
    try FileManager.default.copyItem(at: source, to: target)
}

// MARK: The shared baseline: one full run on the small inbox, then a second run, both recorded.

/// Runs once per test process; tests that need a finished output folder copy it.
final class Baseline: Sendable {
    let root: URL
    var inbox: URL { root.appendingPathComponent("inbox") }
    var out: URL { root.appendingPathComponent("out") }
    let first: Pipeline.RunResult
    let second: Pipeline.RunResult
    let statusAfterFirst: [ItemStatus]
    let filesAfterFirst: [String: Data]
    let filesAfterSecond: [String: Data]
    let modificationDatesAfterFirst: [String: Date]
    let modificationDatesAfterSecond: [String: Date]

    private init(root: URL) throws {
        self.root = root
        try Inputs.make(root.appendingPathComponent("inbox"), photos: ["water-cycle.jpg"], story: true, course: true)
        let inbox = root.appendingPathComponent("inbox")
        let out = root.appendingPathComponent("out")
        func dates() -> [String: Date] {
            PublishedFiles.list(in: out).compactMap { path, url in
                (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date).map { (path, $0) }
            }.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        do {
            let pipeline = try Pipeline(out: out)
            first = try pipeline.run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
            statusAfterFirst = try pipeline.status(config: PipelineConfig())
        }
        filesAfterFirst = try publishedSnapshot(out)
        modificationDatesAfterFirst = dates()
        Thread.sleep(forTimeInterval: 0.05) // so that a rewritten file would get a new modification time
        second = try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
        filesAfterSecond = try publishedSnapshot(out)
        modificationDatesAfterSecond = dates()
    }

    private static let cache = SharedOnce<Baseline> {
        try await offThread {
            let root = Paths.testRoot.appendingPathComponent("baseline")
            try? FileManager.default.removeItem(at: root)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            return try Baseline(root: root)
        }
    }

    static func shared() async throws -> Baseline {
        try await cache.value()
    }

    /// A private copy of the baseline's inbox and output folder.
    func copy(into folder: TestFolder) throws -> (inbox: URL, out: URL) {
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try copyFolder(self.inbox, to: inbox)
        try copyFolder(self.out, to: out)
        return (inbox, out)
    }
}

/// Work done once per test process (a pipeline run) and shared by the tests that only read its result.
actor SharedOnce<Value: Sendable> {
    private let make: @Sendable () async throws -> Value
    private var task: Task<Value, any Error>?

    init(_ make: @escaping @Sendable () async throws -> Value) {
        self.make = make
    }

    func value() async throws -> Value {
        if let task { return try await task.value }
        let task = Task { try await make() }
        self.task = task
        return try await task.value
    }
}

// MARK: The command-line tool

struct CLIResult: Sendable {
    var status: Int32
    var killed: Bool
    var stdout: String
    var stderr: String
}

/// A started `lectern` process; `finish()` waits for it without blocking a thread.
final class CLIProcess: @unchecked Sendable {
    let process = Process()
    private let outURL: URL
    private let errURL: URL
    private let exited = Exited()

    init(_ arguments: [String], in folder: URL) throws {
        let executable = try #require(Paths.lectern, "the lectern executable was not found next to the tests; run `swift build` first")
        let id = UUID().uuidString.prefix(8)
        outURL = folder.appendingPathComponent(".cli-\(id).out")
        errURL = folder.appendingPathComponent(".cli-\(id).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
    }

    /// What it has written to standard error so far.
    func standardErrorSoFar() -> String {
        (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
    }

    /// How many "done" progress lines (one per finished stage on standard error when it is not a terminal) it has
    /// printed so far.
    func finishedStageLines() -> Int {
        standardErrorSoFar().split(separator: "\n").filter { $0.hasPrefix("done") }.count
    }

    func kill(_ signal: Int32 = SIGKILL) {
        if process.isRunning { Glibc.kill(process.processIdentifier, signal) }
    }

    func finish() async -> CLIResult {
        await exited.wait()
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
        return CLIResult(status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
                         stdout: out, stderr: err)
    }

    /// A one-shot latch between the termination handler and an async waiter.
    final class Exited: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func signal() {
            let toResume = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                done = true
                defer { waiters = [] }
                return waiters
            }
            toResume.forEach { $0.resume() }
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let now = lock.withLock { () -> Bool in
                    if done { return true }
                    waiters.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }
}

/// Runs `lectern ARGS` in `folder` (so no pipelines/default.yml of the repository is picked up) and waits.
func lectern(_ arguments: [String], in folder: URL) async throws -> CLIResult {
    await (try CLIProcess(arguments, in: folder)).finish()
}

func statusJSON(out: URL, in folder: URL) async throws -> [ItemStatus] {
    let result = try await lectern(["status", "--out", out.path, "--json"], in: folder)
    #expect(result.status == 0 || result.status == 1, "status exited \(result.status): \(result.stderr)")
    return try JSONDecoder().decode([ItemStatus].self, from: Data(result.stdout.utf8))
}
