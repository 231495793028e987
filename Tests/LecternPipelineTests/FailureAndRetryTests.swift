import Foundation
import LecternJSON
import LecternModel
import LecternPipeline
import LecternStore
import Testing

/// Bad inputs are recorded with typed errors without stopping the other items; retry reruns exactly them.
@Suite struct FailureAndRetryTests {
    /// A photo cut off half-way, a zero-byte photo and a zero-byte script, next to a good course.
    static func makeBadInbox(_ inbox: URL) throws {
        try Inputs.make(inbox, course: true)
        let jpeg = try Data(contentsOf: Paths.photo("water-cycle.jpg"))
        try jpeg.prefix(jpeg.count / 2).write(to: inbox.appendingPathComponent("cut-off.jpg"))
        try Data().write(to: inbox.appendingPathComponent("empty.jpg"))
        try Data().write(to: inbox.appendingPathComponent("empty.txt"))
    }

    @Test func badFilesFailWithTypedErrorsAndTheRestFinishes() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Self.makeBadInbox(inbox)
        let inputsBefore = try FileManager.default.subpathsOfDirectory(atPath: inbox.path).sorted()

        let result = try await runPipeline(out: out, inbox: inbox)
        let byPath = Dictionary(uniqueKeysWithValues: result.index.items.map { ($0.source.path, $0) })
        #expect(byPath["cut-off.jpg"]?.state == .failed)
        #expect(byPath["cut-off.jpg"]?.errorCode == .unreadableImage)
        #expect(byPath["cut-off.jpg"]?.failedStage == .ocr)
        #expect(byPath["empty.jpg"]?.errorCode == .emptyFile)
        #expect(byPath["empty.txt"]?.errorCode == .emptyFile)
        #expect(byPath["empty.txt"]?.failedStage == .words)
        for path in ["cut-off.jpg", "empty.jpg", "empty.txt"] {
            #expect(byPath[path]?.bundle == nil)
            #expect(byPath[path]?.errorMessage?.isEmpty == false)
        }
        #expect(byPath["tiny-python"]?.state == .done)
        #expect(result.index.items.filter { $0.kind == .post }.allSatisfy { $0.state == .done })
        #expect(result.index.items.count == 6)

        // index.json on disk lists the failures with their codes.
        let index = try CanonicalJSON.decode(RunIndex.self, from: Data(contentsOf: out.appendingPathComponent("index.json")))
        #expect(index.items.filter { $0.state == .failed }.map(\.errorCode).compactMap { $0 }.sorted()
                == [.emptyFile, .emptyFile, .unreadableImage])
        let published = PublishedFiles.list(in: out).keys.sorted()
        #expect(published.filter { $0.hasPrefix("bundles/") }.count == 1, "\(published)")
        #expect(!published.contains { $0.hasPrefix("media/") })

        // status explains what happened and what to do.
        let status = try Pipeline(out: out).status(config: PipelineConfig())
        let cutOff = try #require(status.first { $0.source.path == "cut-off.jpg" })
        #expect(cutOff.state == .failed && cutOff.errorCode == .unreadableImage && cutOff.failedStage == .ocr)
        #expect(cutOff.errorMessage?.isEmpty == false)
        #expect(cutOff.advice == ErrorCode.unreadableImage.advice && cutOff.advice?.isEmpty == false)
        #expect(cutOff.bundle == nil)
        #expect(cutOff.stages.map(\.name) == [.ocr, .quiz])
        #expect(cutOff.stages.map(\.state) == [.failed, .pending])
        #expect(cutOff.stages.first?.attempts == 1)
        let empty = try #require(status.first { $0.source.path == "empty.jpg" })
        #expect(empty.advice == ErrorCode.emptyFile.advice && empty.errorMessage?.isEmpty == false)

        // Inputs are never modified or deleted.
        #expect(try FileManager.default.subpathsOfDirectory(atPath: inbox.path).sorted() == inputsBefore)
        #expect(try Data(contentsOf: inbox.appendingPathComponent("empty.jpg")).isEmpty)
    }

    @Test func retryOfFailedStagesResetsExactlyThoseAndAttemptsGrow() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try Self.makeBadInbox(inbox)
        _ = try await runPipeline(out: out, inbox: inbox)
        let pipeline = try Pipeline(out: out)
        let runsBefore = try pipeline.store.stageRuns(itemIDs: nil)
        let failedBefore = Set(runsBefore.filter { $0.state == .failed }.map { "\($0.itemID)/\($0.stage)" })
        #expect(failedBefore.count == 3)

        // A plain run leaves failed stages alone: the input did not change.
        let plain = try await offThread { try pipeline.run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil) }
        #expect(plain.stagesRun == 0 && plain.cacheHits == 0)
        #expect(try pipeline.store.stageRuns(itemIDs: nil) == runsBefore)

        #expect(try pipeline.markForRetry(stage: nil, itemID: nil, failedOnly: true) == 3)
        let marked = try pipeline.store.stageRuns(itemIDs: nil)
        for run in marked {
            let before = try #require(runsBefore.first { $0.itemID == run.itemID && $0.stage == run.stage })
            if failedBefore.contains("\(run.itemID)/\(run.stage)") {
                #expect(run.state == .pending && run.force && run.errorCode == nil && run.attempts == 1)
                #expect(run.pendingReason?.contains("retry") == true)
            } else {
                #expect(run == before, "\(run.itemID)/\(run.stage) changed although it had not failed")
            }
        }

        // Still broken: the same codes again, one more attempt each.
        let again = try await offThread { try pipeline.run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil) }
        #expect(again.stagesRun == 0)
        let after = try pipeline.store.stageRuns(itemIDs: nil)
        for key in failedBefore {
            let run = try #require(after.first { "\($0.itemID)/\($0.stage)" == key })
            let before = try #require(runsBefore.first { "\($0.itemID)/\($0.stage)" == key })
            #expect(run.state == .failed && run.errorCode == before.errorCode && run.attempts == 2)
        }
        for run in after where !failedBefore.contains("\(run.itemID)/\(run.stage)") {
            let before = try #require(runsBefore.first { $0.itemID == run.itemID && $0.stage == run.stage })
            #expect(run.attempts == before.attempts && run.state == before.state, "\(run.itemID)/\(run.stage)")
        }

        // Retrying one named item touches only that item.
        let cutOff = try #require(again.index.items.first { $0.source.path == "cut-off.jpg" })
        #expect(try pipeline.markForRetry(stage: nil, itemID: cutOff.id, failedOnly: false) == 1)
        #expect(throws: LecternError.self) { try pipeline.markForRetry(stage: nil, itemID: "no-such-item", failedOnly: false) }

        // The teacher fixes the script: a new version is a new item, and it goes through.
        try Data("The gardener planted tall sunflowers beside the old wooden fence.\n".utf8)
            .write(to: inbox.appendingPathComponent("empty.txt"))
        let fixed = try await offThread { try pipeline.run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil) }
        let script = try #require(fixed.index.items.first { $0.source.path == "empty.txt" })
        #expect(script.state == .done && script.errorCode == nil && script.bundle != nil)
        #expect(fixed.index.items.filter { $0.source.path == "empty.txt" }.count == 1)
        #expect(fixed.index.items.first { $0.source.path == "cut-off.jpg" }?.errorCode == .unreadableImage)
        // The named-item retry above ran the cut-off photo a third time.
        #expect(try pipeline.store.stageRuns(itemIDs: [cutOff.id]).first { $0.stage == .ocr }?.attempts == 3)
    }
}
