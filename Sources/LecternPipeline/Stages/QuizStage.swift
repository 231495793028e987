import Foundation
import LecternHomework
import LecternModel
import LecternOCR
import LecternStore

/// A photo's OCR result → the homework bundle: title, subject and multiple-choice quiz.
struct QuizStage: Stage {
    let id = StageID.quiz
    /// Its changes: CHANGELOG.md, "Stage versions".
    let version = 19
    var options: WritableKeyPath<PipelineConfig, QuizOptions> { \.quiz }
    let reads = StageReads.upstreamResult
    let readsReviews = true

    func run(_ claim: Claim, options: QuizOptions, worker: StageExecutor) throws(LecternError) -> StageOutput {
        let page = try StageExecutor.decode(OCRPage.self, try worker.upstreamArtifact(claim))
        let bundle = HomeworkBuilder(wordNet: try worker.wordNet(), options: options)
            .build(page: page, id: claim.item.id, source: claim.item.source, reviews: worker.reviews(of: claim.item.id),
                   mediaPath: { OutputLayout.media(kind: claim.item.kind, id: claim.item.id, name: $0) })
        return StageOutput(result: try worker.encode(bundle))
    }
}
