import Foundation
import LecternModel
import LecternText

/// Fill-in-the-blank questions on a text's key facts: years, numbers, names and key terms.
/// Distractors are the same kind of thing as the answer; every question passes the validator or is dropped.
struct ClozeQuestionMaker {
    let wordNet: WordNet
    let validator: QuestionValidator

    func questions(from text: String, count: Int, idPrefix: String) -> [MultipleChoiceQuestion] {
        let sentences = SentenceSplitter.split(text)
        let vocabulary = Vocabulary(sentences: sentences, wordNet: wordNet)
        var candidates: [Candidate] = []
        for (index, sentence) in sentences.enumerated() {
            let tokens = Tokenizer.words(in: sentence)
            guard (6...45).contains(tokens.count) else { continue }
            candidates.append(contentsOf: vocabulary.candidates(in: tokens, sentence: sentence, index: index))
        }
        // Best fact of each sentence first; at most one question per sentence.
        candidates.sort { ($0.score, -$0.sentenceIndex) > ($1.score, -$1.sentenceIndex) }
        var usedSentences = Set<Int>()
        var usedAnswers = Set<String>()
        var made: [(Int, MultipleChoiceQuestion)] = []
        for candidate in candidates where made.count < count {
            guard !usedSentences.contains(candidate.sentenceIndex), !usedAnswers.contains(candidate.answer.lowercased()),
                  let question = makeQuestion(candidate, vocabulary: vocabulary, idPrefix: idPrefix, sourceText: text)
            else { continue }
            usedSentences.insert(candidate.sentenceIndex)
            usedAnswers.insert(candidate.answer.lowercased())
            made.append((candidate.sentenceIndex, question))
        }
        return made.sorted { $0.0 < $1.0 }.enumerated().map { position, pair in
            var question = pair.1
            question.id = "\(idPrefix)-q\(position + 1)"
            return question
        }
    }

    private func makeQuestion(_ candidate: Candidate, vocabulary: Vocabulary, idPrefix: String,
                              sourceText: String) -> MultipleChoiceQuestion? {
        guard let range = candidate.sentence.range(of: candidate.answer) else { return nil }
        let stem = candidate.sentence.replacingCharacters(in: range, with: "_____")
        let stemWords = Set(Tokenizer.words(in: stem).map { $0.text.lowercased() })
        let pool = vocabulary.distractors(for: candidate, wordNet: wordNet)
        var chosen: [(String, String)] = []
        for (option, origin) in pool where chosen.count < 3 {
            let lower = option.lowercased()
            guard !stemWords.contains(lower), lower != candidate.answer.lowercased(),
                  !chosen.contains(where: { validator.normalise($0.0) == validator.normalise(option) }),
                  validator.normalise(option) != validator.normalise(candidate.answer),
                  candidate.kind == .year || candidate.kind == .number || !wordNet.areRelated(lower, candidate.answer.lowercased())
            else { continue }
            chosen.append((option, origin))
        }
        guard chosen.count == 3 else { return nil }
        let seed = "\(idPrefix)|\(candidate.sentenceIndex)|\(candidate.answer)"
        let entries = ([(candidate.answer, "answer")] + chosen).seededShuffle(seed: seed)
        let question = MultipleChoiceQuestion(
            id: "", kind: "cloze-\(candidate.kind.rawValue)", stem: stem, options: entries.map(\.0),
            answerIndex: entries.firstIndex { $0.1 == "answer" }!,
            explanation: "The text says: “\(candidate.sentence)”",
            level: candidate.kind == .term ? 2 : 1, optionOrigins: entries.map(\.1))
        return validator.problems(question, sourceText: sourceText).isEmpty ? question : nil
    }
}

enum AnswerKind: String {
    case year, number, name, term
}

/// A possible blank: one fact of one sentence.
struct Candidate {
    var sentenceIndex: Int
    var sentence: String
    var answer: String
    var kind: AnswerKind
    var score: Double
}

/// What the text offers as answers and same-kind distractors.
struct Vocabulary {
    var years: [String] = []
    var numbers: [String] = []
    var names: [String] = []
    /// Nouns of the text, lemma -> count.
    var terms: [String: Int] = [:]
    let wordNet: WordNet

    init(sentences: [String], wordNet: WordNet) {
        self.wordNet = wordNet
        var seen = Set<String>()
        for sentence in sentences {
            for token in Tokenizer.words(in: sentence) {
                let lower = token.text.lowercased()
                if token.isNumber {
                    let list = Self.isYear(token.text) ? "y" : "n"
                    if seen.insert(list + token.text).inserted {
                        if list == "y" { years.append(token.text) } else { numbers.append(token.text) }
                    }
                } else if token.isCapitalized && !token.isSentenceInitial {
                    // Capitalised mid-sentence: a name ("Albany"), never a common-noun distractor.
                    if !wordNet.isKnown(lower), seen.insert("c" + token.text).inserted { names.append(token.text) }
                } else if !token.isCapitalized && isTerm(lower) {
                    terms[lower, default: 0] += 1
                }
            }
        }
    }

