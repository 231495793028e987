import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// "Which word means …?" questions on the text's key terms, from WordNet's gloss of the sense the
/// sentence uses. Options are the answer and three words of the same part of speech and a similar
/// frequency band, in the tiers of `WordDistractorSource`; none related to the answer.
struct DefinitionQuestionMaker {
    let wordNet: WordNet
    let validator: QuestionValidator
    /// Where rejected candidates are recorded, for `lectern show --explain`.
    var log: CandidateLog? = nil

    /// Candidate questions, best (most salient, most specific term) first.
    func questions(from facts: WorksheetFacts, idPrefix: String) -> [MadeQuestion] {
        let terms = facts.vocabulary.textTerms.filter {
            (ClozeQuestionMaker.sentenceWords.lowerBound..<ClozeQuestionMaker.longSentenceWords).contains(Tokenizer.words(in: $0.sentence).count)
        }
        let ranked = terms.map { term -> (TextTerm, Double) in
            let senses = max(1, wordNet.senseCount(of: term.lemma, pos: term.pos))
            // Salience in the text, rarity in the language, a sense that is clearly the one meant.
            let score = Double(min(term.count, 4)) * 0.3 + 1.0 / Double(1 + term.band) + 0.6 / Double(senses)
                + Double(term.lemma.count) / 30
            return (term, score)
        }.sorted { ($0.1, $1.0.lemma) > ($1.1, $0.0.lemma) }
        return ranked.compactMap { term, score in
            makeQuestion(term, facts: facts, idPrefix: idPrefix).map {
                MadeQuestion(question: $0.0, sentenceIndex: term.sentenceIndex, answerKey: validator.normalise(term.lemma), score: score,
                             spareDistractors: $0.1)
            }
        }
    }

    /// A gloss without its leading domain label ("(astronomy) a relatively small ..."): WordNet's bookkeeping, not
    /// the meaning.
    static func withoutDomainLabel(_ gloss: String) -> String {
        guard gloss.hasPrefix("("), let close = gloss.firstIndex(of: ")") else { return gloss }
        return String(gloss[gloss.index(after: close)...]).trimmingCharacters(in: .whitespaces)
    }

    /// A gloss fit to be a stem: a few words, not naming the answer, a synonym or a morphological
    /// relative of it ("someone who visits" for "visitor"). A broader term may stay: a definition
    /// names the kind of thing ("ditch dug as a fortification" for "moat"), and the options are of that kind.
    func stemGloss(for term: TextTerm) -> String? {
        var gloss = term.sense.gloss.trimmingCharacters(in: .whitespacesAndNewlines)
        if let cut = gloss.range(of: " (") , gloss.hasSuffix(")") { gloss = String(gloss[..<cut.lowerBound]) }
        gloss = Self.withoutDomainLabel(gloss)
        let words = Tokenizer.words(in: gloss)
        guard (3...22).contains(words.count), !gloss.contains("\""), !gloss.contains("_") else { return nil }
        let family = wordFamily(of: term.lemma)
        for word in words where !word.isNumber {
            let lower = word.text.lowercased()
            if StopWords.english.contains(lower) { continue }
            if family.contains(lower) || wordNet.lemmas(of: lower).contains(where: { family.contains($0.lemma) }) { return nil }
        }
        return gloss
    }

    /// The lemma and its words ("carbon", "dioxide"), its synonyms in any sense, and the words WordNet
    /// derives from it or it from them.
    func wordFamily(of lemma: String) -> Set<String> {
        var family = Set([lemma] + lemma.split(separator: " ").map(String.init))
        for synset in wordNet.synsets(of: lemma) {
            family.formUnion(synset.words.map { $0.lowercased() })
            for pointer in synset.pointers where [.derivationallyRelated, .pertainym, .participle].contains(pointer.relation) {
                family.formUnion(wordNet.synset(pointer.target)?.words.map { $0.lowercased() } ?? [])
            }
        }
        return family
    }

    /// The question, and distractors that could stand in for its own (`MadeQuestion.spareDistractors`).
    private func makeQuestion(_ term: TextTerm, facts: WorksheetFacts, idPrefix: String) -> (MultipleChoiceQuestion, [(String, OptionOrigin)])? {
        // A definition is only as good as the sense: with several senses, the text must point to one.
        let subject = CandidateSubject.word(.definition, key: validator.normalise(term.lemma))
        guard term.isTaught, facts.vocabulary.senseIsDefinable(term) else {
            log?.reject("definition", subject, by: DefinitionRules.sureSense)
            return nil
        }
        guard let gloss = stemGloss(for: term) else {
            log?.reject("definition", subject, by: DefinitionRules.stemGloss)
            return nil
        }
        let stem = "Which \(term.lemma.contains(" ") ? "term" : "word") means “\(gloss)”?"
        let seed = "\(idPrefix)|definition|\(term.lemma)"
        let pool = WordDistractorSource(wordNet: wordNet)
            .candidates(answer: term.lemma, pos: term.pos, sense: term.sense, senseIsClear: term.senseIsClear(in: wordNet),
                        textTerms: facts.vocabulary.textTerms, textLemmas: facts.vocabulary.textLemmas,
                        topicNouns: facts.vocabulary.topicNouns, seed: seed)
        guard let chosen = DistractorChooser(wordNet: wordNet, validator: validator, coordinated: facts.vocabulary.coordinated)
            .choose(answer: term.lemma, stem: stem, pool: pool, checkRelations: true, spares: MadeQuestion.spareCount) else {
            log?.reject("definition", subject, by: DefinitionRules.threeOptions)
            return nil
        }
        let entries = ([(term.lemma, OptionOrigin.answer)] + chosen.prefix(3)).seededShuffle(seed: seed)
        let question = MultipleChoiceQuestion(
            id: "", kind: .definition, stem: stem, options: entries.map(\.0),
            answerIndex: entries.firstIndex { $0.1 == OptionOrigin.answer }!,
            explanation: "“\(term.lemma)” means \(gloss). The text says: “\(term.sentence)”",
            level: 2, optionOrigins: entries.map(\.1))
        let problems = validator.problems(question, sourceText: facts.sourceText)
        log?.reject("definition", subject, problems: problems)
        return problems.isEmpty ? (question, Array(chosen.dropFirst(3))) : nil
    }
}
