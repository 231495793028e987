import LecternModel
import LecternQuestions

/// A reproducible draw from a lecture's question pool: the same bundle and seed give the same questions in
/// the same order on every machine (an optional quiz; a duel where both players get the same questions).
public enum PoolDraw {
    /// `count` distinct pool items (fewer when the pool is smaller), in draw order.
    ///
    /// The pool is first put in ID order, so the draw does not depend on the order items were written in;
    /// then a Fisher–Yates shuffle driven by `SeededGenerator("draw|BUNDLE-ID|SEED")` picks the first `count`.
    public static func draw(from bundle: LectureBundle, count: Int, seed: String) -> [PoolQuestion] {
        var items = bundle.questionPool.sorted { $0.id < $1.id }
        var generator = SeededGenerator(seed: "draw|\(bundle.id)|\(seed)")
        let n = min(max(count, 0), items.count)
        for i in 0..<n {
            // Uniform index in i..<items.count without modulo bias (Lemire's method via the stdlib).
            let j = i + Int(UInt64.random(in: 0..<UInt64(items.count - i), using: &generator))
            items.swapAt(i, j)
        }
        return Array(items.prefix(n))
    }
}
