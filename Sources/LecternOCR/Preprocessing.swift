import CTesseract
import Foundation

/// Which Leptonica clean-up steps run before recognition. Grayscale conversion always runs.
/// The defaults are the combination measured best on the fixtures (see the module's tests).
public struct OCRPreprocessing: Sendable, Hashable, Codable {
    /// Scale so that lowercase letters are about `targetXHeight` pixels tall.
    public var rescale: Bool = true
    /// The working x-height in pixels, measured from the image's letter shapes. 20 read the benchmark's dev
    /// images as well as 24 and 30 did, and Tesseract is faster on the smaller page (docs/OCR.md).
    public var targetXHeight: Int = 20
    /// Flatten uneven lighting and shadows to a white background.
    public var normalizeBackground: Bool = true
    /// Straighten a tilted page (Leptonica's skew search, up to ±`maxSkewDegrees`).
    public var deskew: Bool = true
    /// The largest tilt looked for, in degrees either way.
    public var maxSkewDegrees: Double = 12
    /// Take long straight lines (ruled answer lines, frames) off the page before reading. Off: Tesseract's
    /// own line finder already drops them, and worksheets read no better without them (docs/OCR.md).
    public var removeRules: Bool = false
    /// Turn the page into black and white ourselves (Sauvola) instead of leaving it to Tesseract.
    public var binarize: Bool = false
    /// A white margin added around the page, in pixels; 0 for none.
    public var borderPixels: Int = 16

    public init(rescale: Bool = true, targetXHeight: Int = 20, normalizeBackground: Bool = true,
                deskew: Bool = true, maxSkewDegrees: Double = 12, removeRules: Bool = false, binarize: Bool = false,
                borderPixels: Int = 16) {
        self.rescale = rescale
        self.targetXHeight = targetXHeight
        self.normalizeBackground = normalizeBackground
        self.deskew = deskew
        self.maxSkewDegrees = maxSkewDegrees
        self.removeRules = removeRules
        self.binarize = binarize
        self.borderPixels = borderPixels
    }

    /// Grayscale only: what Tesseract would see without our help.
    public static let none = OCRPreprocessing(rescale: false, normalizeBackground: false, deskew: false,
                                              binarize: false, borderPixels: 0)

    private enum CodingKeys: String, CodingKey {
        case rescale, targetXHeight, normalizeBackground, deskew, maxSkewDegrees, removeRules, binarize, borderPixels
    }

    /// Missing keys take their defaults, so a pipeline file can name only what it changes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = OCRPreprocessing()
        rescale = try c.decodeIfPresent(Bool.self, forKey: .rescale) ?? d.rescale
        targetXHeight = try c.decodeIfPresent(Int.self, forKey: .targetXHeight) ?? d.targetXHeight
        normalizeBackground = try c.decodeIfPresent(Bool.self, forKey: .normalizeBackground) ?? d.normalizeBackground
        deskew = try c.decodeIfPresent(Bool.self, forKey: .deskew) ?? d.deskew
        maxSkewDegrees = try c.decodeIfPresent(Double.self, forKey: .maxSkewDegrees) ?? d.maxSkewDegrees
        removeRules = try c.decodeIfPresent(Bool.self, forKey: .removeRules) ?? d.removeRules
        binarize = try c.decodeIfPresent(Bool.self, forKey: .binarize) ?? d.binarize
        borderPixels = try c.decodeIfPresent(Int.self, forKey: .borderPixels) ?? d.borderPixels
    }
}

/// Seconds spent in each part of one recognition, for benchmarks.
public struct OCRTimings: Sendable, Hashable, Codable {
    /// Header check and decoding.
    public var decode: Double = 0
    /// Each preprocessing step, in the order run, under the same names as `OCRPage.preprocessing`
    /// minus their details.
    public var steps: [Step] = []
    /// Tesseract's layout analysis and recognition.
    public var recognize: Double = 0
    /// Making the thumbnail.
    public var thumbnail: Double = 0
    public var total: Double { decode + steps.reduce(0) { $0 + $1.seconds } + recognize + thumbnail }

    public struct Step: Sendable, Hashable, Codable {
        public var name: String
        public var seconds: Double
    }
    public init() {}
}

/// Monotonic seconds since an arbitrary point.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The result of preprocessing: the image Tesseract gets and what was done to it.
struct PreparedPage {
    var image: PixImage
    var steps: [String]
    /// Typical letter height on `image`, when it could be measured.
    var xHeight: Double?

