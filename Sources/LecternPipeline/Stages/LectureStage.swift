import Foundation
import LecternLectures
import LecternModel
import LecternStore

/// A course's parsed posts → the lecture bundle: subjects, topics, engagement questions, pool, projects.
struct LectureStage: Stage {
    let id = StageID.lecture
    /// Its changes: CHANGELOG.md, "Stage versions".
    let version = 12
    var options: WritableKeyPath<PipelineConfig, LectureOptions> { \.lecture }
    let reads = StageReads.coursePosts
    let readsReviews = true

    func run(_ claim: Claim, options: LectureOptions, worker: StageExecutor) throws(LecternError) -> StageOutput {
        var course = try worker.courseInput(claim.item)
        let item = claim.item
        course.mediaPath = { OutputLayout.media(kind: item.kind, id: item.id, name: $0) ?? $0 }
        let lecture = try LectureBuilder(options: options, wordNet: try worker.wordNet()).build(course, reviews: worker.reviews(of: item.id))
        // The course's images by their names in the course folder, for the publisher to copy from the inbox.
        let folder = item.sourcePath + "/"
        let inboxMedia = (lecture.media ?? []).filter { $0.source.hasPrefix(folder) }.map { (String($0.source.dropFirst(folder.count)), $0.source) }
        return StageOutput(result: try worker.encode(lecture), inboxMedia: Dictionary(inboxMedia, uniquingKeysWith: { first, _ in first }))
    }
}