    static func isYear(_ text: String) -> Bool {
        guard text.count == 4, let value = Int(text) else { return false }
        return (1000...2100).contains(value)
    }

    /// A content noun in its base form, known to WordNet.
    func isTerm(_ word: String) -> Bool {
        guard word.count >= 4, !StopWords.english.contains(word), word.allSatisfy(\.isLetter) else { return false }
        return wordNet.lemmas(of: word).contains { $0.lemma == word && $0.pos == .noun }
    }

    func candidates(in tokens: [Token], sentence: String, index: Int) -> [Candidate] {
        var result: [Candidate] = []
        for token in tokens {
            let lower = token.text.lowercased()
            if token.isNumber {
                let year = Self.isYear(token.text)
                result.append(Candidate(sentenceIndex: index, sentence: sentence, answer: token.text,
                                        kind: year ? .year : .number, score: year ? 3.0 : 2.5))
            } else if token.isCapitalized && !token.isSentenceInitial && names.contains(token.text) && names.count >= 4 {
                result.append(Candidate(sentenceIndex: index, sentence: sentence, answer: token.text, kind: .name, score: 2.0))
            } else if let count = terms[lower], !token.isCapitalized || token.isSentenceInitial {
                // Salient (repeated in the text) and specific (few senses in the language) terms make the best blanks.
                let senses = max(1, wordNet.synsets(of: lower, pos: nil).count)
                let score = 1.0 + Double(min(count, 4)) * 0.25 + 1.0 / Double(senses) + Double(lower.count) / 20
                if !token.isSentenceInitial {
                    result.append(Candidate(sentenceIndex: index, sentence: sentence, answer: token.text, kind: .term, score: score))
                }
            }
        }
        return result
    }

    /// Same-kind distractors in tiers, each with its origin.
    func distractors(for candidate: Candidate, wordNet: WordNet) -> [(String, String)] {
        switch candidate.kind {
        case .year:
            let value = Int(candidate.answer)!
            let fromText = years.filter { $0 != candidate.answer }.map { ($0, "same-text-year") }
            let offsets = [-20, 10, -50, 30, -10, 50, 20].map { (String(value + $0), "nearby-year") }
            return fromText.prefix(1) + offsets.filter { Int($0.0)! <= 2100 }
        case .number:
            return numericNeighbours(candidate.answer).map { ($0, "nearby-number") }
        case .name:
            return names.filter { $0 != candidate.answer }.map { ($0, "same-text-name") }
        case .term:
            let answer = candidate.answer.lowercased()
            var pool: [(String, String)] = []
            // Sisters of the answer's sense in this sentence; common ones first, since a rare word gives itself away.
            if let sense = SenseChooser.best(wordNet.synsets(of: answer, pos: .noun), context: candidate.sentence) {
                let coordinates = wordNet.coordinateTerms(of: SynsetID(offset: sense.offset, pos: .noun))
                    .filter { $0.allSatisfy(\.isLetter) && $0.count >= 3 && $0 == $0.lowercased() && wordNet.frequency(of: $0, pos: .noun) > 0 }
                    .sorted { (wordNet.frequency(of: $1, pos: .noun), $0) < (wordNet.frequency(of: $0, pos: .noun), $1) }
                pool += coordinates.prefix(12).map { ($0, "wordnet-coordinate") }
            }
            // Terms of the same text with a similar salience, then any other noun of the text.
            let answerCount = terms[answer] ?? 1
            let sameText = terms.keys.filter { $0 != answer }.sorted {
                (abs((terms[$0] ?? 0) - answerCount), $0) < (abs((terms[$1] ?? 0) - answerCount), $1)
            }
            pool += sameText.map { ($0, "same-text-term") }
            return pool
        }
    }

    /// 12500 -> "12,500", independent of the machine's locale.
    static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// Plausible wrong numbers of the same shape (whole numbers stay whole, no negatives).
    func numericNeighbours(_ text: String) -> [String] {
        let digits = text.replacingOccurrences(of: ",", with: "")
        guard let value = Double(digits) else { return [] }
        let isWhole = !digits.contains(".")
        let factors = [2.0, 0.5, 1.5, 3.0, 0.75, 1.25, 4.0]
        return factors.compactMap { factor -> String? in
            let candidate = value * factor
            guard candidate > 0 else { return nil }
            if isWhole {
                let whole = Int(candidate.rounded())
                return whole == Int(value) ? nil : (text.contains(",") ? Self.grouped(whole) : String(whole))
            }
            return String(format: "%.\(digits.split(separator: ".").last?.count ?? 1)f", candidate)
        }
    }
}
