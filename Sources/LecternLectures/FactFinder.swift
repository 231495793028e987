import Foundation
import LecternBytes
import LecternModel
import LecternQuestions
import LecternText

/// Something a topic teaches that a question can ask about: a highlighted term (`strong`, `em`) or an
/// inline code name, with the lesson's sentence that uses it.
struct LectureFact: Hashable, Sendable {
    enum Kind: String, Sendable {
        /// A word or short phrase the lesson highlights.
        case term
        /// A name in inline code: `print`, `area_km2`, `type()`.
        case code
        /// A year the lesson states.
        case year

        var questionKind: QuestionKind {
            switch self {
            case .term: return .lectureTerm
            case .code: return .lectureCode
            case .year: return .lectureYear
            }
        }

        /// The origin of a distractor that is another topic's fact of this kind.
        var distractorOrigin: OptionOrigin {
            switch self {
            case .term: return .courseTerm
            case .code: return .courseCode
            case .year: return .courseYear
            }
        }
    }
    /// The sort of an answer within its kind: distractors come from the same sort (a function for a function).
    enum Shape: Hashable, Sendable {
        /// Code: `name()` written as a call; a keyword, literal, file name, constant or type name; another name,
        /// which the whole course's code then shows to be a function or a variable.
        case call, keyword, literal, file, constant, type, identifier, function, variable
        /// Terms: a word, a capitalised name or an acronym, with its head word's most frequent part of speech
        /// once WordNet has been asked.
        case word(PartOfSpeech?), name(PartOfSpeech?), acronym(PartOfSpeech?)
        case year

        /// The same term shape with the head word's part of speech.
        func with(_ pos: PartOfSpeech) -> Shape {
            switch self {
            case .word: return .word(pos)
            case .name: return .name(pos)
            case .acronym: return .acronym(pos)
            default: return self
            }
        }
    }

    /// Facts whose answers may stand in for each other as distractors.
    struct Sort: Hashable, Sendable {
        var kind: Kind
        var shape: Shape
    }

    var answer: String
    var kind: Kind
    /// Finer kind used to pick distractors of the same sort.
    var shape: Shape
    var words: Int
    var topicID: String
    var topicTitle: String
    /// The lesson's sentence that uses the answer.
    var sentence: String
    /// Higher is a better question.
    var score: Int

    var sort: Sort { Sort(kind: kind, shape: shape) }
}

/// Finds the facts of a topic.
enum FactFinder {
    static func facts(topicID: String, topicTitle: String, blocks: [Block]) -> [LectureFact] {
        var out: [LectureFact] = []
        var seen = Set<String>()
        for (position, paragraph) in paragraphs(blocks).enumerated() {
            guard let inlines = paragraph.inlines else { continue }
            // Split when a run could be a fact: most paragraphs highlight nothing new.
            lazy var sentences = SentenceSplitter.split(paragraph.text ?? "").map(Sentence.init).filter(\.isUsable)
            for run in inlines {
                guard let kind = run.kind, kind != .link else { continue }
                let text = PlainText.trimmed(run.text)
                guard let (factKind, shape) = classify(text, inline: kind) else { continue }
                let key = text.lowercased()
                guard !seen.contains(key) else { continue }
                let textIsPlain = PlainText.isPlain(text)
                guard let index = sentences.firstIndex(where: {
                    !occurrences(of: text, plain: textIsPlain, in: $0.text, plain: $0.isPlain, kind: factKind).isEmpty
                }) else { continue }
                seen.insert(key)
                out.append(LectureFact(answer: text, kind: factKind, shape: shape, words: wordCount(text),
                                       topicID: topicID, topicTitle: topicTitle, sentence: sentences[index].text,
                                       score: score(lowercasedAnswer: key, inline: kind, sentence: &sentences[index],
                                                    position: position)))
            }
        }
        return out.sorted { ($0.score, $1.answer) > ($1.score, $0.answer) }
    }

    /// A paragraph's sentence and what the search for facts reads of it for every highlighted term.
    struct Sentence {
        let text: String
        let isPlain: Bool
        let words: Int
        /// Read only for the sentences that hold a fact.
        lazy var lowercased = text.lowercased()
        /// The lower case of plain text is plain (ASCII lower-casing; the plain symbols have no case).
        lazy var lowercasedIsPlain = isPlain || PlainText.isPlain(lowercased)

