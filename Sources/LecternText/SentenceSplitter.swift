import Foundation
import LecternBytes

/// Splits running text into sentences without a language model.
///
/// A sentence ends at `.`, `!`, `?`, `…` (or runs of them), plus any closing quotes or brackets, when
/// whitespace follows — and at a paragraph break (a blank line). It does not end after titles and
/// Latin abbreviations (Mr. Dr. St. e.g. i.e. cf. vs.), inside decimals (3.14) or dotted names
/// (U.S.A, example.com), after an initial (J. R. R. Tolkien), after an ellipsis or a quoted question
/// followed by a lower-case word, or after an ambiguous abbreviation (etc. U.S. p.m. Inc.) unless the
/// next word is a typical sentence opener ("The", "It", "We", ...). Inner whitespace is collapsed.
public enum SentenceSplitter {
    public static func split(_ text: String) -> [String] {
        text.withUTF8Bytes { p in
            ranges(p).map { normalizedString(p, $0.start, $0.end) }
        }
    }

    struct Span {
        var start: Int
        var end: Int
        /// Ended by terminal punctuation (as opposed to a paragraph break or the end of the text).
        var terminated: Bool
    }

    /// Titles and Latin abbreviations after which a sentence never ends.
    static let neverFinal: Set<String> = [
        "mr", "mrs", "ms", "mx", "dr", "prof", "rev", "fr", "sr", "jr", "st", "mt", "ft", "gen", "col", "capt", "cpt",
        "lt", "sgt", "cmdr", "adm", "gov", "sen", "rep", "hon", "pres", "messrs", "mme", "mlle", "e.g", "i.e", "eg", "ie",
        "cf", "vs", "viz", "approx", "ca", "fig", "figs", "vol", "vols", "ch", "chap", "sec", "pp", "no", "nos", "op",
        "ed", "eds", "dept", "univ", "assn", "bros", "est", "ref", "refs", "tel", "ext", "ave", "blvd", "rd",
    ]
    /// Abbreviations that may also end a sentence.
    static let maybeFinal: Set<String> = [
        "etc", "inc", "ltd", "co", "corp", "llc", "plc", "al", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "oct", "nov", "dec", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "min",
        "max", "hr", "hrs", "yr", "yrs", "km", "kg", "cm", "mm", "lb", "lbs", "oz",
    ]

    /// Bytes the splitter must look at once inside a sentence: \n . ! ? and 0xE2 (lead byte of …).
    @inline(__always)
    static func isSpecial(_ b: UInt8) -> Bool {
        let mask: UInt64 = (1 << 0x0A) | (1 << 0x21) | (1 << 0x2E) | (1 << 0x3F)
        return b == 0xE2 || (b < 64 && (mask >> UInt64(b)) & 1 != 0)
    }

    static func ranges(_ p: UnsafeBufferPointer<UInt8>) -> [Span] {
        var spans: [Span] = []
        spans.reserveCapacity(p.count / 80 + 1)
        let n = p.count
        var start = -1
        var i = 0

        @inline(__always) func emit(_ end: Int, _ terminated: Bool) {
            guard start >= 0 else { return }
            if let span = trimmedSpan(p, start, end, terminated: terminated) { spans.append(span) }
            start = -1
        }

        while i < n {
            if start < 0 {
                i = skippingWhitespace(p, from: i)
                guard i < n else { break }
                start = i
            }
            i = nextSpecial(p, from: i)
            guard i < n else { break }
            let b = p[i]
            if b == 0x0A {
                if let after = paragraphBreakEnd(p, newlineAt: i) {
                    emit(i, false)
                    i = after
                } else {
                    i += 1
                }
                continue
            }
            if b == 0xE2 && !isEllipsis(p, i) {
                i += 1
                continue
            }
            if start < 0 { start = i }
            let terminators = terminatorRun(p, at: i)
            let closing = closingRun(p, from: terminators.end)
            let k = closing.end
            if k < n && !startsWithSpace(p, k) { i = k; continue }  // 3.14, U.S.A, example.com, "?!" inside a word
            let (m, paragraphBreak) = whitespaceRun(p, from: k)
            if m >= n || paragraphBreak || endsSentence(p, terminatorAt: i, terminators, closedQuote: closing.closedQuote, nextAt: m) {
                emit(k, true)
            }
            i = k
        }
        emit(n, false)
        return spans
    }

