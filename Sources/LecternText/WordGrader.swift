import Foundation
import LecternModel

/// Grades a lemma beginner / intermediate / advanced with the gradient-boosted tree ensemble fitted by
/// `scripts/calibrate-grading.py` on cefrpy's CEFR levels (`Resources/grading-model.json`; docs/GRADING.md).
///
/// The features describe the word's frequency and its morphological family — its root after affix stripping,
/// its most frequent known prefix, its WordNet derivational relatives, its Porter-stem family in the frequency
/// list — plus length, syllables, WordNet senses and primary part of speech. Each tree maps the features to a raw
/// score per level; the level is the one with the highest summed score. Feature code mirrors the script exactly.
public struct WordGrader: Sendable {
    public struct Model: Codable, Sendable {
        public struct Baseline: Codable, Sendable {
            public var beginnerAbove: Double
            public var advancedAtMost: Double
        }
        /// One regression tree: node `k` splits on `feature[k]` (x ≤ `threshold[k]` goes to `left[k]`, else
        /// `right[k]`), or is a leaf (`feature[k] == -1`) adding `value[k]` to its level's raw score.
        public struct Tree: Codable, Sendable {
            public var feature: [Int]
            public var threshold: [Double]
            public var left: [Int]
            public var right: [Int]
            public var value: [Double]
        }
        /// Trees in iteration order, one per level within an iteration (beginner, intermediate, advanced).
        public struct Ensemble: Codable, Sendable {
            public var classes: Int
            public var baseline: [Double]
            public var trees: [Tree]
        }
        public var features: [String]
        public var ensemble: Ensemble
        public var baselineZipf: Baseline
        public var zipfFloor: Double
        public var minStem: Int
        public var prefixes: [String]
        public var suffixes: [[String]]
    }

    /// Why a word got its level: the raw features, the probability of each level and the expected level.
    public struct Grade: Sendable {
        public var level: WordLevel
        /// Expected level, 0 (beginner) to 2 (advanced): Σ probability × level index.
        public var score: Double
        /// Beginner, intermediate, advanced.
        public var probabilities: [Double]
        public var features: [String: Double]
    }

    public let model: Model
    public let frequencies: WordFrequencies
    public let families: StemFamilies
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

    public init(wordNet: WordNet, frequencies: WordFrequencies = .shared, families: StemFamilies = .shared,
                model: Model = WordGrader.sharedModel) {
        self.wordNet = wordNet
        self.frequencies = frequencies
        self.families = families
        self.model = model
    }

    public func grade(_ lemma: String) -> Grade {
        let values = features(of: lemma)
        let probabilities = self.probabilities(values)
        var best = 0
        for k in probabilities.indices where probabilities[k] > probabilities[best] { best = k }
        var named: [String: Double] = [:]
        for (k, name) in model.features.enumerated() { named[name] = values[k] }
        let score = probabilities.enumerated().reduce(0) { $0 + Double($1.offset) * $1.element }
        return Grade(level: WordLevel.allCases[best], score: score, probabilities: probabilities, features: named)
    }

    /// Softmax of the baseline plus every tree's leaf value, per level.
    func probabilities(_ x: [Double]) -> [Double] {
        let ensemble = model.ensemble
        var raw = ensemble.baseline
        for (k, tree) in ensemble.trees.enumerated() {
            var node = 0
            while tree.feature[node] >= 0 {
                node = x[tree.feature[node]] <= tree.threshold[node] ? tree.left[node] : tree.right[node]
            }
            raw[k % ensemble.classes] += tree.value[node]
        }
        let top = raw.max() ?? 0
        let exps = raw.map { exp($0 - top) }
        let total = exps.reduce(0, +)
        return exps.map { $0 / total }
    }

    /// The frequency-only baseline: two Zipf thresholds tuned on the same training split (the same comparisons
    /// as the script's tuning, so ties at a threshold fall the same way).
    public func baselineLevel(zipf: Double) -> WordLevel {
        zipf > model.baselineZipf.beginnerAbove ? .beginner : (zipf <= model.baselineZipf.advancedAtMost ? .advanced : .intermediate)
    }