    /// The resolution to tell Tesseract: ours is a 300 dpi page when letters are 24 px high.
    var sourceResolution: Int? {
        guard let xHeight else { return nil }
        return Int(min(max(300 * xHeight / 24, 70), 1200).rounded())
    }
}

enum Preprocessor {
    /// Letters at least this tall (px) are not scaled up (see `run`).
    static let smallestUnscaledXHeight = 12

    /// Removes alpha (blending onto white: transparent pixels are often stored as black) and
    /// colormaps, so both the working image and the thumbnail start from plain gray or RGB.
    static func flatten(_ pix: PixImage) -> PixImage {
        var current = pix
        if current.samplesPerPixel == 4, current.depth == 32,
           let blended = PixImage(taking: pixAlphaBlendUniform(current.pointer, 0xFFFF_FF00)) {
            current = blended
        }
        if current.hasColormap,
           let plain = PixImage(taking: pixRemoveColormap(current.pointer, l_int32(REMOVE_CMAP_BASED_ON_SRC))) {
            current = plain
        }
        return current
    }

    static func run(_ original: PixImage, options: OCRPreprocessing, timings: inout OCRTimings) -> PreparedPage? {
        var steps: [String] = []
        func timed<T>(_ name: String, _ body: () -> T) -> T {
            let start = now()
            let result = body()
            timings.steps.append(.init(name: name, seconds: now() - start))
            return result
        }

        guard var pix = timed("grayscale", { PixImage(taking: pixConvertTo8(original.pointer, 0)) }) else { return nil }
        steps.append("grayscale")
        let estimate = timed("measure letters") { estimateXHeight(pix) }
        var xHeight = estimate
        let factor = options.rescale ? estimate.map { scaleFactor(xHeight: $0, page: pix, options: options) } ?? 1 : 1
        // Background and skew are worked out on the smaller of the two pages: before scaling up, after scaling down.
        let scaleUp = factor > 1
        func rescale() {
            guard factor != 1, let estimate,
                  let out = timed("scale", { PixImage(taking: pixScaleGeneral(pix.pointer, Float(factor), Float(factor), 0, 0)) })
            else { return }
            pix = out
            steps.append(String(format: "scale x%.2f (x-height %.0f px)", factor, estimate))
            xHeight = estimate * factor
        }
        if !scaleUp { rescale() }

        if options.normalizeBackground,
           let normalized = timed("normalise background", { PixImage(taking: pixBackgroundNormSimple(pix.pointer, nil, nil)) }) {
            pix = normalized
            steps.append("normalise background")
        }

        if options.deskew, let (image, angle) = timed("deskew", { deskewed(pix, maxDegrees: options.maxSkewDegrees) }) {
            pix = image
            if let angle { steps.append(String(format: "deskew %.1f°", Double(angle))) }
        }

        if scaleUp { rescale() }

        if options.removeRules, let cleared = timed("remove rules", { removingRules(pix, xHeight: xHeight) }) {
            pix = cleared
            steps.append("remove rules")
        }

        if options.binarize, let binary = timed("binarise", { sauvola(pix, window: options.targetXHeight) }) {
            pix = binary
            steps.append("binarise (Sauvola)")
        }

        if options.borderPixels > 0 {
            let b = l_int32(min(options.borderPixels, 512))
            if let bordered = timed("white border", {
                PixImage(taking: pixAddBlackOrWhiteBorder(pix.pointer, b, b, b, b, l_int32(L_GET_WHITE_VAL)))
            }) {
                pix = bordered
                steps.append("white border \(b) px")
            }
        }
        return PreparedPage(image: pix, steps: steps, xHeight: xHeight)
    }

    /// How much to scale the page so that its letters are `targetXHeight` tall, or 1 where scaling buys nothing.
    static func scaleFactor(xHeight estimate: Double, page: PixImage, options: OCRPreprocessing) -> Double {
        var factor = min(max(Double(max(8, options.targetXHeight)) / estimate, 0.25), 4)
        // Never build a working image beyond 64 megapixels.
        let area = Double(page.width) * Double(page.height)
        if area * factor * factor > 64e6 { factor = (64e6 / area).squareRoot() }
        // Resampling within ±15% buys nothing and blurs. Scaling letters of 12 px and more up read no better
        // on the benchmark (Tesseract's line recogniser normalises heights itself) and cost 50% more time.
        if abs(factor - 1) <= 0.15 || (factor > 1 && estimate >= Double(Self.smallestUnscaledXHeight)) { factor = 1 }
        return factor
    }

