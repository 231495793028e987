import Foundation
import LecternModel
import LecternQuestions
import LecternText
import Synchronization

/// Turns a script's analysis into a word list: a level (the teacher's, the CEFR profile's for the lemma and its part
/// of speech in context, or the grading model's), the definition of the sense used in the context sentence with
/// its confidence, and a test per level (docs/GRADING.md).
///
/// Study order within a level: most frequent in the source first, then the more common word in English
/// (higher Zipf), then alphabetical — the words a learner meets most in this text come first.
public struct WordListBuilder: Sendable {
    let wordNet: WordNet
    let options: WordTestOptions
    let validator: QuestionValidator
    let grader: WordGrader
    let leveler: WordLeveler
    let senses: SenseSelector

    /// `options` must be valid (`problem()` nil, as the pipeline file's loader checks); unreadable level
    /// overrides are ignored.
    public init(wordNet: WordNet, options: WordTestOptions) {
        self.wordNet = wordNet
        self.options = options
        validator = QuestionValidator(wordNet: wordNet)
        grader = WordGrader(wordNet: wordNet)
        leveler = WordLeveler(grader: grader, overrides: (try? options.parsedLevelOverrides().get()) ?? [:])
        senses = SenseSelector(wordNet: wordNet)
    }

    func zipf(_ word: String) -> Double { grader.frequencies.zipf(of: word) }

    /// `reviews`: the teacher's corrections of this item's words (`lectern-reviews.yml`): a level (then
    /// `levelSource: teacher`, as with `levelOverrides`), a WordNet sense or a definition, applied before the tests are
    /// made so the tests ask the corrected entry. A decision about a word no longer in the list, or a sense that is
    /// not one of the word's, is reported in `warnings`.
    public func build(analysis: TextAnalysis, id: String, source: SourceRef, reviews: ReviewDecisions = ReviewDecisions()) -> WordListBundle {
        let ranked = analysis.words.sorted { ($1.count, $0.lemma) < ($0.count, $1.lemma) }.prefix(options.maxWords)
        let document = senses.documentContext(analysis.words)
        var warnings: [String] = []
        var entries: [WordEntry] = []
        for occurrence in ranked {
            var entry = entry(for: occurrence, sentences: analysis.sentences, document: document)
            let entryID = ReviewID.word(itemID: id, lemma: entry.word)
            entry.id = entryID
            if let decision = reviews.words[entryID] {
                if let key = decision.sense {
                    if let synset = teacherSense(key, of: entry.word) {
                        entry.definition = synset.gloss
                        entry.partOfSpeech = synset.pos.rawValue
                        (entry.level, entry.levelSource) = leveler.level(of: entry.word, pos: synset.pos)
                        if let raised = raisedLevel(of: entry, teacherSense: synset) {
                            (entry.level, entry.levelSource, entry.levelReason) = (raised.level, .teacherSense, raised.reason)
                        }
                        entry.senseConfidence = .high  // the teacher's choice: no doubt left about the sense
                        entry.senseSource = .teacher
                    } else {
                        warnings.append("Correction of \(entryID) not applied: \(key) is not a WordNet sense of “\(entry.word)” (see `lectern review word \(entryID) --senses`).")
                    }
                }
                if let level = decision.level {
                    entry.level = level
                    entry.levelSource = .teacher
                    entry.levelReason = nil
                }
                if let definition = decision.definition {
                    entry.definition = definition
                    entry.senseConfidence = .high  // the teacher's own definition: no doubt left about the sense
                    entry.senseSource = .teacher
                }
            }
            entries.append(entry)
        }
        let listed = Set(entries.compactMap(\.id))
        warnings += reviews.words.keys.sorted().filter { !listed.contains($0) }.map {
            "Review decision \($0) refers to a word that is no longer in the list."
        }
        // Same-source distractor pools per level and part of speech: (word, Zipf), looked up once.
        var pools: [String: [(word: String, zipf: Double)]] = [:]
        for e in entries where e.definition != nil {
            pools["\(e.level.rawValue)|\(e.partOfSpeech ?? "")", default: []].append((e.word, zipf(e.word)))
        }
        let sourceWords = Set(entries.map(\.word))
        var tests: [WordTest] = []
        // By the entry's level as the list shows it, a `teacher-sense` one included: the question asks the rarer
        // sense's definition, which is what that level grades, and the list and its tests must agree.
        for level in WordLevel.allCases {
            let words = entries.filter { $0.level == level }.sorted(by: studyOrder)
            guard !words.isEmpty else { continue }
            let questions = words.compactMap { question(for: $0, among: pools["\($0.level.rawValue)|\($0.partOfSpeech ?? "")"] ?? [], sourceWords: sourceWords, idPrefix: id) }
            tests.append(WordTest(level: level, words: words.map(\.word), questions: questions))
        }
        var bundle = WordListBundle(id: id, source: source, status: .ok, statusReason: nil,
                                    sentenceCount: analysis.sentenceCount, tokenCount: analysis.tokenCount,
                                    words: Array(entries), tests: tests)
        bundle.warnings = warnings.isEmpty ? nil : warnings
        return bundle
    }

