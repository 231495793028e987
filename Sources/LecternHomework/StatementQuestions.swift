import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// The homework quiz's statement questions: candidates on each sentence or clause of the page, and statements across
/// sentences. The changes that make a statement false are the type's own (`changes(of:vocabulary:)`).
extension StatementQuestionMaker {
    static let stem = "Which of these statements does the text support?"

    /// A whole sentence of the text may be shorter: "Lower numbered scripts are executed first." is one plain claim,
    /// and a page of short sentences has few others to ask about. A clause cut from a sentence keeps 8 words at least.
    static let sentenceStatementWords = 6...statementWords.upperBound

    /// A sentence longer than this reads better as one of its clauses: four options of 30 words are hard to compare.
    static let clauseFirstWords = 24

    /// Candidate questions, sentences offering more kinds of change first; statements cut from a sentence at a
    /// clause boundary (`StandaloneClauses`, answer key `statement|sentence|clause`) come before the whole
    /// sentence when it is long, after it otherwise.
    func questions(from facts: WorksheetFacts, idPrefix: String) -> [MadeQuestion] {
        var made: [(MadeQuestion, Int)] = []
        for (index, sentence) in facts.sentences.enumerated() {
            let wordCount = Tokenizer.words(in: sentence).count
            let clauseFirst = wordCount > Self.clauseFirstWords
            var statements: [(text: String, key: String)] = []
            if Self.sentenceStatementWords.contains(wordCount) { statements.append((sentence, "statement|\(index)")) }
            for (number, clause) in StandaloneClauses.cuts(of: sentence, words: Self.statementWords).enumerated() {
                statements.append((clause.prefix(1).uppercased() + clause.dropFirst(), "statement|\(index)|\(number)"))
            }
            if statements.isEmpty {
                log?.reject("statement", Self.subject(key: "statement|\(index)"), by: StatementRules.length, detail: "\(wordCount) words")
            }
            for statement in statements {
                let changes = self.changes(of: statement.text, vocabulary: facts.vocabulary)
                let kinds = Set(changes.map(\.origin)).count
                guard let question = makeQuestion(statement: statement.text, sentence: sentence, changes: changes, facts: facts,
                                                  seed: "\(idPrefix)|\(statement.key)", subject: Self.subject(key: statement.key))
                else { continue }
                let preferred = (statement.key == "statement|\(index)") != clauseFirst ? 1 : 0
                made.append((MadeQuestion(question: question, sentenceIndex: index, answerKey: statement.key, score: Double(kinds)),
                             kinds * 2 + preferred))
            }
        }
        return made.sorted { ($0.1, -$0.0.sentenceIndex, $1.0.answerKey) > ($1.1, -$1.0.sentenceIndex, $0.0.answerKey) }.map(\.0)
    }

    /// Each whole sentence's sure changes, negations first, for `acrossSentences`: alone, a change must make the
    /// sentence plainly false.
    /// So only a negation or a contradiction of the list above, in a plain main clause (`isPlainClaim`, `isSure`); a
    /// swapped term or name alone was the change reviewers struck most often ("block" for "tool"), a WordNet opposite
    /// often of another sense ("individual" for "common"), and a number after "more than" may still be true.
    func surestChanges(from facts: WorksheetFacts) -> [Int: [Change]] {
        var out: [Int: [Change]] = [:]
        for (index, sentence) in facts.sentences.enumerated() where Self.isPlainClaim(sentence) {
            let lowered = Tokenizer.words(in: sentence).map { $0.text.lowercased() }
            guard Self.sentenceStatementWords.contains(lowered.count) else { continue }
            let sure = changes(of: sentence, vocabulary: facts.vocabulary).filter { Self.isSure($0, lowered) }
            if !sure.isEmpty { out[index] = sure.filter { $0.origin == .negated } + sure.filter { $0.origin != .negated } }
        }
        return out
    }

    /// Words that open a sentence whose claim depends on the one before: "This usually means …", "(There are, of
    /// course, some exceptions.)".
    static let leaningOpeners: Set<String> = ["this", "that", "these", "those", "it", "they", "such", "he", "she", "so", "then", "thus",
                                              "therefore", "but"]

