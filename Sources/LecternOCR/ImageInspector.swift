import Foundation
import LecternModel

/// Structural checks on PNG and JPEG bytes before Leptonica decodes them.
///
/// libpng and libjpeg, as Leptonica calls them, print "libpng error: …" and "Premature end of
/// JPEG file" to stderr for damaged input, and libjpeg even decodes a cut-off JPEG into a page
/// that is grey at the bottom. Walking the chunks and markers ourselves finds truncated and
/// damaged files first, quietly, and lets us read the EXIF orientation phone photos rely on.
struct InspectedImage {
    /// The bytes to decode: for PNG, a copy with only the chunks that matter for the pixels
    /// (libpng warns on stderr about common harmless ancillary chunks such as a bad iCCP).
    var data: Data
    /// EXIF orientation 1…8 (1: as stored).
    var orientation: Int = 1
}

enum ImageInspector {
    static let damaged = LecternError(.unreadableImage,
        "This picture is damaged and cannot be opened. Try saving or exporting it again.")
    static let incomplete = LecternError(.unreadableImage,
        "This picture is incomplete (it may have been cut short while copying or uploading), so it cannot be opened.")

    static func inspect(_ data: Data, format: ImageFormat) -> Result<InspectedImage, LecternError> {
        switch format {
        case .png: return inspectPNG(data)
        case .jpeg: return inspectJPEG(data)
        default: return .success(InspectedImage(data: data))
        }
    }

    // MARK: PNG

    /// Chunks kept for decoding: the critical ones plus transparency.
    private static let keptPNGChunks: Set<String> = ["IHDR", "PLTE", "IDAT", "IEND", "tRNS"]

    static func inspectPNG(_ data: Data) -> Result<InspectedImage, LecternError> {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 else { return .failure(incomplete) }
        var out = Data(bytes[0..<8])
        out.reserveCapacity(bytes.count)
        var offset = 8
        var first = true
        while true {
            guard offset + 12 <= bytes.count else { return .failure(incomplete) }
            let length = Int(readBE32(bytes, offset))
            guard length <= 0x7FFF_FFFF else { return .failure(damaged) }
            let end = offset + 12 + length
            guard end <= bytes.count else { return .failure(incomplete) }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return .failure(damaged)
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            if first, type != "IHDR" || length != 13 { return .failure(damaged) }
            first = false
            let crc = CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)])
            guard crc == readBE32(bytes, offset + 8 + length) else { return .failure(damaged) }
            if keptPNGChunks.contains(type) { out.append(contentsOf: bytes[offset..<end]) }
            offset = end
            if type == "IEND" { break }
        }
        return .success(InspectedImage(data: out))
    }

    // MARK: JPEG

    static func inspectJPEG(_ data: Data) -> Result<InspectedImage, LecternError> {
        let b = [UInt8](data)
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return .failure(incomplete) }
        var orientation = 1
        var i = 2
        var sawFrame = false
        while true {
            // Markers: 0xFF, optional 0xFF fill bytes, then the marker code.
            guard i < b.count else { return .failure(incomplete) }
            guard b[i] == 0xFF else { return .failure(damaged) }
            while i < b.count, b[i] == 0xFF { i += 1 }
            guard i < b.count else { return .failure(incomplete) }
            let marker = b[i]
            i += 1
            switch marker {
            case 0xD9: // end of image
                return sawFrame ? .success(InspectedImage(data: data, orientation: orientation)) : .failure(damaged)
            case 0x01, 0xD0...0xD7: // no payload
                continue
            case 0x00:
                return .failure(damaged)
            default:
                guard i + 2 <= b.count else { return .failure(incomplete) }
                let length = Int(b[i]) << 8 | Int(b[i + 1])
                guard length >= 2 else { return .failure(damaged) }
                guard i + length <= b.count else { return .failure(incomplete) }
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC { sawFrame = true }
                if marker == 0xE1, orientation == 1 {
                    orientation = exifOrientation(b, from: i + 2, to: i + length) ?? 1
                }
                i += length
                if marker == 0xDA {
                    // Entropy-coded data runs to the next marker that is not stuffing (FF 00)
                    // or a restart (FF D0–D7).
                    guard sawFrame else { return .failure(damaged) }
                    while true {
                        guard i + 1 < b.count else { return .failure(incomplete) }
                        if b[i] == 0xFF {
                            let next = b[i + 1]
                            if next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF {
                                i += (next == 0xFF) ? 1 : 2
                                continue
                            }
                            break
                        }
                        i += 1
                    }
                }
            }
        }
    }

    /// Orientation tag (0x0112) of IFD0 in an APP1 "Exif" payload `b[start..<end]`.
    static func exifOrientation(_ b: [UInt8], from start: Int, to end: Int) -> Int? {
        guard end - start >= 14, Array(b[start..<start + 6]) == Array("Exif\0\0".utf8) else { return nil }
        let tiff = start + 6
        let little: Bool
        switch (b[tiff], b[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= tiff, o + 2 <= end else { return nil }
            return little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let lo = u16(little ? o : o + 2), let hi = u16(little ? o + 2 : o) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
        for n in 0..<min(count, 512) {
            let entry = tiff + ifd + 2 + n * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let type = u16(entry + 2), type == 3, let value = u16(entry + 8), (1...8).contains(value) {
                return value
            }
        }
        return nil
    }

    private static func readBE32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])
    }
}

/// CRC-32 (ISO 3309, as PNG uses it).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            table.withUnsafeBufferPointer { t in
                for byte in buffer { c = t[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
            }
        }
        return c ^ 0xFFFF_FFFF
    }
}
