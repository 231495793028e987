import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// "What is the second paragraph mainly about?": the thing a paragraph keeps coming back to. The answer is the
/// term named in its opening sentence and in at least half of its sentences (at least two), more than any other; the
/// wrong options are terms of the text's other paragraphs that this paragraph never names, so exactly one
/// option is what it is about. No question when a paragraph has no such term: a sentence picked as "central"
/// was often a detail (CHANGELOG.md, "How the quiz rules came to be": "Tried and dropped"), and a word named in passing is no main idea.
struct MainIdeaQuestionMaker {
    let wordNet: WordNet
    let validator: QuestionValidator
    /// Where rejected candidates are recorded, for `lectern show --explain`.
    var log: CandidateLog? = nil

    /// A paragraph's term and how it is written there most often ("scripts").
    struct Topic {
        var lemma: String
        var surface: String
        /// Sentences of the paragraph that name it.
        var naming: Int
    }

    func questions(from facts: WorksheetFacts, idPrefix: String) -> [MadeQuestion] {
        let lemmasOfSentences = facts.sentences.map { Set(facts.vocabulary.nouns(in: Tokenizer.words(in: $0)).map(\.lemma)) }
        return paragraphQuestions(from: facts, lemmasOfSentences: lemmasOfSentences, idPrefix: idPrefix)
            + [wholeTextQuestion(from: facts, lemmasOfSentences: lemmasOfSentences, idPrefix: idPrefix)].compactMap { $0 }
    }

    /// One question per paragraph that has a topic; its wrong options are terms of the text's other paragraphs that it
    /// never names.
    func paragraphQuestions(from facts: WorksheetFacts, lemmasOfSentences: [Set<String>], idPrefix: String) -> [MadeQuestion] {
        // The other options must come from another paragraph: a text of one paragraph gets none.
        guard facts.paragraphs.filter({ !$0.isEmpty }).count >= 2, facts.paragraphs.count <= SentenceSearch.ordinals.count else { return [] }
        let lemmasOfParagraph = facts.paragraphs.map { $0.map { lemmasOfSentences[$0] } }
        let topics = facts.paragraphs.indices.map {
            topic(of: facts.paragraphs[$0], facts: facts, lemmasOfSentences: lemmasOfParagraph[$0])
        }
        var made: [MadeQuestion] = []
        for (number, topic) in topics.enumerated() {
            guard let topic, facts.paragraphs[number].count >= Self.paragraphSentences else {
                if !facts.paragraphs[number].isEmpty {
                    log?.reject("main-idea", Self.subject(paragraph: number), by: MainIdeaRules.topic)
                }
                continue
            }
            let here = lemmasOfParagraph[number].reduce(Set<String>()) { $0.union($1) }
            let paragraphText = facts.paragraphs[number].map { facts.sentences[$0] }.joined(separator: " ").lowercased()
            // Terms this paragraph never names: the other paragraphs' topics first, then the text's most named terms.
            let absent = facts.vocabulary.textTerms.filter {
                !$0.lemma.contains(" ") && !here.contains($0.lemma) && isMostlyNoun($0.lemma)
                    && SentenceSearch.wholeWordRange(of: $0.lemma, in: paragraphText) == nil
            }
            let otherTopics = Set(topics.compactMap { $0?.lemma })
            // Content terms only: another paragraph's topic, or a word the text teaches that is not of everyday language
            // (SemCor band ≤ 3). Everyday nouns named often ("cases", "example", "numbers") are how the text talks, not
            // what it is about: a student can rule them out without reading it.
            let content = absent.filter { otherTopics.contains($0.lemma) || ($0.isTaught && $0.band <= 3) }
            let ranked = content.sorted { (otherTopics.contains($0.lemma) ? 1 : 0, $0.count, $1.lemma) > (otherTopics.contains($1.lemma) ? 1 : 0, $1.count, $0.lemma) }
            let sentences = facts.paragraphs[number].map { facts.sentences[$0] }
            let answer = topic.surface.lowercased()
            if let question = makeQuestion(
                topic: topic, wrong: ranked, otherTopics: otherTopics, withSisters: true, facts: facts, subject: Self.subject(paragraph: number),
                stem: "What is the \(SentenceSearch.ordinals[number]) paragraph of the text mainly about?",
                explanation: "The paragraph names \(answer) in \(topic.naming) of its \(sentences.count) sentences and none of the other "
                    + "options. It begins: “\(sentences[0])”", seed: "\(idPrefix)|main-idea|\(number)") {
                made.append(MadeQuestion(question: question, sentenceIndex: facts.paragraphs[number][0],
                                         answerKey: validator.normalise(topic.lemma), score: Double(topic.naming) / Double(sentences.count)))
            }
        }
        return made
    }

