import Foundation

/// Whether a read looks like language, judged by its words rather than by Tesseract's confidence (a degraded photo
/// read as scraps and symbols, "8y ¢ defau wr ites tlie €", can have a mean confidence near 90). Measures, over its tokens:
/// the share of words that are in the dictionary, words of mixed case ("QUality"), stray symbols (¢, €, °), and very
/// short fragments that are not words ("d", "ife"). Below `threshold` the page goes to review, with the reason in
/// plain words. Thresholds were set on the OCR benchmark's dev photos only (docs/OCR.md).
public struct ReadPlausibility: Sendable, Hashable {
    /// Tokens with letters (words, fragments, names).
    public var tokens: Int
    /// Share of those that are dictionary words.
    public var wordShare: Double
    /// Share of those in mixed case: an upper-case letter after a lower-case one, or two capitals then lower case.
    public var mixedCaseShare: Double
    /// Share of tokens of one to three letters that are not words.
    public var fragmentShare: Double
    /// Share of the text's characters (without spaces) that are stray symbols.
    public var symbolShare: Double
    /// A few of the tokens that are not words, for the reason.
    public var examples: [String]
    public var strays: [String]

    /// Dictionary words minus what mixed case, fragments and symbols say about the rest: about 0.9–1 on clean reads.
    public var score: Double {
        wordShare - 0.5 * mixedCaseShare - 0.5 * fragmentShare - 2 * symbolShare
    }

    /// Below this score the read goes to review. Set on the benchmark's dev photos only: reads of 0.97 character
    /// accuracy and more scored 0.89 and up, the two garbage reads (0.68 and 0.43) 0.72 and 0.46 (docs/OCR.md).
    public static let threshold = 0.80
    /// Fewer tokens than this say too little either way; such a page is left to the quiz's own word minimum.
    public static let minTokens = 12

    public var isPlausible: Bool { tokens < Self.minTokens || score >= Self.threshold }

    /// The reason a teacher reads when the read is not plausible; nil when it is.
    public var reviewReason: String? {
        guard !isPlausible else { return nil }
        var parts = ["only \(percent(wordShare)) of the words read are English words"]
        if fragmentShare >= 0.1 { parts.append("\(percent(fragmentShare)) are scraps of one to three letters") }
        if mixedCaseShare >= 0.05 { parts.append("\(percent(mixedCaseShare)) mix capitals and small letters (\"QUality\")") }
        if !strays.isEmpty { parts.append("it has stray symbols (\(strays.prefix(4).joined(separator: " ")))") }
        let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        let shown = examples.prefix(4).map { "\"\($0)\"" }.joined(separator: ", ")
        return "The photo could not be read as text: " + list + (shown.isEmpty ? "" : " (such as \(shown))")
            + ". No quiz was made. Check the text, or take a sharper, brighter photo of the page."
    }

    private func percent(_ x: Double) -> String { "\(Int((x * 100).rounded()))%" }

    /// Two-letter words English uses (the dictionary lists many two-letter abbreviations too).
    static let shortWords: Set<String> = [
        "a", "i", "am", "an", "as", "at", "be", "by", "do", "go", "he", "if", "in", "is", "it", "me", "my", "no", "of",
        "oh", "ok", "on", "or", "so", "to", "up", "us", "we", "vs", "eg", "ie",
    ]

    /// Characters that are neither letters, digits, spaces nor the punctuation of ordinary text.
    static func isStray(_ c: Character) -> Bool {
        if c.isLetter || c.isNumber || c.isWhitespace { return false }
        return !".,;:!?'\"()[]-/&%+=<>*#@_$’‘“”–—…".contains(c)
    }

    public init(text: String, lexicon: any OCRLexicon) {
        var tokens = 0, words = 0, mixed = 0, fragments = 0
        var unknown: [String] = [], unknownCounts: [String: Int] = [:], strays: [String] = []
        var characters = 0, stray = 0
        for c in text where !c.isWhitespace {
            characters += 1
            if Self.isStray(c) {
                stray += 1
                if strays.count < 6, !strays.contains(String(c)) { strays.append(String(c)) }
            }
        }
        for raw in text.split(whereSeparator: \.isWhitespace) {
            // Parts of a hyphenated or slashed compound count one by one; punctuation around a word is not its own.
            for piece in raw.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "–" || $0 == "—" }) {
                let token = piece.trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.symbols))
                guard token.contains(where: \.isLetter) else { continue }
                // Numbers, versions and code names ("inflateInit2", "p7zip", "1.1.4") are neither words nor noise.
                if token.contains(where: \.isNumber) || token.contains(".") || token.contains("_") { continue }
                var word = token
                if word.hasSuffix("'s") || word.hasSuffix("’s") { word = String(word.dropLast(2)) }
                word = word.replacingOccurrences(of: "’", with: "'")
                guard !word.isEmpty else { continue }
                tokens += 1
                let lower = word.lowercased()
                let letters = word.filter(\.isLetter).count
                let known = letters <= 2 ? Self.shortWords.contains(lower) : lexicon.contains(lower)
                    || (lower.contains("'") && lexicon.contains(String(lower.prefix { $0 != "'" })))
                if known {
                    words += 1
                } else {
                    if letters <= 3 { fragments += 1 }
                    if unknownCounts[word, default: 0] == 0 { unknown.append(word) }
                    unknownCounts[word, default: 0] += 1
                }
                if Self.isMixedCase(word) { mixed += 1 }
            }
        }
        self.tokens = tokens
        let n = Double(max(1, tokens))
        wordShare = tokens == 0 ? 0 : Double(words) / n
        mixedCaseShare = Double(mixed) / n
        fragmentShare = Double(fragments) / n
        symbolShare = characters == 0 ? 0 : Double(stray) / Double(characters)
        // A word the page repeats is more likely its subject's name ("sed", "GNU") than a misread: those come last.
        let once = unknown.filter { unknownCounts[$0] == 1 }
        self.examples = Array((once + unknown.filter { unknownCounts[$0]! > 1 }).prefix(8))
        self.strays = strays
    }

    /// "QUality", "rEject", "wOrd": not all capitals, not capitalised, not a code name's camel case ("inflateInit").
    static func isMixedCase(_ word: String) -> Bool {
        let letters = Array(word.filter(\.isLetter))
        guard letters.count >= 2 else { return false }
        let upper = letters.map(\.isUppercase)
        if upper.allSatisfy({ $0 }) || !upper.dropFirst().contains(true) { return false }
        // Two capitals then small letters: "QUality" (but "IPv", too short to say, is left alone).
        if letters.count >= 4, upper[0], upper[1], !upper[2] { return true }
        // A capital right after one small letter at the start: "rEject", "tHe".
        if !upper[0], upper[1] { return true }
        return false
    }
}
