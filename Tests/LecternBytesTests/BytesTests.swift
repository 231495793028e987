import LecternBytes
import Testing

/// Every fast path against the standard library's answer for the same input.
@Suite struct UTF8BytesTests {
    /// Scalars from every UTF-8 length, letters and marks of several scripts, spaces and symbols.
    static let samples: [Unicode.Scalar] = {
        let ranges: [ClosedRange<UInt32>] = [0x00...0x7F, 0xA0...0x24F, 0x300...0x36F, 0x391...0x3C9, 0x410...0x44F,
                                             0x5D0...0x5EA, 0x2000...0x206F, 0x3000...0x3040, 0x4E00...0x4E20,
                                             0xFE0F...0xFE0F, 0xFEFF...0xFEFF, 0x1F600...0x1F610, 0x1D400...0x1D420]
        return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }
    }()

    @Test func decodingMatchesTheStandardLibrary() {
        let text = String(String.UnicodeScalarView(Self.samples))
        var copy = text
        copy.withUTF8 { bytes in
            var offset = 0
            var decoded: [Unicode.Scalar] = []
            while offset < bytes.count {
                let (value, length) = UTF8Bytes.scalar(bytes, offset)
                decoded.append(Unicode.Scalar(value)!)
                #expect(UTF8Bytes.previousStart(bytes, offset + length) == offset || offset == 0)
                offset += length
            }
            #expect(decoded == Self.samples)
        }
    }

    @Test func classesMatchUnicodeProperties() {
        for scalar in Self.samples {
            let properties = scalar.properties
            let mark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
            #expect(UTF8Bytes.isLetter(scalar.value) == (properties.isAlphabetic || mark), "\(scalar.value)")
            #expect(UTF8Bytes.isUpper(scalar.value) == (properties.isUppercase || properties.generalCategory == .titlecaseLetter),
                    "\(scalar.value)")
            #expect(UTF8Bytes.isLower(scalar.value) == properties.isLowercase, "\(scalar.value)")
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                let character = Character(scalar)
                #expect(UTF8Bytes.isASCIILetter(byte) == character.isLetter, "\(byte)")
                #expect(UTF8Bytes.isASCIIUpper(byte) == character.isUppercase, "\(byte)")
                #expect(UTF8Bytes.isASCIILower(byte) == character.isLowercase, "\(byte)")
                #expect(UTF8Bytes.isDigit(byte) == character.isWholeNumber, "\(byte)")
            }
        }
    }

    /// The eight-at-a-time tests flag exactly the bytes a byte-by-byte loop flags, at every position.
    @Test func eightByteTestsMatchTheByteLoop() {
        let interesting: [UInt8] = [0x00, 0x09, 0x1F, 0x20, 0x22, 0x40, 0x41, 0x5A, 0x5B, 0x5C, 0x60, 0x61, 0x7A, 0x7B,
                                    0x7F, 0x80, 0xC2, 0xE2, 0xFF]
        for position in 0..<8 {
            for byte in interesting {
                var word = [UInt8](repeating: UInt8(ascii: "m"), count: 8)
                word[position] = byte
                word.withUnsafeBufferPointer { buffer in
                    let x = UTF8Bytes.load8(buffer, 0)
                    #expect((UTF8Bytes.bytesEqual(x, 0x22) != 0) == word.contains(0x22))
                    #expect((UTF8Bytes.hasByteBelow(x, 0x20) != 0) == word.contains { $0 < 0x20 })
                    let letters = UTF8Bytes.asciiLetters(x)
                    for index in 0..<8 {
                        let flagged = (letters >> (8 * UInt64(index) + 7)) & 1 == 1
                        #expect(flagged == UTF8Bytes.isASCIILetter(word[index]), "\(byte) at \(index)")
                    }
                }
            }
        }
    }
}

@Suite struct WhitespaceTests {
    @Test func theNamedSetsAgreeWithTheirRules() {
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            if value < 0x80 {
                let byte = UInt8(value)
                // C's isspace is Character.isWhitespace restricted to ASCII, minus nothing.
                #expect(Whitespace.isASCII(byte) == character.isWhitespace, "\(value)")
                #expect(Whitespace.isBlank(byte) == (byte == 0x20 || byte == 0x09))
                #expect(Whitespace.isHTMLASCII(byte) == [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(byte))
                #expect(Whitespace.isHTML(scalar) == Whitespace.isHTMLASCII(byte))
                #expect(Whitespace.isLineBreak(byte) == (Whitespace.isASCII(byte) && !Whitespace.isBlank(byte)))
            } else {
                #expect(Whitespace.isHTML(scalar) == (value == 0xA0))
                // Beyond ASCII: the standard library's white space, plus the zero-width space and BOM that real
                // text uses as spacing.
                #expect(Whitespace.isBeyondASCII(value) == (scalar.properties.isWhitespace || value == 0x200B),
                        "\(value)")
            }
        }
        #expect(Whitespace.isBeyondASCII(0xFEFF))
    }
}