        init(_ text: String) {
            self.text = text
            isPlain = PlainText.isPlain(text)
            words = PlainText.wordCount(text, plain: isPlain)
        }

        /// See `FactFinder.usable(_:)`.
        var isUsable: Bool {
            !isQuestion(text) && words >= 6 && words <= 45
                && !PlainText.contains(text, plain: isPlain, "\\(") && !PlainText.contains(text, plain: isPlain, "_____")
        }
    }

    /// Paragraphs of the topic, including those inside lists and quotes.
    static func paragraphs(_ blocks: [Block]) -> [Block] {
        var out: [Block] = []
        appendParagraphs(of: blocks, to: &out)
        return out
    }

    /// Into one array: a list's items made no arrays of their own.
    private static func appendParagraphs(of blocks: [Block], to out: inout [Block]) {
        for block in blocks {
            switch block {
            case .paragraph, .quote: out.append(block)
            case .list: appendParagraphs(of: block.children, to: &out)
            default: break
            }
        }
    }

    /// A sentence fit to become a question: long enough to say something, short enough to read, no formula,
    /// and a statement: a question such as a review item ("What does the `print` function do?") teaches no fact.
    static func usable(_ sentence: String) -> Bool {
        Sentence(sentence).isUsable
    }

    /// Whether the sentence ends in a question mark, before any closing quotes, brackets or white space
    /// (`Is it “done?”` too). Full-width and Arabic/Greek question marks count.
    static func isQuestion(_ sentence: String) -> Bool {
        for scalar in sentence.unicodeScalars.reversed() {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{A0}", "\"", "'", ")", "]", "}", "\u{201D}", "\u{2019}", "\u{BB}", "\u{203A}":
                continue
            case "?", "\u{FF1F}", "\u{61F}", "\u{37E}", "\u{2047}", "\u{2048}", "\u{2049}", "\u{203D}":
                return true
            default:
                return false
            }
        }
        return false
    }

    static func wordCount(_ text: String) -> Int {
        PlainText.wordCount(text)
    }

    static func classify(_ text: String, inline: Inline.Kind) -> (LectureFact.Kind, LectureFact.Shape)? {
        let length = text.count
        guard length > 0, length <= 40, !text.utf8.contains(0x0A) else { return nil }
        if inline == .code {
            // A code name is ASCII, where bytes are characters: text with anything else is no name, by bytes or not.
            func isNameStart(_ b: UInt8) -> Bool { UTF8Bytes.isASCIILetter(b) || b == UInt8(ascii: "_") }
            func isName(_ b: UInt8) -> Bool { PlainText.isASCIIWordByte(b) || b == UInt8(ascii: ".") }
            let bytes = text.utf8
            let isCall = bytes.count >= 2 && bytes.suffix(2).elementsEqual("()".utf8)
            let name = isCall ? bytes.dropLast(2) : bytes[...]
            guard let first = name.first, isNameStart(first), name.allSatisfy(isName),
                  name.last != UInt8(ascii: "."), bytes.count >= 2 else { return nil }
            if isCall { return (.code, .call) }
            return (.code, codeShape(String(Substring(name))))
        }
        if length == 4, let year = Int(text), (1000...2100).contains(year) { return (.year, .year) }
        // Words as `split(separator: " ")` counts them, and whether every character may be in a term.
        var words = 0
        var afterSpace = true
        for character in text {
            if character == " " {
                afterSpace = true
                continue
            }
            guard character == "-" || PlainText.isLetter(character) else { return nil }
            if afterSpace { words += 1 }
            afterSpace = false
        }
        guard (1...3).contains(words), length >= 3 else { return nil }
        if words == 1, StopWords.english.contains(text.lowercased()) { return nil }
        if length >= 2, text.allSatisfy(PlainText.isUppercase) { return (.term, .acronym(nil)) }
        if text.first.map(PlainText.isUppercase) == true { return (.term, .name(nil)) }
        return (.term, .word(nil))
    }

    static let keywords: Set<String> = [
        "def", "return", "for", "while", "if", "else", "elif", "break", "continue", "import", "from", "class", "in",
        "not", "and", "or", "pass", "lambda", "try", "except", "finally", "with", "yield", "raise", "global", "del",
        "let", "var", "const", "function", "fn", "func", "struct", "enum", "switch", "case", "do", "guard", "async", "await",
    ]
    static let literals: Set<String> = ["True", "False", "None", "true", "false", "null", "nil", "undefined", "NaN"]
    static let fileExtensions: Set<String> = [
        "py", "txt", "html", "htm", "csv", "json", "md", "js", "ts", "swift", "c", "h", "java", "rb", "sh", "yml", "yaml", "css", "xml",
    ]

    /// The sort of a code name, so that distractors are keywords for a keyword, files for a file, …
    /// (`function` and `variable` are told apart later, from the course's code blocks).
    static func codeShape(_ name: String) -> LectureFact.Shape {
        if keywords.contains(name) { return .keyword }
        if literals.contains(name) { return .literal }
        // Without a "." byte there is no "." character to split at.
        if name.utf8.contains(UInt8(ascii: ".")) {
            let parts = name.split(separator: ".")
            if parts.count == 2, fileExtensions.contains(parts[1].lowercased()) { return .file }
        }
        if name.count >= 2, name.allSatisfy({ PlainText.isUppercase($0) || $0 == "_" || PlainText.isNumber($0) }) {
            return .constant
        }
        if name.first.map(PlainText.isUppercase) == true { return .type }
        return .identifier
    }

    /// Names that the course's code calls (`name(`): functions rather than variables.
    static func calledNames(_ code: [String]) -> Set<String> {
        var out = Set<String>()
        for text in code {
            var name = ""
            for c in text {
                if PlainText.isWordCharacter(c) || c == "." { name.append(c); continue }
                if c == "(", let first = name.first, PlainText.isLetter(first) || first == "_" { out.insert(name) }
                name = ""
            }
        }
        return out
    }

    /// Names the course's code assigns to (`name = …`): variables.
    static func assignedNames(_ code: [String]) -> Set<String> {
        var out = Set<String>()
        for text in code {
            // No "=" character without an "=" byte: most lines are passed over by bytes.
            for line in PlainText.lines(text) where line.utf8.contains(UInt8(ascii: "=")) {
                let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                let after = trimmed[trimmed.index(after: equals)...]
                if after.hasPrefix("=") { continue }
                let name = PlainText.trimmingSpaces(trimmed[..<equals])
                if let first = name.first, PlainText.isLetter(first) || first == "_",
                   name.allSatisfy(PlainText.isWordCharacter) { out.insert(name) }
            }
        }
        return out
    }

    /// Whole-word (terms) or exact (code) occurrence of `needle` in `sentence`.
    static func contains(_ sentence: String, _ needle: String, kind: LectureFact.Kind) -> Bool {
        !occurrences(of: needle, in: sentence, kind: kind).isEmpty
    }

    /// Ranges of `needle` in `text`, not inside a longer word or name; terms also match a plural `s`/`es`.
    static func occurrences(of needle: String, in text: String, kind: LectureFact.Kind) -> [Range<String.Index>] {
        occurrences(of: needle, plain: PlainText.isPlain(needle), in: text, plain: PlainText.isPlain(text), kind: kind)
    }

    /// `occurrences(of:in:kind:)` with the plainness (`PlainText.isPlain`) of both strings found once for many calls.
    /// In plain text every character is one scalar, so the search runs on UTF-8 bytes.
    static func occurrences(of needle: String, plain needleIsPlain: Bool, in text: String, plain textIsPlain: Bool,
                            kind: LectureFact.Kind) -> [Range<String.Index>] {
        guard needleIsPlain, textIsPlain,
              let offsets = needle.utf8.withContiguousStorageIfAvailable({ needleBytes in
                  text.utf8.withContiguousStorageIfAvailable { textBytes in
                      occurrenceOffsets(of: needleBytes, in: textBytes, kind: kind)
                  }
              }) ?? nil
        else { return characterOccurrences(of: needle, in: text, kind: kind) }
        let utf8 = text.utf8
        return offsets.map {
            utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound)
        }
    }

    /// Byte ranges of the occurrences in plain text, by the rules of `characterOccurrences`.
    private static func occurrenceOffsets(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>,
                                          kind: LectureFact.Kind) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        func isWordCharacter(at offset: Int) -> Bool {
            offset < bytes.count && PlainText.isWordCharacter(startingAt: offset, in: bytes)
        }
        while let lower = PlainText.firstOffset(of: needle, in: bytes, from: start, caseInsensitive: kind != .code) {
            let upper = lower + needle.count
            var end = upper
            if kind == .term {
                if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "e"), bytes[end + 1] == UInt8(ascii: "s"),
                   !isWordCharacter(at: end + 2) {
                    end += 2
                } else if end < bytes.count, bytes[end] == UInt8(ascii: "s"), !isWordCharacter(at: end + 1) {
                    end += 1
                }
            }
            let before = lower > 0 ? UTF8Bytes.previousStart(bytes, lower) : nil
            if !(before.map(isWordCharacter) ?? false), !isWordCharacter(at: end),
               kind != .code || before.map({ bytes[$0] }) != UInt8(ascii: ".") {
                out.append(lower..<end)
            }
            start = upper
        }
        return out
    }

    /// `occurrences(of:in:kind:)` by characters, for text that is not plain.
    private static func characterOccurrences(of needle: String, in text: String, kind: LectureFact.Kind) -> [Range<String.Index>] {
        var out: [Range<String.Index>] = []
        var start = text.startIndex
        while start < text.endIndex,
              let range = PlainText.firstRange(of: needle, in: text, from: start, caseInsensitive: kind != .code) {
            var end = range.upperBound
            if kind == .term {
                if text[end...].hasPrefix("es"), !(text[end...].dropFirst(2).first.map(PlainText.isWordCharacter) ?? false) {
                    end = text.index(end, offsetBy: 2)
                } else if text[end...].hasPrefix("s"), !(text[end...].dropFirst().first.map(PlainText.isWordCharacter) ?? false) {
                    end = text.index(after: end)
                }
            }
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            let after = end < text.endIndex ? text[end] : " "
            if !PlainText.isWordCharacter(before), !PlainText.isWordCharacter(after), kind != .code || before != "." {
                out.append(range.lowerBound..<end)
            }
            start = range.upperBound
        }
        return out
    }

    /// - Parameter lowercasedAnswer: the fact's answer, lower-cased.
    static func score(lowercasedAnswer term: String, inline: Inline.Kind, sentence: inout Sentence, position: Int) -> Int {
        var score = 0
        switch inline {
        case .strong: score += 4
        case .code: score += 2
        default: score += 1
        }
        let lower = sentence.lowercased
        let plain = sentence.lowercasedIsPlain
        // Definitions make the best questions: "A variable is …", "… is called a string", "… means …".
        if lower.hasPrefix(term + " is") || lower.hasPrefix("a " + term + " is") || lower.hasPrefix("an " + term + " is")
            || lower.hasPrefix("the " + term + " is") || lower.hasPrefix(term + " are") {
            score += 4
        }
        // Most sentences have none of the marker words: look for those before the phrases.
        let saysCalled = PlainText.contains(lower, plain: plain, "called ")
            && (PlainText.contains(lower, plain: plain, "called " + term) || PlainText.contains(lower, plain: plain, "called a " + term)
                || PlainText.contains(lower, plain: plain, "called the " + term))
        if saysCalled || (PlainText.contains(lower, plain: plain, " means") && PlainText.contains(lower, plain: plain, term + " means"))
            || (PlainText.contains(lower, plain: plain, "known as ") && PlainText.contains(lower, plain: plain, "known as " + term)) {
            score += 3
        }
        if (8...30).contains(sentence.words) { score += 1 }
        if position == 0 { score += 1 }
        return score
    }

    /// The sentence with every occurrence of the answer replaced by a blank.
    static func blanked(_ fact: LectureFact) -> String {
        var text = fact.sentence
        for range in occurrences(of: fact.answer, in: text, kind: fact.kind).reversed() {
            text.replaceSubrange(range, with: "_____")
        }
        return text
    }
}
