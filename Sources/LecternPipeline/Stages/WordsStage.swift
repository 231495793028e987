import Foundation
import LecternModel
import LecternStore
import LecternText

/// A text script (.txt, .srt, .vtt) → its sentences, words, lemmas and counts.
struct WordsStage: Stage {
    let id = StageID.words
    /// Its changes: CHANGELOG.md, "Stage versions".
    let version = 9
    var options: WritableKeyPath<PipelineConfig, WordsOptions> { \.words }
    let reads = StageReads.sourceFile

    func run(_ claim: Claim, options: WordsOptions, worker: StageExecutor) throws(LecternError) -> StageOutput {
        let data = try worker.readSource(claim.item, limit: options.maxBytes)
        let analysis = try TextAnalyzer(wordNet: try worker.wordNet())
            .analyze(data: data, fileExtension: (claim.item.sourcePath as NSString).pathExtension)
        return StageOutput(result: try worker.encode(analysis))
    }
}
