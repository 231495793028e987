import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// Fill-in-the-blank questions on a text's key facts: years, numbers, names and key terms.
/// Distractors are the same kind of thing as the answer; every question passes the validator or is dropped.
struct ClozeQuestionMaker {
    let wordNet: WordNet
    let validator: QuestionValidator
    /// Where rejected candidates are recorded, for `lectern show --explain`.
    var log: CandidateLog? = nil

    /// Sentences a question may be made from, in words: real prose (manifestos, licences) runs past 45, and a licence's
    /// clause past 60 (`longSentenceWords`: such a blank is a long read, asked only when a quiz is short without it).
    static let sentenceWords = 6...90
    static let longSentenceWords = 61

    /// The best questions of each sentence (up to three, each on another answer), best first; the planner
    /// decides how many blanks a sentence may take. `elsewhere`: the same answers blanked in their other sentences:
    /// on a short page a term named in several sentences ("manufacturers") is best asked where no other question
    /// needs the sentence, and the planner asks each answer once.
    func questions(from facts: WorksheetFacts, idPrefix: String) -> (best: [MadeQuestion], elsewhere: [MadeQuestion]) {
        var candidates: [(candidate: Candidate, short: Int)] = []
        for (index, sentence) in facts.sentences.enumerated() {
            let tokens = Tokenizer.words(in: sentence)
            guard Self.sentenceWords.contains(tokens.count) else {
                log?.reject("cloze", "sentence \(index + 1)", by: ClozeRules.sentenceLength, detail: "\(tokens.count) words")
                continue
            }
            guard !Self.leansOnItsNeighbours(sentence, tokens) else {
                log?.reject("cloze", "sentence \(index + 1)", by: ClozeRules.leansOnNeighbours)
                continue
            }
            let short = tokens.count < Self.longSentenceWords ? 1 : 0
            candidates += facts.vocabulary.candidates(in: tokens, sentence: sentence, index: index).map { ($0, short) }
        }
        // An answer's best blank is in a sentence of ordinary length when it has one.
        let ranked = candidates.sorted {
            ($0.short, $0.candidate.score, -$0.candidate.sentenceIndex, $0.candidate.answer)
                > ($1.short, $1.candidate.score, -$1.candidate.sentenceIndex, $1.candidate.answer)
        }.map(\.candidate)
        var blanksOfSentence: [Int: Int] = [:]
        var usedAnswers = Set<String>()
        var blanked = Set<String>()
        var made: [MadeQuestion] = []
        var alternatives: [MadeQuestion] = []
        for asAlternative in [false, true] {
            for candidate in ranked {
                let key = validator.normalise(candidate.answer)
                guard usedAnswers.contains(key) == asAlternative, !blanked.contains("\(candidate.sentenceIndex)|\(key)") else { continue }
                guard blanksOfSentence[candidate.sentenceIndex, default: 0] < 3 else {
                    log?.reject("cloze", Self.subject(candidate), by: ClozeRules.threeBlanksPerSentence)
                    continue
                }
                guard let (question, spares) = makeQuestion(candidate, facts: facts, idPrefix: idPrefix) else { continue }
                blanksOfSentence[candidate.sentenceIndex, default: 0] += 1
                usedAnswers.insert(key)
                blanked.insert("\(candidate.sentenceIndex)|\(key)")
                let blank = MadeQuestion(question: question, sentenceIndex: candidate.sentenceIndex, answerKey: key, score: candidate.score,
                                         spareDistractors: spares)
                if asAlternative { alternatives.append(blank) } else { made.append(blank) }
            }
        }
        return (made, alternatives)
    }

    /// Whether the text itself writes `word` in the blank's slot: before the words that follow the blank, or after
    /// those before it, up to the first content word on that side ("_____ ID of the file" when the text also says
    /// "group ID of the file"; "distribute _____ of the software" and "versions of the software"). Such a word is a
    /// second defensible answer, not a distractor.
    static func textFillsSameSlot(with word: String, blankedIn stem: String, text: String) -> Bool {
        guard let blank = stem.range(of: "_____") else { return false }
        func words(_ part: Substring) -> [String] { Tokenizer.words(in: String(part)).map { $0.text.lowercased() } }
        let before = words(stem[..<blank.lowerBound]), after = words(stem[blank.upperBound...])
        func upToContent(_ tokens: [String]) -> [String] {
            var out: [String] = []
            for token in tokens.prefix(3) {
                out.append(token)
                if !StopWords.english.contains(token) { return out }
            }
            return []
        }
        let right = upToContent(after), left = Array(upToContent(before.reversed()).reversed())
        let textWords = words(Substring(text))
        let target = words(Substring(word))
        guard !target.isEmpty else { return false }
        for start in textWords.indices where textWords[start...].starts(with: target) {
            let end = start + target.count
            if !right.isEmpty, textWords[end...].starts(with: right) { return true }
            if !left.isEmpty, start >= left.count, Array(textWords[(start - left.count)..<start]) == left { return true }
        }
        return false
    }

