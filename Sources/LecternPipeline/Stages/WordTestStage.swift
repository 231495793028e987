import Foundation
import LecternGenerate
import LecternModel
import LecternStore
import LecternText

/// A script's analysis → the word-list bundle: graded words with definitions and context, tests per level.
struct WordTestStage: Stage {
    let id = StageID.wordtest
    /// 8: word entries have stable IDs (`ReviewID`) and the teacher's review decisions are applied.
    /// 9: senses keep WordNet's first sense unless the text clearly points elsewhere; part-of-speech rules for "not",
    /// "such", "please", "who", determiner + adjective + noun and a verb at the end of a clause (issue 14).
    /// 10: a sense in a WordNet topic domain the whole document clearly leans to gains a bonus (issue 14, document
    /// domain: "architecture" and "package" in a computing text).
    /// 11: tests ask only definitions of `high` sense confidence or the teacher's (a teacher's definition is `high`);
    /// "according to" and the like are not verbs, and a verb after a noun subject needs a word that is mostly a noun.
    /// 12: a noun phrase goes on after a singular noun or a capitalised name ("the NOTICE file"), after a possessive
    /// and after "and"/"or" ("and configuration files"), the word before a modal is a noun; a sense that shares
    /// nothing with its sentence while the document points more to another sense is `medium`, not `high`.
    let version = 12
    var options: WritableKeyPath<PipelineConfig, WordTestOptions> { \.wordtest }
    let reads = StageReads.upstreamResult
    let readsReviews = true

    func run(_ claim: Claim, options: WordTestOptions, worker: StageExecutor) throws(LecternError) -> Data {
        let analysis = try StageExecutor.decode(TextAnalysis.self, try worker.upstreamArtifact(claim))
        let bundle = WordListBuilder(wordNet: try worker.wordNet(), options: options)
            .build(analysis: analysis, id: claim.item.id, source: claim.item.source, reviews: worker.reviews(of: claim.item.id))
        return try worker.encode(bundle)
    }
}