    /// Sentences a paragraph needs for a question about it: "names X in 2 of its 2 sentences" was as often a word
    /// the paragraph uses in passing (review of 2026-11-27, third session).
    static let paragraphSentences = 3

    /// "What is the text mainly about?": the term the whole text names in at least half of its sentences (three at
    /// least, the first among them, more than any other term); the wrong options are content terms it names in one
    /// sentence only: details a reader meets once, not what the text keeps coming back to.
    func wholeTextQuestion(from facts: WorksheetFacts, lemmasOfSentences: [Set<String>], idPrefix: String) -> MadeQuestion? {
        let all = Array(facts.sentences.indices)
        guard all.count >= 4, let topic = topic(of: all, facts: facts, lemmasOfSentences: lemmasOfSentences), topic.naming >= 3
        else {
            log?.reject("main-idea", Self.subject(paragraph: nil), by: MainIdeaRules.topic)
            return nil
        }
        var naming: [String: Int] = [:]
        for lemmas in lemmasOfSentences { for lemma in lemmas { naming[lemma, default: 0] += 1 } }
        let details = facts.vocabulary.textTerms.filter {
            naming[$0.lemma] == 1 && !$0.lemma.contains(" ") && $0.isTaught && $0.band <= 3 && isMostlyNoun($0.lemma)
        }
        let answer = topic.surface.lowercased()
        guard let question = makeQuestion(
            topic: topic, wrong: details, otherTopics: [], withSisters: false, facts: facts, subject: Self.subject(paragraph: nil),
            stem: Self.wholeTextStem,
            explanation: "The text names \(answer) in \(topic.naming) of its \(all.count) sentences, and each other option in one. "
                + "It begins: “\(facts.sentences[0])”", seed: "\(idPrefix)|main-idea|text") else { return nil }
        return MadeQuestion(question: question, sentenceIndex: 0, answerKey: validator.normalise(topic.lemma),
                            score: Double(topic.naming) / Double(all.count))
    }

    /// The question with the topic as written and three themes of its kind in its number, each a form a student has met
    /// (common, or written so in the text): a rare term put in the plural ("demonstrations" for a text's one
    /// "demonstration") is neither. Themes of its kind, best first: `otherTopics` (other paragraphs' topics) among the
    /// `wrong` terms, those of one specific kind with the answer (`WordDistractorSource.isOfKind`), `withSisters` its
    /// WordNet sisters of the text's topic (for a paragraph: it names none, the text does not write them; the whole
    /// text's explanation says each other option is named once), then the text's other terms. A main idea asks which of
    /// the text's themes a paragraph is about, so the text's own terms are options of the right kind, not loose ones:
    /// with at most one of them the question was no longer asked at all, and before the one-loose rule 8 of 11 main
    /// ideas were kept in a blind review (docs/reviews/2026-11-27-quiz-review-distractors.md).
    static let wholeTextStem = "What is the text mainly about?"

    /// How `--explain` names a main idea: of paragraph `paragraph` (0-based), or of the whole text.
    static func subject(paragraph: Int?) -> String {
        paragraph.map { "main idea of paragraph \($0 + 1)" } ?? "main idea of the text"
    }

