/// The project's one whitespace vocabulary. Each set is named for the rule it follows, because the rules do
/// differ: HTML collapses a no-break space but not a vertical tab; a WordNet gloss line is trimmed of spaces
/// and tabs only; sentence splitting also knows the Unicode spaces real text carries.
public enum Whitespace {
    /// C's `isspace` in the ASCII range: space, tab, LF, VT, FF, CR.
    @inlinable @inline(__always)
    public static func isASCII(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// Space and tab: the blanks inside one line.
    @inlinable @inline(__always)
    public static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// LF, VT, FF, CR.
    @inlinable @inline(__always)
    public static func isLineBreak(_ byte: UInt8) -> Bool { byte >= 0x0A && byte <= 0x0D }

    /// HTML's ASCII whitespace (space, tab, LF, FF, CR: no VT), which the HTML converter collapses.
    @inlinable @inline(__always)
    public static func isHTMLASCII(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// What the HTML converter collapses: HTML's ASCII whitespace and the no-break space (U+00A0, which
    /// pages use as a spacer far more often than to glue words).
    @inlinable @inline(__always)
    public static func isHTML(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? isHTMLASCII(UInt8(scalar.value)) : scalar.value == 0xA0
    }

    /// Whitespace scalars beyond ASCII that show up in real text (NBSP, thin spaces, line separators...).
    @inlinable @inline(__always)
    public static func isBeyondASCII(_ value: UInt32) -> Bool {
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }
}
