import Foundation
import LecternHomework
import LecternModel
import LecternOCR
import LecternQuestions
import LecternText

extension Pipeline {
    /// Why a homework item's quiz asks what it asks (`lectern show ITEM --explain`): every candidate question the
    /// rules considered and the rule that rejected it (`QuizRules.catalogue`), or none for those asked; with the
    /// page's sentences, numbered as the verdicts name them. Bundles leave this out; it is made again from the stored
    /// OCR result with the teacher's decisions, as the quiz stage made it. Nil when the item has no OCR result.
    public func quizExplanation(itemID: String, config: PipelineConfig) throws -> (sentences: [String], verdicts: [CandidateVerdict])? {
        guard let item = try store.item(id: itemID) else { return nil }
        let runs = try store.stageRuns(itemIDs: [itemID])
        guard let ocr = runs.last(where: { $0.stage == .ocr && $0.state == .done }), let key = ocr.artifactKey,
              let data = try store.artifact(key: key) else { return nil }
        let page = try JSONDecoder().decode(OCRPage.self, from: data)
        return HomeworkBuilder(wordNet: try WordNet.shared(), options: config.quiz)
            .explain(page: page, id: itemID, source: item.source, reviews: config.reviews.forItem(itemID))
    }
}
