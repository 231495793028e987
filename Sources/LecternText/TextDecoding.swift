import Foundation
import LecternModel

/// Turns the bytes of a text script into a `String`, and subtitle files into running text.
public enum TextDecoding {
    /// UTF-8 (with or without BOM) and UTF-16 LE/BE with a BOM. Bytes that are not valid UTF-8 are read
    /// as Latin-1 (with the Windows-1252 characters in 0x80–0x9F, which is what such files really are)
    /// only when they look like text: no NUL and no control bytes other than tab, newline, CR and form
    /// feed. Anything else is binary noise and fails with `.encodingError`. Zero bytes fail with `.emptyFile`.
    public static func decode(_ data: Data) throws(LecternError) -> String {
        guard !data.isEmpty else { throw LecternError(.emptyFile, "The file is empty (0 bytes).") }
        let bytes = [UInt8](data)
        let n = bytes.count

        if n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            guard let text = String(validating: bytes[3...], as: UTF8.self) else {
                throw LecternError(.encodingError,
                                   "The file starts with a UTF-8 byte-order mark but is not valid UTF-8.")
            }
            try checkNoNUL(text, encoding: "UTF-8")
            return text
        }
        if n >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            let littleEndian = bytes[0] == 0xFF
            let name = littleEndian ? "UTF-16LE" : "UTF-16BE"
            guard n % 2 == 0 else {
                throw LecternError(.encodingError,
                                   "The file has a \(name) byte-order mark but an odd number of bytes (truncated?).")
            }
            var units = [UInt16]()
            units.reserveCapacity(n / 2 - 1)
            var i = 2
            while i < n {
                let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
                units.append(littleEndian ? (b << 8 | a) : (a << 8 | b))
                i += 2
            }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw LecternError(.encodingError,
                                   "The file has a \(name) byte-order mark but contains invalid \(name) (unpaired surrogates).")
            }
            try checkNoNUL(text, encoding: name)
            return text
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            if bytes.contains(0) {
                throw LecternError(.encodingError,
                                   "The file contains NUL bytes: it is binary data, or UTF-16 without a byte-order mark. Save it as UTF-8.")
            }
            return text
        }
        // Not UTF-8: accept a single-byte Western encoding only if every byte is plausible text.
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(n)
        for (offset, b) in bytes.enumerated() {
            if b < 0x20 {
                guard b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C else { throw binary(offset, b) }
                scalars.append(Unicode.Scalar(b))
            } else if b == 0x7F {
                throw binary(offset, b)
            } else if b >= 0x80 && b <= 0x9F {
                let v = windows1252[Int(b - 0x80)]
                guard v != 0, let s = Unicode.Scalar(v) else { throw binary(offset, b) }
                scalars.append(s)
            } else {
                scalars.append(Unicode.Scalar(b))
            }
        }
        return String(scalars)
    }

    private static func binary(_ offset: Int, _ byte: UInt8) -> LecternError {
        let hex = String(byte, radix: 16, uppercase: true)
        return LecternError(.encodingError,
                            "The file is not text: it is not valid UTF-8 and has a control byte 0x\(hex.count == 1 ? "0" + hex : hex) at byte \(offset), so it looks like binary data. Save it as UTF-8 text.")
    }

    private static func checkNoNUL(_ text: String, encoding: String) throws(LecternError) {
        if text.utf8.contains(0) {
            throw LecternError(.encodingError, "The file is \(encoding) but contains NUL characters: it looks like binary data.")
        }
    }

    /// Windows-1252 for 0x80–0x9F (0 = undefined, treated as a control byte).
    private static let windows1252: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// .srt / .vtt: drops the WEBVTT header, NOTE / STYLE / REGION blocks, cue numbers and identifiers,
    /// timing lines, `<tags>`, `{\an8}`-style overrides, `[sound]` descriptions, ♪ and leading dialogue
    /// dashes, and joins the remaining cue lines into running text separated by single spaces.
    public static func stripSubtitles(_ text: String) -> String {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline }).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }

        var pieces: [String] = []
        var i = 0
        // WEBVTT header block: the signature line and any metadata until the first blank line.
        if let first = lines.first, first.hasPrefix("WEBVTT") {
            while i < lines.count && !lines[i].isEmpty { i += 1 }
        }
        while i < lines.count {
            // A block runs until the next blank line.
            if lines[i].isEmpty { i += 1; continue }
            var end = i
            while end < lines.count && !lines[end].isEmpty { end += 1 }
            let block = lines[i..<end]
            i = end
            guard let head = block.first else { continue }
            if head == "NOTE" || head.hasPrefix("NOTE ") || head.hasPrefix("NOTE\t") || head == "STYLE" || head == "REGION" {
                continue
            }
            // Skip everything up to and including the timing line (cue number / identifier).
            var textLines = Array(block)
            if let timing = textLines.firstIndex(where: { $0.contains("-->") }) {
                textLines.removeFirst(timing + 1)
            } else if textLines.count == 1 && textLines[0].allSatisfy(\.isNumber) {
                continue
            }
            for line in textLines {
                if line.contains("-->") { continue }  // stray timing in a malformed file
                let cleaned = cleanCueLine(line)
                if !cleaned.isEmpty { pieces.append(cleaned) }
            }
        }
        return pieces.joined(separator: " ")
    }

    private static func cleanCueLine(_ line: String) -> String {
        var out = ""
        out.reserveCapacity(line.utf8.count)
        var depthAngle = false, depthCurly = false, depthSquare = false
        for ch in line {
            switch ch {
            case "<": depthAngle = true
            case ">" where depthAngle: depthAngle = false
            case "{" where !depthAngle: depthCurly = true
            case "}" where depthCurly: depthCurly = false
            case "[" where !depthAngle && !depthCurly: depthSquare = true
            case "]" where depthSquare: depthSquare = false
            case "♪", "♫":
                continue
            default:
                if !depthAngle && !depthCurly && !depthSquare { out.append(ch) }
            }
        }
        out = out.replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&nbsp;", with: " ")
            .replacingOccurrences(of: "&lrm;", with: "")
            .replacingOccurrences(of: "&rlm;", with: "")
        var trimmed = Substring(out.trimmingCharacters(in: .whitespaces))
        // Dialogue dashes: "- Hello." / "-- Hi"
        while let f = trimmed.first, f == "-" || f == "–" || f == "—" {
            trimmed = trimmed.dropFirst().drop(while: { $0 == " " })
        }
        // Collapse inner runs of spaces left by removed tags.
        return trimmed.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
