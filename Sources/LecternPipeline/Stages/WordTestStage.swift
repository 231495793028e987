import Foundation
import LecternGenerate
import LecternModel
import LecternStore
import LecternText

/// A script's analysis → the word-list bundle: graded words with definitions and context, tests per level.
struct WordTestStage: Stage {
    let id = StageID.wordtest
    let version = 7
    var options: WritableKeyPath<PipelineConfig, WordTestOptions> { \.wordtest }
    let reads = StageReads.upstreamResult

    func run(_ claim: Claim, options: WordTestOptions, worker: StageExecutor) throws(LecternError) -> Data {
        let analysis = try StageExecutor.decode(TextAnalysis.self, try worker.upstreamArtifact(claim))
        let bundle = WordListBuilder(wordNet: try worker.wordNet(), options: options)
            .build(analysis: analysis, id: claim.item.id, source: claim.item.source)
        return try worker.encode(bundle)
    }
}
