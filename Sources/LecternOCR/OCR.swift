import CTesseract
import Foundation
import LecternModel

/// Settings of the OCR stage. Part of the stage's cache key: changing one reruns OCR.
public struct OCROptions: Sendable, Hashable, Codable {
    /// Tesseract language(s), e.g. "eng" or "eng+deu".
    public var language: String = "eng"
    /// The tessdata folder. Nil: `TESSDATA_PREFIX`, else /usr/share/tesseract-ocr/5/tessdata.
    public var tessdataPath: String? = nil
    /// Images with more pixels (width × height) are refused from their header, before decoding.
    public var maxPixels: Int = 60_000_000
    /// Tesseract's page segmentation mode (3 = automatic layout, 6 = one uniform block, …).
    public var pageSegmentationMode: Int = OCROptions.defaultPageSegmentationMode
    /// The Leptonica clean-up before recognition.
    public var preprocessing: OCRPreprocessing = OCRPreprocessing()
    /// Width in pixels of the JPEG thumbnail (never wider than the original); 0 for none.
    public var thumbnailWidth: Int = 240

    /// Measured on the fixtures: with deskewing, automatic layout (3) reads both pages best.
    public static let defaultPageSegmentationMode = 3
    public static let defaultTessdataPath = "/usr/share/tesseract-ocr/5/tessdata"

    public init(language: String = "eng", tessdataPath: String? = nil, maxPixels: Int = 60_000_000,
                pageSegmentationMode: Int = OCROptions.defaultPageSegmentationMode,
                preprocessing: OCRPreprocessing = OCRPreprocessing(), thumbnailWidth: Int = 240) {
        self.language = language
        self.tessdataPath = tessdataPath
        self.maxPixels = maxPixels
        self.pageSegmentationMode = pageSegmentationMode
        self.preprocessing = preprocessing
        self.thumbnailWidth = thumbnailWidth
    }

    private enum CodingKeys: String, CodingKey {
        case language, tessdataPath, maxPixels, pageSegmentationMode, preprocessing, thumbnailWidth
    }

    /// Missing keys take their defaults, so a pipeline file can name only what it changes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = OCROptions()
        language = try c.decodeIfPresent(String.self, forKey: .language) ?? d.language
        tessdataPath = try c.decodeIfPresent(String.self, forKey: .tessdataPath)
        maxPixels = try c.decodeIfPresent(Int.self, forKey: .maxPixels) ?? d.maxPixels
        pageSegmentationMode = try c.decodeIfPresent(Int.self, forKey: .pageSegmentationMode) ?? d.pageSegmentationMode
        preprocessing = try c.decodeIfPresent(OCRPreprocessing.self, forKey: .preprocessing) ?? d.preprocessing
        thumbnailWidth = try c.decodeIfPresent(Int.self, forKey: .thumbnailWidth) ?? d.thumbnailWidth
    }

    /// The first value an engine cannot use; the pipeline file's check and `OCREngine` ask the same question.
    public func problem() -> OptionProblem? {
        if maxPixels <= 0 { return OptionProblem("maxPixels", "must be a positive number of pixels") }
        if !(0...13).contains(pageSegmentationMode) || [0, 2].contains(pageSegmentationMode) {
            return OptionProblem("pageSegmentationMode", "must be a Tesseract page segmentation mode: 1 or 3 to 13 (3 is automatic), not \(pageSegmentationMode)")
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        let languages = language.split(separator: "+", omittingEmptySubsequences: false)
        guard !language.isEmpty, languages.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) }) else {
            return OptionProblem("language", "must name Tesseract languages such as eng or eng+deu, not \"\(language)\"")
        }
        return nil
    }

    /// The tessdata folder that will be used: the option, else `TESSDATA_PREFIX`, else the
    /// Debian default. (`TESSDATA_PREFIX` may name the tessdata folder or its parent.)
    public func resolvedTessdataPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let tessdataPath, !tessdataPath.isEmpty { return tessdataPath }
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            let nested = (prefix as NSString).appendingPathComponent("tessdata")
            let first = language.split(separator: "+").first.map(String.init) ?? language
            if !FileManager.default.fileExists(atPath: (prefix as NSString).appendingPathComponent("\(first).traineddata")),
               FileManager.default.fileExists(atPath: (nested as NSString).appendingPathComponent("\(first).traineddata")) {
                return nested
            }
            return prefix
        }
        return OCROptions.defaultTessdataPath
    }
}

