import Foundation
import LecternModel
import Testing
@testable import LecternOCR

/// A small dictionary for the tests (the pipeline passes LecternText's).
struct TestLexicon: OCRLexicon {
    static let words: Set<String> = Set("""
        every spring the pupils of class four plant beans peas and sunflowers in garden behind gym they collect rain
        water rainwater two old barrels because tap is far away hose too short to reach beds summer windmills on hill
        turn slowly well known path along fence lined with tall yellow flowers after holidays weighs harvest writes
        numbers chart hall by default sort writes results to standard output many options affect how compares lines
        """.split(whereSeparator: \.isWhitespace).map(String.init))
    func contains(_ word: String) -> Bool { Self.words.contains(word) }
}

@Suite("Paragraphs rebuilt from Tesseract's lines")
struct ParagraphRebuilderTests {
    func line(_ text: String, top: Int, height: Int = 20, left: Int = 40) -> LayoutLine {
        LayoutLine(words: text.split(separator: " ").map(String.init), box: LayoutBox(left: left, top: top, right: 900, bottom: top + height))
    }

    @Test("lines of a paragraph are joined, a hyphenated word is mended and a compound keeps its hyphen")
    func joins() {
        let paragraphs = [
            LayoutParagraph(block: 0, lines: [line("A Title", top: 0, height: 30)]),
            LayoutParagraph(block: 1, lines: [line("They collect rain-", top: 60), line("water in two old barrels.", top: 90)]),
            LayoutParagraph(block: 1, lines: [line("The well-", top: 150), line("known path.", top: 180)]),
        ]
        let rebuilt = ParagraphRebuilder.rebuild(paragraphs, lexicon: TestLexicon())
        #expect(rebuilt.units.map(\.kind) == [.heading, .paragraph, .paragraph])
        #expect(rebuilt.text == "A Title\n\nThey collect rainwater in two old barrels.\n\nThe well-known path.")
        #expect(rebuilt.title == "A Title")
    }

    @Test("a paragraph Tesseract split mid-sentence is joined; one it ran together over a gap is split")
    func mergesAndSplits() {
        let paragraphs = [
            LayoutParagraph(block: 0, lines: [line("Many options affect how sort compares lines, but", top: 0)]),
            LayoutParagraph(block: 0, lines: [line("the debug option shows why.", top: 30), line("It ends here.", top: 60),
                                              line("A second paragraph starts.", top: 120)]),
        ]
        let rebuilt = ParagraphRebuilder.rebuild(paragraphs, lexicon: nil)
        #expect(rebuilt.text == "Many options affect how sort compares lines, but the debug option shows why. It ends here.\n\nA second paragraph starts.")
        // No heading: the title is the first line as printed, whole.
        #expect(rebuilt.title == "Many options affect how sort compares lines, but")
    }

    @Test("numbered items stay units of their own, and a gap in their numbers is seen")
    func listItems() {
        let items = (1...3).map { n in line("\(n). Statement number \(n) of the sheet.", top: n * 60) }
        let rebuilt = ParagraphRebuilder.rebuild([LayoutParagraph(block: 0, lines: items)], lexicon: nil)
        #expect(rebuilt.units.count == 3 && rebuilt.units.allSatisfy { $0.kind == .listItem })
        #expect(rebuilt.itemNumbers == [1, 2, 3] && !rebuilt.hasNumberingGap)
        let dropped = ParagraphRebuilder.rebuild([LayoutParagraph(block: 0, lines: [items[0], line("7. The seventh.", top: 400)])], lexicon: nil)
        #expect(dropped.hasNumberingGap)
        // Two lists one after the other are not a gap.
        let two = ParagraphRebuilder.rebuild([LayoutParagraph(block: 0, lines: items + items.map { line($0.text, top: $0.box.top + 400) })],
                                             lexicon: nil)
        #expect(!two.hasNumberingGap)
    }
}