    /// A sentence that states something on its own: not opening with a pronoun or a word that leans on the sentence
    /// before, not in parentheses, not a question or an exclamation.
    static func isPlainClaim(_ sentence: String) -> Bool {
        let trimmed = sentence.trimmingCharacters(in: .whitespaces)
        guard let first = Tokenizer.words(in: trimmed).first?.text.lowercased(), !trimmed.hasPrefix("("),
              !trimmed.hasSuffix("?"), !trimmed.hasSuffix("!") else { return false }
        return !leaningOpeners.contains(first) && !clauseOpeners.contains(first)
    }

    /// Whether `change` alone makes the sentence (its words `lowered`) false: a negation or a listed contradiction in the
    /// main clause (no clause opener before it), not of "there is" (whose "not" needs a "no": "there are not a few"),
    /// not after "may", "might" or "could" (both may be true), not of "either … or", and not `readsTwisted`. "For more
    /// information" is no claim, and "before" or "after" only opening the sentence: "the comment before it" names a comment.
    static func isSure(_ change: Change, _ lowered: [String]) -> Bool {
        guard let position = change.position, change.origin == .negated || (change.origin == .antonym
            && contradictions[lowered[position]] != nil) else { return false }
        let before = lowered[..<position]
        if before.indices.contains(where: { opensClause(at: $0, lowered) }) || before.contains("either") { return false }
        if ["before", "after"].contains(lowered[position]), position > 1 { return false }
        // "first" or "last" of one noun ("capitalize the first word"), not inside a term ("last modification date").
        if ["first", "last"].contains(lowered[position]), position + 2 < lowered.count,
           !StopWords.english.contains(lowered[position + 2]) { return false }
        if lowered[position] == "more", position > 0, lowered[position - 1] == "for" { return false }
        if position > 0, ["there", "may", "might", "could"].contains(lowered[position - 1]) { return false }
        if position > 1, ["may", "might", "could"].contains(lowered[position - 2]) { return false }
        return !readsTwisted(after: position, lowered)
    }

    /// Whether every false statement has more negations than the true one: a student then picks the one without a
    /// "not" without reading the text (review of 2026-11-27, third session: 10 of 13 statements across sentences).
    static func negationGivesKeyAway(_ answer: String, _ falseOnes: [String]) -> Bool {
        func negations(_ text: String) -> Int {
            Tokenizer.words(in: text).filter {
                let word = $0.text.lowercased()
                return ["not", "no", "never", "cannot", "none", "nothing"].contains(word) || word.hasSuffix("n't")
            }.count
        }
        let keyNegations = negations(answer)
        return falseOnes.allSatisfy { negations($0) > keyNegations }
    }

    /// "Which of these statements does the text support?" when the text's sentences offer one change each, not three:
    /// sentence `answer` as written, and three other sentences (from `falseFrom`, in its order) changed once each.
    /// A student who read the text can tell each of them false; the explanation names each change and the sentence it
    /// was made in.
    func acrossSentences(answer: Int, falseFrom candidates: [Int], changes: [Int: [Change]], facts: WorksheetFacts,
                         idPrefix: String) -> (made: MadeQuestion, changed: [Int])? {
        let statement = facts.sentences[answer]
        guard Self.isPlainClaim(statement), Self.sentenceStatementWords.contains(Tokenizer.words(in: statement).count) else { return nil }
        let sources = candidates.filter { $0 != answer && changes[$0]?.isEmpty == false }
        guard sources.count >= 3 else { return nil }
        // Each source's first (surest) change; when that leaves the key the only option without an added "not", the
        // third is a change that adds none (an opposite, a "not" left out), of one of the first three sources or the next.
        var chosen = sources.prefix(3).map { (index: $0, change: changes[$0]![0]) }
        if Self.negationGivesKeyAway(statement, chosen.map(\.change.sentence)) {
            let addsNone = { (change: Change) in !Self.negationGivesKeyAway(statement, [change.sentence]) }
            let pairs = sources.flatMap { index in changes[index]!.map { (index: index, change: $0) } }
            guard let other = pairs.first(where: { pair in addsNone(pair.change) && !chosen.prefix(2).contains { $0.index == pair.index } })
            else { return nil }
            chosen[2] = other
        }
        guard !Self.negationGivesKeyAway(statement, chosen.map(\.change.sentence)) else { return nil }
        let key = "statement|\(answer)|across"
        let entries = ([(statement, OptionOrigin.answer)] + chosen.map { ($0.change.sentence, $0.change.origin) })
            .seededShuffle(seed: "\(idPrefix)|\(key)")
        let notes = chosen.sorted { $0.index < $1.index }
            .map { "\($0.change.note) in “\(facts.sentences[$0.index])”" }.joined(separator: "; ")
        let question = MultipleChoiceQuestion(
            id: "", kind: .statement, stem: Self.stem, options: entries.map(\.0),
            answerIndex: entries.firstIndex { $0.1 == OptionOrigin.answer }!,
            explanation: "The text says: “\(statement)” Each other statement changes one thing in another sentence: \(notes).",
            level: 2, optionOrigins: entries.map(\.1))
        guard validator.problems(question, sourceText: facts.sourceText).isEmpty else { return nil }
        return (MadeQuestion(question: question, sentenceIndex: answer, answerKey: key, score: 0), chosen.map(\.index))
    }

