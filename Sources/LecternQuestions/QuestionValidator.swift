import Foundation
import LecternModel
import LecternText
import Synchronization

/// The one implementation of the quality rules (docs/QUIZ.md) for multiple-choice questions.
/// Builders run it on every question they make and drop what fails; tests use it too.
///
/// Rules for every question: 4 options, distinct after case-folding and lemmatising, none empty;
/// an answer index in range; no distractor that is a synonym, hypernym, hyponym or morphological
/// relative of the answer (`WordNet.areRelated`); no distractor in the stem and no answer in the
/// stem; options of the same kind as the answer (all years, all numbers, or words sharing a part
/// of speech); an explanation; with the source text: the answer is in it and a quotation in the
/// explanation is from it. For homework word questions (`cloze-term`, `definition`): distractors
/// in the answer's frequency band or the next one, and (with the source text) familiar to a student:
/// common words or words of the text (`FamiliarWord`).
public struct QuestionValidator: Sendable {
    package let wordNet: WordNet
    /// WordNet's lemmas by word, and `normalise` by text: the same options and stem words are looked up
    /// question after question.
    private let lemmaCache = WordMemo<[(lemma: String, pos: PartOfSpeech)]>()
    private let normalisedCache = WordMemo<String>()
    /// `wordNet.areRelated` answers remembered by pair, when the caller asks for it (a lecture's build).
    private let relatedness: RelatednessMemo?

    public init(wordNet: WordNet) {
        self.wordNet = wordNet
        self.relatedness = nil
    }

    /// A validator that remembers `areRelated` per pair in `relatedness`: for one course's build, which asks
    /// about the same pairs many times. Its answers are those of `init(wordNet:)`.
    package init(wordNet: WordNet, relatedness: RelatednessMemo) {
        self.wordNet = wordNet
        self.relatedness = relatedness
    }

    /// A source text in the forms the checks compare with, made once for every question checked against it.
    public struct Source: Sendable {
        package let lowercased: String
        package let collapsed: String
        /// `PlainText.isPlain` of each, found once: a topic's text is long and every question is checked against it.
        package let lowercasedIsPlain: Bool
        let collapsedIsPlain: Bool

        public init(_ text: String) {
            lowercased = text.lowercased()
            collapsed = CharacterCollapse.collapse(text)
            lowercasedIsPlain = PlainText.isPlain(lowercased)
            collapsedIsPlain = PlainText.isPlain(collapsed)
        }
    }

    /// Every rule the question breaks (`ValidatorRules`), in plain words; empty when it is fit to publish.
    public func problems(_ question: MultipleChoiceQuestion, sourceText: String? = nil) -> [QuestionProblem] {
        problems(question, source: sourceText.map(Source.init))
    }

    /// As `problems(_:sourceText:)`, with the source text prepared once.
    public func problems(_ question: MultipleChoiceQuestion, source: Source?) -> [QuestionProblem] {
        problems(question, source: source, stemWords: stemWords(question.stem))
    }

