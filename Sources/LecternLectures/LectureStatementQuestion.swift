import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// "Which of these statements does “TITLE” support?": one of the topic's statements as written and three made false by
/// one change each (a negation, an opposite, another number, or a term or code name of the course swapped in). It
/// asks whether the lesson was understood, not which page a sentence is from, and serves any topic of real prose.
extension LectureQuestionMaker {
    /// The item on the first of the topic's statements (its main idea first, then its second point, then the rest in
    /// order) that three changes make false and that passes the validator.
    /// Only for real prose, and on its four most central statements at most: the changes ask WordNet about every word.
    func supportedStatementPoolQuestion(_ topic: TopicContext) -> PoolQuestion? {
        guard Self.isProse(topic) else { return nil }
        return statementPoolQuestion(topic, sentences: Self.statements(of: topic).prefix(4), aboutFormulas: false)
    }

    /// For a topic of prose with formulas: the same on a sentence that says what a formula of the lesson means or when it holds
    /// ("However, identity 3 is true when \(b\) is an integer."), changed outside its formulas and never in a number
    /// (another number may make a formula true as well).
    func formulaStatementPoolQuestion(_ topic: TopicContext) -> PoolQuestion? {
        guard topic.blocks.contains(where: { $0.type == .math }) || PlainText.contains(topic.sourceText, "\\("), Self.isProse(topic)
        else { return nil }
        return statementPoolQuestion(topic, sentences: Self.formulaStatements(of: topic).prefix(4), aboutFormulas: true)
    }

    private func statementPoolQuestion(_ topic: TopicContext, sentences: some Sequence<String>, aboutFormulas: Bool) -> PoolQuestion? {
        guard let wordNet, let validator else { return nil }
        guard let vocabulary = opposites else { return nil }
        let changer = StatementQuestionMaker(wordNet: wordNet, validator: validator)
        for sentence in sentences where Self.canBeNegated(sentence) && Self.isJudgeable(sentence, wordNet: wordNet) {
            var changes = changer.changes(of: sentence, vocabulary: vocabulary) + Self.doSupportDropped(in: sentence)
                + courseSwaps(in: sentence, topic: topic)
            if aboutFormulas {
                let insideFormulas = Self.formulaWordPlaces(sentence)
                changes.removeAll { $0.origin == .changedNumber || insideFormulas.contains(Self.place(of: $0, in: sentence)) }
            }
            if let item = statementItem(sentence, changes: changes, topic: topic, aboutFormulas: aboutFormulas,
                                        wordNet: wordNet, validator: validator) { return item }
        }
        return nil
    }

    /// Finished statements of the topic's prose with an inline formula, 8–45 words.
    static func formulaStatements(of topic: TopicContext) -> [String] {
        FactFinder.paragraphs(topic.blocks).flatMap { SentenceSplitter.split($0.plainText) }.filter { sentence in
            PlainText.contains(sentence, "\\(") && !FactFinder.isQuestion(sentence) && isFinishedStatement(sentence)
                && (8...45).contains(FactFinder.wordCount(sentence))
        }
    }

    /// The places (word indices, words split at spaces) of the words inside `\( … \)`.
    static func formulaWordPlaces(_ sentence: String) -> Set<Int> {
        var places = Set<Int>()
        var inside = false
        for (index, word) in sentence.split(separator: " ").enumerated() {
            if word.contains("\\(") { inside = true }
            if inside { places.insert(index) }
            if word.contains("\\)") { inside = false }
        }
        return places
    }

    /// Whether the surest change, a negation or a plain contradiction ("always" → "never"), has a word to work on: every
    /// item has one, and looking for the others asks WordNet about every word.
    static func canBeNegated(_ sentence: String) -> Bool {
        Tokenizer.words(in: sentence).contains {
            let lower = $0.text.lowercased()
            return StatementQuestionMaker.negatable.contains(lower) || StatementQuestionMaker.contradictions[lower] != nil
                || ["do", "does", "did"].contains(lower)
        }
    }

