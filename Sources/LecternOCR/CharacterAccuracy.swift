/// Character accuracy of recognised text against a ground truth: `1 − edit distance / length`.
///
/// Whitespace is collapsed (runs of spaces and line breaks count as one space, ends trimmed) so
/// line wrapping and paragraph gaps do not count; case and punctuation do. Used by the tests and
/// the benchmark.
public enum CharacterAccuracy {
    /// 1 for a perfect match, 0 when nothing matches (never negative). Against an empty
    /// expectation, an empty result scores 1 and anything else 0.
    public static func score(expected: String, actual: String) -> Double {
        let e = Array(collapseWhitespace(expected))
        let a = Array(collapseWhitespace(actual))
        if e.isEmpty { return a.isEmpty ? 1 : 0 }
        let distance = levenshtein(e, a)
        return max(0, 1 - Double(distance) / Double(e.count))
    }

    /// Runs of whitespace become one space; leading and trailing whitespace is removed.
    public static func collapseWhitespace(_ s: String) -> String {
        s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Edit distance (insertions, deletions, substitutions, each costing 1) between two sequences.
    public static func levenshtein<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
