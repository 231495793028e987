import Foundation
import FoundationNetworking
import LecternJSON
import LecternModel
import LecternPipeline
import LecternStore
import Testing

/// The real `lectern` executable (built by `swift build`), spawned with Foundation.Process.
@Suite struct CommandLineTests {
    @Test func runStatusAndCheckOnAGoodInbox() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Inputs.make(inbox, course: true)

        let run = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))

        let again = try await lectern(["run", "--inbox", inbox.path, "--out", out.path, "--json"], in: folder.url)
        #expect(again.status == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any],
                                   "run --json printed: \(again.stdout)")
        #expect(summary["stagesRun"] as? Int == 0 && summary["cacheHits"] as? Int == 0)
        #expect(summary["items"] as? Int == 3 && summary["done"] as? Int == 3 && summary["failed"] as? Int == 0)

        let status = try await lectern(["status", "--out", out.path, "--json"], in: folder.url)
        #expect(status.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8))
        let items = try #require(parsed as? [[String: Any]], "status --json printed: \(status.stdout)")
        #expect(items.count == 3 && items.allSatisfy { $0["state"] as? String == "done" })
        let decoded = try JSONDecoder().decode([ItemStatus].self, from: Data(status.stdout.utf8))
        #expect(decoded.allSatisfy { $0.stages.allSatisfy { $0.attempts == 1 } })

        let fresh = try await lectern(["check", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(fresh.status == 0, "check after a run: \(fresh.stdout) \(fresh.stderr)")

        // Someone edits a published bundle by hand: check reports it as stale.
        let lectureBundle = try #require(PublishedFiles.list(in: out).keys.first { $0.hasPrefix("bundles/lectures/") })
        let handle = try FileHandle(forWritingTo: out.appendingPathComponent(lectureBundle))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" ".utf8))
        try handle.close()
        let stale = try await lectern(["check", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains(lectureBundle), "check output: \(stale.stdout)")
        let json = try await lectern(["check", "--inbox", inbox.path, "--out", out.path, "--json"], in: folder.url)
        #expect(json.status == 1)
        let differing = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [String]])?["differing"]
        #expect(differing == [lectureBundle])
    }

    /// Word-list bundles carry no model internals; `show --explain` prints them per word.
    @Test func showExplainPrintsTheWordEvidenceTheBundleLeavesOut() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try Data("A volcano is an opening in the crust. Molten rock called magma escapes through it.".utf8)
            .write(to: inbox.appendingPathComponent("volcano.txt"))
        let run = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        let plain = try await lectern(["show", "volcano.txt", "--out", out.path, "--json"], in: folder.url)
        #expect(plain.status == 0 && plain.stdout.contains("levelSource") && !plain.stdout.contains("rootGain"))
        let explained = try await lectern(["show", "volcano.txt", "--out", out.path, "--json", "--explain"], in: folder.url)
        #expect(explained.status == 0, "\(explained.stderr)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(explained.stdout.utf8)) as? [String: Any])
        let evidence = try #require(parsed["wordEvidence"] as? [String: [String: Double]])
        #expect(evidence["magma"]?["zipf"] != nil && evidence["volcano"]?["cefr"] != nil)
    }

    /// A homework photo's quiz is explained by rule: `show --explain` lists every candidate question with the catalogue
    /// rule that rejected it, and "asked" for exactly the quiz's questions.
    @Test func showExplainListsEachCandidateQuestionWithTheRuleThatRejectedIt() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Inputs.make(inbox, photos: ["water-cycle.jpg"])
        let run = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        let explained = try await lectern(["show", "water-cycle.jpg", "--out", out.path, "--json", "--explain"], in: folder.url)
        #expect(explained.status == 0, "\(explained.stderr)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(explained.stdout.utf8)) as? [String: Any])
        let questions = try #require(((parsed["bundle"] as? [String: Any])?["quiz"] as? [String: Any])?["questions"] as? [[String: Any]])
        let candidates = try #require(parsed["quizCandidates"] as? [[String: Any]])
        let asked = candidates.filter { $0["rule"] == nil }
        #expect(!questions.isEmpty && asked.count == questions.count, "\(asked)")
        let rules = Set(candidates.compactMap { $0["rule"] as? String })
        // The page's short sentences ("Warm, moist air rises.") are no blanks; most of its nouns have no three options of
        // their kind; a sentence that serves one question serves no other.
        #expect(rules.isSuperset(of: ["cloze.sentence-length", "cloze.three-options", "quiz.sentence-used"]), "\(rules)")
        #expect(rules.allSatisfy { $0.range(of: #"^[a-z-]+\.[a-z-]+$"#, options: .regularExpression) != nil }, "\(rules)")
        let sentences = try #require(parsed["sentences"] as? [String])
        #expect(sentences.contains("Warm, moist air rises."))
        let text = try await lectern(["show", "water-cycle.jpg", "--out", out.path, "--explain"], in: folder.url)
        #expect(text.status == 0 && text.stdout.contains("cloze.sentence-length: a blanked sentence has 6–90 words"), "\(text.stdout)")
    }

    @Test func aFailedItemExitsOne() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Inputs.make(inbox, course: true)
        try Data().write(to: inbox.appendingPathComponent("empty.txt"))

        let run = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(run.status == 1, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(run.stdout.contains("empty.txt") && run.stdout.contains("empty-file"))
        let status = try await lectern(["status", "--out", out.path, "--failed", "--json"], in: folder.url)
        #expect(status.status == 1)
        let failed = try JSONDecoder().decode([ItemStatus].self, from: Data(status.stdout.utf8))
        #expect(failed.map(\.source.path) == ["empty.txt"])
        #expect(failed.first?.errorCode == .emptyFile && failed.first?.advice?.isEmpty == false)
        let text = try await lectern(["status", "--out", out.path], in: folder.url)
        #expect(text.stdout.contains("What to do:"))
    }

    @Test func usageAndConfigurationErrorsExitTwo() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Inputs.make(inbox, course: true)
        let bad = folder.sub("bad.yml")
        try Data("version: 1\nstages:\n  frobnicate:\n    x: 1\n".utf8).write(to: bad)

        let config = try await lectern(["run", "--inbox", inbox.path, "--out", out.path, "--pipeline", bad.path], in: folder.url)
        #expect(config.status == 2)
        #expect(config.stderr.contains("\(bad.path):3"), "stderr: \(config.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.json").path))

        let flag = try await lectern(["run", "--inbox", inbox.path, "--out", out.path, "--no-such-flag"], in: folder.url)
        #expect(flag.status == 2, "stderr: \(flag.stderr)")
        #expect(flag.stderr.contains("no-such-flag"))

        let jobs = try await lectern(["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "0"], in: folder.url)
        #expect(jobs.status == 2)
        let noInbox = try await lectern(["run", "--inbox", folder.sub("missing").path, "--out", out.path], in: folder.url)
        #expect(noInbox.status == 2)
        let retry = try await lectern(["retry", "--out", out.path], in: folder.url)
        #expect(retry.status == 2)
        let stage = try await lectern(["retry", "--out", out.path, "--stage", "bake"], in: folder.url)
        #expect(stage.status == 2)
    }

    /// Two `lectern run` processes started together on one photo inbox and one output folder. Runs once;
    /// the concurrency test checks it and the crash test compares its own result with it.
    enum ConcurrentRuns {
        static let photos = ["erie-canal.jpg", "printing-press.jpg", "water-cycle.jpg"]

        struct Outcome: Sendable {
            var results: [CLIResult]
            var out: URL
            var files: [String: Data]
        }

        static let shared = SharedOnce<Outcome> {
            let root = Paths.testRoot.appendingPathComponent("concurrent-runs")
            try? FileManager.default.removeItem(at: root)
            let inbox = root.appendingPathComponent("inbox")
            let out = root.appendingPathComponent("out")
            try Inputs.make(inbox, photos: photos)
            let arguments = ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "1"]
            let first = try CLIProcess(arguments, in: root)
            let second = try CLIProcess(arguments, in: root)
            let results = [await first.finish(), await second.finish()]
            return Outcome(results: results, out: out, files: try publishedSnapshot(out))
        }
    }

    @Test func twoConcurrentRunsShareTheWork() async throws {
        let outcome = try await ConcurrentRuns.shared.value()
        for result in outcome.results {
            #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        }
        let folder = try TestFolder()
        let status = try await statusJSON(out: outcome.out, in: folder.url)
        #expect(status.count == 3 && status.allSatisfy { $0.state == .done })
        for item in status {
            for stage in item.stages {
                #expect(stage.attempts == 1, "\(item.source.path)/\(stage.name) ran \(stage.attempts) times")
            }
        }
        #expect(outcome.files.keys.filter { $0.hasPrefix("bundles/homework/") }.count == 3)
        #expect(outcome.files.keys.filter { $0.hasPrefix("media/") }.count == 3)
        let index = try CanonicalJSON.decode(RunIndex.self, from: try #require(outcome.files["index.json"]))
        #expect(index.items.count == 3 && index.items.allSatisfy { $0.state == .done })
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            let integrity = Process()
            integrity.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            integrity.arguments = [outcome.out.appendingPathComponent("lectern.sqlite").path, "PRAGMA integrity_check"]
            let pipe = Pipe()
            integrity.standardOutput = pipe
            try integrity.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            integrity.waitUntilExit()
            #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        }
    }

    /// A run that starts while another process holds the last stage of the only item: it has nothing to
    /// claim, so it publishes at once and exits 1 ("1 waiting"), although nothing failed. Known bug, see the
    /// report: `Pipeline.work` returns early when no stage is `pending`, without waiting for `running` ones.
    @Test func aRunStartedWhileAnotherHoldsTheLastStageWaitsForIt() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.samples.appendingPathComponent("scripts/why-bread-rises.txt"),
                                         to: inbox.appendingPathComponent("why-bread-rises.txt"))
        let arguments = ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "1"]
        let first = try CLIProcess(arguments, in: folder.url)

        // Wait until the first run holds wordtest (the item's last stage) and nothing is pending.
        var holdsLastStage = false
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, first.process.isRunning {
            if FileManager.default.fileExists(atPath: out.appendingPathComponent("lectern.sqlite").path),
               let runs = try? SQLiteStore(path: out.appendingPathComponent("lectern.sqlite").path).stageRuns(itemIDs: nil),
               runs.contains(where: { $0.stage == .wordtest && $0.state == .running }) {
                holdsLastStage = true
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let second = try await lectern(arguments, in: folder.url)
        let firstResult = await first.finish()
        #expect(firstResult.status == 0, "\(firstResult.stderr)")
        guard holdsLastStage else { return } // the first run was too quick to catch; nothing to check
        #expect(second.status == 0, "second run: \(second.stdout)")
        #expect(!second.stdout.contains("1 waiting"), "second run: \(second.stdout)")
        let index = try CanonicalJSON.decode(RunIndex.self, from: Data(contentsOf: out.appendingPathComponent("index.json")))
        #expect(index.items.allSatisfy { $0.state == .done }, "the last published index is not final")
    }

    @Test func aKilledRunIsResumedByTheNextOne() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Inputs.make(inbox, photos: ConcurrentRuns.photos)
        let arguments = ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "2"]

        var killedOnce = false
        for delay in [1.2, 2.0] {
            let process = try CLIProcess(arguments, in: folder.url)
            try await Task.sleep(for: .seconds(delay))
            process.kill(SIGKILL)
            let result = await process.finish()
            killedOnce = killedOnce || result.killed
        }
        // On a heavily loaded machine the timing can miss; the resume checks below hold either way.
        withKnownIssue("timing: no run was still going when it was killed", isIntermittent: true) {
            #expect(killedOnce, "no run was still going when it was killed")
        }

        let resumed = try await lectern(arguments, in: folder.url)
        #expect(resumed.status == 0, "stdout: \(resumed.stdout)\nstderr: \(resumed.stderr)")
        let status = try await statusJSON(out: out, in: folder.url)
        #expect(status.count == 3)
        #expect(status.allSatisfy { $0.state == .done }, "\(status.map { "\($0.source.path): \($0.state)" })")
        #expect(!status.contains { $0.stages.contains { $0.state == .running } })

        // The same bytes as runs that were never interrupted (the concurrent runs, on the same photos).
        let reference = try await ConcurrentRuns.shared.value().files
        #expect(try publishedSnapshot(out) == reference)
        #expect(PublishedFiles.list(in: out).keys.filter { $0.hasPrefix("bundles/homework/") }.count == 3)

        // The dead runners' registrations and lock files are gone.
        let locks = (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(".runners").path)) ?? []
        #expect(locks.isEmpty, "left in .runners: \(locks)")
        #expect(try Pipeline(out: out).store.runners().isEmpty)
    }

    /// `lectern serve` is the one async command: the real binary must serve (not print its help) and stop on Ctrl-C.
    @Test func serveAnswersOverHTTPAndStopsOnInterrupt() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Inputs.make(inbox, course: true)
        let run = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")

        let port = Int.random(in: 20000...40000)
        let server = try CLIProcess(["serve", "--out", out.path, "--port", String(port)], in: folder.url)
        defer { server.kill(SIGKILL) }
        var items: [String: Any]?
        for _ in 0..<100 where items == nil {
            try await Task.sleep(for: .milliseconds(100))
            let answer = try? await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/v1/items")!)
            items = answer.flatMap { try? JSONSerialization.jsonObject(with: $0.0) as? [String: Any] }
        }
        let listed = try #require(items?["items"] as? [[String: Any]], "lectern serve did not answer on port \(port)")
        #expect(listed.count == 3)

        server.kill(SIGINT)
        let stopped = await server.finish()
        #expect(!stopped.killed && stopped.status == 0, "stderr: \(stopped.stderr)")
    }
}
