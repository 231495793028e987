import Foundation
import LecternHTML
import LecternModel
import LecternStore

/// A course post (.html) → sanitised typed blocks (libxml2).
struct ParseStage: Stage {
    let id = StageID.parse
    /// Its changes: CHANGELOG.md, "Stage versions".
    let version = 5
    var options: WritableKeyPath<PipelineConfig, HTMLOptions> { \.parse }
    let reads = StageReads.sourceFile

    func run(_ claim: Claim, options: HTMLOptions, worker: StageExecutor) throws(LecternError) -> StageOutput {
        let data = try worker.readSource(claim.item, limit: options.maxBytes)
        return StageOutput(result: try worker.encode(try HTMLParser.parse(data, sourcePath: claim.item.sourcePath, options: options)))
    }
}
