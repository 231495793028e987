import Foundation
import LecternModel
import LecternText

/// Turns a script's analysis into a word list: level, definition in context and a test per level.
public struct WordListBuilder: Sendable {
    let wordNet: WordNet
    let options: WordTestOptions
    let validator: QuestionValidator

    public init(wordNet: WordNet, options: WordTestOptions) {
        self.wordNet = wordNet
        self.options = options
        validator = QuestionValidator(wordNet: wordNet)
    }

    public func build(analysis: TextAnalysis, id: String, source: SourceRef) -> WordListBundle {
        let ranked = analysis.words.sorted { ($1.count, $0.lemma) < ($0.count, $1.lemma) }.prefix(options.maxWords)
        let entries = ranked.map { entry(for: $0, sentences: analysis.sentences) }
        var tests: [WordTest] = []
        for level in WordLevel.allCases {
            let words = entries.filter { $0.level == level }
            guard !words.isEmpty else { continue }
            let questions = words.compactMap { question(for: $0, among: entries, idPrefix: id) }
            tests.append(WordTest(level: level, words: words.map(\.word), questions: questions))
        }
        return WordListBundle(id: id, source: source, status: .ok, statusReason: nil,
                              sentenceCount: analysis.sentences.count, tokenCount: analysis.tokenCount,
                              words: Array(entries), tests: tests)
    }

    private func entry(for occurrence: WordOccurrence, sentences: [String]) -> WordEntry {
        let context = sentences.indices.contains(occurrence.contextSentence) ? sentences[occurrence.contextSentence] : ""
        let synsets = wordNet.synsets(of: occurrence.lemma, pos: nil)
        let sense = SenseChooser.best(synsets, context: context)
        let senses = synsets.count
        // Provisional grading from WordNet polysemy and length, until frequency data is calibrated.
        let level: WordLevel
        if senses >= options.beginnerMinSenses { level = .beginner }
        else if senses <= options.advancedMaxSenses && occurrence.lemma.count >= options.advancedMinLength { level = .advanced }
        else { level = .intermediate }
        return WordEntry(word: occurrence.lemma, level: level, partOfSpeech: sense?.pos.rawValue, definition: sense?.gloss,
                         context: context, count: occurrence.count, forms: occurrence.forms.keys.sorted(),
                         evidence: ["senses": Double(senses), "length": Double(occurrence.lemma.count)])
    }

    /// "Which word means …?" with three words of the same level and part of speech from the same script.
    private func question(for entry: WordEntry, among entries: some Collection<WordEntry>, idPrefix: String) -> MultipleChoiceQuestion? {
        guard let definition = entry.definition, let pos = entry.partOfSpeech else { return nil }
        let others = entries.filter { $0.word != entry.word && $0.partOfSpeech == pos && $0.definition != nil }
        let sameLevel = others.filter { $0.level == entry.level }
        let pool = (sameLevel + others.filter { $0.level != entry.level }).map(\.word)
        var distractors: [String] = []
        for word in pool where distractors.count < 3 {
            if wordNet.areRelated(word, entry.word) || distractors.contains(word) || definition.lowercased().contains(word) { continue }
            distractors.append(word)
        }
        guard distractors.count == 3 else { return nil }
        let options = ([entry.word] + distractors).seededShuffle(seed: "\(idPrefix)|\(entry.word)")
        let question = MultipleChoiceQuestion(
            id: "\(idPrefix)-\(entry.word)", kind: "definition", stem: "Which word means: \(definition)?",
            options: options, answerIndex: options.firstIndex(of: entry.word)!,
            explanation: "“\(entry.word)” means \(definition). In the text: “\(entry.context)”",
            level: (WordLevel.allCases.firstIndex(of: entry.level) ?? 0) + 1,
            optionOrigins: options.map { $0 == entry.word ? "answer" : "same-source-word" })
        return validator.problems(question).isEmpty ? question : nil
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
