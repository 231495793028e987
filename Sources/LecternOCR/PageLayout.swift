import Foundation

/// A rectangle on the page Tesseract read, in its pixels (top-left origin).
struct LayoutBox: Hashable, Sendable {
    var left: Int, top: Int, right: Int, bottom: Int
    var height: Int { bottom - top }
    var width: Int { right - left }
}

/// One line of text as Tesseract's result iterator gives it: its words and its box.
struct LayoutLine: Hashable, Sendable {
    var words: [String]
    var box: LayoutBox
    var text: String { words.joined(separator: " ") }
}

/// One paragraph as Tesseract's layout analysis found it (`RIL_PARA`), in its block (`RIL_BLOCK`).
struct LayoutParagraph: Hashable, Sendable {
    var block: Int
    var lines: [LayoutLine]
    /// Tesseract's own guess (`TessPageIteratorParagraphInfo`).
    var isListItem: Bool = false
}

/// What a page shows, unit by unit: paragraphs with their lines joined, list items and headings on their own.
public struct RebuiltText: Hashable, Sendable {
    public enum Kind: String, Sendable, Hashable { case heading, listItem = "list-item", paragraph }
    public struct Unit: Hashable, Sendable {
        public var kind: Kind
        public var text: String
    }
    public var units: [Unit]
    /// The first line of the page as printed (a title is a whole line, never a cut one).
    public var firstLine: String?

    /// Units separated by a blank line: what `OCRPage.text` carries.
    public var text: String { units.map(\.text).joined(separator: "\n\n") }

    /// The page's title: its first unit when that is a heading, else its first line as printed.
    public var title: String? {
        if let first = units.first, first.kind == .heading { return first.text }
        return firstLine
    }

    /// The numbers of the numbered items, in reading order ("1.", "2)", "(3)").
    public var itemNumbers: [Int] {
        units.compactMap { unit in
            guard unit.kind == .listItem, let match = unit.text.firstMatch(of: /^\(?([0-9]{1,3})[.,)]/) else { return nil }
            return Int(match.1)
        }
    }

    /// Numbered items with numbers missing between them (1, 2, 7): lines were dropped.
    public var hasNumberingGap: Bool {
        let numbers = itemNumbers
        guard numbers.count >= 2 else { return false }
        // Several lists may follow each other (1–3, then 1–4): each run from its smallest number must be whole.
        var runs: [[Int]] = [[]]
        for n in numbers {
            if let last = runs[runs.count - 1].last, n <= last { runs.append([]) }
            runs[runs.count - 1].append(n)
        }
        return runs.contains { run in
            guard let first = run.first, let last = run.last else { return false }
            return last - first + 1 > run.count
        }
    }
}

/// A dictionary the OCR may ask whether a (lower-cased) word is English; the pipeline passes LecternText's.
public protocol OCRLexicon: Sendable {
    func contains(_ word: String) -> Bool
}

/// Rebuilds what the page shows from Tesseract's blocks, paragraphs and lines: the lines of a paragraph are joined
/// (a word hyphenated across two lines is mended), a numbered or bulleted item and a heading stay units of their own,
/// a paragraph Tesseract split mid-sentence is joined again, and paragraphs Tesseract ran together (a visible gap
/// between them) are split.
enum ParagraphRebuilder {
    /// A list item's opening: "1.", "2)", "(3)", "a)", a bullet, or an FAQ's "Q:" and "A:".
    /// ("1," before a capital too: the dot of a photographed "1." is often read as a comma.)
    static var itemMarker: Regex<Substring> { /^(?:\(?[0-9]{1,3}[.)]|[0-9]{1,3},(?=\s[A-Z])|\([0-9]{1,3}\)|\(?[a-h]\)|[•·▪◦*–-]|[QA]:)\s/ }

