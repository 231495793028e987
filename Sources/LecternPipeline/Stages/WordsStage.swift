import Foundation
import LecternModel
import LecternStore
import LecternText

/// A text script (.txt, .srt, .vtt) → its sentences, words, lemmas and counts.
struct WordsStage: Stage {
    let id = StageID.words
    /// 8: a hyphenated bound prefix ("non-free", "pre-release") and the words of web and mail addresses are not
    /// counted as words; a complete sentence shorter than the preferred context length ranks with fragments as a
    /// context unless it defines the word (a heading such as "Grant of Patent License." was chosen).
    let version = 8
    var options: WritableKeyPath<PipelineConfig, WordsOptions> { \.words }
    let reads = StageReads.sourceFile

    func run(_ claim: Claim, options: WordsOptions, worker: StageExecutor) throws(LecternError) -> Data {
        let data = try worker.readSource(claim.item, limit: options.maxBytes)
        let analysis = try TextAnalyzer(wordNet: try worker.wordNet())
            .analyze(data: data, fileExtension: (claim.item.sourcePath as NSString).pathExtension)
        return try worker.encode(analysis)
    }
}
