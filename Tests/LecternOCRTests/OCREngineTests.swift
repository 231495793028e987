import CTesseract
import Foundation
import LecternModel
import Testing
@testable import LecternOCR

/// Fixtures come from scripts/make-ocr-fixtures.sh (text written for Lectern, rendered with
/// ImageMagick). These tests run the real Tesseract and Leptonica.
enum Fixture {
    static let folder: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}

/// Loading the model takes a while: one engine for the whole suite, which is safe because the
/// engine serialises its own use.
let sharedEngine: Result<OCREngine, LecternError> = Result { () throws(LecternError) in try OCREngine(options: OCROptions()) }

func engine() throws -> OCREngine { try sharedEngine.get() }

/// The error `recognize` throws for a fixture, or nil if it succeeds.
func recognitionError(_ fixture: String) throws -> LecternError? {
    let data = try Fixture.data(fixture)
    do {
        _ = try engine().recognize(imageData: data)
        return nil
    } catch let error as LecternError {
        return error
    }
}

@Suite("OCR on real pictures", .serialized)
struct RecognitionTests {
    @Test("a clean page is read almost exactly", arguments: ["clean-page"])
    func cleanPage(name: String) throws {
        let page = try engine().recognize(imageData: Fixture.data("\(name).png"))
        let expected = try Fixture.text("\(name).txt")
        let accuracy = CharacterAccuracy.score(expected: expected, actual: page.text)
        #expect(accuracy >= 0.95, "accuracy \(accuracy); read:\n\(page.text)")
        #expect(page.width == 820)
        #expect(page.meanConfidence > 80)
        #expect(page.words.count >= 90)
        #expect(page.words.allSatisfy { (0...100).contains($0.confidence) && !$0.text.isEmpty })
        #expect(page.preprocessing.first == "grayscale", "\(page.preprocessing)")
        // Its letters are taller than 12 px: scaling them up reads no better and is slower (docs/OCR.md).
        #expect(!page.preprocessing.contains { $0.hasPrefix("scale") }, "\(page.preprocessing)")
    }

    @Test("a tilted, unevenly lit phone photo keeps all its paragraphs")
    func phonePhoto() throws {
        let page = try engine().recognize(imageData: Fixture.data("phone-photo.jpg"))
        let expected = try Fixture.text("phone-photo.txt")
        let accuracy = CharacterAccuracy.score(expected: expected, actual: page.text)
        #expect(accuracy >= 0.95, "accuracy \(accuracy); read:\n\(page.text)")
        // The last line is where a tilted page loses text first.
        #expect(page.text.contains("did travellers pay to cross it?"))
        #expect(page.preprocessing.contains { $0.hasPrefix("deskew") }, "\(page.preprocessing)")
        #expect(page.preprocessing.contains("normalise background"))
    }

    @Test("a sideways phone photo is turned upright from its EXIF orientation")
    func exifOrientation() throws {
        let page = try engine().recognize(imageData: Fixture.data("sideways-exif.jpg"))
        let expected = try Fixture.text("sideways-exif.txt")
        #expect(page.width == 820 && page.height == 378)
        #expect(page.preprocessing.first == "upright (EXIF orientation 6)")
        let accuracy = CharacterAccuracy.score(expected: expected, actual: page.text)
        #expect(accuracy >= 0.95, "accuracy \(accuracy); read:\n\(page.text)")
    }

    @Test("the same picture gives the same page twice")
    func deterministic() throws {
        let data = try Fixture.data("phone-photo.jpg")
        let first = try engine().recognize(imageData: data)
        let second = try engine().recognize(imageData: data)
        #expect(first == second)
    }

    @Test("the thumbnail is a JPEG at most 240 pixels wide")
    func thumbnail() throws {
        let read = try engine().read(imageData: Fixture.data("phone-photo.jpg"))
        let page = read.page
        #expect(page.thumbnail == OCREngine.thumbnailName)
        let jpeg = try #require(read.thumbnailJPEG)
        #expect(ImageFormatSniffer.format(of: jpeg) == .jpeg)
        let size = try #require(PixImage.header(of: jpeg))
        #expect(size.width <= 240 && size.width >= 200)
        #expect(size.height == Int((Double(page.height) * Double(size.width) / Double(page.width)).rounded()))
        #expect(jpeg.count < 40_000)
    }

    @Test("a missing language gives a clear error, not a crash")
    func missingLanguage() {
        #expect {
            _ = try OCREngine(options: OCROptions(language: "xyz"))
        } throws: { error in
            let e = error as? LecternError
            return e?.code == .missingDependency && e?.message.contains("xyz.traineddata") == true
        }
        #expect(throws: LecternError.self) { _ = try OCREngine(options: OCROptions(language: "../eng")) }
        #expect(throws: LecternError.self) { _ = try OCREngine(options: OCROptions(pageSegmentationMode: 0)) }
    }
}

