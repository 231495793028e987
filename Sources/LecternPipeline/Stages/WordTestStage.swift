import Foundation
import LecternWordLists
import LecternModel
import LecternStore
import LecternText

/// A script's analysis → the word-list bundle: graded words with definitions and context, tests per level.
struct WordTestStage: Stage {
    let id = StageID.wordtest
    /// Its changes: CHANGELOG.md, "Stage versions".
    let version = 15
    var options: WritableKeyPath<PipelineConfig, WordTestOptions> { \.wordtest }
    let reads = StageReads.upstreamResult
    let readsReviews = true

    func run(_ claim: Claim, options: WordTestOptions, worker: StageExecutor) throws(LecternError) -> StageOutput {
        let analysis = try StageExecutor.decode(TextAnalysis.self, try worker.upstreamArtifact(claim))
        let bundle = WordListBuilder(wordNet: try worker.wordNet(), options: options)
            .build(analysis: analysis, id: claim.item.id, source: claim.item.source, reviews: worker.reviews(of: claim.item.id))
        return StageOutput(result: try worker.encode(bundle))
    }
}
