import Foundation
import LecternModel
import LecternText

/// "In the text, the word X most nearly means …": a word of the text with several meanings, whose sentence
/// points to one (`ContextSense`); the options are WordNet's glosses of its senses: the one the sentence
/// uses, and three of other kinds (another lexicographer file: a `tree` of files is not a plant), so that no
/// wrong option is a shade of the right one.
struct VocabularyInContextMaker {
    let wordNet: WordNet
    let validator: QuestionValidator

    /// Candidate questions, the most common words first (the ones a student meets in other senses).
    func questions(from facts: WorksheetFacts, idPrefix: String) -> [MadeQuestion] {
        facts.vocabulary.textTerms
            .filter { $0.senseEvidence >= 1 && !$0.lemma.contains(" ") && (6...40).contains(Tokenizer.words(in: $0.sentence).count) }
            .map { ($0, WordFrequencies.shared.zipf(of: $0.lemma)) }
            .sorted { ($0.1, $1.0.lemma) > ($1.1, $0.0.lemma) }
            .compactMap { term, zipf in
                makeQuestion(term, facts: facts, seed: "\(idPrefix)|vocabulary|\(term.lemma)").map {
                    MadeQuestion(question: $0, sentenceIndex: term.sentenceIndex, answerKey: validator.normalise(term.lemma), score: zipf)
                }
            }
    }

    /// A gloss short enough to be an option: its first clause, without WordNet's parentheses.
    static func shortGloss(_ gloss: String) -> String? {
        var text = gloss.components(separatedBy: ";").first ?? gloss
        while let open = text.range(of: " ("), let close = text.range(of: ")", range: open.upperBound..<text.endIndex) {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        text = text.trimmingCharacters(in: .whitespaces)
        let words = text.split(separator: " ").count
        return (2...12).contains(words) && !text.contains("(") && !text.contains("\"") ? text : nil
    }

    private func makeQuestion(_ term: TextTerm, facts: WorksheetFacts, seed: String) -> MultipleChoiceQuestion? {
        guard let answer = Self.shortGloss(term.sense.gloss) else { return nil }
        var usedFiles: Set<String?> = [term.sense.lexicalFile]
        var distractors: [(String, String)] = []
        for sense in wordNet.synsets(of: term.lemma, pos: term.pos) where distractors.count < 3 && sense.id != term.sense.id {
            guard !usedFiles.contains(sense.lexicalFile), let gloss = Self.shortGloss(sense.gloss) else { continue }
            usedFiles.insert(sense.lexicalFile)
            distractors.append((gloss, "other-sense"))
        }
        guard distractors.count == 3 else { return nil }
        let entries = ([(answer, "answer")] + distractors).seededShuffle(seed: seed)
        let question = MultipleChoiceQuestion(
            id: "", kind: "vocabulary-in-context",
            stem: "In “\(term.sentence)”, the word “\(term.surface)” most nearly means …",
            options: entries.map(\.0), answerIndex: entries.firstIndex { $0.1 == "answer" }!,
            explanation: "Here “\(term.surface)” means \(answer). The text says: “\(term.sentence)”",
            level: 2, optionOrigins: entries.map(\.1))
        return validator.problems(question, sourceText: facts.sourceText).isEmpty ? question : nil
    }
}
