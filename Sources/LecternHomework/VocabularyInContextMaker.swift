import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// "In the text, the word X most nearly means …": a word of the text with several meanings, whose sentence
/// clearly points to one (`clearSense`); the options are WordNet's glosses of its senses: the one the sentence
/// uses, and three of other kinds (another lexicographer file: a `tree` of files is not a plant), so that no
/// wrong option is a shade of the right one.
struct VocabularyInContextMaker {
    let wordNet: WordNet
    let validator: QuestionValidator
    /// Where rejected candidates are recorded, for `lectern show --explain`.
    var log: CandidateLog? = nil

    /// Candidate questions, the most common words first (the ones a student meets in other senses).
    func questions(from facts: WorksheetFacts, idPrefix: String) -> [MadeQuestion] {
        let textLemmas = ContextSense.lemmas(of: facts.sentences.joined(separator: " "), wordNet: wordNet)
        return facts.vocabulary.textTerms
            .filter {
                let fits = !$0.lemma.contains(" ") && (6...40).contains(Tokenizer.words(in: $0.sentence).count)
                if !fits { log?.reject("vocabulary-in-context", subject($0), by: VocabularyRules.sentenceLength) }
                return fits
            }
            .map { ($0, WordFrequencies.shared.zipf(of: $0.lemma)) }
            .sorted { ($0.1, $1.0.lemma) > ($1.1, $0.0.lemma) }
            .compactMap { term, zipf in
                guard let sense = clearSense(of: term, textLemmas: textLemmas), sense.id == facts.vocabulary.sureSense(of: term)?.id else {
                    log?.reject("vocabulary-in-context", subject(term), by: VocabularyRules.clearSense)
                    return nil
                }
                return makeQuestion(term, sense: sense, facts: facts, seed: "\(idPrefix)|vocabulary|\(term.lemma)").map {
                    MadeQuestion(question: $0, sentenceIndex: term.sentenceIndex, answerKey: validator.normalise(term.lemma), score: zipf)
                }
            }
    }

    private func subject(_ term: TextTerm) -> String {
        CandidateSubject.word(.vocabularyInContext, key: validator.normalise(term.lemma))
    }

    /// The sense the sentence uses when the text leaves no doubt: it shares clearly more with that sense's
    /// gloss than with any other's. Here a wrong guess marks a wrong meaning right, so a close call asks nothing.
    func clearSense(of term: TextTerm, textLemmas: Set<String>) -> Synset? {
        let senses = wordNet.synsets(of: term.lemma, pos: term.pos)
        let overlaps = senses.map {
            ContextSense.best([$0], context: term.sentence, word: term.lemma, textLemmas: textLemmas, wordNet: wordNet)?.overlap ?? 0
        }
        guard let best = overlaps.indices.max(by: { overlaps[$0] < overlaps[$1] }) else { return nil }
        let runnerUp = overlaps.enumerated().filter { $0.offset != best }.map(\.element).max() ?? 0
        return overlaps[best] >= ContextSense.plainEvidence && overlaps[best] >= 2 * runnerUp ? senses[best] : nil
    }

    /// A gloss short enough to be an option: its first clause, without WordNet's parentheses (a leading domain label
    /// too: "(computer science) a sequence of instructions …" is the sense a Debian page uses).
    static func shortGloss(_ gloss: String) -> String? {
        var text = DefinitionQuestionMaker.withoutDomainLabel(gloss).components(separatedBy: ";").first ?? gloss
        while let open = text.range(of: " ("), let close = text.range(of: ")", range: open.upperBound..<text.endIndex) {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        text = text.trimmingCharacters(in: .whitespaces)
        let words = text.split(separator: " ").count
        return (2...14).contains(words) && !text.contains("(") && !text.contains("\"") ? text : nil
    }

    private func makeQuestion(_ term: TextTerm, sense meant: Synset, facts: WorksheetFacts, seed: String) -> MultipleChoiceQuestion? {
        guard let answer = Self.shortGloss(meant.gloss) else {
            log?.reject("vocabulary-in-context", subject(term), by: VocabularyRules.shortGloss)
            return nil
        }
        // Other kinds of meaning only (another lexicographer file than the answer's): a person or place of the same
        // name ("Snow", a novelist) is not a meaning of the word. Senses of kinds not yet used come first, so the wrong
        // options differ from each other too; two of one kind are still both plainly not what the sentence says.
        let others: [(sense: Synset, gloss: String)] = wordNet.synsets(of: term.lemma, pos: term.pos).compactMap { sense in
            guard sense.lexicalFile != meant.lexicalFile, sense.instanceHypernyms.isEmpty, let gloss = Self.shortGloss(sense.gloss)
            else { return nil }
            return (sense, gloss)
        }
        var seenFiles = Set<String?>()
        let firstOfKind = others.filter { seenFiles.insert($0.sense.lexicalFile).inserted }
        let ordered = firstOfKind + others.filter { other in !firstOfKind.contains { $0.sense.id == other.sense.id } }
        let distractors = ordered.prefix(3).map { ($0.gloss, OptionOrigin.otherSense) }
        guard distractors.count == 3 else {
            log?.reject("vocabulary-in-context", subject(term), by: VocabularyRules.threeOtherKinds)
            return nil
        }
        let entries = ([(answer, OptionOrigin.answer)] + distractors).seededShuffle(seed: seed)
        let question = MultipleChoiceQuestion(
            id: "", kind: .vocabularyInContext,
            stem: "In “\(term.sentence)”, the word “\(term.surface)” most nearly means …",
            options: entries.map(\.0), answerIndex: entries.firstIndex { $0.1 == OptionOrigin.answer }!,
            explanation: "Here “\(term.surface)” means \(answer). The text says: “\(term.sentence)”",
            level: 2, optionOrigins: entries.map(\.1))
        let problems = validator.problems(question, sourceText: facts.sourceText)
        log?.reject("vocabulary-in-context", subject(term), problems: problems)
        return problems.isEmpty ? question : nil
    }
}
