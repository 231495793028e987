import Foundation
import LecternGenerate
import LecternModel
import LecternOCR
import LecternStore

/// A photo's OCR result → the homework bundle: title, subject and multiple-choice quiz.
struct QuizStage: Stage {
    let id = StageID.quiz
    /// 6: questions have stable IDs (`ReviewID`) and the teacher's review decisions are applied; a sense other than
    /// WordNet's first needs plain evidence before it is defined. 7: statements get no opposite after a negation
    /// or a measurement, nor "few"/"no" for "most"/"all" before "of" or "the". 10: clozes of an answer in its other
    /// sentences, no blank inside an address or path, statements of 6+ word sentences, changes at the word's own
    /// place, no opposite of a participle, inside a WordNet phrase, of a superlative's "most" or near a negation,
    /// vocabulary-in-context options without domain labels. 11: the part-of-speech rules of word test 11 and the words
    /// stage's bound prefixes and addresses reach the quiz's terms; numbered statements are content unless the sheet asks
    /// to judge them, and a heading glued to a sentence is cut. 12: the sheet's instructions, not its statements, say
    /// whether statements are judged; item numbers, dates, references and set phrases are not asked; topic words as
    /// options; options fit the blank as the text writes it; statements swap only WordNet kin; and the sense rules of
    /// word test 12 (a definition question needs a `high` sense, which a sense sharing nothing with its sentence
    /// against the document no longer is).
    let version = 12
    var options: WritableKeyPath<PipelineConfig, QuizOptions> { \.quiz }
    let reads = StageReads.upstreamResult
    let readsReviews = true

    func run(_ claim: Claim, options: QuizOptions, worker: StageExecutor) throws(LecternError) -> Data {
        let page = try StageExecutor.decode(OCRPage.self, try worker.upstreamArtifact(claim))
        let bundle = HomeworkBuilder(wordNet: try worker.wordNet(), options: options)
            .build(page: page, id: claim.item.id, source: claim.item.source, reviews: worker.reviews(of: claim.item.id))
        return try worker.encode(bundle)
    }
}
