import CTesseract
import Foundation
import LecternModel

/// Process-wide Leptonica set-up, done once before the first call into the library.
enum Leptonica {
    /// Leptonica prints "Error in …" lines to stderr unless told not to. Swift 6 rejects its
    /// severity global as shared mutable state, so use the setter (thread-safe: `static let`
    /// initialisers run exactly once).
    static let configured: Bool = {
        _ = setMsgSeverity(l_int32(L_SEVERITY_NONE))
        return true
    }()
}

/// Owns one Leptonica image: destroyed with `pixDestroy` when the Swift object goes away.
/// The pointer never leaves this module.
final class PixImage {
    let pointer: UnsafeMutablePointer<PIX>

    /// Takes ownership of a freshly made PIX; nil stays nil so callers can `guard`.
    init?(taking pointer: UnsafeMutablePointer<PIX>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&p)
    }

    var width: Int { Int(pixGetWidth(pointer)) }
    var height: Int { Int(pixGetHeight(pointer)) }
    var depth: Int { Int(pixGetDepth(pointer)) }
    var samplesPerPixel: Int { Int(pixGetSpp(pointer)) }
    var hasColormap: Bool { pixGetColormap(pointer) != nil }

    /// Decodes an image held in memory; nil when the bytes are corrupt or truncated.
    static func decode(_ data: Data) -> PixImage? {
        _ = Leptonica.configured
        return data.withUnsafeBytes { raw -> PixImage? in
            guard let base = raw.bindMemory(to: l_uint8.self).baseAddress else { return nil }
            return PixImage(taking: pixReadMem(base, raw.count))
        }
    }

    /// Dimensions from the header alone, without decoding the pixels.
    static func header(of data: Data) -> (width: Int, height: Int)? {
        _ = Leptonica.configured
        return data.withUnsafeBytes { raw -> (width: Int, height: Int)? in
            guard let base = raw.bindMemory(to: l_uint8.self).baseAddress else { return nil }
            var format: l_int32 = 0, w: l_int32 = 0, h: l_int32 = 0
            var bps: l_int32 = 0, spp: l_int32 = 0, cmap: l_int32 = 0
            guard pixReadHeaderMem(base, raw.count, &format, &w, &h, &bps, &spp, &cmap) == 0 else { return nil }
            return (Int(w), Int(h))
        }
    }

    /// The picture the way EXIF orientation `n` (1…8) says it should be shown.
    func applyingOrientation(_ n: Int) -> PixImage {
        func rotate(_ pix: PixImage, _ quads: l_int32) -> PixImage { PixImage(taking: pixRotateOrth(pix.pointer, quads)) ?? pix }
        func flipLR(_ pix: PixImage) -> PixImage { PixImage(taking: pixFlipLR(nil, pix.pointer)) ?? pix }
        func flipTB(_ pix: PixImage) -> PixImage { PixImage(taking: pixFlipTB(nil, pix.pointer)) ?? pix }
        switch n {
        case 2: return flipLR(self)
        case 3: return rotate(self, 2)
        case 4: return flipTB(self)
        case 5: return flipLR(rotate(self, 1))   // transpose
        case 6: return rotate(self, 1)           // 90° clockwise
        case 7: return flipTB(rotate(self, 1))   // transverse
        case 8: return rotate(self, 3)           // 90° anticlockwise
        default: return self
        }
    }

    /// Encodes as JPEG. Nil if Leptonica cannot (it needs 8 bpp gray or 32 bpp colour).
    func jpegData(quality: Int) -> Data? {
        var bytes: UnsafeMutablePointer<l_uint8>? = nil
        var size = 0
        guard pixWriteMemJpeg(&bytes, &size, pointer, l_int32(quality), 0) == 0, let bytes else { return nil }
        defer { lept_free(bytes) }
        return Data(bytes: bytes, count: size)
    }
}
