import Foundation
import LecternModel

extension ImageFormatSniffer {
    /// A short description of what non-image bytes look like, for a teacher-facing message:
    /// "its contents look like text". Nil when there is nothing useful to say.
    public static func describeNonImage(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(512))
        func starts(_ m: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + m.count && Array(head[offset..<offset + m.count]) == m
        }
        func starts(_ s: String, at offset: Int = 0) -> Bool { starts(Array(s.utf8), at: offset) }
        if starts("%PDF") { return "it is a PDF document" }
        if starts("PK\u{03}\u{04}") { return "it is a zip archive or an office document" }
        if starts("ftyp", at: 4) {
            let brand = String(decoding: head.dropFirst(8).prefix(4), as: UTF8.self)
            if ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1", "avif"].contains(brand) {
                return "it is a HEIC/AVIF photo, which Lectern cannot read yet; save it as JPEG or PNG and add it again"
            }
            return "it is a video or audio file"
        }
        if starts([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            return "it is an old-style office document"
        }
        if looksLikeText(head) {
            let trimmed = String(decoding: head, as: UTF8.self).drop { $0.isWhitespace }.lowercased()
            if trimmed.hasPrefix("<!doctype html") || trimmed.hasPrefix("<html") { return "its contents look like a web page" }
            if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<svg") { return "its contents look like XML or an SVG drawing" }
            return "its contents look like text"
        }
        return nil
    }

    private static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        // Allow a UTF-8 sequence cut at the end of the sample.
        var sample = bytes
        while let last = sample.last, last >= 0x80, sample.count > bytes.count - 4 { sample.removeLast() }
        guard String(validating: sample, as: UTF8.self) != nil || sample.isEmpty else { return false }
        let control = sample.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }
        return control.count * 100 <= sample.count
    }
}