    /// How `--explain` names a statement by its answer key (`statement|SENTENCE`, `…|CLAUSE`, `…|across`).
    static func subject(key: String) -> String {
        let parts = key.split(separator: "|")
        let sentence = parts.count > 1 ? Int(parts[1]).map { "sentence \($0 + 1)" } ?? String(parts[1]) : key
        switch parts.count > 2 ? parts[2] : nil {
        case nil: return "statement of \(sentence) as written"
        case "across"?: return "statement of \(sentence) against three other sentences"
        case let clause?: return "statement of \(sentence), clause \((Int(clause) ?? 0) + 1)"
        }
    }

    private func makeQuestion(statement: String, sentence: String, changes: [Change], facts: WorksheetFacts,
                              seed: String, subject: String) -> MultipleChoiceQuestion? {
        // One change of each kind first, in the order of how surely each makes the statement false.
        let words = Tokenizer.words(in: statement).map { $0.text.lowercased() }
        var chosen: [Change] = []
        for origin in [OptionOrigin.changedNumber, OptionOrigin.negated, OptionOrigin.antonym, OptionOrigin.swappedName] {
            if let change = changes.first(where: { candidate in candidate.origin == origin && !chosen.contains { Self.sayTheSame($0, candidate, words: words) } }),
               chosen.count < 3 { chosen.append(change) }
        }
        // Each change told apart in the explanation: two "“is not” for “is”" at two places would read as one.
        for change in changes where chosen.count < 3 && !chosen.contains(where: {
            $0.sentence == change.sentence || $0.note == change.note || Self.sayTheSame($0, change, words: words)
        }) {
            chosen.append(change)
        }
        guard chosen.count == 3 else {
            log?.reject("statement", subject, by: StatementRules.threeChanges, detail: "\(chosen.count) change\(chosen.count == 1 ? "" : "s") told apart")
            return nil
        }
        guard !Self.negationGivesKeyAway(statement, chosen.map(\.sentence)) else {
            log?.reject("statement", subject, by: StatementRules.negationGivesKeyAway)
            return nil
        }
        let entries = ([(statement, OptionOrigin.answer, "")] + chosen.map { ($0.sentence, $0.origin, $0.note) }).seededShuffle(seed: seed)
        let notes = entries.filter { $0.1 != OptionOrigin.answer }.map(\.2).joined(separator: "; ")
        let question = MultipleChoiceQuestion(
            id: "", kind: .statement, stem: Self.stem, options: entries.map(\.0),
            answerIndex: entries.firstIndex { $0.1 == OptionOrigin.answer }!,
            explanation: "The other statements each change one thing: \(notes). The text says: “\(sentence)”",
            level: 2, optionOrigins: entries.map(\.1))
        let problems = validator.problems(question, sourceText: facts.sourceText)
        log?.reject("statement", subject, problems: problems)
        return problems.isEmpty ? question : nil
    }
}
