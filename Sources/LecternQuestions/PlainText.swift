import Foundation
import LecternBytes
import LecternText

/// Searching, trimming and collapsing lesson text without Foundation's NSString bridging, which was most of the
/// lecture stage's time. Each function gives exactly Foundation's (or the standard library's) answer: it works
/// on UTF-8 bytes only when both strings are *plain* and otherwise calls the Foundation method it replaces.
///
/// Plain text holds printable ASCII, tab, line feed, vertical tab, form feed, and non-ASCII symbols that have
/// no case, are not white space and have no canonical decomposition (· × — “ ” … → and the like). In such
/// text every scalar is a whole character, lower-casing is ASCII lower-casing, and Foundation's default
/// (canonical-equivalence) and case-insensitive comparisons are byte and ASCII-case-folded byte comparisons.
public enum PlainText {
    @inlinable public static func isPlain(_ text: String) -> Bool {
        var text = text
        if text.withUTF8(allPlainASCII) { return true }
        return text.unicodeScalars.allSatisfy { $0.isASCII ? isPlainASCII(UInt8($0.value)) : isPlainSymbol($0.value) }
    }

    @inline(__always)
    @inlinable public static func isPlainASCII(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte < 0x7F) || (byte >= 0x09 && byte <= 0x0C)
    }

    /// Whether every byte is plain ASCII, eight at a time: most eight-byte runs of lesson text are printable ASCII
    /// (0x20–0x7E); only a run that is not (a line feed, a tab, a non-ASCII byte) is looked at byte by byte.
    @inlinable public static func allPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start + 8 <= bytes.count {
            let word = UTF8Bytes.load8(bytes, start)
            // Some byte below 0x20, or above 0x7E (0x7F plus one has its high bit set), or above 0x7F.
            if UTF8Bytes.hasByteBelow(word, 0x20) | (((word &+ UTF8Bytes.ones) | word) & UTF8Bytes.highs) != 0,
               !UnsafeBufferPointer(rebasing: bytes[start..<(start + 8)]).allSatisfy(isPlainASCII) {
                return false
            }
            start += 8
        }
        return UnsafeBufferPointer(rebasing: bytes[start...]).allSatisfy(isPlainASCII)
    }

    @inlinable public static func isPlainSymbol(_ value: UInt32) -> Bool {
        switch value {
        case 0xA1...0xA9, 0xAB, 0xAC, 0xAE...0xB4, 0xB6...0xB9, 0xBB...0xBF, 0xD7, 0xF7,
             0x2010...0x2027, 0x2030...0x205E, 0x2190...0x2199:
            return true
        default:
            return false
        }
    }

    @inline(__always)
    @inlinable public static func lowerASCII(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// The byte of a one-byte character: an ASCII character has the Unicode properties that its byte shows, so
    /// the tests below answer it without looking up Unicode's tables.
    @inline(__always)
    @inlinable public static func asciiByte(_ character: Character) -> UInt8? {
        character.utf8.count == 1 ? character.utf8.first : nil
    }

    @inline(__always)
    @inlinable public static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        UTF8Bytes.isASCIILetter(byte) || UTF8Bytes.isDigit(byte) || byte == UInt8(ascii: "_")
    }

    /// `character.isLetter`.
    @inlinable public static func isLetter(_ character: Character) -> Bool {
        asciiByte(character).map(UTF8Bytes.isASCIILetter) ?? character.isLetter
    }

    /// `character.isNumber`.
    @inlinable public static func isNumber(_ character: Character) -> Bool {
        asciiByte(character).map(UTF8Bytes.isDigit) ?? character.isNumber
    }

    /// `character.isUppercase`.
    @inlinable public static func isUppercase(_ character: Character) -> Bool {
        asciiByte(character).map(UTF8Bytes.isASCIIUpper) ?? character.isUppercase
    }

    /// A letter, digit or `_`: what a whole-word match must not touch.
    @inlinable public static func isWordCharacter(_ character: Character) -> Bool {
        asciiByte(character).map(isASCIIWordByte) ?? (character.isLetter || character.isNumber)
    }

    /// `isWordCharacter` of the character whose UTF-8 starts at `offset` of plain text: an ASCII one by its byte,
    /// another (a whole character, as every scalar of plain text) by the `Character` properties.
    @inlinable public static func isWordCharacter(startingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let byte = bytes[offset]
        if byte < 0x80 { return isASCIIWordByte(byte) }
        return Unicode.Scalar(UTF8Bytes.scalar(bytes, offset).value).map { isWordCharacter(Character($0)) } ?? false
    }

    /// `text.range(of: needle, options: caseInsensitive ? .caseInsensitive : [], range: start..<text.endIndex)`.
    @inlinable public static func firstRange(of needle: String, in text: String, from start: String.Index,
                                             caseInsensitive: Bool) -> Range<String.Index>? {
        guard isPlain(needle), isPlain(text) else {
            return text.range(of: needle, options: caseInsensitive ? [.caseInsensitive] : [], range: start..<text.endIndex)
        }
        let from = text.utf8.distance(from: text.utf8.startIndex, to: start)
        guard let offset = firstOffset(of: needle, in: text, from: from, caseInsensitive: caseInsensitive) else {
            return nil
        }
        let lower = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return lower..<text.utf8.index(lower, offsetBy: needle.utf8.count)
    }

    /// `text.contains(needle)` (Foundation's: canonical equivalence, no options).
    @inlinable public static func contains(_ text: String, _ needle: String) -> Bool {
        contains(text, plain: isPlain(text), needle)
    }

    /// `text.contains(needle)` for a text whose plainness (`isPlain(text)`) was found once for many needles.
    @inlinable public static func contains(_ text: String, plain textIsPlain: Bool, _ needle: String) -> Bool {
        guard textIsPlain, isPlain(needle) else { return text.contains(needle) }
        return firstOffset(of: needle, in: text, from: 0, caseInsensitive: false) != nil
    }

    /// Byte offset of the first match at or after `from`; nil for an empty needle, as Foundation's.
    @usableFromInline
    static func firstOffset(of needle: String, in text: String, from: Int, caseInsensitive: Bool) -> Int? {
        var needle = needle, text = text
        return needle.withUTF8 { needleBytes in
            text.withUTF8 { haystack in
                firstOffset(of: needleBytes, in: haystack, from: from, caseInsensitive: caseInsensitive)
            }
        }
    }

    @inlinable public static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                                              from: Int, caseInsensitive: Bool) -> Int? {
        precondition(from >= 0, "a search starts inside the text")
        guard !needle.isEmpty, haystack.count - from >= needle.count else { return nil }
        // A byte can start a match when `byte | fold == first`: either case of a letter when case does not count.
        let first = caseInsensitive ? lowerASCII(needle[0]) : needle[0]
        let fold: UInt8 = caseInsensitive && UTF8Bytes.isASCIILetter(first) ? 0x20 : 0
        let foldWord = UTF8Bytes.ones &* UInt64(fold)
        var position = from
        let last = haystack.count - needle.count
        while position <= last {
            // Eight bytes at a time, on to the first that can start a match (the lowest bits are the first byte).
            if position + 8 <= haystack.count {
                let candidates = UTF8Bytes.bytesEqual(UTF8Bytes.load8(haystack, position) | foldWord, first)
                if candidates == 0 {
                    position += 8
                    continue
                }
                position += candidates.trailingZeroBitCount / 8
                guard position <= last else { return nil }
            }
            if haystack[position] | fold == first {
                var matched = true
                for k in 1..<needle.count {
                    let a = haystack[position + k], b = needle[k]
                    if a != b && !(caseInsensitive && lowerASCII(a) == lowerASCII(b)) { matched = false; break }
                }
                if matched { return position }
            }
            position += 1
        }
        return nil
    }

    /// `text.trimmingCharacters(in: .whitespacesAndNewlines)`.
    @inlinable public static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        // Bytes below 0x80 that are not white space cannot be trimmed; anything else goes to Foundation.
        let keeps = { (byte: UInt8) in byte < 0x80 && !Whitespace.isASCII(byte) }
        return keeps(first) && keeps(last) ? text : text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text.trimmingCharacters(in: .whitespaces)`. Spaces and tabs are taken off by bytes; when ASCII is left at
    /// both ends, Foundation would trim no more (its other white space is not ASCII), else it does the work.
    @inlinable public static func trimmingSpaces(_ text: Substring) -> String {
        let bytes = text.utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, Whitespace.isBlank(bytes[start]) { bytes.formIndex(after: &start) }
        while start < end, Whitespace.isBlank(bytes[bytes.index(before: end)]) { bytes.formIndex(before: &end) }
        guard start < end else { return "" }
        guard bytes[start] < 0x80, bytes[bytes.index(before: end)] < 0x80 else {
            return text.trimmingCharacters(in: .whitespaces)
        }
        return String(text[start..<end])
    }

    /// `text.split(separator: "\n")`. A line feed is a character of its own unless a carriage return comes
    /// before it, so without one the lines are found by bytes.
    @inlinable public static func lines(_ text: String) -> [Substring] {
        let bytes = text.utf8
        guard !bytes.contains(0x0D) else { return text.split(separator: "\n") }
        return bytes.split(separator: 0x0A).map { text[$0.startIndex..<$0.endIndex] }
    }

    /// `text.split(whereSeparator: { $0.isWhitespace }).count`.
    @inlinable public static func wordCount(_ text: String) -> Int {
        wordCount(text, plain: isPlain(text))
    }

    /// `wordCount(_:)` of a text whose plainness was found already.
    @inlinable public static func wordCount(_ text: String, plain textIsPlain: Bool) -> Int {
        guard textIsPlain else { return text.split(whereSeparator: { $0.isWhitespace }).count }
        var text = text
        return text.withUTF8 { bytes in
            // A word starts at a byte that is not white space, after one that is (or at the start).
            guard let first = bytes.first else { return 0 }
            var count = Whitespace.isASCII(first) ? 0 : 1
            for offset in bytes.indices.dropFirst() where !Whitespace.isASCII(bytes[offset]) && Whitespace.isASCII(bytes[offset - 1]) {
                count += 1
            }
            return count
        }
    }

    /// `text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")`.
    @inlinable public static func lowercasedCollapsingSpaces(_ text: String) -> String {
        guard isPlain(text) else {
            return text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }
        var text = text
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                var pendingSpace = false
                for byte in bytes {
                    if Whitespace.isASCII(byte) {
                        pendingSpace = count > 0
                    } else {
                        if pendingSpace {
                            out[count] = 0x20
                            count += 1
                            pendingSpace = false
                        }
                        out[count] = lowerASCII(byte)
                        count += 1
                    }
                }
                return count
            }
        }
    }
}
