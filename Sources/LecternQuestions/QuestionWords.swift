import Foundation
import LecternModel
import LecternText
import Synchronization

/// SemCor frequency bands: words of one band are about as common as each other, so none of four
/// options stands out as the rare (or the everyday) one.
enum FrequencyBand {
    /// 0: untagged (rare), 1: 1–3, 2: 4–15, 3: 16–63, 4: 64 and more.
    static func of(_ count: Int) -> Int {
        switch count {
        case ..<1: return 0
        case ..<4: return 1
        case ..<16: return 2
        case ..<64: return 3
        default: return 4
        }
    }

    static func of(_ lemma: String, pos: PartOfSpeech, in wordNet: WordNet) -> Int {
        of(wordNet.frequency(of: lemma, pos: pos))
    }

    /// Neighbouring bands count as similar.
    static func similar(_ a: Int, _ b: Int) -> Bool { abs(a - b) <= 1 }
}

/// How a noun is written in a sentence relative to its lemma (plural, capitalised at a sentence start),
/// so that distractors can be written the same way and the blank's grammar gives nothing away.
package struct NounForm {
    var isPlural: Bool
    var isCapitalized: Bool

    /// Nil when `surface` is neither the lemma nor its regular plural ("people" for "person").
    package init?(of surface: String, lemma: String) {
        let lower = surface.lowercased()
        isCapitalized = surface.first?.isUppercase == true
        if lower == lemma {
            isPlural = false
        } else if Self.regularPlural(of: lemma) == lower {
            isPlural = true
        } else {
            return nil
        }
    }

    /// `word` (a lower-case noun lemma) in this form; nil when its plural is irregular or uncertain, or not
    /// a form the language uses: mass nouns have no plural in the frequency list ("bilingualisms", "heavenses"),
    /// or a far rarer one than the singular ("accesses", mostly the verb: a count noun's plural is within a
    /// factor of about 30, Zipf 1.5, of its singular).
    package func apply(to word: String, wordNet: WordNet) -> String? {
        var out = word
        if isPlural {
            guard let plural = Self.regularPlural(of: word),
                  wordNet.lemmas(of: plural).contains(where: { $0.lemma == word && $0.pos == .noun }),
                  let pluralZipf = WordFrequencies.shared.listedZipf(plural),
                  pluralZipf >= WordFrequencies.shared.zipf(of: word) - 1.5 else { return nil }
            out = plural
        }
        return isCapitalized ? out.prefix(1).uppercased() + out.dropFirst() : out
    }

    /// English's regular plural; nil for endings whose plural cannot be told from spelling ("leaf", "potato", "woman").
    static func regularPlural(of word: String) -> String? {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        guard let last = word.last, word.count >= 2 else { return nil }
        let beforeLast = word[word.index(word.endIndex, offsetBy: -2)]
        if word.hasSuffix("man") || word.hasSuffix("f") || word.hasSuffix("fe") || word.hasSuffix("child")
            || ["foot", "tooth", "goose", "mouse", "louse", "person", "ox", "die"].contains(word) { return nil }
        if last == "o" && !vowels.contains(beforeLast) { return nil }
        if ["s", "x", "z"].contains(last) || word.hasSuffix("ch") || word.hasSuffix("sh") { return word + "es" }
        if last == "y" && !vowels.contains(beforeLast) { return word.dropLast() + "ies" }
        return word + "s"
    }
}