    /// `p[start..<end]` without trailing white space; nil when it holds no letter or digit ("...", "—").
    @inline(__always)
    private static func trimmedSpan(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, terminated: Bool) -> Span? {
        var e = end
        while e > start && Whitespace.isASCII(p[e - 1]) { e -= 1 }
        var k = start
        while k < e {
            let c = p[k]
            if c >= 0x80 || UTF8Bytes.isASCIILetter(c) || UTF8Bytes.isDigit(c) { return Span(start: start, end: e, terminated: terminated) }
            k += 1
        }
        return nil
    }

    /// Where the next sentence starts: past white space, ASCII or not.
    @inline(__always)
    private static func skippingWhitespace(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        while i < p.count {
            let b = p[i]
            if b < 0x80 {
                if !Whitespace.isASCII(b) { break }
                i += 1
            } else {
                let (v, len) = UTF8Bytes.scalar(p, i)
                if !Whitespace.isBeyondASCII(v) { break }
                i += len
            }
        }
        return i
    }

    /// The next byte that can matter (newline, . ! ? or the lead byte of …), eight bytes at a time; `p.count` if none.
    @inline(__always)
    private static func nextSpecial(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = p.count
        var i = start
        while i + 8 <= n {
            let x = UTF8Bytes.load8(p, i)
            if UTF8Bytes.bytesEqual(x, 0x0A) | UTF8Bytes.bytesEqual(x, 0x2E) | UTF8Bytes.bytesEqual(x, 0x21)
                | UTF8Bytes.bytesEqual(x, 0x3F) | UTF8Bytes.bytesEqual(x, 0xE2) != 0 { break }
            i += 8
        }
        while i < n && !isSpecial(p[i]) { i += 1 }
        return i
    }

    /// After the newline at `i`: the index past a paragraph break (newline, optional blanks, newline), or nil.
    @inline(__always)
    private static func paragraphBreakEnd(_ p: UnsafeBufferPointer<UInt8>, newlineAt i: Int) -> Int? {
        var j = i + 1
        while j < p.count && (p[j] == 0x20 || p[j] == 0x09 || p[j] == 0x0D || p[j] == 0x0B || p[j] == 0x0C) { j += 1 }
        return j < p.count && p[j] == 0x0A ? j + 1 : nil
    }

    /// "…" (E2 80 A6) at `i`.
    @inline(__always)
    private static func isEllipsis(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i + 2 < p.count && p[i] == 0xE2 && p[i + 1] == 0x80 && p[i + 2] == 0xA6
    }

    /// A run of sentence terminators: where it ends, its full stops, whether it has ! or ?, whether it has "…".
    struct Terminators {
        var end: Int
        var dots = 0
        var strong = false
        var ellipsisChar = false
    }

