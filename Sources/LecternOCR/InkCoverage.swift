import CTesseract
import Foundation

/// How much of the page's printed text a read found: the share of letter-shaped marks on the page (dark connected
/// components of about the letters' height that stand in a row with others) that lie inside a word Tesseract
/// returned. A confident read that dropped six of eight lines (issue 32: lines 1 and 7 of a worksheet, mean
/// confidence 92) covers about a quarter of the ink; a whole read covers nearly all of it.
enum InkCoverage {
    /// The letter-shaped marks of an 8-bit or colour page, as boxes in its pixels; nil when there are too few.
    static func letterMarks(_ page: PixImage) -> [LayoutBox]? {
        guard let gray = page.depth == 8 ? page : PixImage(taking: pixConvertTo8(page.pointer, 0)) else { return nil }
        var binary: UnsafeMutablePointer<PIX>? = nil
        let tile = l_int32(max(64, min(gray.width, gray.height) / 4))
        guard pixOtsuAdaptiveThreshold(gray.pointer, tile, tile, 0, 0, 0.1, nil, &binary) == 0,
              let bin = PixImage(taking: binary), let boxes = pixConnCompBB(bin.pointer, 8) else { return nil }
        defer {
            var owned: UnsafeMutablePointer<BOXA>? = boxes
            boxaDestroy(&owned)
        }
        var marks: [LayoutBox] = []
        let maxHeight = max(8, gray.height / 8)
        for i in 0..<Int(boxaGetCount(boxes)) {
            var x: l_int32 = 0, y: l_int32 = 0, w: l_int32 = 0, h: l_int32 = 0
            guard boxaGetBoxGeometry(boxes, l_int32(i), &x, &y, &w, &h) == 0 else { continue }
            if h >= 5, h <= maxHeight, w >= 2, w <= 3 * h {
                marks.append(LayoutBox(left: Int(x), top: Int(y), right: Int(x + w), bottom: Int(y + h)))
            }
        }
        guard marks.count >= 20 else { return nil }
        let heights = marks.map(\.height).sorted()
        let median = heights[heights.count / 2]
        // Letters: about the median height, with a neighbour of the same size in the same row (a word's next letter).
        let sized = marks.filter { $0.height * 2 >= median && $0.height <= median * 5 / 2 }.sorted { $0.left < $1.left }
        var letters: [LayoutBox] = []
        for (i, m) in sized.enumerated() {
            var j = i + 1
            var paired = false
            while j < sized.count, sized[j].left <= m.right + median * 3 / 2 {
                let o = sized[j]
                if min(o.bottom, m.bottom) - max(o.top, m.top) >= min(o.height, m.height) / 2 { paired = true; break }
                j += 1
            }
            if !paired {
                var k = i - 1
                while k >= 0, sized[k].right >= m.left - median * 3 / 2 {
                    let o = sized[k]
                    if o.right <= m.left + median, min(o.bottom, m.bottom) - max(o.top, m.top) >= min(o.height, m.height) / 2 {
                        paired = true; break
                    }
                    k -= 1
                }
            }
            if paired { letters.append(m) }
        }
        return letters.count >= 20 ? letters : nil
    }

    /// The share of `marks` whose centre lies in one of `words` (grown by a few pixels); nil without marks.
    static func share(of marks: [LayoutBox], coveredBy words: [LayoutBox]) -> Double? {
        guard !marks.isEmpty else { return nil }
        let sorted = words.sorted { $0.top < $1.top }
        let tallest = sorted.map(\.height).max() ?? 0
        var covered = 0
        for m in marks {
            let cx = (m.left + m.right) / 2, cy = (m.top + m.bottom) / 2
            let pad = max(3, m.height / 3)
            // Binary search to the first word whose top could still reach this mark.
            var lo = 0, hi = sorted.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if sorted[mid].top + tallest + pad < cy { lo = mid + 1 } else { hi = mid }
            }
            var i = lo
            while i < sorted.count, sorted[i].top - pad <= cy {
                let w = sorted[i]
                if cx >= w.left - pad, cx <= w.right + pad, cy >= w.top - pad, cy <= w.bottom + pad { covered += 1; break }
                i += 1
            }
        }
        return Double(covered) / Double(marks.count)
    }
}