    /// A blank's place: the candidate, and where its answer stands in its sentence.
    struct BlankPlace {
        let candidate: Candidate
        let range: Range<String.Index>
        var sentence: String { candidate.sentence }
    }

    /// Where a blank may not be, in the order they are checked (`ClozeRules`).
    static let placeRules: [(rule: QuizRule, breaks: @Sendable (BlankPlace) -> Bool)] = [
        (ClozeRules.partOfAddress, { SentenceSearch.isPartOfAddress($0.range, in: $0.sentence) }),
        (ClozeRules.insideQuotation, { isInsideQuotation($0.range, in: $0.sentence) }),
        (ClozeRules.setPhrase, { place in place.candidate.term.map { isSetPhrase(place.range, in: place.sentence, term: $0) } ?? false }),
        (ClozeRules.documentPart, { place in place.candidate.term.map { namesDocumentPart(place.range, in: place.sentence, term: $0) } ?? false }),
        (ClozeRules.givenAsExample, { isGivenAsExample($0.range, in: $0.sentence) }),
        // "over _____ year": a count of one is told by its singular noun, and every other option breaks the grammar.
        (ClozeRules.countOfOne, { $0.candidate.kind == .number && $0.candidate.answer == "1" }),
        (ClozeRules.numberBesideNumber, { isComputedFromANumberBeside($0) }),
    ]

    /// Words that join two numbers so that one gives the other: a sequence ("depth 1, then depth _____"), another
    /// unit or an alternative ("363 miles, or _____ kilometres", "based on _____ or 4.3BSD").
    static let numberJoiners: Set<String> = ["or", "then", "next"]

    /// Whether a number blank is given by a number within 5 words that a joiner, a bracket or a slash ties to it
    /// ("_____% (4/5)"); "1,700 metres wide and _____ metres high" is two facts.
    static func isComputedFromANumberBeside(_ place: BlankPlace) -> Bool {
        guard place.candidate.kind == .number else { return false }
        let before = Array(Tokenizer.words(in: String(place.sentence[..<place.range.lowerBound])).suffix(5))
        let after = Array(Tokenizer.words(in: String(place.sentence[place.range.upperBound...])).prefix(5))
        let between: [Token]
        if let last = before.lastIndex(where: \.isNumber) {
            between = Array(before[(last + 1)...])
        } else if let first = after.firstIndex(where: \.isNumber) {
            between = Array(after[..<first])
        } else {
            return false
        }
        if between.contains(where: { numberJoiners.contains($0.text.lowercased()) }) { return true }
        let right = place.sentence[place.range.upperBound...].prefix(4), left = place.sentence[..<place.range.lowerBound].suffix(4)
        return (after.first?.isNumber == true || between.isEmpty) && (right + left).contains { $0 == "(" || $0 == "/" }
    }

    /// How `--explain` names a candidate: its kind, answer and sentence.
    static func subject(_ candidate: Candidate) -> String {
        CandidateSubject.blank(candidate.kind.questionKind, answer: candidate.answer, sentenceIndex: candidate.sentenceIndex)
    }

