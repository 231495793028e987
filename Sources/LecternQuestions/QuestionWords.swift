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
        func weight(_ lemma: String) -> Double { Self.weight(lemma, wordNet: wordNet) }
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

    /// How much a shared word shows: a rare one (SemCor band 2 or less) counts 1, an everyday one a quarter.
    static func weight(_ lemma: String, wordNet: WordNet) -> Double {
        switch FrequencyBand.of(wordNet.frequency(of: lemma)) {
        case ...2: return 1
        case 3: return 0.5
        default: return 0.25
        }
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

/// Distractors for a word answer, best first, each with its origin. Of one specific kind (issue 27, item 4):
/// 1. `wordnet-sister`, then `wordnet-cousin`: WordNet's other children of the answer's sense's parent, then of its
///    grandparent (`WordNet.sisters`), common, not written in the text (a text's own near kin may fit the blank too),
///    and of the text's topic (`topicality`): with a sense the text does not make clear, only those;
/// 2. `same-text-kind`: terms of the text of one specific kind with the answer (`WordNet.sharesKind`), not near kin.
/// Loose (`OptionOrigin.isLoose`: a question offers at most one):
/// 3. `same-text-term`: terms of the same text of the same lexicographer file; then `same-text-word`: its other nouns;
/// 4. `same-pos-frequency-band`: WordNet words of the same part of speech, lexicographer file and frequency band, in
///    a seeded (reproducible) order, when the sense is clear;
/// 5. `same-topic-word`: when the sense is not clear, common nouns of the topic the whole text leans to (`TopicNoun`)
///    of the kind of the sense the sentence most likely uses.
/// Tiers 3–5 keep only words in the answer's frequency band or the next one; words from WordNet must be common
/// (`FamiliarWord`).
package struct WordDistractorSource {
    package let wordNet: WordNet

    package init(wordNet: WordNet) {
        self.wordNet = wordNet
    }

    /// A parent of more children than this names no one kind (`WordNet.sisters`).
    static let kindChildren = 40
    /// A shared parent at most this many steps above both words, and this far below the top, makes one kind:
    /// "memory device" for "tape" and "floppy disk", not "device" (`WordNet.sharesKind`).
    static let kindSteps = 3, kindDepth = 6
    /// The topicality that shows a word is of the text's subject: one rare word of the text in its gloss, or several
    /// common ones (`ContextSense.weight`).
    static let topical = 1.0

    package func candidates(answer: String, pos: PartOfSpeech, sense: Synset, senseIsClear: Bool, textTerms: [TextTerm],
                            textLemmas: Set<String>, topicNouns: [TopicNoun] = [], seed: String) -> [(String, OptionOrigin)] {
        let band = FrequencyBand.of(answer, pos: pos, in: wordNet)
        func fits(_ word: String) -> Bool {
            word.count >= 3 && word.allSatisfy({ $0.isLetter && $0.isLowercase })
                && FrequencyBand.similar(FrequencyBand.of(word, pos: pos, in: wordNet), band)
                && wordNet.hasLowercaseSense(word) && isMostly(word, pos)
        }
        // 1. Sisters and cousins of the sense the sentence uses.
        var pool = sisters(of: sense, answer: answer, pos: pos, textLemmas: textLemmas, onTopicOnly: !senseIsClear)
        // 2. The text's terms of one specific kind with it, none near kin of the answer in any sense.
        let kind = sense.lexicalFile
        let answerKin = Kinship(of: answer, pos: pos, wordNet: wordNet)
        let textCandidates = textTerms.filter { $0.lemma != answer && $0.pos == pos && fits($0.lemma) && !answerKin.isNear($0.lemma) }
            .sorted { ($0.sentenceIndex, $0.lemma) < ($1.sentenceIndex, $1.lemma) }
        let sameKind = Set(textCandidates.filter { isOfKind($0.lemma, sense) }.map(\.lemma))
        pool += textCandidates.filter { sameKind.contains($0.lemma) }.map { ($0.lemma, OptionOrigin.sameTextKind) }
        // 3. Same-file terms of the text, then its other nouns: a student has read them.
        let rest = textCandidates.filter { !sameKind.contains($0.lemma) }
        pool += rest.filter { $0.sense.lexicalFile == kind }.map { ($0.lemma, OptionOrigin.sameTextTerm) }
        pool += rest.filter { $0.sense.lexicalFile != kind }.map { ($0.lemma, OptionOrigin.sameTextWord) }
        // 4. Same part of speech, kind and frequency band.
        if senseIsClear, let kind {
            let words = BandIndex.shared(wordNet).words(pos: pos, lexicalFile: kind, band: band)
            pool += words.filter { isMostly($0, pos) && FamiliarWord.isCommon($0) }.seededShuffle(seed: seed).prefix(40)
                .map { ($0, OptionOrigin.samePOSFrequencyBand) }
        }
        // 5. A short text's own nouns run out; the words of its topic are what a student of it has met.
        if !senseIsClear, pos == .noun {
            let words = topicNouns.filter { $0.word != answer && $0.kind == kind && fits($0.word) && !answerKin.isNear($0.word) }.map(\.word)
            pool += words.seededShuffle(seed: seed).prefix(20).map { ($0, OptionOrigin.sameTopicWord) }
        }
        return pool
    }

    /// Whether some sense of `word` is of one specific kind with `sense` (`kindSteps`, `kindDepth`).
    package func isOfKind(_ word: String, _ sense: Synset) -> Bool {
        wordNet.sharesKind(sense.id, with: word, steps: Self.kindSteps, minDepth: Self.kindDepth)
    }

    /// WordNet's sisters, then cousins, of `sense` (`WordNet.sisters`) as options: common words (a compound only for a
    /// compound answer, each of its words common, and its last word the answer's or one the text does not write: no
    /// "magnetic tape" beside the text's "tape"), used mostly in `pos`, not written in the text, the more topical
    /// first (`topicality`), the nearer first among equals. Cousins are topical always (a grandparent is a broad kind:
    /// "work" holds both research and tasks), sisters with `onTopicOnly` (a sense the text does not make clear).
    package func sisters(of sense: Synset, answer: String, pos: PartOfSpeech, textLemmas: Set<String>,
                         onTopicOnly: Bool) -> [(String, OptionOrigin)] {
        let compound = answer.contains(" ")
        let answerWords = answer.lowercased().split(separator: " ").map(String.init)
        let own = Set(answerWords + sense.words.map { $0.lowercased() })
        var seen = Set<String>()
        var ranked: [(word: String, origin: OptionOrigin, score: Double, order: Int)] = []
        for (order, (id, level)) in wordNet.sisters(of: sense.id, maxChildren: Self.kindChildren, minDepth: Self.kindDepth - 1).enumerated() {
            guard let synset = wordNet.synset(id) else { continue }
            for lemma in synset.words {
                let word = WordNet.display(lemma)
                let parts = word.split(separator: " ").map(String.init)
                guard parts.count == 1 || (compound && parts.count == 2),
                      parts.allSatisfy({ $0.count >= 3 && $0.allSatisfy { $0.isLetter && $0.isLowercase } && FamiliarWord.isCommon($0) }),
                      !own.contains(word), seen.insert(word).inserted, wordNet.hasLowercaseSense(word),
                      !textLemmas.contains(wordNet.lemma(of: parts.last!) ?? parts.last!) || parts.last == answerWords.last,
                      parts.count > 1 || isMostly(word, pos)
                else { continue }
                let score = topicality(of: synset, textLemmas: textLemmas, excluding: own)
                if (onTopicOnly || level == 2) && score < Self.topical { continue }
                ranked.append((word, level == 1 ? .wordnetSister : .wordnetCousin, min(score, Self.topical), order))
            }
        }
        return ranked.sorted { ($1.score, $0.order) < ($0.score, $1.order) }.prefix(12).map { ($0.word, $0.origin) }
    }

    /// How much the words of a sense (gloss, examples, synonyms) share with the text's lemmas, weighted by rarity
    /// (`ContextSense.weight`); `excluding` the answer's own words.
    func topicality(of synset: Synset, textLemmas: Set<String>, excluding: Set<String>) -> Double {
        GlossLemmas.of(synset, wordNet: wordNet).intersection(textLemmas).subtracting(excluding)
            .reduce(0) { $0 + ContextSense.weight($1, wordNet: wordNet) }
    }

    /// Used in the language at least as often in `pos` as in all other parts of speech together: "sick" is
    /// a noun in WordNet ("the sick"), but as an option among nouns it reads as an adjective.
    func isMostly(_ word: String, _ pos: PartOfSpeech) -> Bool {
        let own = wordNet.frequency(of: word, pos: pos)
        return own * 2 >= wordNet.frequency(of: word)
    }
}

/// The lemmas of a sense's gloss, examples and words (`ContextSense.lemmas`), once per process: the same senses come
/// up as options of many questions.
enum GlossLemmas {
    private static let cache = Mutex<[SynsetID: Set<String>]>([:])

    static func of(_ synset: Synset, wordNet: WordNet) -> Set<String> {
        if let known = cache.withLock({ $0[synset.id] }) { return known }
        let text = ([synset.gloss] + synset.examples + synset.words.map(WordNet.display)).joined(separator: " ")
        let lemmas = ContextSense.lemmas(of: text, wordNet: wordNet)
        cache.withLock { $0[synset.id] = lemmas }
        return lemmas
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
