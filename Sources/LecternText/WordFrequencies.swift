import Foundation
import LecternModel

/// English word frequencies on the Zipf scale (log10 of occurrences per billion words), from wordfreq's data
/// (CC BY-SA 4.0; `Resources/word-frequencies.txt`, made by `scripts/make-word-frequencies.py`).
/// Loaded once per process on first use; immutable afterwards.
public final class WordFrequencies: Sendable {
    /// Zipf given to words that are not in the list (its last words are near 1.9).
    public static let floor = 1.5

    private let zipfs: [String: Double]
    /// Words from most to least frequent, with their Zipf values.
    public let ranked: [(word: String, zipf: Double)]

    public static let shared: WordFrequencies = {
        guard let url = Bundle.module.url(forResource: "word-frequencies", withExtension: "txt", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "word-frequencies", withExtension: "txt"),
              let data = try? Data(contentsOf: url) else {
            fatalError("LecternText resource word-frequencies.txt is missing from the bundle")
        }
        return WordFrequencies(data: data)
    }()

    /// Parses the resource format: `#` comment lines, then `<zipf>\t<word> <word> ...` per line.
    public init(data: Data) {
        var zipfs = [String: Double](minimumCapacity: 110_000)
        var ranked: [(word: String, zipf: Double)] = []
        ranked.reserveCapacity(110_000)
        data.withUnsafeBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            let n = p.count
            var i = 0
            while i < n {
                var end = i
                while end < n && p[end] != 0x0A { end += 1 }
                defer { i = end + 1 }
                guard end > i, p[i] != 0x23 else { continue }  // '#'
                var tab = i
                while tab < end && p[tab] != 0x09 { tab += 1 }
                guard tab < end, let zipf = Double(String(decoding: UnsafeBufferPointer(rebasing: p[i..<tab]), as: UTF8.self)) else { continue }
                var s = tab + 1
                while s < end {
                    var e = s
                    while e < end && p[e] != 0x20 { e += 1 }
                    if e > s {
                        let word = String(decoding: UnsafeBufferPointer(rebasing: p[s..<e]), as: UTF8.self)
                        zipfs[word] = zipf
                        ranked.append((word, zipf))
                    }
                    s = e + 1
                }
            }
        }
        self.zipfs = zipfs
        self.ranked = ranked
    }

    public var count: Int { ranked.count }

    /// The Zipf value of a word in the list (lower-cased), or nil.
    public func listedZipf(_ word: String) -> Double? {
        if let z = zipfs[word] { return z }
        let lower = word.lowercased()
        return lower == word ? nil : zipfs[lower]
    }

    /// The Zipf value of `word`: its own when listed; for a phrase ("ice cream", "well-known") the parts are
    /// combined as wordfreq does (1/f = Σ 1/fᵢ); `floor` when unknown.
    public func zipf(of word: String) -> Double {
        if let z = listedZipf(word) { return z }
        let parts = word.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
        guard parts.count > 1 else { return WordFrequencies.floor }
        var inverse = 0.0
        for part in parts {
            let z = listedZipf(String(part)) ?? WordFrequencies.floor
            inverse += 1 / pow(10, z)
        }
        return (log10(1 / inverse) * 100).rounded() / 100
    }
}
