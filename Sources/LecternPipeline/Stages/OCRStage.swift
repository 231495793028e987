import Foundation
import LecternModel
import LecternOCR
import LecternStore

/// A homework photo → its text, word confidences and thumbnail (Leptonica clean-up, then Tesseract).
struct OCRStage: Stage {
    let id = StageID.ocr
    let version = 3
    var options: WritableKeyPath<PipelineConfig, OCROptions> { \.ocr }
    let reads = StageReads.sourceFile

    func run(_ claim: Claim, options: OCROptions, worker: StageExecutor) throws(LecternError) -> Data {
        let data = try worker.readSource(claim.item, limit: nil)
        return try worker.encode(try worker.ocrEngine(options).recognize(imageData: data))
    }
}