    @inline(__always)
    private static func terminatorRun(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Terminators {
        var run = Terminators(end: i)
        while run.end < p.count {
            let c = p[run.end]
            if c == 0x2E { run.dots += 1; run.end += 1 }
            else if c == 0x21 || c == 0x3F { run.strong = true; run.end += 1 }
            else if isEllipsis(p, run.end) { run.ellipsisChar = true; run.end += 3 }
            else { break }
        }
        return run
    }

    /// Closing quotes and brackets after the terminators: where they end, and whether a quote closed.
    @inline(__always)
    private static func closingRun(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, closedQuote: Bool) {
        let n = p.count
        var closedQuote = false
        var k = start
        while k < n {
            let c = p[k]
            if c == 0x22 || c == 0x27 { closedQuote = true; k += 1 }
            else if c == 0x29 || c == 0x5D { k += 1 }
            else if c == 0xE2 && k + 2 < n && p[k + 1] == 0x80 && (p[k + 2] == 0x9D || p[k + 2] == 0x99) { closedQuote = true; k += 3 }
            else if c == 0xC2 && k + 1 < n && p[k + 1] == 0xBB { closedQuote = true; k += 2 }  // »
            else { break }
        }
        return (k, closedQuote)
    }

    @inline(__always)
    private static func startsWithSpace(_ p: UnsafeBufferPointer<UInt8>, _ k: Int) -> Bool {
        let c = p[k]
        return c < 0x80 ? Whitespace.isASCII(c) : Whitespace.isBeyondASCII(UTF8Bytes.scalar(p, k).value)
    }

    /// The white space from `start`: where the next word begins, and whether it held a paragraph break.
    @inline(__always)
    private static func whitespaceRun(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, paragraphBreak: Bool) {
        var m = start
        var paragraphBreak = false
        var sawNewline = false
        while m < p.count {
            let c = p[m]
            if c < 0x80 {
                guard Whitespace.isASCII(c) else { break }
                if c == 0x0A { if sawNewline { paragraphBreak = true }; sawNewline = true }
                m += 1
            } else {
                let (v, len) = UTF8Bytes.scalar(p, m)
                guard Whitespace.isBeyondASCII(v) else { break }
                m += len
            }
        }
        return (m, paragraphBreak)
    }

    /// Whether terminators followed by a space end the sentence, judged by the words around them: ! and ? do
    /// unless a quote closes before a lower-case word; "..." when a capital follows; a full stop unless it ends
    /// a title or an abbreviation ("Dr.", "etc." before a capital that starts a sentence, an initial).
    @inline(__always)
    private static func endsSentence(_ p: UnsafeBufferPointer<UInt8>, terminatorAt i: Int, _ run: Terminators,
                                     closedQuote: Bool, nextAt m: Int) -> Bool {
        let next = nextWord(p, m)
        if run.strong { return !(next.startsLower && closedQuote) }
        if run.dots >= 2 || run.ellipsisChar { return next.startsUpper }
        let prev = previousWord(p, i)
        if prev.key != 0 && contains(neverFinalKeys, prev.key) { return false }
        if (prev.key != 0 && contains(maybeFinalKeys, prev.key)) || prev.letters == 1 || prev.hasDot {
            return startsSentence(p, next)
        }
        return !next.startsLower
    }

    struct NextWord {
        var start = 0
        var startsUpper = false
        var startsLower = false
    }

    /// The word starting at (or just after opening quotes at) `m`.
    @inline(__always)
    static func nextWord(_ p: UnsafeBufferPointer<UInt8>, _ m: Int) -> NextWord {
        var i = m
        let n = p.count
        // Skip opening quotes / brackets.
        while i < n {
            let c = p[i]
            if c == 0x22 || c == 0x27 || c == 0x28 || c == 0x5B { i += 1; continue }
            if c == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && (p[i + 2] == 0x9C || p[i + 2] == 0x98) { i += 3; continue }
            if c == 0xC2 && i + 1 < n && p[i + 1] == 0xAB { i += 2; continue }
            break
        }
        guard i < n else { return NextWord(start: n) }
        let c = p[i]
        if c < 0x80 {
            return NextWord(start: i, startsUpper: UTF8Bytes.isASCIIUpper(c), startsLower: UTF8Bytes.isASCIILower(c))
        }
        let v = UTF8Bytes.scalar(p, i).value
        return NextWord(start: i, startsUpper: UTF8Bytes.isUpper(v), startsLower: UTF8Bytes.isLower(v))
    }

    /// The next word is a typical sentence opener ("The", "It", "We", ...).
    static func startsSentence(_ p: UnsafeBufferPointer<UInt8>, _ next: NextWord) -> Bool {
        guard next.startsUpper else { return false }
        let n = p.count
        var j = next.start
        while j < n && j - next.start < 16 {
            let c = p[j]
            if c < 0x80 {
                guard UTF8Bytes.isASCIILetter(c) || c == 0x27 else { break }
                j += 1
            } else {
                let (w, len) = UTF8Bytes.scalar(p, j)
                guard UTF8Bytes.isLetter(w) || w == 0x2019 else { break }
                j += len
            }
        }
        var word = UTF8Bytes.string(p, next.start, j).lowercased()
        if word.utf8.contains(0xE2) { word = word.replacingOccurrences(of: "\u{2019}", with: "'") }
        return StopWords.isSentenceStarter(word)
    }

    struct PreviousWord {
        /// The word's bytes lower-cased and packed little-endian (0 if longer than 8 bytes or not ASCII).
        var key: UInt64 = 0
        var letters = 0
        var hasDot = false
    }

    /// Lower-case ASCII of up to eight bytes packed into a `UInt64` (0 if it does not fit).
    static func pack(_ s: String) -> UInt64 {
        let bytes = Array(s.lowercased().utf8)
        guard bytes.count <= 8, bytes.allSatisfy({ $0 < 0x80 }) else { return 0 }
        var key: UInt64 = 0
        for (k, b) in bytes.enumerated() { key |= UInt64(b) << UInt64(8 * k) }
        return key
    }

    static let neverFinalKeys: [UInt64] = neverFinal.map(pack).filter { $0 != 0 }.sorted()
    static let maybeFinalKeys: [UInt64] = maybeFinal.map(pack).filter { $0 != 0 }.sorted()

    @inline(__always)
    static func contains(_ sorted: [UInt64], _ key: UInt64) -> Bool {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let v = sorted[mid]
            if v == key { return true }
            if v < key { lo = mid + 1 } else { hi = mid }
        }
        return false
    }