/// Word sense disambiguation for quiz words: the sense whose gloss, examples, synonyms and broader
/// terms share the most content words with the sentence, with a prior for WordNet's sense order
/// (the first sense is the most frequent). Lemmas on both sides, so "droplets" matches "droplet".
package enum ContextSense {
    /// The overlap that shows a sense plainly: more than one rare shared word, or several common ones.
    package static let plainEvidence = 1.5

    /// `word` itself is left out of the overlap: every sense lists it, and it is in its own sentence.
    /// Words of the rest of the text (`textLemmas`) count half; everyday words count less than rare ones.
    package static func best(_ synsets: [Synset], context: String, word: String, textLemmas: Set<String> = [],
                             wordNet: WordNet) -> (sense: Synset, overlap: Double)? {
        guard let first = synsets.first else { return nil }
        var contextLemmas = lemmas(of: context, wordNet: wordNet)
        // A compound's own words too: "tree" in "one big tree rooted at /" is no evidence for the sequoia "big tree".
        let own = Set([word, wordNet.lemma(of: word) ?? word] + word.split(separator: " ").map(String.init))
        contextLemmas.subtract(own)
        let rest = textLemmas.subtracting(contextLemmas).subtracting(own)
        func weight(_ lemma: String) -> Double {
            switch FrequencyBand.of(wordNet.frequency(of: lemma)) {
            case ...2: return 1
            case 3: return 0.5
            default: return 0.25
            }
        }
        var best: (sense: Synset, overlap: Double, score: Double) = (first, 0, -1)
        for (rank, synset) in synsets.enumerated() {
            var text = ([synset.gloss] + synset.examples + synset.words).joined(separator: " ")
            for parent in synset.hypernyms.prefix(2) {
                if let p = wordNet.synset(parent) { text += " " + p.words.joined(separator: " ") }
            }
            let senseLemmas = lemmas(of: text, wordNet: wordNet)
            let overlap = senseLemmas.intersection(contextLemmas).reduce(0) { $0 + weight($1) }
                + 0.5 * senseLemmas.intersection(rest).reduce(0) { $0 + weight($1) }
            let score = overlap + 0.6 / Double(rank + 1)
            if score > best.score { best = (synset, overlap, score) }
        }
        return (best.sense, best.overlap)
    }

    package static func lemmas(of text: String, wordNet: WordNet) -> Set<String> {
        var out = Set<String>()
        for token in Tokenizer.words(in: text) where !token.isNumber {
            let lower = token.text.lowercased()
            guard lower.count >= 3, !StopWords.english.contains(lower) else { continue }
            out.insert(wordNet.lemma(of: lower) ?? lower)
        }
        return out
    }
}

/// A word the text teaches: a noun (or verb) lemma of the text with the sense its sentence uses.
package struct TextTerm {
    package var lemma: String
    package var pos: PartOfSpeech
    package var sense: Synset
    /// How much the chosen sense's gloss shares with the text (0: WordNet's first sense by default).
    var senseEvidence: Double
    package var count: Int
    /// Index of the first sentence it appears in, and that sentence.
    package var sentenceIndex: Int
    package var sentence: String
    /// The word as written there ("droplets").
    package var surface: String
    package var band: Int

    /// What the text teaches: a word not of everyday language (SemCor band 4 makes blanks anyone can fill),
    /// or one the text is about, named three times or more ("package" in a packaging FAQ).
    package var isTaught: Bool { band <= 3 || count >= 3 }

    /// One sense, or the text points to one: only then do WordNet's words of that sense make fair distractors
    /// and its gloss a fair definition. WordNet's first sense is the most frequent, so a little evidence confirms
    /// it; a later sense must be shown plainly (`ContextSense.plainEvidence`): one shared rare word ("Bible" near
    /// "42 lines of text", "cast" near type "blocks") is not enough to overrule the odds, and a definition of the
    /// wrong sense marks a wrong meaning right.
    package func senseIsClear(in wordNet: WordNet) -> Bool {
        let senses = wordNet.synsets(of: lemma, pos: pos)
        guard senses.count > 1 else { return true }
        return senseEvidence >= (senses.first?.id == sense.id ? 1 : ContextSense.plainEvidence)
    }
}

/// Words a student has met: common in the language (Zipf 3 and up: at least one in a million words, the
/// frequency list's form itself, so plurals are judged as written) or words of the text.
package enum FamiliarWord {
    static let commonZipf = 3.0

    package static func isCommon(_ word: String) -> Bool {
        (WordFrequencies.shared.listedZipf(word.lowercased()) ?? 0) >= commonZipf
    }
}