    /// The page straightened, with the angle it was turned by (nil when Leptonica left it as it was).
    static func deskewed(_ pix: PixImage, maxDegrees: Double) -> (PixImage, Float?)? {
        var angle: Float = 0, confidence: Float = 0
        // Defaults (0) for the reductions, the 1° sweep step and the threshold; only the
        // range is ours: Leptonica's default ±7° misses phones held at 10°.
        let range = Float(min(max(maxDegrees, 1), 30))
        guard let out = PixImage(taking: pixDeskewGeneral(pix.pointer, 0, range, 0, 0, 0, &angle, &confidence))
        else { return nil }
        // Leptonica rotates only when it is confident and the angle is at least 0.1°.
        return (out, confidence >= 3 && abs(angle) >= 0.1 ? angle : nil)
    }

    /// Sauvola's local threshold, with a window about one x-height wide.
    static func sauvola(_ pix: PixImage, window targetXHeight: Int) -> PixImage? {
        var out: UnsafeMutablePointer<PIX>? = nil
        guard pixSauvolaBinarize(pix.pointer, l_int32(max(8, targetXHeight)), 0.34, 1, nil, nil, nil, &out) == 0
        else { return nil }
        return PixImage(taking: out)
    }

    /// The 8-bit gray page without long straight lines, across or down (ruled answer lines, frames): a gray
    /// closing with a thin bar three x-heights long keeps only dark runs longer than any letter, and adding
    /// its inverse lifts them to white. Runs that long survive a tilt of a few degrees on lines 3 px thick.
    static func removingRules(_ gray: PixImage, xHeight: Double?) -> PixImage? {
        let length = l_int32(max(3 * (xHeight ?? 12), 25)) | 1
        var out = gray
        for (across, down) in [(length, l_int32(1)), (l_int32(1), length)] {
            guard let rules = PixImage(taking: pixCloseGray(out.pointer, across, down)),
                  let inverse = PixImage(taking: pixInvert(nil, rules.pointer)),
                  let cleared = PixImage(taking: pixAddGray(nil, out.pointer, inverse.pointer)) else { return nil }
            out = cleared
        }
        return out
    }

    /// The typical height in pixels of the letters on an 8-bit gray page: the median height of
    /// letter-sized dark connected components. Nil when there are too few to say (a blank page,
    /// a photo without text), in which case the image is left at its size.
    static func estimateXHeight(_ gray: PixImage) -> Double? {
        // Large photos: measure on a half-size copy, it is 4× cheaper and precise enough.
        var work = gray
        var factor = 1.0
        if gray.width * gray.height > 6_000_000, let half = PixImage(taking: pixScaleAreaMap2(gray.pointer)) {
            work = half
            factor = 2
        }
        var binary: UnsafeMutablePointer<PIX>? = nil
        let tile = l_int32(max(64, min(work.width, work.height) / 4))
        guard pixOtsuAdaptiveThreshold(work.pointer, tile, tile, 0, 0, 0.1, nil, &binary) == 0,
              let bin = PixImage(taking: binary) else { return nil }
        guard let boxes = pixConnCompBB(bin.pointer, 8) else { return nil }
        defer {
            var owned: UnsafeMutablePointer<BOXA>? = boxes
            boxaDestroy(&owned)
        }
        let count = Int(boxaGetCount(boxes))
        var heights: [Int] = []
        heights.reserveCapacity(count)
        let maxHeight = max(8, work.height / 8)
        for i in 0..<count {
            var x: l_int32 = 0, y: l_int32 = 0, w: l_int32 = 0, h: l_int32 = 0
            guard boxaGetBoxGeometry(boxes, l_int32(i), &x, &y, &w, &h) == 0 else { continue }
            // Letter-like: not specks, not rules or frames, not whole blobs of shadow.
            if h >= 4, h <= maxHeight, w >= 2, w <= 3 * h { heights.append(Int(h)) }
        }
        guard heights.count >= 10 else { return nil }
        heights.sort()
        return Double(heights[heights.count / 2]) * factor
    }
}
