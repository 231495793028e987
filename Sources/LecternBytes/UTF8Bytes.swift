// The UTF-8 fast paths of the text modules (sentence splitter, tokenizer, analyzer, WordNet reader), the
// lecture builder's plain-text search and the JSON writer's escape scan, in one place with one set of tests
// against the standard library (LecternBytesTests). Everything here works on valid UTF-8 (the bytes of a
// Swift `String`), so decoding needs only bounds checks.

public enum UTF8Bytes {
    /// Decodes the scalar starting at `i`; returns the scalar value and its length in bytes.
    @inlinable @inline(__always)
    public static func scalar(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        let n = p.count
        if b0 < 0xE0 {
            guard i + 1 < n else { return (0xFFFD, 1) }
            return (((b0 & 0x1F) << 6) | (UInt32(p[i + 1]) & 0x3F), 2)
        }
        if b0 < 0xF0 {
            guard i + 2 < n else { return (0xFFFD, 1) }
            return (((b0 & 0x0F) << 12) | ((UInt32(p[i + 1]) & 0x3F) << 6) | (UInt32(p[i + 2]) & 0x3F), 3)
        }
        guard i + 3 < n else { return (0xFFFD, 1) }
        return (((b0 & 0x07) << 18) | ((UInt32(p[i + 1]) & 0x3F) << 12) | ((UInt32(p[i + 2]) & 0x3F) << 6)
                | (UInt32(p[i + 3]) & 0x3F), 4)
    }

    /// The start of the scalar that ends just before `i`.
    @inlinable @inline(__always)
    public static func previousStart(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var j = i - 1
        while j > 0 && (p[j] & 0xC0) == 0x80 { j -= 1 }
        return j
    }

    @inlinable @inline(__always) public static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inlinable @inline(__always) public static func isASCIIUpper(_ b: UInt8) -> Bool { b &- 0x41 < 26 }
    @inlinable @inline(__always) public static func isASCIILower(_ b: UInt8) -> Bool { b &- 0x61 < 26 }
    @inlinable @inline(__always) public static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// Letters and combining marks (a mark continues the word it follows).
    @inlinable @inline(__always)
    public static func isLetter(_ v: UInt32) -> Bool {
        if v < 0x80 { return (UInt8(v) | 0x20) &- 0x61 < 26 }
        return slowIsLetter(v)
    }

    @inlinable @inline(__always)
    public static func isUpper(_ v: UInt32) -> Bool {
        if v < 0x80 { return UInt8(v) &- 0x41 < 26 }
        return slowIsUpper(v)
    }

    @inlinable @inline(__always)
    public static func isLower(_ v: UInt32) -> Bool {
        if v < 0x80 { return UInt8(v) &- 0x61 < 26 }
        return slowIsLower(v)
    }

    // Kept out of line so hot loops do not pay for Unicode property metadata on every call.
    @inline(never)
    public static func slowIsLetter(_ v: UInt32) -> Bool {
        guard let s = Unicode.Scalar(v) else { return false }
        let props = s.properties
        if props.isAlphabetic { return true }
        switch props.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    @inline(never)
    public static func slowIsUpper(_ v: UInt32) -> Bool {
        guard let s = Unicode.Scalar(v) else { return false }
        return s.properties.isUppercase || s.properties.generalCategory == .titlecaseLetter
    }

    @inline(never)
    public static func slowIsLower(_ v: UInt32) -> Bool {
        guard let s = Unicode.Scalar(v) else { return false }
        return s.properties.isLowercase
    }

    /// Apostrophes that may sit inside a word: ' ’ ʼ
    @inlinable @inline(__always) public static func isApostrophe(_ v: UInt32) -> Bool { v == 0x27 || v == 0x2019 || v == 0x02BC }
    /// Hyphens that may sit inside a word: - ‐ ‑
    @inlinable @inline(__always) public static func isHyphen(_ v: UInt32) -> Bool { v == 0x2D || v == 0x2010 || v == 0x2011 }

    // SWAR helpers: eight bytes at a time.
    @inlinable public static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable public static var highs: UInt64 { 0x8080_8080_8080_8080 }

    @inlinable @inline(__always)
    public static func load8(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self))
    }

    /// High bit set in exactly the bytes of `x` equal to `v`.
    @inlinable @inline(__always)
    public static func bytesEqual(_ x: UInt64, _ v: UInt8) -> UInt64 {
        let y = x ^ (UInt64(v) &* ones)
        let t = (y & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F
        return ~(t | y | 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// High bit set in exactly the bytes of `x` that are ASCII letters.
    @inlinable @inline(__always)
    public static func asciiLetters(_ x: UInt64) -> UInt64 {
        let y = (x | 0x2020_2020_2020_2020) & 0x7F7F_7F7F_7F7F_7F7F
        let atLeastA = y &+ (0x80 - 0x61) &* ones
        let beyondZ = y &+ (0x80 - 0x7B) &* ones
        return atLeastA & ~beyondZ & ~x & highs
    }

    /// Non-zero if some byte of `x` is below `v` (v <= 0x80; bytes >= 0x80 never count).
    @inlinable @inline(__always)
    public static func hasByteBelow(_ x: UInt64, _ v: UInt8) -> UInt64 {
        (x &- UInt64(v) &* ones) & ~x & highs
    }

    @inlinable
    public static func string(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self)
    }
}
