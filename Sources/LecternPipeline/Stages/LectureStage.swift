import Foundation
import LecternGenerate
import LecternModel
import LecternStore

/// A course's parsed posts → the lecture bundle: subjects, topics, engagement questions, pool, projects.
struct LectureStage: Stage {
    let id = StageID.lecture
    /// 6: supported-statement pool items, key sentences that introduce what follows ("… like this:") count half.
    /// 7: "which of these does TITLE describe this way" items on lists of names with their descriptions (rustdoc).
    /// (Review decisions did not change it: a course without decisions gets the same bundle, and one with decisions
    /// has another input hash, `StageInput.reviews`.) 8: a statement item's change is made at the word's own place and its
    /// note says which of a word written twice ("“are not” for the second “are”"), and a verb's participle gets no opposite
    /// ("a discontinued fraction"), nor a word inside a WordNet phrase ("make sure") or near a negation; shared with the quiz's statements. A
    /// sentence saying what a name is not ("NODE_PATH is not part of …") gives no definition item.
    let version = 10
    var options: WritableKeyPath<PipelineConfig, LectureOptions> { \.lecture }
    let reads = StageReads.coursePosts
    let readsReviews = true

    func run(_ claim: Claim, options: LectureOptions, worker: StageExecutor) throws(LecternError) -> Data {
        let lecture = try LectureBuilder(options: options, wordNet: try worker.wordNet()).build(try worker.courseInput(claim.item), reviews: worker.reviews(of: claim.item.id))
        return try worker.encode(lecture)
    }
}