    /// The question, and distractors that could stand in for its own (`MadeQuestion.spareDistractors`).
    private func makeQuestion(_ candidate: Candidate, facts: WorksheetFacts, idPrefix: String)
        -> (MultipleChoiceQuestion, [(String, OptionOrigin)])? {
        guard let range = SentenceSearch.wholeWordRange(of: candidate.answer, in: candidate.sentence) else { return nil }
        let place = BlankPlace(candidate: candidate, range: range)
        if let broken = Self.placeRules.first(where: { $0.breaks(place) }) {
            log?.reject("cloze", Self.subject(candidate), by: broken.rule)
            return nil
        }
        let stem = candidate.sentence.replacingCharacters(in: range, with: "_____")
        if Self.leavesAnswerInView(candidate.answer, stem: stem) {
            log?.reject("cloze", Self.subject(candidate), by: ClozeRules.answerInView)
            return nil
        }
        let seed = "\(idPrefix)|\(candidate.sentenceIndex)|\(candidate.answer)"
        var pool = facts.vocabulary.distractors(for: candidate, seed: seed)
        if let term = candidate.term, let form = NounForm(of: candidate.answer, lemma: term.lemma) {
            // Distractors take the answer's number and capital letter: "_____ made castles less useful" needs "Cannons", not "cannon".
            pool = pool.compactMap { word, origin in form.apply(to: word, wordNet: wordNet).map { ($0, origin) } }
        }
        if candidate.kind == .term || candidate.kind == .adjective {
            // As written: "distributor" passes where the text writes "Linux distributors", its plural does not.
            pool = pool.filter { !Self.textFillsSameSlot(with: $0.0, blankedIn: stem, text: facts.sourceText) }
        }
        if candidate.kind == .adjective {
            let frame = facts.vocabulary.slotFrame(of: candidate.answer, in: candidate.sentence)
            pool = pool.filter { $0.1 == .antonym || facts.vocabulary.isWritten($0.0.lowercased(), in: frame) }
        }
        // "an _____": an option that needs the other article is ruled out by grammar alone, or gives the answer away.
        let article = Tokenizer.words(in: String(stem[..<stem.range(of: "_____")!.lowerBound])).last?.text.lowercased()
        if article == "a" || article == "an" {
            pool = pool.filter { StatementQuestionMaker.startsWithVowel($0.0) == (article == "an") }
        }
        guard let chosen = DistractorChooser(wordNet: wordNet, validator: validator, coordinated: facts.vocabulary.coordinated)
            .choose(answer: candidate.answer, stem: stem, pool: pool, checkRelations: candidate.kind == .term || candidate.kind == .adjective,
                    spares: MadeQuestion.spareCount)
        else {
            log?.reject("cloze", Self.subject(candidate), by: ClozeRules.threeOptions)
            return nil
        }
        let entries = ([(candidate.answer, OptionOrigin.answer)] + chosen.prefix(3)).seededShuffle(seed: seed)
        let question = MultipleChoiceQuestion(
            id: "", kind: candidate.kind.questionKind, stem: stem, options: entries.map(\.0),
            answerIndex: entries.firstIndex { $0.1 == OptionOrigin.answer }!,
            explanation: "The text says: “\(candidate.sentence)”",
            level: candidate.kind == .term || candidate.kind == .adjective ? 2 : 1, optionOrigins: entries.map(\.1))
        let problems = validator.problems(question, sourceText: facts.sourceText)
        log?.reject("cloze", Self.subject(candidate), problems: problems)
        return problems.isEmpty ? (question, Array(chosen.dropFirst(3))) : nil
    }

    /// Whether the noun at `range` is the bare noun of a set phrase: after a preposition (and at most a possessive),
    /// with no article, singular, and followed by punctuation or another preposition ("In addition,", "by default",
    /// "in conjunction with", "at your option,", "at no charge.", "into possession of"); "no" and the noun before
    /// "to" ("there is no need to"); a listed phrase of "the" (`setPhrases`). The phrase, not the text, decides it.
    static func isSetPhrase(_ range: Range<String.Index>, in sentence: String, term: TextTerm) -> Bool {
        // The word as blanked here: the term's surface is how the text first writes it ("package", where this
        // sentence has "a group of packages, all of which").
        let word = sentence[range].lowercased()
        var before = Tokenizer.words(in: String(sentence[..<range.lowerBound])).map { $0.text.lowercased() }
        let after = Tokenizer.words(in: String(sentence[range.upperBound...].prefix(40))).prefix(2).map { $0.text.lowercased() }
        if Self.setPhrases.contains((before.suffix(2) + [word]).joined(separator: " "))
            || Self.setPhrases.contains(([word] + after).joined(separator: " ")) { return true }
        guard word == term.lemma else { return false }
        let rest = sentence[range.upperBound...]
        let next = Tokenizer.words(in: String(rest.prefix(12))).first?.text.lowercased()
        // "there is no need to", "make no attempt to".
        if before.last == "no", next == "to" { return true }
        // "at your option", "at no charge".
        if let last = before.last, WordClasses.possessives.contains(last) || last == "no" { before.removeLast() }
        guard let preposition = before.last, phrasePrepositions.contains(preposition) else { return false }
        if let mark = rest.first, ",.;:)".contains(mark) { return true }
        return next.map(phrasePrepositions.contains) ?? true
    }