    /// One level above `entry`'s when the teacher's `sense` is not WordNet's first sense of the word as that part of
    /// speech (issue 28): the profile and the model grade a word by its everyday sense, and a rarer one is harder.
    /// Nil when the sense is the first, the teacher set the level (`levelOverrides`), or the level is the top one.
    func raisedLevel(of entry: WordEntry, teacherSense sense: Synset) -> (level: WordLevel, reason: String)? {
        let senses = wordNet.synsets(of: entry.word, pos: sense.pos)
        guard entry.levelSource != .teacher, let rank = senses.firstIndex(where: { $0.id == sense.id }), rank > 0,
              let index = WordLevel.allCases.firstIndex(of: entry.level), index + 1 < WordLevel.allCases.count else { return nil }
        let level = WordLevel.allCases[index + 1]
        let from = entry.levelSource == .cefrProfile ? "the CEFR profile" : "Lectern's grading model"
        return (level, "A teacher chose sense \(rank + 1) of \(senses.count) of the \(sense.pos.rawValue) “\(entry.word)” "
                + "(\(sense.id.senseKey)), not its most common one: one level above \(from)'s \(entry.level.rawValue).")
    }

    /// The sense `key` ("n:08517656", `SynsetID.senseKey`) names when it is one of `lemma`'s WordNet senses, else nil.
    public func teacherSense(_ key: String, of lemma: String) -> Synset? {
        guard let id = SynsetID(senseKey: key) else { return nil }
        return wordNet.synsets(of: lemma, pos: id.pos).first { $0.id == id }
    }

    func studyOrder(_ a: WordEntry, _ b: WordEntry) -> Bool {
        if a.count != b.count { return a.count > b.count }
        let za = zipf(a.word), zb = zipf(b.word)
        if za != zb { return za > zb }
        return a.word < b.word
    }

    func entry(for occurrence: WordOccurrence, sentences: [String],
               document: SenseSelector.DocumentContext = .empty) -> WordEntry {
        let context = sentences.indices.contains(occurrence.contextSentence) ? sentences[occurrence.contextSentence] : ""
        let forms = occurrence.forms.keys.sorted()
        let sense = senses.choice(of: occurrence.lemma, forms: forms, context: context, document: document)
        let (level, source) = leveler.level(of: occurrence.lemma, pos: sense?.synset.pos)
        return WordEntry(word: occurrence.lemma, level: level, levelSource: source, partOfSpeech: sense?.synset.pos.rawValue,
                         definition: sense?.synset.gloss, senseConfidence: sense?.confidence, context: context,
                         count: occurrence.count, forms: forms)
    }

    /// Why `entry` has its level, for `lectern show --explain` (not in bundles): the CEFR profile's level for its
    /// part of speech (`cefr`, 1.0 = A1 … 6.0 = C2) when the profile has the word, and the grading model's features,
    /// expected level (`score`, 0 beginner … 2 advanced) and each level's probability.
    public func explanation(of entry: WordEntry) -> [String: Double] {
        let grade = grader.grade(entry.word)
        var evidence = grade.features
        evidence["score"] = (grade.score * 1000).rounded() / 1000
        for (level, p) in zip(["pBeginner", "pIntermediate", "pAdvanced"], grade.probabilities) {
            evidence[level] = (p * 1000).rounded() / 1000
        }
        if let cefr = leveler.profile.cefr(of: entry.word, pos: entry.partOfSpeech.flatMap(PartOfSpeech.init(rawValue:))) {
            evidence["cefr"] = cefr
        }
        return evidence
    }