    /// As `problems(_:source:)`, for a caller that has the stem's words already (`stemWords(question.stem)`).
    package func problems(_ question: MultipleChoiceQuestion, source: Source?, stemWords: Set<String>) -> [QuestionProblem] {
        typealias Rules = ValidatorRules
        var problems: [QuestionProblem] = []
        if question.options.count != 4 { problems.append(.init(Rules.optionCount, "has \(question.options.count) options, not 4")) }
        guard question.options.indices.contains(question.answerIndex) else {
            return problems + [.init(Rules.answerIndex, "answer index \(question.answerIndex) is out of range")]
        }
        let normalised = question.options.map(normalise)
        if Set(normalised).count != normalised.count {
            problems.append(.init(Rules.distinctOptions, "options are not distinct after case-folding and lemmatising"))
        }
        let plainKeys = question.options.map(Self.comparisonKey)
        if Set(plainKeys).count != plainKeys.count {
            problems.append(.init(Rules.distinctOptions, "two options are the same without markup, TeX delimiters and punctuation"))
        }
        if question.options.contains(where: Self.isBlank) { problems.append(.init(Rules.emptyOption, "an option is empty")) }
        let answer = question.options[question.answerIndex]
        let lowerAnswer = answer.lowercased()
        for (index, option) in question.options.enumerated() where index != question.answerIndex {
            if areRelated(option.lowercased(), lowerAnswer) {
                problems.append(.init(Rules.relatedDistractor, "distractor '\(option)' is a synonym or close relative of the answer '\(answer)'"))
            }
            if stemWords.contains(normalised[index]) { problems.append(.init(Rules.distractorInStem, "distractor '\(option)' appears in the stem")) }
        }
        if Self.answerIsInStem(normalised[question.answerIndex], answer: answer, stemWords: stemWords) {
            problems.append(.init(Rules.answerInStem, "the answer '\(answer)' appears in the stem"))
        }
        if let kind = kindProblem(question.options, answer: answer) { problems.append(.init(Rules.optionKind, kind)) }
        if question.kind == .clozeTerm || question.kind == .definition {
            problems += bandProblems(question.options, answer: answer).map { .init(Rules.frequencyBand, $0) }
        }
        if question.explanation.isEmpty { problems.append(.init(Rules.explanation, "has no explanation")) }
        if let source {
            // A sentence answer may run over a line break of the page; a meaning (vocabulary in context) is
            // supported by the sentence its explanation quotes, checked below.
            if question.kind != .vocabularyInContext, !PlainText.contains(source.lowercased, plain: source.lowercasedIsPlain, lowerAnswer),
               !(answer.contains(" ") && PlainText.contains(source.collapsed, plain: source.collapsedIsPlain, CharacterCollapse.collapse(answer))) {
                problems.append(.init(Rules.answerInSource, "the answer '\(answer)' is not supported by the source text"))
            }
            if question.kind == .clozeTerm || question.kind == .definition {
                problems += unfamiliarDistractors(question, source: source).map {
                    .init(Rules.familiarDistractor, "distractor '\($0)' is neither a common word nor a word of the text")
                }
            }
            for quote in Self.quotations(in: question.explanation)
            where !PlainText.contains(source.collapsed, plain: source.collapsedIsPlain, CharacterCollapse.collapse(quote)) {
                if quote.split(separator: " ").count >= 4 {
                    problems.append(.init(Rules.quotedSource, "the explanation quotes text that is not in the source"))
                }
            }
        }
        return problems
    }

    /// The stem's words, normalised: no option may be one of them. `known`: words of the rest of the stem.
    package func stemWords(_ stem: String, joining known: Set<String> = []) -> Set<String> {
        var words = known
        for token in Tokenizer.words(in: stem) { words.insert(normalise(token.text)) }
        return words
    }

    /// A one-word answer the stem gives away (`normalisedAnswer` is `normalise(answer)`).
    package static func answerIsInStem(_ normalisedAnswer: String, answer: String, stemWords: Set<String>) -> Bool {
        !answer.utf8.contains(0x20) && stemWords.contains(normalisedAnswer)
    }

