import Foundation
import LecternBytes

public struct Token: Sendable, Hashable {
    /// The token as written (curly apostrophes kept).
    public var text: String
    /// The first letter is upper case.
    public var isCapitalized: Bool
    /// The first token of its sentence.
    public var isSentenceInitial: Bool
    /// A number ("3.14", "1,000", "1990s", "3rd") rather than a word.
    public var isNumber: Bool

    public init(text: String, isCapitalized: Bool, isSentenceInitial: Bool, isNumber: Bool = false) {
        self.text = text
        self.isCapitalized = isCapitalized
        self.isSentenceInitial = isSentenceInitial
        self.isNumber = isNumber
    }
}

/// Words are letters (any script, with combining marks) with apostrophes or hyphens allowed between
/// letters ("don't", "well-known", "rock'n'roll"); a trailing plural-possessive apostrophe is dropped.
/// Numbers are separate tokens: digits with inner `.`/`,` groups and an optional letter suffix
/// ("3.14", "1,000", "1990s", "3rd"). Everything else separates tokens.
public enum Tokenizer {
    public static func words(in sentence: String) -> [Token] {
        sentence.withUTF8Bytes { p in
            var tokens: [Token] = []
            var cursor = Cursor(p, 0, p.count)
            while let raw = cursor.next() {
                tokens.append(Token(text: UTF8Bytes.string(p, raw.start, raw.end),
                                    isCapitalized: raw.firstUpper,
                                    isSentenceInitial: tokens.isEmpty,
                                    isNumber: raw.isNumber))
            }
            return tokens
        }
    }

    struct RawToken {
        var start: Int
        var end: Int
        var isNumber: Bool
        var firstUpper: Bool
        /// Contains at least one lower-case letter (false for "NASA", "I").
        var hasLower: Bool
        /// Contains bytes >= 0x80 (needs Unicode lower-casing).
        var nonASCII: Bool
    }

    /// Byte classes for the ASCII fast path.
    private static let upperClass: UInt8 = 1, lowerClass: UInt8 = 2, digitClass: UInt8 = 3, joinerClass: UInt8 = 4,
                       highClass: UInt8 = 5, otherClass: UInt8 = 0

    @inline(__always)
    private static func byteClass(_ b: UInt8) -> UInt8 {
        if b >= 0x80 { return highClass }
        if b &- 0x61 < 26 { return lowerClass }
        if b &- 0x41 < 26 { return upperClass }
        if b &- 0x30 < 10 { return digitClass }
        if b == 0x27 || b == 0x2D { return joinerClass }
        return otherClass
    }

    /// Walks the tokens of `p[start..<end]`.
    struct Cursor {
        let p: UnsafeBufferPointer<UInt8>
        var i: Int
        let end: Int

        @inline(__always)
        init(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
            self.p = p
            self.i = start
            self.end = end
        }

        @inline(__always)
        mutating func next() -> RawToken? {
            while i < end {
                let b = p[i]
                if b < 0x80 {
                    if UTF8Bytes.isASCIILetter(b) {
                        let t = Tokenizer.scanWord(p, i, end)
                        i = t.end
                        return t
                    } else if UTF8Bytes.isDigit(b) {
                        let t = Tokenizer.scanNumber(p, i, end)
                        i = t.end
                        return t
                    }
                    i += 1
                } else {
                    let (v, len) = UTF8Bytes.scalar(p, i)
                    if UTF8Bytes.isLetter(v) {
                        let t = Tokenizer.scanWord(p, i, end)
                        i = t.end
                        return t
                    }
                    i += len
                }
            }
            return nil
        }
    }

    @inline(__always)
    static func scanWord(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ end: Int) -> RawToken {
        var tok = RawToken(start: s, end: s, isNumber: false, firstUpper: false, hasLower: false, nonASCII: false)
        // Fastest path: an ASCII word shorter than eight bytes, found with one eight-byte load.
        if s + 8 <= end {
            let x = UTF8Bytes.load8(p, s)
            let nonLetters = ~UTF8Bytes.asciiLetters(x) & UTF8Bytes.highs
            let n = nonLetters.trailingZeroBitCount >> 3
            if n > 0 && n < 8 {
                let stop = s + n
                let next = p[stop]
                if next < 0x80 && !((next == 0x27 || next == 0x2D) && stop + 1 < end && nextIsLetter(p, stop + 1, end)) {
                    let prefix: UInt64 = (1 << UInt64(n &* 8)) &- 1
                    tok.hasLower = x & prefix & 0x2020_2020_2020_2020 != 0
                    tok.firstUpper = x & 0x20 == 0
                    tok.end = stop
                    return tok
                }
            }
        }
        var i = s
        // ASCII fast path: a run of ASCII letters.
        var classes: UInt8 = 0
        while i < end {
            let c = byteClass(p[i])
            guard c == lowerClass || c == upperClass else { break }
            classes |= c
            i += 1
        }
        if i > s {
            tok.firstUpper = UTF8Bytes.isASCIIUpper(p[s])
            tok.hasLower = classes & lowerClass != 0
            // Done unless an apostrophe, hyphen or non-ASCII byte continues the word.
            if i >= end || byteClass(p[i]) == otherClass || byteClass(p[i]) == digitClass
                || (byteClass(p[i]) == joinerClass && !(i + 1 < end && nextIsLetter(p, i + 1, end))) {
                tok.end = i
                return tok
            }
        }
        var first = i == s
        while i < end {
            let b = p[i]
            if b < 0x80 {
                if UTF8Bytes.isASCIILetter(b) {
                    if b >= 0x61 { tok.hasLower = true } else if first { tok.firstUpper = true }
                    first = false
                    i += 1
                    continue
                }
                // Inner apostrophe or hyphen, only when a letter follows.
                if (b == 0x27 || b == 0x2D) && !first && i + 1 < end && nextIsLetter(p, i + 1, end) {
                    i += 1
                    continue
                }
                break
            } else {
                let (v, len) = UTF8Bytes.scalar(p, i)
                if UTF8Bytes.isLetter(v) {
                    tok.nonASCII = true
                    if first { tok.firstUpper = UTF8Bytes.isUpper(v) }
                    if UTF8Bytes.isLower(v) { tok.hasLower = true }
                    first = false
                    i += len
                    continue
                }
                if (UTF8Bytes.isApostrophe(v) || UTF8Bytes.isHyphen(v)) && !first && i + len < end && nextIsLetter(p, i + len, end) {
                    tok.nonASCII = true
                    i += len
                    continue
                }
                break
            }
        }
        tok.end = i
        return tok
    }

    @inline(__always)
    private static func nextIsLetter(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        let b = p[i]
        if b < 0x80 { return UTF8Bytes.isASCIILetter(b) }
        return UTF8Bytes.isLetter(UTF8Bytes.scalar(p, i).value)
    }

    @inline(__always)
    static func scanNumber(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ end: Int) -> RawToken {
        var i = s
        while i < end {
            let b = p[i]
            if UTF8Bytes.isDigit(b) { i += 1; continue }
            if (b == 0x2E || b == 0x2C) && i + 1 < end && UTF8Bytes.isDigit(p[i + 1]) { i += 2; continue }
            break
        }
        // Suffix letters: 3rd, 1990s, 10km.
        while i < end && UTF8Bytes.isASCIILetter(p[i]) { i += 1 }
        return RawToken(start: s, end: i, isNumber: true, firstUpper: false, hasLower: false, nonASCII: false)
    }
}