    /// "Which word means …?": the answer and three words of the same level and part of speech in a similar
    /// frequency band, from the same script first, then from the frequency list.
    /// A frequency-list word that is also in the script is only used from the same-source pool (where its level
    /// and part of speech are the ones its entry shows).
    func question(for entry: WordEntry, among pool: [(word: String, zipf: Double)], sourceWords: Set<String> = [],
                  idPrefix: String) -> MultipleChoiceQuestion? {
        // Only a sure sense is taught (`high`: right 90 % of the time on the development sets, against 58 % for
        // medium and 43 % for low; docs/GRADING.md): the list shows the others with their confidence, a test does not
        // ask them as the one right meaning.
        guard entry.senseIsSure, let definition = entry.definition, let posName = entry.partOfSpeech,
              let pos = PartOfSpeech(rawValue: posName) else { return nil }
        let zipf = self.zipf(entry.word)
        let stem = "Which word means: \(definition)?"
        // Options are chosen by the validator's own criteria (lemmatised stem words, distinct lemmas, the SemCor
        // frequency band), so a question is not lost to one distractor the validator would refuse when another
        // candidate would pass.
        let stemWords = Set(Tokenizer.words(in: stem).map { validator.normalise($0.text) })
        let answerLemma = validator.normalise(entry.word)
        if !entry.word.contains(" ") && stemWords.contains(answerLemma) { return nil }
        var chosen: [(word: String, origin: OptionOrigin, lemma: String)] = []
        func acceptable(_ word: String) -> Bool {
            if word == entry.word || chosen.contains(where: { $0.word == word }) { return false }
            let lemma = validator.normalise(word)
            if lemma == answerLemma || stemWords.contains(lemma) || chosen.contains(where: { $0.lemma == lemma }) { return false }
            if !validator.bandProblems([entry.word, word], answer: entry.word).isEmpty { return false }
            if wordNet.areRelated(word, entry.word) { return false }
            return !chosen.contains { wordNet.areRelated($0.word, word) }
        }
        let sameSource = pool
            .filter { abs($0.zipf - zipf) <= options.distractorZipfBand }
            .sorted { (abs($0.zipf - zipf), $0.word) < (abs($1.zipf - zipf), $1.word) }
        for other in sameSource where chosen.count < 3 && acceptable(other.word) {
            chosen.append((other.word, OptionOrigin.sameSourceWord, validator.normalise(other.word)))
        }
        if chosen.count < 3 && options.frequencyListDistractors {
            forEachFrequencyListCandidate(level: entry.level, pos: pos, zipf: zipf) { word in
                if !sourceWords.contains(word) && acceptable(word) {
                    chosen.append((word, .frequencyListWord, validator.normalise(word)))
                }
                return chosen.count < 3
            }
        }
        guard chosen.count == 3 else { return nil }
        let origins = Dictionary(uniqueKeysWithValues: [(entry.word, OptionOrigin.answer)] + chosen.map { ($0.word, $0.origin) })
        let shuffled = ([entry.word] + chosen.map(\.word)).seededShuffle(seed: "\(idPrefix)|\(entry.word)")
        let question = MultipleChoiceQuestion(
            id: "\(idPrefix)-\(entry.word)", kind: .definition, stem: stem,
            options: shuffled, answerIndex: shuffled.firstIndex(of: entry.word)!,
            explanation: "“\(entry.word)” (\(posName)) means \(definition). In the text: “\(entry.context)”",
            level: (WordLevel.allCases.firstIndex(of: entry.level) ?? 0) + 1,
            optionOrigins: shuffled.map { origins[$0] ?? OptionOrigin.sameSourceWord })
        return validator.problems(question).isEmpty ? question : nil
    }