/// Tesseract plus Leptonica clean-up for one worker.
///
/// Owns its TessBaseAPI handle (deleted in `deinit`). A Tesseract handle must not be used by two
/// threads at once, so make one engine per worker: loading the English model takes a moment, so
/// reuse the engine for many pages.
///
/// `@unchecked Sendable`: a worker may create its engine on one task and use it on another, so it
/// must cross isolation boundaries. It is safe: every use of the handle happens under `lock`, so
/// even a shared engine only serialises (it never corrupts), and the handle never escapes.
public final class OCREngine: @unchecked Sendable {
    public let options: OCROptions
    private let api: OpaquePointer
    private let lock = NSLock()

    /// Loads the language model. Throws `internal-error` with a plain explanation when the
    /// language data is missing or the options are invalid.
    public init(options: OCROptions = OCROptions()) throws(LecternError) {
        _ = Leptonica.configured
        self.options = options

        if let problem = options.problem() {
            throw LecternError(.internalError, "The OCR option \(problem).")
        }
        let languages = options.language.split(separator: "+").map(String.init)
        let path = options.resolvedTessdataPath()
        for language in languages {
            let file = (path as NSString).appendingPathComponent("\(language).traineddata")
            guard FileManager.default.isReadableFile(atPath: file) else {
                let package = "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
                throw LecternError(.missingDependency,
                    "The text recognition data for the language \"\(language)\" is not installed (\(file) is missing). "
                    + "Install the \(package) package or set TESSDATA_PREFIX to the folder that holds \(language).traineddata.")
            }
        }

        guard let api = TessBaseAPICreate() else {
            throw LecternError(.internalError, "Text recognition could not start (Tesseract did not create its engine).")
        }
        // Tesseract's chatter ("Estimating resolution…", warnings) goes to its debug file.
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        guard TessBaseAPIInit2(api, path, options.language, OEM_LSTM_ONLY) == 0 else {
            TessBaseAPIDelete(api)
            throw LecternError(.internalError,
                "Text recognition could not load its language data \"\(options.language)\" from \(path): the files may be damaged.")
        }
        TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(options.pageSegmentationMode)))
        // Tesseract reads every low-confidence line a second time inverted (for white-on-black text);
        // worksheets are dark on light, and on noisy photos those second reads cost more than they find.
        _ = TessBaseAPISetVariable(api, "tessedit_do_invert", "0")
        self.api = api
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Reads the text of one picture.
    ///
    /// Checks come first, cheapest first, and each has its own error code: empty file
    /// (`empty-file`), bytes that are not a picture (`mislabelled-file`, decided by magic bytes
    /// before any library sees them), absurd dimensions read from the header before decoding
    /// (`image-too-large`), corrupt or truncated pictures (`unreadable-image`), and pictures in
    /// which nothing was recognised (`no-text-found`).
    public func recognize(imageData: Data) throws(LecternError) -> OCRPage {
        try recognizeWithTimings(imageData: imageData).page
    }

    /// `recognize(imageData:)` that also reports where the time went.
    public func recognizeWithTimings(imageData data: Data) throws(LecternError) -> (page: OCRPage, timings: OCRTimings) {
        var timings = OCRTimings()
        var start = now()

        // 1. Bytes, before any library sees them.
        guard !data.isEmpty else {
            throw LecternError(.emptyFile, "This file is empty: it has no picture in it.")
        }
        guard let format = ImageFormatSniffer.format(of: data) else {
            throw LecternError(.mislabelledFile, Self.notAPictureMessage(data))
        }
        // 2. Structure (PNG chunks, JPEG markers): truncated and damaged files stop here, quietly.
        let inspected = try ImageInspector.inspect(data, format: format).get()
        // 3. Header: dimensions without decoding.
        guard let (width, height) = PixImage.header(of: inspected.data) else {
            throw ImageInspector.damaged
        }
        guard width > 0, height > 0 else {
            throw LecternError(.unreadableImage, "This picture is damaged: it says it has no pixels.")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= options.maxPixels else {
            throw LecternError(.imageTooLarge,
                "This picture is too large to read: it is \(width) × \(height) pixels, more than the limit of "
                + "\(Self.megapixels(options.maxPixels)) megapixels. Use a smaller photo or scale it down.")
        }
        // 4. Decode, and turn phone photos upright as their EXIF orientation says.
        guard let decoded = PixImage.decode(inspected.data) else {
            throw ImageInspector.incomplete
        }
        var steps: [String] = []
        var upright = decoded
        if inspected.orientation != 1 {
            upright = decoded.applyingOrientation(inspected.orientation)
            steps.append("upright (EXIF orientation \(inspected.orientation))")
        }
        let original = Preprocessor.flatten(upright)
        timings.decode = now() - start

        // 5. Clean up.
        guard let prepared = Preprocessor.run(original, options: options.preprocessing, timings: &timings) else {
            throw LecternError(.unreadableImage, "This picture could not be prepared for reading.")
        }

        // 6. Recognise.
        start = now()
        let result: Recognition
        do {
            lock.lock()
            defer { lock.unlock() }
            result = try recognizeLocked(prepared.image, resolution: prepared.sourceResolution)
        }
        timings.recognize = now() - start

        guard result.words.contains(where: { word in word.text.contains { $0.isLetter || $0.isNumber } }) else {
            throw LecternError(.noTextFound,
                "No text was found in this picture. Check that the photo shows the page clearly, the right way up, and is not blank.")
        }

        // 7. Thumbnail from the original, not the cleaned-up page.
        start = now()
        let thumbnail = options.thumbnailWidth > 0 ? Self.thumbnail(of: original, width: options.thumbnailWidth) : nil
        timings.thumbnail = now() - start

        let page = OCRPage(text: result.text, meanConfidence: result.meanConfidence, words: result.words,
                           width: original.width, height: original.height, preprocessing: steps + prepared.steps,
                           thumbnailJPEG: thumbnail)
        return (page, timings)
    }

    private struct Recognition {
        var text: String
        var meanConfidence: Double
        var words: [OCRWord]
    }

    /// Runs Tesseract on a prepared page. Call with `lock` held.
    private func recognizeLocked(_ image: PixImage, resolution: Int?) throws(LecternError) -> Recognition {
        defer { TessBaseAPIClear(api) }
        TessBaseAPISetImage2(api, image.pointer)
        // Tell Tesseract the resolution implied by the measured letter size (300 dpi once scaled);
        // without one it guesses from the image.
        if let resolution { TessBaseAPISetSourceResolution(api, Int32(resolution)) }
        guard TessBaseAPIRecognize(api, nil) == 0 else {
            throw LecternError(.unreadableImage, "Text recognition failed on this picture.")
        }
        var text = ""
        if let raw = TessBaseAPIGetUTF8Text(api) {
            text = String(cString: raw)
            TessDeleteText(raw)
        }
        let mean = Double(max(0, TessBaseAPIMeanTextConf(api)))

        var words: [OCRWord] = []
        if let iterator = TessBaseAPIGetIterator(api) {
            defer { TessResultIteratorDelete(iterator) }
            let pageIterator = TessResultIteratorGetPageIterator(iterator)
            repeat {
                guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
                let word = String(cString: raw)
                TessDeleteText(raw)
                let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
                if !word.isEmpty {
                    words.append(OCRWord(text: word, confidence: (confidence * 100).rounded() / 100))
                }
            } while TessPageIteratorNext(pageIterator, RIL_WORD) != 0
        }
        return Recognition(text: Self.tidy(text), meanConfidence: mean, words: words)
    }

    /// Trailing spaces off each line, at most one blank line in a row, no blank ends.
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        var blank = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var l = line
            while let last = l.last, last.isWhitespace { l = l.dropLast() }
            if l.isEmpty {
                blank += 1
                if blank > 1 { continue }
            } else {
                blank = 0
            }
            lines.append(l)
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A JPEG about `width` pixels wide (never enlarged) of the whole page.
    static func thumbnail(of original: PixImage, width: Int) -> Data? {
        var pix = original
        if pix.depth != 8 && pix.depth != 32, let eight = PixImage(taking: pixConvertTo8(pix.pointer, 0)) {
            pix = eight
        }
        if pix.width > width, let small = PixImage(taking: pixScaleToSize(pix.pointer, l_int32(width), 0)) {
            pix = small
        }
        return pix.jpegData(quality: 80)
    }

    static func notAPictureMessage(_ data: Data) -> String {
        if let what = ImageFormatSniffer.describeNonImage(data) {
            return "This file is not a picture: \(what)."
        }
        return "This file is not a picture Lectern can read: it is not a PNG, JPEG, TIFF, BMP, GIF or WebP image."
    }

    private static func megapixels(_ pixels: Int) -> String {
        let mp = Double(pixels) / 1e6
        return mp == mp.rounded() ? String(Int(mp)) : String(format: "%.1f", mp)
    }
}