/// Pages of published text nobody on the project wrote, rendered by scripts/make-ocr-bench.py --small
/// (scripts/make-ocr-fixtures.sh): the layouts and photo faults the benchmark measures.
@Suite("OCR on real material", .serialized)
struct RealMaterialTests {
    func read(_ name: String, with custom: OCREngine? = nil) throws -> (page: OCRPage, accuracy: Double) {
        let page = try (custom ?? engine()).recognize(imageData: Fixture.data("\(name).jpg"))
        return (page, CharacterAccuracy.score(expected: try Fixture.text("\(name).txt"), actual: page.text))
    }

    @Test("a photographed worksheet with ruled answer lines is read whole")
    func ruledWorksheet() throws {
        let (page, accuracy) = try read("real-worksheet")
        #expect(accuracy >= 0.97, "accuracy \(accuracy); read:\n\(page.text)")
        #expect(page.path == "cleaned")
        // The last question, with its two rules under it, is where lost text would show first.
        #expect(page.text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("though it looks like one."),
                "\(page.text)")
    }

    @Test("an upside-down photo without EXIF orientation is turned by OSD and read")
    func upsideDown() throws {
        let (page, accuracy) = try read("real-upside-down")
        #expect(page.path == "rotated-180+cleaned")
        #expect(page.preprocessing.first == "rotate 180° (orientation detection)", "\(page.preprocessing)")
        #expect(accuracy >= 0.95, "accuracy \(accuracy); read:\n\(page.text)")
    }

    @Test("a worksheet photographed sideways (turned 270°) is turned back, rules and all")
    func sideways() throws {
        let (page, accuracy) = try read("real-sideways")
        #expect(page.path == "rotated-90+cleaned")
        #expect(accuracy >= 0.95, "accuracy \(accuracy); read:\n\(page.text)")
    }

    @Test("without orientation detection the same pages are garbage (what the tests above guard against)")
    func withoutOrientation() throws {
        let engine = try OCREngine(options: OCROptions(detectOrientation: false, readPlainWhenDoubtful: false))
        for name in ["real-upside-down", "real-sideways"] {
            let (page, accuracy) = try read(name, with: engine)
            #expect(accuracy < 0.5, "\(name): accuracy \(accuracy)")
            #expect(page.path == "cleaned")
        }
    }

    @Test("missing orientation data stops the engine at start, with the package to install")
    func missingOrientationData() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-tessdata-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("eng.traineddata"),
                                                   withDestinationURL: URL(fileURLWithPath: OCROptions.defaultTessdataPath + "/eng.traineddata"))
        #expect {
            _ = try OCREngine(options: OCROptions(tessdataPath: folder.path))
        } throws: { error in
            let e = error as? LecternError
            return e?.code == .internalError && e?.message.contains("tesseract-ocr-osd") == true
        }
        _ = try OCREngine(options: OCROptions(tessdataPath: folder.path, detectOrientation: false))
    }

    @Test("which reads are doubtful, and which of two reads is kept")
    func readQuality() {
        let good = ReadQuality(meanConfidence: 93, letters: 442, dictionaryLetters: 442)
        // A page read upside down (measured on real-upside-down: confidence 37, 118 of 445 letters in words).
        let garbage = ReadQuality(meanConfidence: 37, letters: 445, dictionaryLetters: 118)
        // Confident but mostly not words, and a page where next to nothing was found.
        let nonsense = ReadQuality(meanConfidence: 85, letters: 300, dictionaryLetters: 120)
        let empty = ReadQuality(meanConfidence: 95, letters: 6, dictionaryLetters: 6)
        #expect(!good.isDoubtful)
        #expect(garbage.isDoubtful && nonsense.isDoubtful && empty.isDoubtful)
        #expect(good.isBetter(than: garbage) && !garbage.isBetter(than: good))
        // A read that dropped lines has fewer dictionary letters than one that kept them, however confident.
        let dropped = ReadQuality(meanConfidence: 96, letters: 120, dictionaryLetters: 118)
        #expect(good.isBetter(than: dropped))
        #expect(!good.isBetter(than: good))  // a tie keeps the first read (the cleaned one)
    }

    @Test("ruled lines are taken off a page and the text stays")
    func removingRules() throws {
        let original = try #require(PixImage.decode(Fixture.data("real-worksheet.jpg")))
        let photo = try #require(PixImage(taking: pixConvertTo8(original.pointer, 0)))
        let gray = try #require(PixImage(taking: pixBackgroundNormSimple(photo.pointer, nil, nil)))
        let cleared = try #require(Preprocessor.removingRules(gray, xHeight: 10))
        // Dark shapes longer than a third of the page, inside it (the desk around it is one dark shape too).
        func longLines(_ pix: PixImage) throws -> Int {
            let box = boxCreate(l_int32(pix.width / 8), l_int32(pix.height / 8), l_int32(pix.width * 3 / 4), l_int32(pix.height * 3 / 4))
            defer {
                var owned = box
                boxDestroy(&owned)
            }
            let inside = try #require(PixImage(taking: pixClipRectangle(pix.pointer, box, nil)))
            let binary = try #require(PixImage(taking: pixThresholdToBinary(inside.pointer, 128)))
            let boxes = try #require(pixConnCompBB(binary.pointer, 8))
            defer {
                var owned: UnsafeMutablePointer<BOXA>? = boxes
                boxaDestroy(&owned)
            }
            return (0..<Int(boxaGetCount(boxes))).filter { i in
                var x: l_int32 = 0, y: l_int32 = 0, w: l_int32 = 0, h: l_int32 = 0
                boxaGetBoxGeometry(boxes, l_int32(i), &x, &y, &w, &h)
                return Int(w) > inside.width / 3
            }.count
        }
        #expect(try longLines(gray) >= 4)
        #expect(try longLines(cleared) == 0)
        // And the text stays: read with rules taken off, the page loses nothing.
        let engine = try OCREngine(options: OCROptions(preprocessing: OCRPreprocessing(removeRules: true),
                                                       detectOrientation: false, readPlainWhenDoubtful: false))
        let (page, accuracy) = try read("real-worksheet", with: engine)
        #expect(page.preprocessing.contains("remove rules"), "\(page.preprocessing)")
        #expect(accuracy >= 0.97, "accuracy \(accuracy); read:\n\(page.text)")
    }
}

