import Foundation
import LecternBytes

enum TextTools {
    /// Private marker for a `<br>` while text is being collapsed; becomes "\n" at the end.
    static let lineBreak: Character = "\u{2028}"

    /// The marks documentation generators use for permalinks (¶ § # 🔗 ⚓ ⁋, with zero-width and emoji
    /// variation characters around them).
    static func isPermalinkMark(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0xB6, 0xA7, 0x23, 0x1F517, 0x2693, 0x204B, 0x200B, 0x200C, 0x200D, 0xFEFF, 0xFE0F: return true
        default: return false
        }
    }

    /// A heading's words without the permalink mark a generator left as plain text at its end ("Classes¶",
    /// "Iterators §"). A trailing `#` is kept unless a space sets it apart: "C#" is a name.
    static func withoutTrailingPermalinkMarks(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last {
            if last == "#" {
                let before = scalars.dropLast().last
                guard before.map(Whitespace.isHTML) ?? false else { break }
            } else if !isPermalinkMark(last) && !Whitespace.isHTML(last) {
                break
            }
            scalars.removeLast()
        }
        return String(Substring(scalars))
    }

    /// How many scalars of `text` are not `Whitespace.isHTML`, counted on UTF-8 bytes: every scalar has one byte
    /// outside 0x80–0xBF, and U+00A0 is C2 A0.
    static func nonSpaceScalarCount(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var count = 0
            var previous: UInt8 = 0
            for byte in bytes {
                switch byte {
                case _ where Whitespace.isHTMLASCII(byte): break
                case 0xA0 where previous == 0xC2: count -= 1  // the C2 lead byte was counted
                case 0x80...0xBF: break
                default: count += 1
                }
                previous = byte
            }
            return count
        }
    }

    /// `name.lowercased()`, without building a new string for the usual all-lower-case ASCII name.
    static func lowercasedName(_ name: String) -> String {
        name.utf8.contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }) ? name.lowercased() : name
    }

    /// `text.trimmingCharacters(in: .whitespaces)` (or `.whitespacesAndNewlines`). Foundation's trimming
    /// is slow on Linux: ASCII blanks are trimmed here on the bytes, and Foundation is only asked when
    /// an end is then not a printable ASCII character (which is in neither set).
    static func trimmingWhitespace<S: StringProtocol>(_ text: S, newlines: Bool = false) -> String
        where S.UTF8View: BidirectionalCollection {
        func isBlank(_ byte: UInt8) -> Bool { Whitespace.isBlank(byte) || (newlines && Whitespace.isLineBreak(byte)) }
        func isPrintable(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        let bytes = text.utf8
        guard let start = bytes.firstIndex(where: { !isBlank($0) }),
              let last = bytes.lastIndex(where: { !isBlank($0) }) else { return "" }
        guard isPrintable(bytes[start]) && isPrintable(bytes[last]) else {
            return text.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
        }
        return String(text[start...last])
    }

    /// Collapses runs of whitespace to one space, turns line-break markers into "\n",
    /// and trims both ends.
    static func collapse(_ text: String) -> String {
        var out = ""
        var rest = text[...]
        // Each line between markers is collapsed on its own, without spaces at either end.
        while true {
            let marker = rest.unicodeScalars.firstIndex(of: "\u{2028}")
            var lastWasSpace = true
            appendCollapsingSpaces(rest[..<(marker ?? rest.endIndex)], to: &out, lastWasSpace: &lastWasSpace)
            if out.utf8.last == 0x20 { out.unicodeScalars.removeLast() }
            guard let marker else { break }
            out += "\n"
            rest = rest[rest.unicodeScalars.index(after: marker)...]
        }
        // Trim stray newlines from <br> at either end.
        while out.utf8.last == 0x0A { out.unicodeScalars.removeLast() }
        while out.utf8.first == 0x0A { out.unicodeScalars.removeFirst() }
        return out
    }

    /// Appends `text` to `out` with runs of white space (`Whitespace.isHTML`) as one space, none at the start when
    /// `lastWasSpace`; updates `lastWasSpace` for the next piece. Works on UTF-8 bytes (U+00A0 is C2 A0);
    /// the stretches that need no change (single spaces between words included) are appended as slices
    /// of `text`, so no intermediate string is built.
    static func appendCollapsingSpaces(_ text: Substring, to out: inout String, lastWasSpace: inout Bool) {
        var contiguous = text  // shares `text`'s storage; `withUTF8` needs a mutable string
        contiguous.withUTF8 { bytes in
            func appendBytes(_ range: Range<Int>) {
                guard !range.isEmpty else { return }
                if range.count == bytes.count { out += text; return }
                let utf8 = text.utf8
                out += text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                            ..< utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
            }
            var unchangedStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var spaceLength = 0
                switch byte {
                case _ where Whitespace.isHTMLASCII(byte): spaceLength = 1
                case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0: spaceLength = 2
                default: break
                }
                if spaceLength == 0 {
                    lastWasSpace = false
                    index += 1
                } else if byte == 0x20 && !lastWasSpace {
                    lastWasSpace = true  // a single space stays as written
                    index += 1
                } else {
                    appendBytes(unchangedStart..<index)
                    if !lastWasSpace { out += " "; lastWasSpace = true }
                    index += spaceLength
                    unchangedStart = index
                }
            }
            appendBytes(unchangedStart..<bytes.count)
        }
    }

    /// `text.range(of: needle)` for an ASCII needle, searched on the UTF-8 bytes. Foundation matches whole
    /// characters (a "$" followed by a combining accent is no "$"), so a match with a non-ASCII neighbour
    /// is left to Foundation.
    static func range(ofASCII needle: StaticString, in text: Substring) -> Range<String.Index>? {
        var bytes = text  // shares `text`'s storage; `withUTF8` needs a mutable string
        var needsFoundation = false
        let offset: Int? = bytes.withUTF8 { haystack in
            let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
            guard !pattern.isEmpty, haystack.count >= pattern.count else { return nil }
            let lastStart = haystack.count - pattern.count
            var start = 0
            while start <= lastStart {
                // memchr finds the candidates (vectorised); most texts hold none.
                guard let found = memchr(haystack.baseAddress! + start, Int32(pattern[0]), lastStart - start + 1) else {
                    return nil
                }
                start = haystack.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if (1..<pattern.count).allSatisfy({ haystack[start + $0] == pattern[$0] }) {
                    let end = start + pattern.count
                    needsFoundation = (start > 0 && haystack[start - 1] >= 0x80)
                        || (end < haystack.count && haystack[end] >= 0x80)
                    return start
                }
                start += 1
            }
            return nil
        }
        guard let offset else { return nil }
        if needsFoundation { return text.range(of: needle.description) }
        let lower = text.utf8.index(text.startIndex, offsetBy: offset)
        return lower..<text.utf8.index(lower, offsetBy: needle.utf8CodeUnitCount)
    }

    /// `text.contains(needle)` for an ASCII needle (see `range(ofASCII:in:)`).
    static func containsASCII<S: StringProtocol>(_ text: S, _ needle: StaticString) -> Bool {
        range(ofASCII: needle, in: Substring(text)) != nil
    }

    /// Windows-1252 meanings of the C1 control range. Browsers read pages labelled Latin-1 this way,
    /// and libxml2 falls back to Latin-1 for undeclared non-UTF-8 pages, so a ’ or € would otherwise
    /// arrive as an invisible control character.
    private static let cp1252C1: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    /// Maps C1 controls to their Windows-1252 characters and removes other control characters
    /// (keeping tab, newline and carriage return). Returns the number of characters changed.
    static func cleanControls(_ text: inout String) -> Int {
        // Fast path: C1 controls are 0xC2 0x80–0x9F in UTF-8 (not C2 A0–BF, such as a no-break space);
        // C0 controls are < 0x20.
        let needsWork = text.withUTF8 { bytes in
            bytes.indices.contains { i in
                let b = bytes[i]
                return (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) || b == 0x7F
                    || (b == 0xC2 && i + 1 < bytes.count && bytes[i + 1] <= 0x9F)
            }
        }
        guard needsWork else { return 0 }
        var changed = 0
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            let v = s.value
            if (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0x7F {
                changed += 1
            } else if v >= 0x80 && v <= 0x9F {
                changed += 1
                if let m = cp1252C1[v] { out.append(m) }
            } else {
                out.append(s)
            }
        }
        text = String(out)
        return changed
    }

    static func plural(_ n: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
        n == 1 ? "1 \(singular)" : "\(n) \(pluralForm ?? singular + "s")"
    }
}