    private func makeQuestion(topic: Topic, wrong: [TextTerm], otherTopics: Set<String>, withSisters: Bool, facts: WorksheetFacts,
                              subject: String, stem: String, explanation: String, seed: String) -> MultipleChoiceQuestion? {
        guard let form = NounForm(of: topic.surface.lowercased(), lemma: topic.lemma) else { return nil }
        let written = facts.sourceText.lowercased()
        let source = WordDistractorSource(wordNet: wordNet)
        let sense = facts.vocabulary.terms[topic.lemma]?.sense
        let isOfKind = { (lemma: String) in sense.map { source.isOfKind(lemma, $0) } ?? false }
        let themes = wrong.filter { otherTopics.contains($0.lemma) }.map { ($0.lemma, OptionOrigin.otherParagraphTopic) }
            + wrong.filter { !otherTopics.contains($0.lemma) && isOfKind($0.lemma) }.map { ($0.lemma, OptionOrigin.sameTextKind) }
        let sisters = !withSisters ? [] : sense.map {
            source.sisters(of: $0, answer: topic.lemma, pos: .noun, textLemmas: facts.vocabulary.textLemmas, onTopicOnly: true)
        } ?? []
        let others = wrong.filter { !otherTopics.contains($0.lemma) && !isOfKind($0.lemma) }.map { ($0.lemma, OptionOrigin.sameTextTerm) }
        let pool = (themes + sisters + others).compactMap { lemma, origin in form.apply(to: lemma, wordNet: wordNet).map { ($0, origin) } }
            .filter { FamiliarWord.isCommon($0.0) || SentenceSearch.wholeWordRange(of: $0.0, in: written) != nil }
        let answer = topic.surface.lowercased()
        guard let chosen = DistractorChooser(wordNet: wordNet, validator: validator, coordinated: facts.vocabulary.coordinated)
            .choose(answer: answer, stem: stem, pool: pool, checkRelations: true, anyLoose: true) else {
            log?.reject("main-idea", subject, by: MainIdeaRules.threeThemes, detail: "about “\(answer)”")
            return nil
        }
        let entries = ([(answer, OptionOrigin.answer)] + chosen).seededShuffle(seed: seed)
        let question = MultipleChoiceQuestion(
            id: "", kind: .mainIdea, stem: stem, options: entries.map(\.0),
            answerIndex: entries.firstIndex { $0.1 == OptionOrigin.answer }!,
            explanation: explanation, level: 2, optionOrigins: entries.map(\.1))
        let problems = validator.problems(question, sourceText: facts.sourceText)
        log?.reject("main-idea", subject, problems: problems)
        return problems.isEmpty ? question : nil
    }

    /// The term named in the most of `sentences` (indices into `facts.sentences`, whose nouns' lemmas are
    /// `lemmasOfSentences`), when that is at least two and half of them, the opening one among them, and no other term
    /// is named as widely.
    func topic(of sentences: [Int], facts: WorksheetFacts, lemmasOfSentences: [Set<String>]) -> Topic? {
        var spread: [String: Int] = [:]
        for lemmas in lemmasOfSentences {
            for lemma in lemmas where !lemma.contains(" ") { spread[lemma, default: 0] += 1 }
        }
        let ranked = spread.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        // What the text teaches ("fact" in "in fact" is no topic), and a noun there.
        // Named in the opening sentence too, where a paragraph states its topic: "walls", named in the last two
        // sentences of a paragraph on a castle hall's uses, is a detail.
        guard let best = ranked.first, best.value >= 2, best.value * 2 >= lemmasOfSentences.count,
              ranked.count < 2 || ranked[1].value < best.value, lemmasOfSentences[0].contains(best.key),
              facts.vocabulary.terms[best.key]?.isTaught == true, isMostlyNoun(best.key),
              // "this section", "section 4": how the text points at itself, not what it is about.
              !Vocabulary.referenceWords.contains(best.key) else { return nil }
        // Written as the paragraph writes it most often: "scripts", not "script", when it speaks of them all; and
        // once at least after an article or the like ("the scripts"): "covers that bracket the Document" is a verb.
        var forms: [String: Int] = [:]
        var afterDeterminer = false
        let determiners = WordClasses.nounPhraseOpeners.subtracting(["that"])
        for index in sentences {
            let tokens = Tokenizer.words(in: facts.sentences[index])
            for (position, token) in tokens.enumerated() where position > 0 && determiners.contains(tokens[position - 1].text.lowercased()) {
                if facts.vocabulary.nouns(in: [token]).first?.lemma == best.key { afterDeterminer = true }
            }
            for noun in facts.vocabulary.nouns(in: tokens) where noun.lemma == best.key {
                forms[noun.surface.lowercased(), default: 0] += 1
            }
        }
        guard afterDeterminer, let surface = forms.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).first?.key else { return nil }
        return Topic(lemma: best.key, surface: surface, naming: best.value)
    }

    /// A word used as a noun at least as often as otherwise in the language: not "proprietary" or "default".
    func isMostlyNoun(_ lemma: String) -> Bool {
        let noun = wordNet.frequency(of: lemma, pos: .noun)
        return noun > 0 && noun * 2 >= wordNet.frequency(of: lemma)
    }
}
