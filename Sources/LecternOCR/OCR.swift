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
    /// When the read is doubtful, ask Tesseract's orientation detection (OSD) whether the page is sideways or
    /// upside down, and read it turned.
    public var detectOrientation: Bool = true
    /// When the read is still doubtful, also read the picture without clean-up and keep the better read.
    public var readPlainWhenDoubtful: Bool = true

    /// Measured on the fixtures: with deskewing, automatic layout (3) reads both pages best.
    public static let defaultPageSegmentationMode = 3
    public static let defaultTessdataPath = "/usr/share/tesseract-ocr/5/tessdata"

    public init(language: String = "eng", tessdataPath: String? = nil, maxPixels: Int = 60_000_000,
                pageSegmentationMode: Int = OCROptions.defaultPageSegmentationMode,
                preprocessing: OCRPreprocessing = OCRPreprocessing(), thumbnailWidth: Int = 240,
                detectOrientation: Bool = true, readPlainWhenDoubtful: Bool = true) {
        self.language = language
        self.tessdataPath = tessdataPath
        self.maxPixels = maxPixels
        self.pageSegmentationMode = pageSegmentationMode
        self.preprocessing = preprocessing
        self.thumbnailWidth = thumbnailWidth
        self.detectOrientation = detectOrientation
        self.readPlainWhenDoubtful = readPlainWhenDoubtful
    }

    private enum CodingKeys: String, CodingKey {
        case language, tessdataPath, maxPixels, pageSegmentationMode, preprocessing, thumbnailWidth
        case detectOrientation, readPlainWhenDoubtful
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
        detectOrientation = try c.decodeIfPresent(Bool.self, forKey: .detectOrientation) ?? d.detectOrientation
        readPlainWhenDoubtful = try c.decodeIfPresent(Bool.self, forKey: .readPlainWhenDoubtful) ?? d.readPlainWhenDoubtful
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
    /// Tesseract's orientation detection, made on first use; guarded by `lock`.
    private var orientationAPI: OpaquePointer?
    /// The dictionary that mends words hyphenated across lines and judges whether a read is language
    /// (`ReadPlausibility`); without one, hyphens are mended by shape alone and reads are not judged.
    public let lexicon: (any OCRLexicon)?

    /// Loads the language model. Throws `internal-error` with a plain explanation when the
    /// language data is missing or the options are invalid.
    public init(options: OCROptions = OCROptions(), lexicon: (any OCRLexicon)? = nil) throws(LecternError) {
        _ = Leptonica.configured
        self.options = options
        self.lexicon = lexicon

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

        // Checked here, not when a page first needs it: a missing file should stop a run before any item fails.
        if options.detectOrientation,
           !FileManager.default.isReadableFile(atPath: (path as NSString).appendingPathComponent("osd.traineddata")) {
            throw LecternError(.internalError,
                "Orientation detection needs \(path)/osd.traineddata: install the tesseract-ocr-osd package, "
                + "or set detectOrientation: false in the pipeline's ocr options.")
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
        if let orientationAPI {
            TessBaseAPIEnd(orientationAPI)
            TessBaseAPIDelete(orientationAPI)
        }
    }

    /// Reads the text of one picture.
    ///
    /// Checks come first, cheapest first, and each has its own error code: empty file
    /// (`empty-file`), bytes that are not a picture (`mislabelled-file`, decided by magic bytes
    /// before any library sees them), absurd dimensions read from the header before decoding
    /// (`image-too-large`), corrupt or truncated pictures (`unreadable-image`), and pictures in
    /// which nothing was recognised (`no-text-found`).
    public func recognize(imageData: Data) throws(LecternError) -> OCRPage {
        try read(imageData: imageData).page
    }

    /// What one read of a picture gives: the page, its thumbnail's bytes (the page names it `thumbnailName`), and
    /// where the time went.
    public struct PageRead: Sendable {
        public var page: OCRPage
        public var thumbnailJPEG: Data?
        public var timings: OCRTimings
    }

    /// The thumbnail's name relative to the item: the publisher decides where it goes.
    public static let thumbnailName = "thumbnail.jpg"

    /// `recognize(imageData:)` with the thumbnail's bytes and the timings.
    public func read(imageData data: Data) throws(LecternError) -> PageRead {
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

        // 5–6. Clean up and read. When that read is doubtful by its words (low confidence, few dictionary words), ask
        // OSD whether the page is sideways or upside down and read it turned; when it is still doubtful, by its words
        // or by what it found (much of the page's ink outside its words, a numbered list with gaps), read the plain
        // picture too (as the `tesseract` command would) and keep the read with the most dictionary letters, so
        // Lectern is never worse than plain Tesseract.
        var best = try read(original, cleaned: true, quarterTurns: 0, timings: &timings)
        if best.recognition.quality.isDoubtfulByWords, options.detectOrientation,
           let turns = try detectOrientation(best.image, xHeight: best.xHeight, timings: &timings) {
            best = Self.better(best, try read(original, cleaned: true, quarterTurns: turns, timings: &timings))
        }
        if best.recognition.quality.isDoubtful, options.readPlainWhenDoubtful {
            best = Self.better(best, try read(original, cleaned: false, quarterTurns: best.quarterTurns, timings: &timings))
        }
        let result = best.recognition

        guard result.words.contains(where: { word in word.text.contains { $0.isLetter || $0.isNumber } }) else {
            throw LecternError(.noTextFound,
                "No text was found in this picture. Check that the photo shows the page clearly, the right way up, and is not blank.")
        }

        // 7. Thumbnail from the original, not the cleaned-up page.
        start = now()
        let thumbnail = options.thumbnailWidth > 0 ? Self.thumbnail(of: original, width: options.thumbnailWidth) : nil
        timings.thumbnail = now() - start

        // 8. Does the kept read look like language? Judged on the rebuilt text, with the dictionary.
        let plausibility = lexicon.map { ReadPlausibility(text: result.text, lexicon: $0) }
        let page = OCRPage(text: result.text, meanConfidence: result.meanConfidence, words: result.words,
                           width: original.width, height: original.height, preprocessing: steps + best.steps,
                           thumbnail: thumbnail == nil ? nil : Self.thumbnailName, path: best.path,
                           title: result.rebuilt.title, plausibility: plausibility.map { ($0.score * 1000).rounded() / 1000 },
                           reviewReason: plausibility?.reviewReason)
        return PageRead(page: page, thumbnailJPEG: thumbnail, timings: timings)
    }

    /// One reading of the page: what Tesseract returned, the steps before it, and how the page got there
    /// (`OCRPage.path`).
    private struct Read {
        var recognition: Recognition
        /// The page Tesseract read, and its letter height when measured.
        var image: PixImage
        var xHeight: Double?
        var steps: [String]
        var quarterTurns: Int
        var path: String
    }

    /// Reads `original` turned clockwise by `quarterTurns` × 90°, cleaned up or as it is.
    private func read(_ original: PixImage, cleaned: Bool, quarterTurns: Int,
                      timings: inout OCRTimings) throws(LecternError) -> Read {
        var page = original
        var steps: [String] = []
        if quarterTurns != 0 {
            guard let turned = PixImage(taking: pixRotateOrth(original.pointer, l_int32(quarterTurns))) else {
                throw LecternError(.unreadableImage, "This picture could not be turned upright.")
            }
            page = turned
            steps.append("rotate \(quarterTurns * 90)° (orientation detection)")
        }
        var resolution: Int? = nil
        var xHeight: Double? = nil
        if cleaned {
            guard let prepared = Preprocessor.run(page, options: options.preprocessing, timings: &timings) else {
                throw LecternError(.unreadableImage, "This picture could not be prepared for reading.")
            }
            page = prepared.image
            resolution = prepared.sourceResolution
            xHeight = prepared.xHeight
            steps += prepared.steps
        } else {
            steps.append("plain (no clean-up)")
        }
        let start = now()
        lock.lock()
        var recognition: Recognition
        do {
            defer {
                lock.unlock()
                timings.recognize += now() - start
            }
            recognition = try recognizeLocked(page.pointer, resolution: resolution)
        }
        // What the read found against the page's ink: letter-shaped marks outside every word were not read.
        let inkStart = now()
        if let marks = InkCoverage.letterMarks(page) {
            recognition.quality.coverage = InkCoverage.share(of: marks, coveredBy: recognition.wordBoxes)
        }
        recognition.quality.numberingGap = recognition.rebuilt.hasNumberingGap
        timings.steps.append(.init(name: "ink coverage", seconds: now() - inkStart))
        let path = (quarterTurns == 0 ? "" : "rotated-\(quarterTurns * 90)+") + (cleaned ? "cleaned" : "plain")
        return Read(recognition: recognition, image: page, xHeight: xHeight, steps: steps, quarterTurns: quarterTurns, path: path)
    }

    /// The better of two reads; ties keep the first (the cleaned read).
    private static func better(_ a: Read, _ b: Read) -> Read {
        b.recognition.quality.isBetter(than: a.recognition.quality) ? b : a
    }

    /// Quarter turns clockwise that make the page upright, from Tesseract's orientation detection (OSD);
    /// nil when it is upright or OSD is unsure. Ruled lines are taken off first: on a sideways worksheet they
    /// left OSD unsure or wrong (confidence 0.6 for the wrong side, 18 without them).
    private func detectOrientation(_ page: PixImage, xHeight: Double?, timings: inout OCRTimings) throws(LecternError) -> Int? {
        let start = now()
        defer { timings.steps.append(.init(name: "orientation", seconds: now() - start)) }
        guard let gray = PixImage(taking: pixConvertTo8(page.pointer, 0)) else { return nil }
        let plain = Preprocessor.removingRules(gray, xHeight: xHeight) ?? gray
        lock.lock()
        defer { lock.unlock() }
        let osd = try orientationHandleLocked()
        defer { TessBaseAPIClear(osd) }
        TessBaseAPISetImage2(osd, plain.pointer)
        var degrees: Int32 = 0
        var confidence: Float = 0
        var script: UnsafePointer<CChar>? = nil
        var scriptConfidence: Float = 0
        guard TessBaseAPIDetectOrientationScript(osd, &degrees, &confidence, &script, &scriptConfidence) != 0,
              degrees != 0, confidence >= Self.minOrientationConfidence else { return nil }
        // OSD reports how far the page was turned clockwise (measured on pages turned 90°, 180° and 270°).
        return (4 - Int(degrees) / 90) % 4
    }

    /// OSD's confidence below which its guess is not acted on; the turned dev pages scored 2.2 to 22.
    static let minOrientationConfidence: Float = 1.5

    /// The OSD handle, made on first use (most pages never need it). Call with `lock` held.
    private func orientationHandleLocked() throws(LecternError) -> OpaquePointer {
        if let orientationAPI { return orientationAPI }
        let path = options.resolvedTessdataPath()
        guard let api = TessBaseAPICreate() else {
            throw LecternError(.internalError, "Orientation detection could not start (Tesseract did not create its engine).")
        }
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        guard TessBaseAPIInit2(api, path, "osd", OEM_DEFAULT) == 0 else {
            TessBaseAPIDelete(api)
            throw LecternError(.internalError, "Orientation detection could not load \(path)/osd.traineddata: the file may be damaged.")
        }
        TessBaseAPISetPageSegMode(api, PSM_OSD_ONLY)
        orientationAPI = api
        return api
    }

    private struct Recognition {
        /// The rebuilt paragraphs (`rebuilt.text`).
        var text: String { rebuilt.text }
        var rebuilt: RebuiltText
        var meanConfidence: Double
        var words: [OCRWord]
        var wordBoxes: [LayoutBox]
        var quality: ReadQuality
    }

    /// Runs Tesseract on a page. Call with `lock` held.
    private func recognizeLocked(_ image: UnsafeMutablePointer<PIX>, resolution: Int?) throws(LecternError) -> Recognition {
        defer { TessBaseAPIClear(api) }
        TessBaseAPISetImage2(api, image)
        // Tell Tesseract the resolution implied by the measured letter size (300 dpi once scaled);
        // without one it takes the file's or guesses from the image.
        if let resolution { TessBaseAPISetSourceResolution(api, Int32(resolution)) }
        guard TessBaseAPIRecognize(api, nil) == 0 else {
            throw LecternError(.unreadableImage, "Text recognition failed on this picture.")
        }
        let mean = Double(max(0, TessBaseAPIMeanTextConf(api)))

        var words: [OCRWord] = []
        var boxes: [LayoutBox] = []
        var paragraphs: [LayoutParagraph] = []
        var block = -1
        var letters = 0, dictionaryLetters = 0
        if let iterator = TessBaseAPIGetIterator(api) {
            defer { TessResultIteratorDelete(iterator) }
            let pageIterator = TessResultIteratorGetPageIterator(iterator)
            func box(_ level: TessPageIteratorLevel) -> LayoutBox {
                var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
                _ = TessPageIteratorBoundingBox(pageIterator, level, &l, &t, &r, &b)
                return LayoutBox(left: Int(l), top: Int(t), right: Int(r), bottom: Int(b))
            }
            repeat {
                // Tesseract's structure: a new block, paragraph or line starts at this word.
                if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_BLOCK) != 0 { block += 1 }
                if paragraphs.isEmpty || TessPageIteratorIsAtBeginningOf(pageIterator, RIL_PARA) != 0 {
                    var justification = JUSTIFICATION_UNKNOWN
                    var isList: Int32 = 0, isCrown: Int32 = 0, indent: Int32 = 0
                    TessPageIteratorParagraphInfo(pageIterator, &justification, &isList, &isCrown, &indent)
                    paragraphs.append(LayoutParagraph(block: max(0, block), lines: [], isListItem: isList != 0))
                }
                if paragraphs[paragraphs.count - 1].lines.isEmpty || TessPageIteratorIsAtBeginningOf(pageIterator, RIL_TEXTLINE) != 0 {
                    paragraphs[paragraphs.count - 1].lines.append(LayoutLine(words: [], box: box(RIL_TEXTLINE)))
                }
                guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
                let word = String(cString: raw)
                TessDeleteText(raw)
                let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
                if !word.allSatisfy(\.isWhitespace) {
                    words.append(OCRWord(text: word, confidence: (confidence * 100).rounded() / 100))
                    boxes.append(box(RIL_WORD))
                    let p = paragraphs.count - 1
                    paragraphs[p].lines[paragraphs[p].lines.count - 1].words.append(word)
                    let count = word.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count
                    letters += count
                    if TessResultIteratorWordIsFromDictionary(iterator) != 0 { dictionaryLetters += count }
                }
            } while TessPageIteratorNext(pageIterator, RIL_WORD) != 0
        }
        let rebuilt = ParagraphRebuilder.rebuild(paragraphs, lexicon: lexicon)
        return Recognition(rebuilt: rebuilt, meanConfidence: mean, words: words, wordBoxes: boxes,
                           quality: ReadQuality(meanConfidence: mean, letters: letters, dictionaryLetters: dictionaryLetters))
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

/// How trustworthy one read of a page looks, from Tesseract's own confidences and dictionary flags.
struct ReadQuality {
    var meanConfidence: Double
    /// Letters in all words.
    var letters: Int
    /// Letters in the words Tesseract found in its dictionary.
    var dictionaryLetters: Int

    /// The share of the page's letter-shaped ink inside the read's words (`InkCoverage`); nil when not measured.
    var coverage: Double? = nil
    /// The read's numbered items skip numbers (1, 7): lines were dropped.
    var numberingGap = false

    init(meanConfidence: Double, letters: Int, dictionaryLetters: Int, coverage: Double? = nil, numberingGap: Bool = false) {
        self.meanConfidence = meanConfidence
        self.letters = letters
        self.dictionaryLetters = dictionaryLetters
        self.coverage = coverage
        self.numberingGap = numberingGap
    }

    /// Doubtful by its words: low confidence, few of the letters in dictionary words (garbage, or a page read
    /// sideways), or hardly any text. Thresholds checked on the real-material dev pages (docs/OCR.md).
    var isDoubtfulByWords: Bool {
        meanConfidence < 80 || Double(dictionaryLetters) < 0.6 * Double(letters) || letters < 20
    }

    /// Less of the page's ink inside the read's words than this, and the read missed text (dev pages: whole reads
    /// 0.93 and up; docs/OCR.md).
    static let minCoverage = 0.85

    /// Worth a second read: doubtful by its words, or by what it found: much of the page's ink outside its words,
    /// or a numbered list with gaps. (A confident read can drop lines: issue 32's worksheet, confidence 92.)
    var isDoubtful: Bool {
        isDoubtfulByWords || (coverage.map { $0 < Self.minCoverage } ?? false) || numberingGap
    }

    /// More letters in dictionary words: garbage and dropped lines both have fewer.
    func isBetter(than other: ReadQuality) -> Bool { dictionaryLetters > other.dictionaryLetters }
}
