import Foundation
import LecternModel

/// Grades a lemma beginner / intermediate / advanced with the ordinal model fitted by
/// `scripts/calibrate-grading.py` on cefrpy's CEFR levels (`Resources/grading-model.json`; docs/GRADING.md).
///
/// A difficulty score is a weighted sum of standardised features (Zipf, how much more frequent its root is,
/// length, syllables, affixes, WordNet senses and SemCor count, primary part of speech); below the first cut
/// point the word is beginner, from the second on advanced. Feature code mirrors the script exactly.
public struct WordGrader: Sendable {
    public struct Model: Codable, Sendable {
        public struct Baseline: Codable, Sendable {
            public var beginnerAtLeast: Double
            public var advancedBelow: Double
        }
        public var features: [String]
        public var mean: [Double]
        public var scale: [Double]
        public var weights: [Double]
        public var cutPoints: [Double]
        public var baselineZipf: Baseline
        public var zipfFloor: Double
        public var minStem: Int
        public var prefixes: [String]
        public var suffixes: [[String]]
    }

    /// Why a word got its level: the raw features, the score and the level.
    public struct Grade: Sendable {
        public var level: WordLevel
        public var score: Double
        public var features: [String: Double]
    }

    public let model: Model
    public let frequencies: WordFrequencies
    let wordNet: WordNet

    public static let sharedModel: Model = {
        guard let url = Bundle.module.url(forResource: "grading-model", withExtension: "json", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "grading-model", withExtension: "json"),
              let data = try? Data(contentsOf: url),
              let model = try? JSONDecoder().decode(Model.self, from: data) else {
            fatalError("LecternText resource grading-model.json is missing or invalid")
        }
        return model
    }()

    public init(wordNet: WordNet, frequencies: WordFrequencies = .shared, model: Model = WordGrader.sharedModel) {
        self.wordNet = wordNet
        self.frequencies = frequencies
        self.model = model
    }

    public func grade(_ lemma: String) -> Grade {
        let values = features(of: lemma)
        var score = 0.0
        for (k, v) in values.enumerated() { score += (v - model.mean[k]) / model.scale[k] * model.weights[k] }
        var named: [String: Double] = [:]
        for (k, name) in model.features.enumerated() { named[name] = values[k] }
        return Grade(level: level(score: score), score: score, features: named)
    }

    public func level(score: Double) -> WordLevel {
        score < model.cutPoints[0] ? .beginner : (score >= model.cutPoints[1] ? .advanced : .intermediate)
    }

    /// The frequency-only baseline: two Zipf thresholds tuned on the same training split.
    public func baselineLevel(zipf: Double) -> WordLevel {
        zipf >= model.baselineZipf.beginnerAtLeast ? .beginner : (zipf < model.baselineZipf.advancedBelow ? .advanced : .intermediate)
    }

    /// Raw feature values in `model.features` order.
    public func features(of lemma: String) -> [Double] {
        let word = lemma.lowercased()
        let zipf = frequencies.zipf(of: word)
        let (root, affixes) = rootAndAffixes(word, zipf: zipf)
        var senses = [0, 0, 0, 0]
        for (k, pos) in PartOfSpeech.allCases.enumerated() { senses[k] = wordNet.senseCount(of: word, pos: pos) }
        var primary = 0
        for k in 1..<4 where senses[k] > senses[primary] { primary = k }
        let letters = word.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        var out: [Double] = []
        out.reserveCapacity(model.features.count)
        for name in model.features {
            switch name {
            case "zipf": out.append(zipf)
            case "rootGain": out.append(max(0, root - zipf))
            case "length": out.append(Double(letters))
            case "syllables": out.append(Double(WordGrader.syllables(word)))
            case "affixes": out.append(Double(affixes))
            case "logSenses": out.append(log(1 + Double(senses.reduce(0, +))))
            case "logSemcor": out.append(log(1 + Double(wordNet.frequency(of: word))))
            case "noun": out.append(primary == 0 ? 1 : 0)
            case "verb": out.append(primary == 1 ? 1 : 0)
            case "adjective": out.append(primary == 2 ? 1 : 0)
            default: out.append(0)
            }
        }
        return out
    }

    /// The most frequent root after stripping one prefix and/or one suffix, and how many affixes that took.
    func rootAndAffixes(_ word: String, zipf: Double) -> (Double, Int) {
        var best = zipf, affixes = 0
        var firsts: [(String, Int)] = [(word, 0)]
        for p in model.prefixes where word.hasPrefix(p) && word.count - p.count >= model.minStem {
            let rest = String(word.dropFirst(p.count))
            if frequencies.listedZipf(rest) != nil { firsts.append((rest, 1)) }
        }
        for (stem, n) in firsts {
            if n > 0, let z = frequencies.listedZipf(stem), z > best { best = z }
            affixes = max(affixes, n)
            for rule in model.suffixes where stem.hasSuffix(rule[0]) && stem.count - rule[0].count >= model.minStem {
                let root = String(stem.dropLast(rule[0].count)) + rule[1]
                if let z = frequencies.listedZipf(root) {
                    best = max(best, z)
                    affixes = max(affixes, n + 1)
                }
            }
        }
        return (best, affixes)
    }

    /// Vowel groups (a e i o u y), less a silent final e (not -le, -ee, -ye); at least 1.
    public static func syllables(_ word: String) -> Int {
        var groups = 0, inVowel = false
        var letters: [UInt8] = []
        for b in word.lowercased().utf8 where b >= 0x61 && b <= 0x7A {
            letters.append(b)
            let vowel = b == 0x61 || b == 0x65 || b == 0x69 || b == 0x6F || b == 0x75 || b == 0x79
            if vowel && !inVowel { groups += 1 }
            inVowel = vowel
        }
        if letters.last == 0x65 && groups > 1 {
            let before = letters.count >= 2 ? letters[letters.count - 2] : 0
            if before != 0x6C && before != 0x65 && before != 0x79 { groups -= 1 }
        }
        return max(1, groups)
    }
}

/// The labelled CEFR word list the grader was calibrated on (`Resources/cefr-levels.txt`, from cefrpy, MIT).
public enum CEFRWordList {
    /// (word, CEFR level 1 = A1 … 6 = C2), sorted by word.
    public static func load() -> [(word: String, cefr: Int)] {
        guard let url = Bundle.module.url(forResource: "cefr-levels", withExtension: "txt", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "cefr-levels", withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var out: [(String, Int)] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t")
            if f.count == 2, let v = Int(f[1]) { out.append((String(f[0]), v)) }
        }
        return out
    }

    /// A1–A2 beginner, B1–B2 intermediate, C1–C2 advanced.
    public static func level(cefr: Int) -> WordLevel {
        cefr <= 2 ? .beginner : (cefr <= 4 ? .intermediate : .advanced)
    }

    /// The deterministic held-out split: FNV-1a-32 of the word's UTF-8 bytes, modulo 5, is 0 (20%).
    public static func isHeldOut(_ word: String) -> Bool {
        var h: UInt32 = 0x811C_9DC5
        for b in word.utf8 { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h % 5 == 0
    }
}