    /// Raw feature values in `model.features` order.
    public func features(of lemma: String) -> [Double] {
        let word = lemma.lowercased()
        let zipf = frequencies.zipf(of: word)
        let floor = model.zipfFloor
        let (root, affixes) = rootAndAffixes(word, zipf: zipf)
        var senses = [0, 0, 0, 0]
        for (k, pos) in PartOfSpeech.allCases.enumerated() { senses[k] = wordNet.senseCount(of: word, pos: pos) }
        var primary = 0
        for k in 1..<4 where senses[k] > senses[primary] { primary = k }
        let letters = word.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        let stem = PorterStemmer.stem(word)
        let family = families.family(ofStem: stem)
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
            case "prefixGain", "prefixShare":
                let (prefix, share) = prefixRoot(word)
                out.append(name == "prefixGain" ? max(0, prefix - zipf) : share)
            case "derivationGain": out.append(max(0, derivationRoot(word) - zipf))
            case "stemGain": out.append(max(0, (family?.bestZipf ?? floor) - zipf))
            case "stemLogSum": out.append(family?.logSum ?? floor)
            case "stemFamily": out.append(Double(family?.size ?? 0))
            case "stemWordGain": out.append(max(0, (frequencies.listedZipf(stem) ?? floor) - zipf))
            case "prefixIndex": out.append(Double(affixIndex(word, model.prefixes, atEnd: false)))
            case "suffixIndex": out.append(Double(affixIndex(word, model.suffixes.map { $0[0] }, atEnd: true)))
            case "compound", "compoundGain":
                let (found, best) = compound(word)
                out.append(name == "compound" ? (found ? 1 : 0) : (found ? max(0, best - zipf) : 0))
            case "posCount": out.append(Double(senses.filter { $0 > 0 }.count))
            case "nounSenses": out.append(Double(senses[0]))
            case "verbSenses": out.append(Double(senses[1]))
            case "adjectiveSenses": out.append(Double(senses[2]))
            case "adverbSenses": out.append(Double(senses[3]))
            case "lexFile":
                let first = wordNet.synsetIDs(ofKey: WordNet.key(word), pos: PartOfSpeech.allCases[primary]).first
                out.append(Double(first.flatMap { wordNet.lexicographerFileNumber(of: $0) } ?? -1))
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

    /// Index of the first listed prefix (suffix) the word starts (ends) with, leaving at least `minStem` letters; -1.
    func affixIndex(_ word: String, _ affixes: [String], atEnd: Bool) -> Int {
        let length = word.count
        for (k, affix) in affixes.enumerated() where (atEnd ? word.hasSuffix(affix) : word.hasPrefix(affix))
            && length - affix.count >= model.minStem {
            return k
        }
        return -1
    }

    /// Whether the word splits into two listed words of at least `minStem` letters each ("sunflower" → sun +
    /// flower), and the best split's weaker part (the highest minimum Zipf of the two).
    func compound(_ word: String) -> (found: Bool, zipf: Double) {
        let characters = Array(word)
        var best = model.zipfFloor, found = false
        guard characters.count >= 2 * model.minStem else { return (false, best) }
        for k in model.minStem...(characters.count - model.minStem) {
            guard let a = frequencies.listedZipf(String(characters[..<k])),
                  let b = frequencies.listedZipf(String(characters[k...])) else { continue }
            found = true
            best = max(best, min(a, b))
        }
        return (found, best)
    }

    /// The most frequent listed word that is a proper prefix of at least `minStem` letters ("comely" → "come"),
    /// and the share of the word it covers (0 when none is above the floor).
    func prefixRoot(_ word: String) -> (zipf: Double, share: Double) {
        var best = model.zipfFloor, length = 0
        let characters = Array(word)
        guard characters.count > model.minStem else { return (best, 0) }
        for k in model.minStem..<characters.count {
            if let z = frequencies.listedZipf(String(characters[..<k])), z > best { best = z; length = k }
        }
        return (best, Double(length) / Double(characters.count))
    }

    /// Pointers that lead from a word to a morphological relative.
    private static let derivationRelations: Set<WordNetRelation> = [.derivationallyRelated, .pertainym, .attribute, .participle]

    /// The highest Zipf among the word's WordNet morphological relatives (derivation, pertainym, attribute,
    /// participle) over all its senses.
    func derivationRoot(_ word: String) -> Double {
        var best = model.zipfFloor
        for id in wordNet.synsetIDs(ofKey: WordNet.key(word), pos: nil) {
            guard let synset = wordNet.synsetStructure(id) else { continue }
            for pointer in synset.pointers where WordGrader.derivationRelations.contains(pointer.relation) {
                if pointer.sourceWord > 0 && synset.words[pointer.sourceWord - 1].lowercased() != word { continue }
                guard let target = wordNet.synsetStructure(pointer.target) else { continue }
                let relatives = pointer.targetWord == 0 ? target.words : [target.words[pointer.targetWord - 1]]
                for relative in relatives {
                    let other = relative.lowercased()
                    if other != word, let z = frequencies.listedZipf(other) { best = max(best, z) }
                }
            }
        }
        return best
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

/// The frequency list's words grouped by Porter stem ("child", "childish", "childishness", "childless" …):
/// per stem the highest Zipf, log10 of the summed frequencies (10^zipf) and the number of words. Built once per
/// process from `WordFrequencies` (a–z words only, in list order, as the calibration script does).
public final class StemFamilies: Sendable {
    public struct Family: Sendable {
        public var bestZipf: Double
        public var logSum: Double
        public var size: Int
    }

    private let families: [String: Family]

    public static let shared = StemFamilies(frequencies: .shared)

    public init(frequencies: WordFrequencies) {
        var sums: [String: (best: Double, total: Double, size: Int)] = [:]
        for (word, zipf) in frequencies.ranked where word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
            let stem = PorterStemmer.stem(word)
            let current = sums[stem] ?? (WordFrequencies.floor, 0, 0)
            sums[stem] = (max(current.best, zipf), current.total + pow(10, zipf), current.size + 1)
        }
        families = sums.mapValues { Family(bestZipf: $0.best, logSum: log10($0.total), size: $0.size) }
    }

    public func family(ofStem stem: String) -> Family? { families[stem] }
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