    /// A claim that one change makes plainly false: not advice ("See if you can think of …", opening with a verb) and
    /// not already negated by "neither", "none" or "nothing" ("Neither identity is not true" reads as a riddle).
    static func isJudgeable(_ sentence: String, wordNet: WordNet) -> Bool {
        let words = Tokenizer.words(in: sentence.lowercased()).map(\.text)
        guard let first = words.first, !words.contains(where: { ["neither", "nor", "none", "nothing", "nobody"].contains($0) }) else {
            return false
        }
        let senses = wordNet.lemmas(of: first)
        let mostFrequent = senses.max { wordNet.frequency(of: $0.lemma, pos: $0.pos) < wordNet.frequency(of: $1.lemma, pos: $1.pos) }
        return mostFrequent?.pos != .verb
    }

    /// Where a change starts: the number of words, split at spaces, it leaves alone at the sentence's start.
    static func place(of change: StatementQuestionMaker.Change, in sentence: String) -> Int {
        zip(sentence.split(separator: " "), change.sentence.split(separator: " ")).prefix { $0 == $1 }.count
    }

    /// Finished statements of the topic's prose that a student can judge on their own: 8–32 words, no formula.
    static func statements(of topic: TopicContext) -> [String] {
        var out = [topic.keySentence].compactMap { $0 } + topic.otherPoints
        for paragraph in FactFinder.paragraphs(topic.blocks) {
            out += SentenceSplitter.split(paragraph.plainText)
        }
        var seen = Set<String>()
        return out.filter { sentence in
            FactFinder.usable(sentence) && isFinishedStatement(sentence)
                && StatementQuestionMaker.statementWords.contains(FactFinder.wordCount(sentence))
                && seen.insert(sentence).inserted
        }
    }

    /// "does not support" made "does support": the negation of a verb that the quiz's changes leave alone.
    static func doSupportDropped(in sentence: String) -> [StatementQuestionMaker.Change] {
        for auxiliary in ["does", "do", "did", "Does", "Do", "Did"] {
            if let range = sentence.range(of: auxiliary + " not "), SentenceSearch.wholeWordRange(of: auxiliary, in: sentence) != nil,
               range.lowerBound == sentence.startIndex || sentence[sentence.index(before: range.lowerBound)] == " " {
                return [.init(sentence: sentence.replacingCharacters(in: range, with: auxiliary + " "), origin: .negated,
                              note: "“not” left out")]
            }
        }
        return []
    }

    /// A term or code name of this topic in `sentence` replaced by another of the course's of the same sort. Not in a
    /// negative sentence: "does not support Python code" stays true of Ruby.
    func courseSwaps(in sentence: String, topic: TopicContext) -> [StatementQuestionMaker.Change] {
        guard let validator else { return [] }
        let lower = sentence.lowercased()
        let negations: Set<String> = ["not", "no", "never", "without", "cannot", "nothing", "none"]
        guard !Tokenizer.words(in: lower).contains(where: { negations.contains($0.text) || $0.text.hasSuffix("n't") }) else {
            return []
        }
        var out: [StatementQuestionMaker.Change] = []
        for fact in factsByTopic[topic.id] ?? [] where fact.kind != .year && FactFinder.contains(sentence, fact.answer, kind: fact.kind) {
            let lowerAnswer = fact.answer.lowercased()
            let candidates = candidatesBySort[fact.sort] ?? []
            let order = Array(candidates.indices).seededShuffle(seed: "statement|" + topic.id + "|" + fact.answer)
            guard let other = order.lazy.map({ candidates[$0] }).first(where: {
                $0.fact.topicID != topic.id && !PlainText.contains(lower, $0.lower) && !PlainText.contains($0.lower, lowerAnswer)
                    && !PlainText.contains(lowerAnswer, $0.lower) && !validator.areRelated($0.lower, lowerAnswer)
            }), let range = SentenceSearch.wholeWordRange(of: fact.answer, in: sentence) else { continue }
            out.append(.init(sentence: sentence.replacingCharacters(in: range, with: other.fact.answer),
                             origin: fact.kind == .code ? .courseCode : .courseTerm,
                             note: "“\(other.fact.answer)” for “\(fact.answer)”"))
        }
        return out
    }