/// Distractors for a word answer, in the tiers of issue 3, each with its origin:
/// 1. `wordnet-coordinate`: sisters of the answer's sense (same parent in WordNet);
/// 2. `same-text-term`: terms of the same text of the same kind (same WordNet lexicographer file,
///    e.g. both processes, both artefacts); then `same-text-word`: the text's other nouns;
/// 3. `same-pos-frequency-band`: WordNet words of the same part of speech, lexicographer file and
///    frequency band, in a seeded (reproducible) order.
/// 4. `same-topic-word`: when the sense is not clear, common nouns of the topic the whole text leans to (`TopicNoun`)
///    of the kind of the sense the sentence most likely uses (its lexicographer file: "videos" are no place files are
///    organised into).
/// Every tier keeps only words in the answer's frequency band or the next one; words from WordNet (tiers 1, 3
/// and 4) must also be common (`FamiliarWord`). WordNet's sisters and band words come only when the text shows
/// which sense the answer has (`senseIsClear`): a Python `socket` must not get body parts because WordNet's first
/// sense is anatomy; topic words are of the text's subject whatever the sense.
package struct WordDistractorSource {
    package let wordNet: WordNet

    package init(wordNet: WordNet) {
        self.wordNet = wordNet
    }

    package func candidates(answer: String, pos: PartOfSpeech, sense: Synset, senseIsClear: Bool, textTerms: [TextTerm],
                            topicNouns: [TopicNoun] = [], seed: String) -> [(String, OptionOrigin)] {
        let band = FrequencyBand.of(answer, pos: pos, in: wordNet)
        func fits(_ word: String) -> Bool {
            word.count >= 3 && word.allSatisfy({ $0.isLetter && $0.isLowercase })
                && FrequencyBand.similar(FrequencyBand.of(word, pos: pos, in: wordNet), band)
                && wordNet.hasLowercaseSense(word) && isMostly(word, pos)
        }
        var pool: [(String, OptionOrigin)] = []
        let frequency = wordNet.frequency(of: answer, pos: pos)
        // 1. Sisters of the sense the sentence uses, closest in frequency first.
        if senseIsClear {
            let sisters = wordNet.coordinateTerms(of: sense.id).filter { fits($0) && FamiliarWord.isCommon($0) }.sorted {
                (abs(wordNet.frequency(of: $0, pos: pos) - frequency), $0) < (abs(wordNet.frequency(of: $1, pos: pos) - frequency), $1)
            }
            pool += sisters.prefix(10).map { ($0, OptionOrigin.wordnetCoordinate) }
        }
        // 2. Same-kind terms of the text, none near kin of the answer in any sense.
        let kind = sense.lexicalFile
        let answerKin = Kinship(of: answer, pos: pos, wordNet: wordNet)
        let textCandidates = textTerms.filter { $0.lemma != answer && $0.pos == pos && fits($0.lemma) && !answerKin.isNear($0.lemma) }
        let sameText = textCandidates.filter { $0.sense.lexicalFile == kind }
            .sorted { ($0.sentenceIndex, $0.lemma) < ($1.sentenceIndex, $1.lemma) }
        pool += sameText.map { ($0.lemma, OptionOrigin.sameTextTerm) }
        // 2b. Other nouns of the text, when the text's own words are all the kinds it has: a student has read them.
        let otherText = textCandidates.filter { $0.sense.lexicalFile != kind }
            .sorted { ($0.sentenceIndex, $0.lemma) < ($1.sentenceIndex, $1.lemma) }
        pool += otherText.map { ($0.lemma, OptionOrigin.sameTextWord) }
        // 3. Same part of speech, kind and frequency band.
        if senseIsClear, let kind {
            let words = BandIndex.shared(wordNet).words(pos: pos, lexicalFile: kind, band: band)
            pool += words.filter { isMostly($0, pos) && FamiliarWord.isCommon($0) }.seededShuffle(seed: seed).prefix(40)
                .map { ($0, OptionOrigin.samePOSFrequencyBand) }
        }
        // 4. A short text's own nouns run out; the words of its topic are what a student of it has met.
        if !senseIsClear, pos == .noun {
            let words = topicNouns.filter { $0.word != answer && $0.kind == kind && fits($0.word) && !answerKin.isNear($0.word) }.map(\.word)
            pool += words.seededShuffle(seed: seed).prefix(20).map { ($0, OptionOrigin.sameTopicWord) }
        }
        return pool
    }

    /// Used in the language at least as often in `pos` as in all other parts of speech together: "sick" is
    /// a noun in WordNet ("the sick"), but as an option among nouns it reads as an adjective.
    func isMostly(_ word: String, _ pos: PartOfSpeech) -> Bool {
        let own = wordNet.frequency(of: word, pos: pos)
        return own * 2 >= wordNet.frequency(of: word)
    }
}