@Suite("Bad pictures each get their own error")
struct BadInputTests {
    @Test("a zero-byte file is empty-file")
    func empty() throws {
        let error = try #require(try recognitionError("empty.png"))
        #expect(error.code == .emptyFile)
    }

    @Test("a text file named .jpg is mislabelled-file, decided by its bytes")
    func textNamedJPEG() throws {
        let error = try #require(try recognitionError("not-an-image.jpg"))
        #expect(error.code == .mislabelledFile)
        #expect(error.message == "This file is not a picture: its contents look like text.")
    }

    @Test("a truncated PNG is unreadable-image")
    func truncated() throws {
        let error = try #require(try recognitionError("truncated.png"))
        #expect(error.code == .unreadableImage)
    }

    @Test("a PNG claiming 50000×50000 is refused from its header, fast")
    func hugeHeader() throws {
        _ = try engine()  // the model loads once, outside the clock
        let start = Date()
        let error = try #require(try recognitionError("huge-header.png"))
        #expect(error.code == .imageTooLarge)
        #expect(error.message.contains("50000 × 50000"))
        #expect(Date().timeIntervalSince(start) < 0.5)
    }

    @Test("a blank sheet is no-text-found")
    func blank() throws {
        let error = try #require(try recognitionError("blank-page.jpg"))
        #expect(error.code == .noTextFound)
    }

    @Test("a lower size limit refuses a normal picture")
    func customLimit() throws {
        let small = try OCREngine(options: OCROptions(maxPixels: 100_000))
        #expect {
            _ = try small.recognize(imageData: Fixture.data("clean-page.png"))
        } throws: { ($0 as? LecternError)?.code == .imageTooLarge }
    }

    @Test("a truncated JPEG is unreadable-image, at any cut", arguments: [0.001, 0.02, 0.3, 0.9, 0.999])
    func truncatedJPEG(fraction: Double) throws {
        let data = try Fixture.data("phone-photo.jpg")
        let cut = data.prefix(max(4, Int(Double(data.count) * fraction)))
        #expect(throws: LecternError.self) { _ = try engine().recognize(imageData: cut) }
        do {
            _ = try engine().recognize(imageData: cut)
        } catch let error as LecternError {
            #expect(error.code == .unreadableImage)
            #expect(error.message.contains("incomplete"))
        }
    }

    @Test("a PNG with a damaged byte is unreadable-image")
    func corruptPNG() throws {
        var data = try Fixture.data("clean-page.png")
        data[data.count / 2] ^= 0x5A
        let error = try #require(try { () throws -> LecternError? in
            do { _ = try engine().recognize(imageData: data); return nil } catch let e as LecternError { return e }
        }())
        #expect(error.code == .unreadableImage)
    }

    @Test("every fixture's PNG/JPEG structure check agrees with its name")
    func structure() throws {
        for name in ["clean-page.png", "phone-photo.jpg", "sideways-exif.jpg", "blank-page.jpg", "huge-header.png"] {
            let data = try Fixture.data(name)
            let format = try #require(ImageFormatSniffer.format(of: data))
            let inspected = try ImageInspector.inspect(data, format: format).get()
            #expect(inspected.orientation == (name == "sideways-exif.jpg" ? 6 : 1), "\(name)")
        }
    }
}