    /// "most useful" is a superlative: "few useful" is not English and "few" not its opposite.
    static func isSuperlativeSwap(_ words: [Substring], at place: Int, origin: OptionOrigin, wordNet: WordNet) -> Bool {
        guard origin == .antonym, words[place].lowercased() == "most", place + 1 < words.count else { return false }
        return wordNet.lemmas(of: words[place + 1].lowercased()).contains { $0.pos == .adjective || $0.pos == .adverb }
    }

    /// Three changes of different sorts first, surest first; the item when its options pass the validator.
    private func statementItem(_ sentence: String, changes: [StatementQuestionMaker.Change], topic: TopicContext,
                               aboutFormulas: Bool, wordNet: WordNet, validator: QuestionValidator) -> PoolQuestion? {
        var chosen: [StatementQuestionMaker.Change] = []
        var keys: Set<String> = [QuestionValidator.comparisonKey(sentence)]
        // Each change two words or more from the others: "is not relative" and "is absolute", "should not be able" and
        // "should be unable" say the same wrong thing.
        let words = sentence.split(separator: " ")
        var places: [Int] = []
        let surest: [OptionOrigin] = [.negated, .antonym, .changedNumber, .courseCode, .courseTerm]
        for pass in 0..<2 {
            for origin in surest {
                for change in changes where change.origin == origin && chosen.count < 3 {
                    let place = Self.place(of: change, in: sentence)
                    guard place < words.count, !places.contains(where: { abs($0 - place) < 2 }),
                          !Self.isSuperlativeSwap(words, at: place, origin: origin, wordNet: wordNet),
                          keys.insert(QuestionValidator.comparisonKey(change.sentence)).inserted else { continue }
                    chosen.append(change)
                    places.append(place)
                    if pass == 0 { break }
                }
            }
        }
        guard chosen.count == 3 else { return nil }
        let entries = ([(sentence, OptionOrigin.answer)] + chosen.map { ($0.sentence, $0.origin) })
            .seededShuffle(seed: "statement-order|" + topic.id)
        let options = entries.map(\.0)
        let answerIndex = entries.firstIndex { $0.1 == .answer }!
        let quote = "“\(topic.title)” says: “\(sentence)”"
        let explanation = quote + " The other statements each change one thing: " + chosen.map(\.note).joined(separator: "; ") + "."
        let question = MultipleChoiceQuestion(
            id: StableID.make(topic.id, aboutFormulas ? "formula-statement" : "statement"), kind: .statement,
            stem: aboutFormulas ? "Which of these statements about the formulas of “\(topic.title)” is right?"
                : "Which of these statements does “\(topic.title)” support?", options: options, answerIndex: answerIndex,
            explanation: explanation, level: 1, optionOrigins: entries.map(\.1))
        guard validator.problems(question, source: topic.titledSource).isEmpty else { return nil }
        let falseOne = chosen[0].sentence
        return PoolQuestion(id: StableID.make(topic.id, "pool", aboutFormulas ? "formula-statement" : "statement"), topicId: topic.id, renderings: [
            .init(level: 1, format: .multipleChoice, prompt: question.stem, options: options, answerIndex: answerIndex,
                  expectedAnswer: sentence, explanation: explanation),
            .init(level: 2, format: .freeText,
                  prompt: "This statement gets “\(topic.title)” wrong: “\(falseOne)” Correct it in one sentence.",
                  options: nil, answerIndex: nil, expectedAnswer: sentence, explanation: explanation),
        ] + Self.secondPointRenderings(topic, point: sentence, quote: quote).dropFirst())
    }
}
