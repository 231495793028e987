import Foundation
import LecternModel
import LecternText

/// What is read aloud of a topic, sentence by sentence: the text a learner sees (`display`) and the words espeak-ng
/// is given for it (`spoken`). Prose, headings, list items, quotes ("Quote: …"), image alt texts and the engagement
/// question are read; a code block or a table is announced, not read; display maths is said when it is short and
/// plain ("x squared plus one"), else announced as a formula.
public struct SpokenScript: Sendable, Hashable {
    public struct Sentence: Sendable, Hashable {
        public var block: NarrationBlock
        public var display: String
        public var spoken: String
    }
    public var sentences: [Sentence]
    /// The script stopped before the topic's end because it holds more words than `wordLimit`.
    public var truncated: Bool

    public static let codeNotice = "A code example follows in the text."
    public static let tableNotice = "A table follows in the text."
    public static let formulaNotice = "A formula follows in the text."

    /// - Parameter wordLimit: no more words than this are given to the engine (the length limit, at the fastest rate,
    ///   with room to spare): a 200 kB paragraph is not synthesised for hours to be cut at 20 minutes.
    public init(topic: Topic, wordLimit: Int) {
        var sentences: [Sentence] = []
        var words = 0
        var truncated = false
        func add(_ block: NarrationBlock, _ display: String, spoken: String? = nil) {
            guard !truncated else { return }
            let spoken = spoken ?? Self.speakable(display)
            guard spoken.contains(where: { $0.isLetter || $0.isNumber }) else { return }
            words += spoken.split(separator: " ").count
            if words > wordLimit && !sentences.isEmpty { truncated = true; return }
            sentences.append(Sentence(block: block, display: display, spoken: spoken))
        }
        func prose(_ block: NarrationBlock, _ text: String, prefix: String = "") {
            for (index, sentence) in SentenceSplitter.split(text).enumerated() {
                add(block, sentence, spoken: (index == 0 ? prefix : "") + Self.speakable(sentence))
            }
        }
        func read(_ block: Block, at: NarrationBlock) {
            switch block {
            case .paragraph(let text, _), .heading(let text, _):
                prose(at, text)
            case .quote(let text, _, _):
                prose(at, text, prefix: "Quote: ")
            case .list(_, let items):
                // Each item's blocks in turn (a nested list too), under the list's index.
                for child in items.joined() { read(child, at: at) }
            case .code:
                add(at, Self.codeNotice)
            case .table:
                add(at, Self.tableNotice)
            case .math(let text, _):
                if let said = Self.sayFormula(text) { add(at, text, spoken: said) } else { add(at, Self.formulaNotice) }
            case .image(_, let alt):
                if let alt, !alt.isEmpty { prose(at, alt, prefix: "Image: ") }
            }
        }
        for (index, block) in topic.blocks.enumerated() { read(block, at: .index(index)) }
        if let question = topic.engagementQuestion {
            // One sentence, as the question shows it (a quoted title such as "Chapter 1. …" is not two sentences).
            add(.engagement, question.prompt)
            for (index, option) in (question.options ?? []).enumerated() {
                add(.engagement, option, spoken: "Option \(index + 1): " + Self.speakable(option))
            }
        }
        self.sentences = sentences
        self.truncated = truncated
    }

    /// The SSML document espeak-ng reads: one `<s>` per sentence, opened by a mark named after its index (a bare
    /// mark between sentences was dropped by espeak-ng 1.51), a pause between blocks, text escaped.
    public var ssml: String {
        var out = "<speak>"
        var previous: NarrationBlock?
        for (index, sentence) in sentences.enumerated() {
            if let previous, previous != sentence.block { out += "<break time=\"400ms\"/>" }
            previous = sentence.block
            out += "<s><mark name=\"\(index)\"/>\(Self.escaped(sentence.spoken))</s>"
        }
        return out + "</speak>"
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` with what a speech engine misreads spelled out: Latin abbreviations, %, &, a cloze's gap, version numbers,
    /// file names, web addresses.
    public static func speakable(_ text: String) -> String {
        var text = text
        let words: [(String, String)] = [("e.g.", "for example"), ("i.e.", "that is"), ("etc.", "et cetera"),
                                         ("vs.", "versus"), ("cf.", "compare"), ("E.g.", "For example"), ("I.e.", "That is")]
        for (abbreviation, said) in words where text.contains(abbreviation) {
            text = text.replacingOccurrences(of: abbreviation, with: said)
        }
        if text.contains("://") || text.contains("www.") {
            text = text.replacing(#/(https?://|www\.)[^\s)\]]+/#, with: "a web address")
        }
        if text.contains("%") { text = text.replacing(#/\s*%/#, with: " percent") }
        if text.contains("&") { text = text.replacingOccurrences(of: "&", with: " and ") }
        // A cloze's gap ("the _____ reads your code").
        if text.contains("__") { text = text.replacing(#/_{2,}/#, with: "blank") }
        // v1.2.3, 3.11.2: "version 1 point 2 point 3"; a plain decimal (3.14) espeak-ng reads well.
        text = text.replacing(#/\b[vV](\d+(?:\.\d+)+)\b/#) { "version " + $0.output.1.split(separator: ".").joined(separator: " point ") }
        text = text.replacing(#/\b\d+(?:\.\d+){2,}\b/#) { $0.output.split(separator: ".").joined(separator: " point ") }
        // main.swift, course.yml: "main dot swift".
        text = text.replacing(#/\b([A-Za-z0-9_-]+)\.(swift|py|js|ts|c|h|cpp|java|rb|go|rs|json|ya?ml|toml|xml|html?|css|md|txt|csv|sh|conf|cfg|ini|log|sql|pdf|png|jpe?g|gif|svg|zip|tar|gz|deb|list|lock)\b/#) {
            "\($0.output.1) dot \($0.output.2)"
        }
        return text
    }

    /// A short formula in words ("x^2 + 1" → "x squared plus 1"), or nil when it is too long or not plain.
    static func sayFormula(_ tex: String) -> String? {
        let source = tex.trimmingCharacters(in: .whitespaces)
        guard !source.isEmpty, source.count <= 16,
              source.allSatisfy({ $0.isLetter || $0.isNumber || " +-=^()*/<>.".contains($0) }) else { return nil }
        var out = ""
        let characters = Array(source)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "^":
                let power = index + 1 < characters.count ? characters[index + 1] : " "
                out += power == "2" ? " squared " : power == "3" ? " cubed " : " to the power of \(power) "
                index += 1
            case "+": out += " plus "
            case "-": out += " minus "
            case "=": out += " equals "
            case "*": out += " times "
            case "/": out += " over "
            case "<": out += " is less than "
            case ">": out += " is greater than "
            case "(", ")": out += " "
            default: out.append(character)
            }
            index += 1
        }
        return out.split(separator: " ").joined(separator: " ")
    }
}
