import Foundation
import LecternModel
import Synchronization

/// Chooses the WordNet sense of a word as it is used in a sentence (a simplified Lesk):
/// 1. the parts of speech the word can have *there*: those whose morphy base of the surface form is the lemma
///    ("walked" can only be a verb), narrowed by the word before it (after a determiner a noun, after a
///    pronoun, modal or "to" a verb, an -ly form an adverb) when that reading exists;
/// 2. among those senses, the one whose gloss and examples share the most lemmas with the sentence (stop
///    words and the word itself do not count); ties and no overlap keep the most frequent sense, with the
///    parts of speech ordered by the cue, then by SemCor frequency.
public struct SenseSelector: Sendable {
    public let wordNet: WordNet
    /// Lemmas of gloss and context words, looked up once per selector (glosses repeat the same words).
    private let lemmaMemo = LemmaMemo()

    public init(wordNet: WordNet) {
        self.wordNet = wordNet
    }

    final class LemmaMemo: Sendable {
        let entries = Mutex<[String: String]>([:])
    }

    func lemma(of lower: String) -> String {
        if let known = lemmaMemo.entries.withLock({ $0[lower] }) { return known }
        let lemma = wordNet.lemma(of: lower) ?? lower
        lemmaMemo.entries.withLock { $0[lower] = lemma }
        return lemma
    }

    static let verbCues: Set<String> = [
        "i", "you", "we", "they", "he", "she", "to", "will", "would", "can", "could", "should", "must", "may", "might",
        "shall", "not", "don't", "doesn't", "didn't", "won't", "can't", "never", "often", "always", "usually", "also",
    ]

    /// Parts of speech of `lemma` in `context`, most likely first. `forms` are the surface forms seen (lower case).
    public func partsOfSpeech(of lemma: String, forms: [String], context: String) -> [PartOfSpeech] {
        let key = WordNet.key(lemma)
        var available = PartOfSpeech.allCases.filter { wordNet.senseCount(of: key, pos: $0) > 0 }
        guard !available.isEmpty else { return [] }
        available.sort { wordNet.frequency(of: key, pos: $0) > wordNet.frequency(of: key, pos: $1) }
        let tokens = Tokenizer.words(in: context).map { $0.text.lowercased() }
        let formSet = Set(forms.map { $0.lowercased() } + [lemma.lowercased()])
        guard let at = tokens.firstIndex(where: { formSet.contains($0) }) else { return available }
        let surface = tokens[at]
        // What the surface form can be, by morphy.
        let possible = Set(wordNet.lemmas(of: surface).filter { WordNet.key($0.lemma) == key }.map(\.pos))
        var ordered = available.filter { possible.isEmpty || possible.contains($0) }
        if ordered.isEmpty { ordered = available }
        let previous = at > 0 ? tokens[at - 1] : ""
        var cue: PartOfSpeech?
        if StopWords.determiners.contains(previous) { cue = .noun }
        else if SenseSelector.verbCues.contains(previous) { cue = .verb }
        else if surface.hasSuffix("ly") && !key.hasSuffix("ly") { cue = .adverb }
        if let cue, let k = ordered.firstIndex(of: cue) { ordered.insert(ordered.remove(at: k), at: 0) }
        return ordered
    }

    /// The sense of `lemma` used in `context`, or nil when WordNet does not know it.
    public func sense(of lemma: String, forms: [String], context: String) -> Synset? {
        let parts = partsOfSpeech(of: lemma, forms: forms, context: context)
        let key = WordNet.key(lemma)
        var candidates: [Synset] = []
        for pos in parts { candidates += wordNet.synsets(of: key, pos: pos) }
        let exclude = Set(forms.map { $0.lowercased() } + [lemma.lowercased()])
        let contextLemmas = lemmaSet(context, excluding: exclude)
        var best: (Synset, Int)?
        for synset in candidates {
            let overlap = lemmaSet(([synset.gloss] + synset.examples).joined(separator: " "), excluding: exclude)
                .intersection(contextLemmas).count
            if overlap > (best?.1 ?? 0) { best = (synset, overlap) }
        }
        return best?.0 ?? candidates.first
    }

    /// Content-word lemmas of a text (stop words, numbers and `excluding` left out).
    func lemmaSet(_ text: String, excluding: Set<String>) -> Set<String> {
        var out = Set<String>()
        for token in Tokenizer.words(in: text) where !token.isNumber {
            let lower = token.text.lowercased()
            if lower.count < 2 || StopWords.english.contains(lower) || excluding.contains(lower) { continue }
            let lemma = self.lemma(of: lower)
            if !excluding.contains(lemma) { out.insert(lemma) }
        }
        return out
    }
}
