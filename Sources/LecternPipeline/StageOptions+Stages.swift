import LecternGenerate
import LecternHTML
import LecternOCR

/// Options of the `words` stage (text scripts).
public struct WordsOptions: Codable, Sendable, Hashable {
    public var maxBytes = 50_000_000
    public init() {}
}

extension WordsOptions: StageOptions {
    public static let optionNames = ["maxBytes"]
    public func problem() -> String? { maxBytes > 0 ? nil : "maxBytes must be positive" }
}

extension QuizOptions: StageOptions {}
extension WordTestOptions: StageOptions {}
extension LectureOptions: StageOptions {}

extension OCROptions: StageOptions {
    public init() { self.init(language: "eng") }
    public static let optionNames = ["language", "maxPixels", "pageSegmentationMode", "tessdataPath", "thumbnailWidth",
                                     "detectOrientation", "readPlainWhenDoubtful"]
    public func problem() -> String? {
        if maxPixels <= 0 { return "maxPixels must be positive" }
        if !(0...13).contains(pageSegmentationMode) { return "pageSegmentationMode must be a Tesseract mode from 0 to 13" }
        if language.isEmpty { return "language must name a Tesseract language such as eng" }
        return nil
    }
}

extension HTMLOptions: StageOptions {
    public init() { self.init(maxBytes: 20_000_000) }
    public static let optionNames = ["maxBytes"]
    public func problem() -> String? { maxBytes > 0 ? nil : "maxBytes must be positive" }
}