    /// Words of the frequency list nearest in Zipf to `zipf` (within the band) that are base forms whose main
    /// WordNet part of speech is `pos`, not stop words, and of level `level` (the teacher's, else the profile's or
    /// the model's for that part of speech), nearest first, until `body` returns
    /// false. Deterministic; at most 400 looked at. A word is graded only when its part of speech fits.
    func forEachFrequencyListCandidate(level: WordLevel, pos: PartOfSpeech, zipf: Double, _ body: (String) -> Bool) {
        let ranked = grader.frequencies.ranked
        // ranked is by descending Zipf: find the first word at or below `zipf`.
        var lo = 0, hi = ranked.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranked[mid].zipf > zipf { lo = mid + 1 } else { hi = mid }
        }
        var up = lo - 1, down = lo, looked = 0
        while looked < 400 {
            let upGap = up >= 0 ? ranked[up].zipf - zipf : .infinity
            let downGap = down < ranked.count ? zipf - ranked[down].zipf : .infinity
            guard min(upGap, downGap) <= options.distractorZipfBand else { break }
            let word: String
            if upGap <= downGap { word = ranked[up].word; up -= 1 } else { word = ranked[down].word; down += 1 }
            looked += 1
            guard CandidateMemo.shared.partOfSpeech(of: word, compute: { candidatePartOfSpeech(word) }) == pos else { continue }
            let candidateLevel = leveler.overrides[word]
                ?? CandidateMemo.shared.level(of: word, compute: { WordLeveler(grader: grader).level(of: word, pos: pos).level })
            guard candidateLevel == level else { continue }
            if !body(word) { return }
        }
    }
}

/// What a frequency-list word can be as a distractor, worked out once per process (its level without any
/// teacher's overrides, which the builder applies on top): grading a word reads
/// WordNet's derivations, and a batch of 10,000 small scripts looked at the same candidates for every item.
/// Bounded by the frequency list's size; the same for every build (it depends only on WordNet and the model).
/// The part of speech is cheap and asked first; a word is graded only when its part of speech is wanted.
final class CandidateMemo: Sendable {
    static let shared = CandidateMemo()
    private let partsOfSpeech = Mutex<[String: PartOfSpeech?]>([:])
    private let levels = Mutex<[String: WordLevel]>([:])

    func partOfSpeech(of word: String, compute: () -> PartOfSpeech?) -> PartOfSpeech? {
        if let known = partsOfSpeech.withLock({ $0[word] }) { return known }
        let pos = compute()
        partsOfSpeech.withLock { $0[word] = .some(pos) }
        return pos
    }

    func level(of word: String, compute: () -> WordLevel) -> WordLevel {
        if let known = levels.withLock({ $0[word] }) { return known }
        let level = compute()
        levels.withLock { $0[word] = level }
        return level
    }
}

extension WordListBuilder {
    /// A frequency-list word usable as a distractor: a base form of at least three letters, not a stop word,
    /// known to WordNet in lower case; its main part of speech (most senses).
    func candidatePartOfSpeech(_ word: String) -> PartOfSpeech? {
        guard word.count >= 3, word.allSatisfy({ $0 >= "a" && $0 <= "z" }), !StopWords.english.contains(word) else { return nil }
        var best = PartOfSpeech.noun, bestCount = 0
        for p in PartOfSpeech.allCases {
            let n = wordNet.senseCount(of: word, pos: p)
            if n > bestCount { best = p; bestCount = n }
        }
        guard bestCount > 0, wordNet.lemma(of: word) == word, wordNet.hasLowercaseSense(word) else { return nil }
        return best
    }
}

/// Picks the WordNet sense whose gloss and examples share the most words with the context sentence.
public enum SenseChooser {
    public static func best(_ synsets: [Synset], context: String) -> Synset? {
        let contextWords = Set(Tokenizer.words(in: context).map { $0.text.lowercased() }).subtracting(StopWords.english)
        var best: (Synset, Int)?
        for synset in synsets {
            let text = ([synset.gloss] + synset.examples).joined(separator: " ")
            let overlap = Set(Tokenizer.words(in: text).map { $0.text.lowercased() }).intersection(contextWords).count
            // Ties keep the earlier, more frequent sense.
            if overlap > (best?.1 ?? 0) { best = (synset, overlap) }
        }
        return best?.0 ?? synsets.first
    }
}
