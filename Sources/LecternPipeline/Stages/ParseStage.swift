import Foundation
import LecternHTML
import LecternModel
import LecternStore

/// A course post (.html) → sanitised typed blocks (libxml2).
struct ParseStage: Stage {
    let id = StageID.parse
    /// 3: formulas drawn as images with their TeX as alt text (Sphinx imgmath) are kept as maths.
    let version = 4
    var options: WritableKeyPath<PipelineConfig, HTMLOptions> { \.parse }
    let reads = StageReads.sourceFile

    func run(_ claim: Claim, options: HTMLOptions, worker: StageExecutor) throws(LecternError) -> Data {
        let data = try worker.readSource(claim.item, limit: options.maxBytes)
        return try worker.encode(try HTMLParser.parse(data, sourcePath: claim.item.sourcePath, options: options))
    }
}