/// The senses of a word and what lies near them in WordNet: a word of the text that is near kin of the answer in any
/// sense may well fit its blank too ("applications" for "utilities": fourth review of 2026-11-27). Near: sisters (a
/// parent in common), or one within two steps above the other. (Cousins three steps up were tried: "directory" became
/// kin of "manual", both books, and a fifth of the options went.)
struct Kinship {
    let wordNet: WordNet
    let pos: PartOfSpeech
    let senses: Set<SynsetID>
    let parents: Set<SynsetID>
    let ancestors: Set<SynsetID>

    init(of word: String, pos: PartOfSpeech, wordNet: WordNet) {
        self.wordNet = wordNet
        self.pos = pos
        let synsets = wordNet.synsets(of: word, pos: pos)
        senses = Set(synsets.map(\.id))
        parents = Set(synsets.flatMap(\.hypernyms))
        ancestors = parents.union(parents.flatMap { wordNet.synset($0)?.hypernyms ?? [] })
    }

    func isNear(_ other: String) -> Bool {
        let kin = Kinship(of: other, pos: pos, wordNet: wordNet)
        return !parents.isDisjoint(with: kin.parents) || !ancestors.isDisjoint(with: kin.senses) || !kin.ancestors.isDisjoint(with: senses)
    }
}

/// A common noun of a topic domain, with the lexicographer file of its sense in that domain ("contract",
/// noun.communication, for law).
package struct TopicNoun {
    var word: String
    var kind: String

    /// The single-word, common, mostly-noun members of `domains`, once each, in a fixed order.
    static func all(in domains: [SynsetID], wordNet: WordNet) -> [TopicNoun] {
        var seen = Set<String>()
        var out: [TopicNoun] = []
        for domain in domains {
            for id in wordNet.domainMembers(of: domain) where id.pos == .noun {
                guard let synset = wordNet.synset(id), let kind = synset.lexicalFile else { continue }
                for word in synset.words where word.allSatisfy({ $0.isLetter && $0.isLowercase }) && FamiliarWord.isCommon(word) {
                    if seen.insert(word).inserted { out.append(TopicNoun(word: word, kind: kind)) }
                }
            }
        }
        return out
    }
}

/// Single lower-case WordNet words with SemCor counts, grouped by part of speech, lexicographer file
/// of their first sense and frequency band. Built once per process (about 20,000 words).
final class BandIndex: Sendable {
    private let groups: [String: [String]]

    func words(pos: PartOfSpeech, lexicalFile: String, band: Int) -> [String] {
        groups["\(pos.rawValue)|\(lexicalFile)|\(band)"] ?? []
    }

    private init(wordNet: WordNet) {
        var groups: [String: [String]] = [:]
        for pos in [PartOfSpeech.noun, .verb] {
            for lemma in wordNet.allLemmas(pos: pos) {
                guard lemma.count >= 4, lemma.allSatisfy({ $0.isLetter && $0.isLowercase }) else { continue }
                let frequency = wordNet.frequency(of: lemma, pos: pos)
                guard frequency > 0, let first = wordNet.synsetIDs(of: lemma, pos: pos).first,
                      let synset = wordNet.synset(first), let file = synset.lexicalFile,
                      synset.words.contains(lemma) else { continue }
                groups["\(pos.rawValue)|\(file)|\(FrequencyBand.of(frequency))", default: []].append(lemma)
            }
        }
        self.groups = groups
    }

    private static let cache = Mutex<[String: BandIndex]>([:])

    static func shared(_ wordNet: WordNet) -> BandIndex {
        cache.withLock { cache in
            let key = wordNet.directory.path
            if let index = cache[key] { return index }
            let index = BandIndex(wordNet: wordNet)
            cache[key] = index
            return index
        }
    }
}
