import Foundation
import Glibc
import LecternModel
import LecternPipeline
import LecternStore
import Testing

/// Files vanishing mid-run, transient retries, status wording, and `lectern run` killed at random moments.
@Suite("Crash safety and retries")
struct CrashSafetyTests {
    /// Deletes files once the scan is done and the workers are about to start.
    final class DeleteAfterScan: ProgressSink, @unchecked Sendable {
        let files: [URL]
        private let lock = NSLock()
        private(set) var events: [StageEvent] = []
        init(_ files: [URL]) { self.files = files }
        func runStarted(stagesToRun: Int) {
            for file in files { try? FileManager.default.removeItem(at: file) }
        }
        func stageFinished(_ event: StageEvent) { lock.withLock { events.append(event) } }
    }

    @Test("a file deleted between scan and read is retried as source-missing, then leaves with the next scan")
    func sourceDisappearsMidRun() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Inputs.make(inbox, story: true)
        let doomed = inbox.appendingPathComponent("doomed.txt")
        try Data(WatchTests.text("volcano").utf8).write(to: doomed)

        let sink = DeleteAfterScan([doomed])
        let started = Date()
        let first = try await offThread {
            try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: sink)
        }
        let entry = try #require(first.index.items.first { $0.source.path == "doomed.txt" })
        #expect(entry.state == .failed && entry.errorCode == .sourceMissing, "\(entry)")
        #expect(first.index.items.first { $0.source.path == "river-story.txt" }?.state == .done)
        // Transient: tried three times with a backoff in between, not failed at once.
        let retries = sink.events.filter { $0.sourcePath == "doomed.txt" }
        #expect(retries.filter { if case .retrying(let error) = $0.outcome { error.code == .sourceMissing } else { false } }.count == 2)
        #expect(Date().timeIntervalSince(started) >= 1.0, "no backoff between attempts")
        let status = try Pipeline(out: out).status(config: PipelineConfig())
        let doomedStatus = try #require(status.first { $0.source.path == "doomed.txt" })
        #expect(doomedStatus.stages.first?.attempts == 3)
        #expect(doomedStatus.reason?.contains("after 3 attempts") == true, "\(doomedStatus.reason ?? "")")
        #expect(doomedStatus.stages.last?.pendingReason?.contains("an earlier stage failed") == true,
                "\(doomedStatus.stages.last?.pendingReason ?? "")")

        // The next scan no longer sees the file: the item leaves the index, and the run exits clean.
        let second = try await runPipeline(out: out, inbox: inbox)
        #expect(!second.index.items.contains { $0.source.path == "doomed.txt" })
        #expect(second.index.items.allSatisfy { $0.state == .done })
        #expect(second.stagesRun == 0)
    }

    @Test("a permanent error fails at once, and status says the next stage waits for it")
    func permanentErrorFailsAtOnce() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try Data([0x00, 0x01, 0x02, 0xFF, 0xFE, 0x10, 0x11]).write(to: inbox.appendingPathComponent("noise.txt"))
        let sink = DeleteAfterScan([])
        let result = try await offThread {
            try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 1, progress: sink)
        }
        #expect(result.index.items.first?.errorCode == .encodingError)
        #expect(!sink.events.contains { if case .retrying = $0.outcome { true } else { false } }, "a permanent error was retried")
        let item = try #require(try Pipeline(out: out).status(config: PipelineConfig()).first)
        #expect(item.stages.map(\.attempts) == [1, 0])
        #expect(item.reason?.contains("permanent") == true, "\(item.reason ?? "")")
        let wordtest = try #require(item.stages.last)
        #expect(wordtest.pendingReason?.hasPrefix("an earlier stage failed (words: encoding-error)") == true,
                "\(wordtest.pendingReason ?? "")")
    }

    @Test("status says why a done item would be rebuilt")
    func statusExplainsRebuilds() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Inputs.make(inbox, story: true)
        _ = try await runPipeline(out: out, inbox: inbox)
        let done = try #require(try Pipeline(out: out).status(config: PipelineConfig()).first)
        #expect(done.state == .done && done.reason == "every stage is done and up to date")

        // A changed option: the stage that uses it (and only it) would rebuild.
        let pipelineFile = folder.sub("pipeline.yml")
        try Data("version: 1\nstages:\n  wordtest:\n    maxWords: 7\n".utf8).write(to: pipelineFile)
        let config = try PipelineConfig.load(path: pipelineFile.path)
        let stale = try #require(try Pipeline(out: out).status(config: config).first)
        #expect(stale.reason?.hasPrefix("done, but the next run rebuilds it: the wordtest options changed") == true,
                "\(stale.reason ?? "")")
        #expect(stale.stages.first { $0.name == .words }?.willRebuild == nil)
    }

    @Test("lectern run killed with SIGKILL at random moments: the next run completes with the bundles of an uninterrupted run")
    func killedAtRandomMoments() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        // Two photos: their OCR takes most of a second, so a run outlasts its first few (fast) stages on any machine;
        // with scripts and posts alone every stage could finish between two polls of the progress lines.
        try Inputs.make(inbox, photos: ["water-cycle.jpg", "erie-canal.jpg"], story: true, course: true)
        for n in 0..<6 {
            try Data(WatchTests.text("stream\(n)").utf8).write(to: inbox.appendingPathComponent("script-\(n).txt"))
        }
        let reference = folder.sub("reference")
        let clean = try await lectern(["run", "--inbox", inbox.path, "--out", reference.path, "--jobs", "2"], in: folder.url)
        #expect(clean.status == 0, "\(clean.stdout)\n\(clean.stderr)")

        let out = folder.sub("out")
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for _ in 0..<4 {
            let process = try CLIProcess(["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "2"], in: folder.url)
            // Killed after a random number of its stages finished (a plain progress line each on a non-terminal stderr):
            // mid-run whatever the machine's speed, at a different moment each time. A run with less left just finishes.
            let stagesBeforeKill = Int.random(in: 1...4, using: &generator)
            while process.process.isRunning, process.finishedStageLines() < stagesBeforeKill {
                try await Task.sleep(for: .milliseconds(10))
            }
            process.kill(SIGKILL)
            if await process.finish().killed { killed += 1 }
        }
        #expect(killed >= 1, "every run finished before it could be killed")

        let resumed = try await lectern(["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "2"], in: folder.url)
        #expect(resumed.status == 0, "\(resumed.stdout)\n\(resumed.stderr)")
        #expect(try publishedSnapshot(out) == publishedSnapshot(reference), "bundles differ from an uninterrupted run")
        let store = try SQLiteStore(path: out.appendingPathComponent("lectern.sqlite").path)
        #expect(!(try store.stageRuns(itemIDs: nil)).contains { $0.state == .running })
        // (A killed writer's .tmp- file may stay for a while; Publisher sweeps old ones. Never a half bundle.)

        // check agrees: the output matches a fresh build.
        let check = try await lectern(["check", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(check.status == 0, "\(check.stdout)\n\(check.stderr)")
    }
}