@Suite("Plausibility of a read, by its words")
struct ReadPlausibilityTests {
    @Test("garbage goes to review with a reason in plain words; a clean read does not")
    func garbage() throws {
        // The coreutils manual's "By default, sort writes the results to standard output. Many options affect how sort
        // compares lines" as a blurred, dark photo reads (GFDL 1.3+).
        let garbage = ReadPlausibility(text: "8y ¢ defau wr ites tlie € to st dard ovtput. Ma opt ons °F aFfect hOw srt cOmp res lnes",
                                       lexicon: TestLexicon())
        #expect(!garbage.isPlausible, "score \(garbage.score)")
        let reason = try #require(garbage.reviewReason)
        #expect(reason.contains("English words") && reason.contains("¢") && reason.contains("No quiz"), "\(reason)")
        let clean = ReadPlausibility(text: "Every spring the pupils of class four plant beans, peas and sunflowers in the garden behind the gym.",
                                     lexicon: TestLexicon())
        #expect(clean.isPlausible && clean.reviewReason == nil, "score \(clean.score)")
        // The page's own name ("sed", repeated) is shown after the misreads.
        #expect(ReadPlausibility(text: "sed tlie sed ovtput sed", lexicon: TestLexicon()).examples == ["tlie", "ovtput", "sed"])
        #expect(ReadPlausibility.isMixedCase("QUality") && ReadPlausibility.isMixedCase("rEject"))
        #expect(!ReadPlausibility.isMixedCase("POSIX") && !ReadPlausibility.isMixedCase("Garden") && !ReadPlausibility.isMixedCase("inflateInit"))
    }
}

/// Real Tesseract on the fixtures of scripts/make-ocr-fixtures.sh.
@Suite("Rebuilt text and doubtful reads on real pictures", .serialized)
struct RebuiltRecognitionTests {
    @Test("a heading and two paragraphs with a hyphenated line break are rebuilt as the page shows them")
    func twoParagraphs() throws {
        let engine = try OCREngine(options: OCROptions(), lexicon: TestLexicon())
        let page = try engine.recognize(imageData: Fixture.data("two-paragraphs.png"))
        let expected = try Fixture.text("two-paragraphs.txt").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(page.text == expected, "read:\n\(page.text)")
        #expect(page.title == "Keeping the School Garden")
        #expect(page.reviewReason == nil && (page.plausibility ?? 0) > ReadPlausibility.threshold)
    }

    @Test("a worksheet of eight numbered lines over answer lines is read in full, one unit per statement")
    func worksheetLines() throws {
        let page = try engine().recognize(imageData: Fixture.data("real-worksheet-lines.jpg"))
        let truth = try Fixture.text("real-worksheet-lines.txt")
        let accuracy = CharacterAccuracy.score(expected: truth, actual: page.text)
        #expect(accuracy >= 0.95, "accuracy \(accuracy); read:\n\(page.text)")
        let items = page.text.components(separatedBy: "\n\n").filter { $0.first?.isNumber == true }
        #expect(items.count == 8, "read:\n\(page.text)")
        #expect(page.title == "coreutils manual: Questions")
    }

    @Test("which reads are doubtful by what they found: ink outside the words, numbering gaps")
    func doubtfulByWhatWasFound() {
        // Issue 32's worksheet: confident (92), all words in the dictionary, but lines 1 and 7 of eight.
        let dropped = ReadQuality(meanConfidence: 92, letters: 140, dictionaryLetters: 138, coverage: 0.27, numberingGap: true)
        #expect(!dropped.isDoubtfulByWords && dropped.isDoubtful)
        #expect(ReadQuality(meanConfidence: 92, letters: 400, dictionaryLetters: 390, coverage: 0.5).isDoubtful)
        #expect(ReadQuality(meanConfidence: 92, letters: 400, dictionaryLetters: 390, numberingGap: true).isDoubtful)
        #expect(!ReadQuality(meanConfidence: 92, letters: 400, dictionaryLetters: 390, coverage: 0.97).isDoubtful)
        // The read that kept all eight lines has more dictionary letters, and is kept.
        let whole = ReadQuality(meanConfidence: 90, letters: 470, dictionaryLetters: 455, coverage: 0.98)
        #expect(whole.isBetter(than: dropped))
    }
}
