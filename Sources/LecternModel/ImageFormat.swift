import Foundation

/// The picture formats Lectern accepts for OCR. Leptonica on this system decodes all of them.
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case png, jpeg, tiff, bmp, gif, webp

    /// A name a teacher recognises, for messages.
    public var displayName: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .tiff: return "TIFF"
        case .bmp: return "BMP"
        case .gif: return "GIF"
        case .webp: return "WebP"
        }
    }
}

/// Decides what a file is from its first bytes, before any image library sees it.
///
/// The extension is not trusted: `tesseract` reads a text file named `.jpg` as a list of image
/// paths and opens each one, so the magic bytes decide.
public enum ImageFormatSniffer {
    /// The image format of `data`, or nil when its bytes are not a picture format we accept.
    public static func format(of data: Data) -> ImageFormat? {
        let b = [UInt8](data.prefix(16))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + magic.count && Array(b[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        // "BM", then a file size and two reserved zero words: stricter than "BM" alone, which
        // is also how plenty of text files begin.
        if starts([0x42, 0x4D]) && b.count >= 10 && b[6] == 0 && b[7] == 0 && b[8] == 0 && b[9] == 0 {
            return .bmp
        }
        return nil
    }
}