    /// "section 11", "subsection 6b": the word of a reference, not a term of the text. Also the text pointing at
    /// itself ("as stated in the previous sentence", "this section", "the following paragraph"), and the noun a
    /// reference hangs on ("under the terms of section 4").
    static func namesDocumentPart(_ range: Range<String.Index>, in sentence: String, term: TextTerm) -> Bool {
        let word = sentence[range].lowercased()
        let after = sentence[range.upperBound...].drop { $0 == " " || $0 == "\u{a0}" }
        if Vocabulary.referenceWords.contains(word), after.first?.isNumber == true { return true }
        let before = Tokenizer.words(in: String(sentence[..<range.lowerBound])).suffix(2).map { $0.text.lowercased() }
        if Vocabulary.referenceWords.union(["sentence", "sentences", "document"]).contains(word),
           let pointer = before.last, ["this", "these", "previous", "preceding", "following", "next", "above"].contains(pointer) {
            return true
        }
        let reference = after.lowercased().split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true).prefix(3)
        return reference.count == 3 && reference[0] == "of" && Vocabulary.referenceWords.contains(String(reference[1]))
            && reference[2].first?.isNumber == true
    }

    /// Phrases of "the" whose noun carries no fact of the text ("to the extent permitted by law", "or the equivalent").
    static let setPhrases: Set<String> = ["to the extent", "or the equivalent", "in the event", "in the case", "for the purpose",
                                          "for the purposes", "in the form", "at the time", "as a result", "in the end",
                                          "on the contrary", "in the meantime", "for the sake", "terms and conditions",
                                          "in other respects"]

    static let phrasePrepositions: Set<String> = ["in", "into", "by", "on", "at", "for", "under", "with", "without", "of", "to", "from"]

    /// Whether `range` lies inside a quotation of several words (a section title, an example string: "how does Debian
    /// support _____?”"): the quotation's words are the quoted text's, not the facts of this one. A quoted single
    /// term ('To "convey" a work') is asked about outside its quotes.
    static func isInsideQuotation(_ range: Range<String.Index>, in sentence: String) -> Bool {
        guard let mark = SentenceSearch.openQuotationMark(before: range, in: sentence), let open = sentence[..<range.lowerBound].lastIndex(of: mark)
        else { return false }
        let rest = sentence[range.upperBound...]
        let close = rest.firstIndex(of: mark == "“" ? "”" : "\"") ?? sentence.endIndex
        let others = Tokenizer.words(in: String(sentence[sentence.index(after: open)..<range.lowerBound])).count
            + Tokenizer.words(in: String(sentence[range.upperBound..<close])).count
        return others >= 1
    }

    /// A short sentence that says little without the one before: it opens with a pronoun ("This is a huge _____ compared
    /// to Windows", "It should only strip the _____ that are installed"; not "This bug affects …"), is an aside in
    /// brackets ("(There are, of course, some exceptions.)") or names its thing only as "them" ("_____ should avoid
    /// them whenever possible"). A blank there has no fact around it to recall.
    static func leansOnItsNeighbours(_ sentence: String, _ tokens: [Token]) -> Bool {
        guard tokens.count < 10 else { return false }
        let lowered = tokens.map { $0.text.lowercased() }
        let opensWithPronoun = ["it", "they", "such"].contains(lowered[0])
            || (["this", "these", "that", "those"].contains(lowered[0]) && lowered.count > 1 && StopWords.english.contains(lowered[1]))
        return opensWithPronoun || sentence.hasPrefix("(") || lowered.contains("them")
    }

    /// A word given as an example in brackets, "(for example root)", "(e.g. gzip)": one instance the text picked, not a
    /// fact of it.
    static func isGivenAsExample(_ range: Range<String.Index>, in sentence: String) -> Bool {
        let before = sentence[..<range.lowerBound]
        guard let open = before.lastIndex(of: "("), !before[open...].contains(")") else { return false }
        let inside = before[before.index(after: open)...].lowercased()
        return ["for example", "e.g.", "for instance", "such as", "like"].contains { inside.hasPrefix($0) }
            && Tokenizer.words(in: String(inside)).count <= 3
    }

    /// Whether the stem still writes the answer in another case (a quoted, capitalised "Title Page" for "title page"):
    /// it gives the blank away.
    static func leavesAnswerInView(_ answer: String, stem: String) -> Bool {
        SentenceSearch.wholeWordRange(of: answer.lowercased(), in: stem.lowercased()) != nil
    }
}

/// A question with what the planner needs to pick and order questions.
struct MadeQuestion {
    var question: MultipleChoiceQuestion
    var sentenceIndex: Int
    /// The answer, normalised: no two questions of one quiz share it.
    var answerKey: String
    var score: Double
    /// Distractors that passed the maker's checks after the question's own three, best first: the planner swaps one
    /// in for a distractor another question of the quiz already offers (no option twice in a quiz).
    var spareDistractors: [(String, OptionOrigin)] = []

    /// Spare distractors a maker keeps.
    static let spareCount = 20

    /// The question with each distractor whose key is in `replaced` replaced by the first spare whose key is neither
    /// in `avoided` nor an option already; nil when the spares run out.
    func replacingDistractors(_ replaced: Set<String>, avoiding avoided: Set<String>, key: (String) -> String) -> MadeQuestion? {
        var copy = self
        var spares = spareDistractors[...]
        for index in question.options.indices where index != question.answerIndex && replaced.contains(key(question.options[index])) {
            let taken = Set(copy.question.options.map(key))
            guard let next = spares.firstIndex(where: { !avoided.contains(key($0.0)) && !taken.contains(key($0.0)) }) else { return nil }
            copy.question.options[index] = spares[next].0
            copy.question.optionOrigins[index] = spares[next].1
            spares = spares[(next + 1)...]
        }
        copy.spareDistractors = Array(spares)
        return copy
    }
}
