import Foundation

// Byte-level helpers shared by the splitter, the tokenizer and the analyzer, and (the public ones) by the
// lecture builder's plain-text search. Everything here works on valid UTF-8 (the bytes of a Swift `String`),
// so decoding needs only bounds checks.

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
    @inline(__always) static func isASCIILower(_ b: UInt8) -> Bool { b &- 0x61 < 26 }
    @inlinable @inline(__always) public static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// Space, tab, CR, LF, VT, FF (ASCII whitespace).
    @inline(__always) static func isASCIISpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// Whitespace scalars beyond ASCII that show up in real text (NBSP, thin spaces, line separators...).
    @inline(__always)
    static func isUnicodeSpace(_ v: UInt32) -> Bool {
        switch v {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    /// Letters and combining marks (a mark continues the word it follows).
    @inline(__always)
    static func isLetter(_ v: UInt32) -> Bool {
        if v < 0x80 { return (UInt8(v) | 0x20) &- 0x61 < 26 }
        return slowIsLetter(v)
    }

    @inline(__always)
    static func isUpper(_ v: UInt32) -> Bool {
        if v < 0x80 { return UInt8(v) &- 0x41 < 26 }
        return slowIsUpper(v)
    }

    @inline(__always)
    static func isLower(_ v: UInt32) -> Bool {
        if v < 0x80 { return UInt8(v) &- 0x61 < 26 }
        return slowIsLower(v)
    }

    // Kept out of line so hot loops do not pay for Unicode property metadata on every call.
    @inline(never)
    static func slowIsLetter(_ v: UInt32) -> Bool {
        guard let s = Unicode.Scalar(v) else { return false }
        let props = s.properties
        if props.isAlphabetic { return true }
        switch props.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    @inline(never)
    static func slowIsUpper(_ v: UInt32) -> Bool {
        guard let s = Unicode.Scalar(v) else { return false }
        return s.properties.isUppercase || s.properties.generalCategory == .titlecaseLetter
    }

    @inline(never)
    static func slowIsLower(_ v: UInt32) -> Bool {
        guard let s = Unicode.Scalar(v) else { return false }
        return s.properties.isLowercase
    }

    /// Apostrophes that may sit inside a word: ' ’ ʼ
    @inline(__always) static func isApostrophe(_ v: UInt32) -> Bool { v == 0x27 || v == 0x2019 || v == 0x02BC }
    /// Hyphens that may sit inside a word: - ‐ ‑
    @inline(__always) static func isHyphen(_ v: UInt32) -> Bool { v == 0x2D || v == 0x2010 || v == 0x2011 }

    // SWAR helpers: eight bytes at a time.
    public static let ones: UInt64 = 0x0101_0101_0101_0101
    public static let highs: UInt64 = 0x8080_8080_8080_8080

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
    @inline(__always)
    static func asciiLetters(_ x: UInt64) -> UInt64 {
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

    static func string(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self)
    }
}

extension String {
    /// Runs `body` over the string's contiguous UTF-8 bytes (copying only if the string is not native).
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8(body)
    }
}

/// A growable buffer of trivial values without copy-on-write checks, for the analyzer's hot loop.
/// Not thread-safe; lives inside one call.
final class PodBuffer<T> {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    convenience init(repeating value: T, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit { base.deallocate() }

    @inline(__always)
    func append(_ value: T) {
        if count == capacity { grow(count + 1) }
        (base + count).initialize(to: value)
        count += 1
    }

    func append(contentsOf values: UnsafeBufferPointer<T>) {
        if count + values.count > capacity { grow(count + values.count) }
        if let src = values.baseAddress { (base + count).initialize(from: src, count: values.count) }
        count += values.count
    }

    @inline(__always) func removeAll() { count = 0 }

    @inline(__always)
    subscript(i: Int) -> T {
        get { base[i] }
        set { base[i] = newValue }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }
}