    /// The letters-and-dots word ending just before the terminator at `i` ("Mr", "U.S", "e.g").
    @inline(__always)
    static func previousWord(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> PreviousWord {
        var j = i
        var result = PreviousWord()
        var ascii = true
        while j > 0 {
            let c = p[j - 1]
            if c < 0x80 {
                if UTF8Bytes.isASCIILetter(c) { result.letters += 1 } else if c != 0x2E { break }
                j -= 1
            } else {
                let s = UTF8Bytes.previousStart(p, j)
                guard UTF8Bytes.isLetter(UTF8Bytes.scalar(p, s).value) else { break }
                ascii = false
                result.letters += 1
                j = s
            }
            if i - j > 12 { return PreviousWord() }
        }
        while j < i && p[j] == 0x2E { j += 1 }
        guard j < i else { return PreviousWord() }
        for k in j..<i where p[k] == 0x2E { result.hasDot = true; break }
        if ascii && i - j <= 8 {
            var key: UInt64 = 0
            for k in j..<i { key |= UInt64(p[k] | (p[k] == 0x2E ? 0 : 0x20)) << UInt64(8 * (k - j)) }
            result.key = key
        }
        return result
    }

    /// The span's text with every whitespace run collapsed to one space.
    static func normalizedString(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        // Fast check, eight bytes at a time: no control byte, no non-ASCII, no double space.
        var needs = false
        var i = start
        var carry: UInt64 = 0  // 1 if the byte before `i` is a space
        while i + 8 <= end {
            let x = UTF8Bytes.load8(p, i)
            let spaces = UTF8Bytes.bytesEqual(x, 0x20)
            if UTF8Bytes.hasByteBelow(x, 0x20) | (x & UTF8Bytes.highs) | (spaces & (spaces << 8))
                | (carry & spaces) != 0 { needs = true; break }
            carry = (spaces >> 63) << 7
            i += 8
        }
        if !needs {
            var prevSpace = carry != 0
            while i < end {
                let c = p[i]
                if c == 0x20 { if prevSpace { needs = true; break }; prevSpace = true }
                else if c < 0x20 || c >= 0x80 { needs = true; break }
                else { prevSpace = false }
                i += 1
            }
        }
        if !needs { return UTF8Bytes.string(p, start, end) }
        var out = [UInt8]()
        out.reserveCapacity(end - start)
        i = start
        var pendingSpace = false
        while i < end {
            let c = p[i]
            if c < 0x80 {
                if Whitespace.isASCII(c) || c < 0x20 { pendingSpace = true; i += 1; continue }
                if pendingSpace && !out.isEmpty { out.append(0x20) }
                pendingSpace = false
                out.append(c)
                i += 1
            } else {
                let (v, len) = UTF8Bytes.scalar(p, i)
                if Whitespace.isBeyondASCII(v) { pendingSpace = true; i += len; continue }
                if pendingSpace && !out.isEmpty { out.append(0x20) }
                pendingSpace = false
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + len)]))
                i += len
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
