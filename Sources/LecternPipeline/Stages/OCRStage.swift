import Foundation
import LecternModel
import LecternOCR
import LecternStore

/// A homework photo → its text, word confidences and thumbnail (Leptonica clean-up, then Tesseract).
struct OCRStage: Stage {
    let id = StageID.ocr
    /// Its changes: CHANGELOG.md, "Stage versions".
    let version = 5
    var options: WritableKeyPath<PipelineConfig, OCROptions> { \.ocr }
    let reads = StageReads.sourceFile

    func run(_ claim: Claim, options: OCROptions, worker: StageExecutor) throws(LecternError) -> StageOutput {
        let data = try worker.readSource(claim.item, limit: nil)
        let read = try worker.ocrEngine(options).read(imageData: data)
        var output = StageOutput(result: try worker.encode(read.page))
        if let thumbnail = read.page.thumbnail, let jpeg = read.thumbnailJPEG { output.media[thumbnail] = jpeg }
        return output
    }
}