    /// An option's words as a learner compares them: case-folded letters and digits only, so that markup, TeX
    /// delimiters (`$`, `\\(`) and punctuation do not make two options different.
    public static func comparisonKey(_ text: String) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        func keep(_ bytes: some Sequence<UInt8>) {
            if pendingSpace && !key.isEmpty { key.append(0x20) }
            pendingSpace = false
            key.append(contentsOf: bytes)
        }
        for scalar in text.unicodeScalars {
            // ASCII answered from the byte: options are mostly ASCII, and Unicode properties are slow to look up.
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                switch byte {
                case 0x61...0x7A, 0x30...0x39: keep(CollectionOfOne(byte))
                case 0x41...0x5A: keep(CollectionOfOne(byte + 0x20))
                default: pendingSpace = true
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                keep(scalar.properties.lowercaseMapping.utf8)
            } else {
                pendingSpace = true
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// Case-folded, and reduced to its lemma when WordNet knows the word.
    package func normalise(_ text: String) -> String {
        normalisedCache.value(for: text) { text in
            let lower = PlainText.trimmed(text.lowercased())
            return lemmas(of: lower).first?.lemma ?? lower
        }
    }

    /// `wordNet.areRelated(a, b)`, remembered when the validator has a memo.
    package func areRelated(_ a: String, _ b: String) -> Bool {
        guard let relatedness else { return wordNet.areRelated(a, b) }
        let pair = RelatednessMemo.Pair(a: a, b: b)
        if let known = relatedness.entries.withLock({ $0[pair] }) { return known }
        let related = wordNet.areRelated(a, b)
        relatedness.entries.withLock { $0[pair] = related }
        return related
    }

    /// `wordNet.lemmas(of:)`, remembered.
    package func lemmas(of word: String) -> [(lemma: String, pos: PartOfSpeech)] {
        lemmaCache.value(for: word, wordNet.lemmas(of:))
    }

    /// A year answer needs year options, a number answer number options, a word answer words that
    /// share a part of speech with it (when WordNet knows them all).
    func kindProblem(_ options: [String], answer: String) -> String? {
        func isNumber(_ s: String) -> Bool { s.allSatisfy { $0.isNumber || $0 == "," || $0 == "." } && s.contains { $0.isNumber } }
        // Only four ASCII digits can be a year: the byte count rules out the rest without counting characters.
        func isYear(_ s: String) -> Bool { s.utf8.count == 4 && Int(s).map { (1000...2100).contains($0) } == true }
        if isYear(answer) {
            return options.allSatisfy(isYear) ? nil : "a year answer needs year options"
        }
        if isNumber(answer) {
            return options.allSatisfy(isNumber) ? nil : "a number answer needs number options"
        }
        if options.contains(where: isNumber) { return "a word answer has a number option" }
        let posSets = options.map { Set(lemmas(of: $0.lowercased()).map(\.pos)) }
        guard posSets.allSatisfy({ !$0.isEmpty }) else { return nil }
        let shared = posSets.dropFirst().reduce(posSets[0]) { $0.intersection($1) }
        return shared.isEmpty ? "the options do not share a part of speech" : nil
    }

    /// Word distractors must be about as common as the answer (SemCor frequency band ±1).
    package func bandProblems(_ options: [String], answer: String) -> [String] {
        guard let pos = lemmas(of: answer.lowercased()).first?.pos else { return [] }
        let answerLemma = normalise(answer)
        let band = FrequencyBand.of(answerLemma, pos: pos, in: wordNet)
        return options.filter { $0 != answer }.compactMap { option in
            let other = FrequencyBand.of(normalise(option), pos: pos, in: wordNet)
            return FrequencyBand.similar(band, other) ? nil
                : "distractor '\(option)' is much \(other > band ? "more" : "less") common than the answer '\(answer)'"
        }
    }

    /// One-word distractors a student may never have met: rare in the language and not in the source text.
    public func unfamiliarDistractors(_ question: MultipleChoiceQuestion, source: Source) -> [String] {
        question.options.enumerated().compactMap { index, option in
            guard index != question.answerIndex, !option.contains(" "), !option.contains(where: \.isNumber),
                  !FamiliarWord.isCommon(option), !PlainText.contains(source.lowercased, plain: source.lowercasedIsPlain, option.lowercased())
            else { return nil }
            return option
        }
    }

    /// Empty after trimming `.whitespaces`; an ASCII byte other than space or tab settles it without Foundation.
    static func isBlank(_ option: String) -> Bool {
        if option.utf8.contains(where: { $0 < 0x80 && $0 != 0x20 && $0 != 0x09 }) { return false }
        return option.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// Text between “ and ” quotation marks.
    static func quotations(in text: String) -> [String] {
        if PlainText.isPlain(text) { return plainQuotations(in: text) }
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "“") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "”") else { break }
            out.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return out
    }
}

/// Answers of a pure function of a word, remembered; shared by copies of a validator (a `Mutex` cannot be copied).
final class WordMemo<Value: Sendable>: Sendable {
    private let entries = Mutex<[String: Value]>([:])

    /// The remembered answer for `word`, or `compute(word)`, remembered (computed outside the lock).
    func value(for word: String, _ compute: (String) -> Value) -> Value {
        if let known = entries.withLock({ $0[word] }) { return known }
        let value = compute(word)
        entries.withLock { $0[word] = value }
        return value
    }
}

/// `WordNet.areRelated` answers by ordered pair (the relation is not assumed symmetric), for one lecture build.
package final class RelatednessMemo: Sendable {
    struct Pair: Hashable, Sendable {
        var a: String
        var b: String
    }
    let entries = Mutex<[Pair: Bool]>([:])

    package init() {}
}

extension QuestionValidator {
    /// `quotations(in:)` on UTF-8 bytes, for plain text (where “ and ” are whole characters).
    private static func plainQuotations(in text: String) -> [String] {
        let open: [UInt8] = [0xE2, 0x80, 0x9C], close: [UInt8] = [0xE2, 0x80, 0x9D]
        let bytes = Array(text.utf8)
        func find(_ mark: [UInt8], from start: Int) -> Int? {
            guard bytes.count >= mark.count, start <= bytes.count - mark.count else { return nil }
            return (start...(bytes.count - mark.count)).first { bytes[$0] == mark[0] && bytes[$0 + 1] == mark[1] && bytes[$0 + 2] == mark[2] }
        }
        var out: [String] = []
        var position = 0
        while let opening = find(open, from: position) {
            guard let closing = find(close, from: opening + 3) else { break }
            out.append(String(decoding: bytes[(opening + 3)..<closing], as: UTF8.self))
            position = closing + 3
        }
        return out
    }
}

package enum CharacterCollapse {
    /// Lower case, runs of whitespace as one space: OCR line breaks do not matter.
    package static func collapse(_ text: String) -> String {
        PlainText.lowercasedCollapsingSpaces(text)
    }
}