    static func rebuild(_ paragraphs: [LayoutParagraph], lexicon: (any OCRLexicon)?) -> RebuiltText {
        struct Line {
            var line: LayoutLine
            var paragraph: Int
            var block: Int
            var startsParagraph: Bool
            var listItem: Bool
        }
        var lines: [Line] = []
        for (index, paragraph) in paragraphs.enumerated() {
            // A line without a letter or digit is a rule or a smudge read as marks ("—", "_ _"), not text.
            var first = true
            for line in paragraph.lines where line.words.contains(where: { $0.contains { $0.isLetter || $0.isNumber } }) {
                lines.append(Line(line: line, paragraph: index, block: paragraph.block, startsParagraph: first,
                                  listItem: paragraph.isListItem))
                first = false
            }
        }
        guard !lines.isEmpty else { return RebuiltText(units: [], firstLine: nil) }
        let heights = lines.map { $0.line.box.height }.sorted()
        let lineHeight = Double(max(1, heights[heights.count / 2]))
        // The usual distance between the tops of two lines of one paragraph.
        var pitches: [Int] = []
        for i in 1..<lines.count where lines[i].paragraph == lines[i - 1].paragraph {
            let d = lines[i].line.box.top - lines[i - 1].line.box.top
            if d > 0 { pitches.append(d) }
        }
        pitches.sort()
        let pitch = pitches.isEmpty ? lineHeight * 1.5 : Double(pitches[(pitches.count - 1) / 2])

        func endsSentence(_ text: String) -> Bool {
            var t = Substring(text)
            while let last = t.last, "\"')]”’".contains(last) { t = t.dropLast() }
            guard let last = t.last else { return false }
            return ".?!:".contains(last)
        }
        func startsLower(_ text: String) -> Bool { text.first.map { $0.isLowercase } ?? false }
        /// Not a capital after any opening quotes or brackets ("‘grep’ suppresses", "'-I' option", "exercising").
        func startsNonCapital(_ text: String) -> Bool {
            let opening = text.drop { "\"'‘“(['`".contains($0) }
            return !(opening.first.map { $0.isUppercase } ?? true)
        }
        /// A line ending in a word a sentence cannot end with ("… of the", "… and").
        func endsOpen(_ text: String) -> Bool {
            guard let last = text.split(separator: " ").last else { return false }
            return Self.openEndings.contains(String(last))
        }
        func isItem(_ text: String) -> Bool { text.firstMatch(of: itemMarker) != nil }
        /// A heading: a line clearly taller than the text's, or a short line standing alone as a paragraph, starting
        /// with a capital and ending without a sentence's punctuation.
        func isHeading(_ i: Int) -> Bool {
            let l = lines[i]
            let text = l.line.text
            guard let first = text.first, first.isUppercase || first.isNumber, !isItem(text) else { return false }
            if Double(l.line.box.height) >= 1.35 * lineHeight, l.line.words.count <= 15 { return true }
            let alone = l.startsParagraph && (i + 1 == lines.count || lines[i + 1].paragraph != l.paragraph)
            let last = text.last!
            guard alone, l.line.words.count <= 10, !".,;?!".contains(last) else { return false }
            // A short line followed by a lower-case line is the end of a sentence broken by the layout, not a heading.
            if i + 1 < lines.count, startsNonCapital(lines[i + 1].line.text) { return false }
            return !endsOpen(text)
        }

        var units: [RebuiltText.Unit] = []
        var current: (kind: RebuiltText.Kind, text: String)? = nil
        var previousWasHeading = false
        func flush() {
            if let c = current, !c.text.isEmpty { units.append(.init(kind: c.kind, text: c.text)) }
            current = nil
        }
        for i in lines.indices {
            let l = lines[i]
            let text = l.line.text
            let heading = isHeading(i)
            // An item mark after a line that cannot end a sentence ("… notice, and" + "(2) tells the user …") is a
            // clause of that sentence, not a new item.
            let runsOn = i > 0 && !previousWasHeading && (endsOpen(lines[i - 1].line.text) || lines[i - 1].line.text.hasSuffix(","))
            let item = isItem(text) && !runsOn
            var newUnit = i == 0 || heading || previousWasHeading || item
            if !newUnit {
                let p = lines[i - 1]
                let gap = Double(l.line.box.top - p.line.box.top)
                let continues = !endsSentence(p.line.text)
                    && (startsNonCapital(text) || endsOpen(p.line.text) || p.line.text.hasSuffix("-") || p.line.text.hasSuffix(","))
                if l.block != p.block || l.paragraph != p.paragraph {
                    // Tesseract's paragraph boundary stands unless the sentence plainly runs on into this line (into
                    // the next column too: it is the same paragraph). Positions are not asked: on a page Tesseract
                    // read turned, its boxes run across, not down.
                    newUnit = !continues
                } else if gap > 1.6 * pitch && endsSentence(p.line.text) {
                    // A blank line's worth of space inside one of Tesseract's paragraphs: two paragraphs.
                    newUnit = true
                }
            }
            if newUnit {
                flush()
                current = (heading ? .heading : item ? .listItem : .paragraph, text)
            } else {
                current!.text = join(current!.text, text, lexicon: lexicon)
            }
            previousWasHeading = heading
        }
        flush()
        return RebuiltText(units: units, firstLine: lines.first?.line.text)
    }

    /// Prefixes that are also short words ("re-compressing" is "recompressing"): mended, not kept as compounds.
    static let prefixes: Set<String> = ["re", "co", "de", "un", "in", "non", "pre", "sub", "pro", "mis", "dis", "anti", "semi",
                                        "multi", "inter", "super", "over", "under", "out"]

    /// Words a sentence does not end with: a line ending in one runs on into the next.
    static let openEndings: Set<String> = ["the", "a", "an", "of", "to", "and", "or", "in", "on", "for", "with", "by", "that",
                                           "is", "are", "be", "as", "at", "from", "this", "its", "their", "any", "no", "not"]

    /// Two lines of one paragraph joined; a word hyphenated across them is mended ("inter-" + "national" →
    /// "international"), a compound split at its own hyphen stays hyphenated ("well-" + "known" → "well-known").
    static func join(_ head: String, _ tail: String, lexicon: (any OCRLexicon)?) -> String {
        guard head.hasSuffix("-"), head.count >= 2, head.dropLast().last?.isLetter == true,
              let firstTail = tail.first, firstTail.isLowercase else {
            return head + " " + tail
        }
        let headWord = String(head.dropLast().reversed().prefix { $0.isLetter }.reversed())
        let tailWord = String(tail.prefix { $0.isLetter })
        if let lexicon, !prefixes.contains(headWord.lowercased()) {
            let whole = (headWord + tailWord).lowercased()
            if !lexicon.contains(whole), headWord.count >= 3, lexicon.contains(headWord.lowercased()),
               lexicon.contains(tailWord.lowercased()) {
                return head + tail  // a compound: keep its hyphen
            }
        }
        return String(head.dropLast()) + tail
    }
}