@Suite("Format sniffing")
struct SnifferTests {
    @Test func magicBytes() {
        #expect(ImageFormatSniffer.format(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])) == .png)
        #expect(ImageFormatSniffer.format(of: Data([0xFF, 0xD8, 0xFF, 0xE0])) == .jpeg)
        #expect(ImageFormatSniffer.format(of: Data([0x49, 0x49, 0x2A, 0x00, 8])) == .tiff)
        #expect(ImageFormatSniffer.format(of: Data([0x4D, 0x4D, 0x00, 0x2A, 0])) == .tiff)
        #expect(ImageFormatSniffer.format(of: Data("GIF89a..".utf8)) == .gif)
        #expect(ImageFormatSniffer.format(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormatSniffer.format(of: Data([0x42, 0x4D, 0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0])) == .bmp)
        #expect(ImageFormatSniffer.format(of: Data("BMX homework notes".utf8)) == nil)
        #expect(ImageFormatSniffer.format(of: Data("%PDF-1.7".utf8)) == nil)
        #expect(ImageFormatSniffer.format(of: Data()) == nil)
        #expect(ImageFormatSniffer.format(of: Data([0xFF, 0xD8])) == nil)
    }

    @Test func describesWhatItIs() {
        #expect(ImageFormatSniffer.describeNonImage(Data("%PDF-1.4\n".utf8)) == "it is a PDF document")
        #expect(ImageFormatSniffer.describeNonImage(Data("<!DOCTYPE html><p>x".utf8)) == "its contents look like a web page")
        #expect(ImageFormatSniffer.describeNonImage(Data("Café au lait\n".utf8)) == "its contents look like text")
        let heic = Data([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0])
        #expect(ImageFormatSniffer.describeNonImage(heic)?.contains("HEIC") == true)
        #expect(ImageFormatSniffer.describeNonImage(Data([0x00, 0x01, 0x02, 0x03, 0x04])) == nil)
    }
}

@Suite("Character accuracy")
struct AccuracyTests {
    @Test func scores() {
        #expect(CharacterAccuracy.score(expected: "abc", actual: "abc") == 1)
        #expect(CharacterAccuracy.score(expected: "a  b\n\nc ", actual: " a b c") == 1)
        #expect(CharacterAccuracy.score(expected: "abcd", actual: "abXd") == 0.75)
        #expect(CharacterAccuracy.score(expected: "Abcd", actual: "abcd") == 0.75)
        #expect(CharacterAccuracy.score(expected: "ab", actual: "xxxxxxxx") == 0)
        #expect(CharacterAccuracy.score(expected: "", actual: "") == 1)
        #expect(CharacterAccuracy.score(expected: "", actual: "x") == 0)
        #expect(CharacterAccuracy.levenshtein(Array("kitten"), Array("sitting")) == 3)
    }
}

@Suite("Options")
struct OptionsTests {
    @Test func decodesPartialOptions() throws {
        let json = Data(#"{"pageSegmentationMode": 6, "preprocessing": {"deskew": false}}"#.utf8)
        let options = try JSONDecoder().decode(OCROptions.self, from: json)
        #expect(options.pageSegmentationMode == 6)
        #expect(options.language == "eng")
        #expect(options.maxPixels == 60_000_000)
        #expect(options.preprocessing.deskew == false)
        #expect(options.preprocessing.normalizeBackground == true)
        let again = try JSONDecoder().decode(OCROptions.self, from: JSONEncoder().encode(options))
        #expect(again == options)
    }

    @Test func tessdataPath() {
        #expect(OCROptions().resolvedTessdataPath(environment: [:]) == "/usr/share/tesseract-ocr/5/tessdata")
        #expect(OCROptions(tessdataPath: "/x").resolvedTessdataPath(environment: ["TESSDATA_PREFIX": "/y"]) == "/x")
        #expect(OCROptions().resolvedTessdataPath(environment: ["TESSDATA_PREFIX": "/usr/share/tesseract-ocr/5"])
                == "/usr/share/tesseract-ocr/5/tessdata")
        #expect(OCROptions().resolvedTessdataPath(environment: ["TESSDATA_PREFIX": "/usr/share/tesseract-ocr/5/tessdata"])
                == "/usr/share/tesseract-ocr/5/tessdata")
    }
}
