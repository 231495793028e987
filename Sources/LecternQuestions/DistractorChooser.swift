import Foundation
import LecternModel
import LecternText

/// Picks three distractors from tiered candidates: distinct from the answer and each other (after
/// case-folding and lemmatising), not in the stem, (for words) not related to the answer or to
/// each other in WordNet, and at most one of a loose source (`OptionOrigin.isLoose`), spares included: a question
/// whose pool has no three otherwise is not asked (issue 27: fewer questions rather than absurd options).
package struct DistractorChooser {
    package let wordNet: WordNet
    package let validator: QuestionValidator
    /// `Vocabulary.coordinated`: words the text joins with the answer are no wrong options for it.
    package var coordinated = Set<String>()

    package init(wordNet: WordNet, validator: QuestionValidator, coordinated: Set<String> = Set<String>()) {
        self.wordNet = wordNet
        self.validator = validator
        self.coordinated = coordinated
    }

    /// Three distractors, then up to `spares` more that pass the same checks (against the answer and every one before
    /// them): a planner may swap one in for a distractor another question of the quiz already offers. Nil when fewer
    /// than three pass. `anyLoose`: loose options are not limited, for a question whose every option is one of the
    /// text's own themes (a main idea).
    package func choose(answer: String, stem: String, pool: [(String, OptionOrigin)], checkRelations: Bool,
                        spares: Int = 0, anyLoose: Bool = false) -> [(String, OptionOrigin)]? {
        let stemWords = Set(Tokenizer.words(in: stem).map { validator.normalise($0.text) })
        let answerKey = validator.normalise(answer)
        var chosen: [(String, OptionOrigin)] = []
        for (option, origin) in pool where chosen.count < 3 + spares && (anyLoose || !(origin.isLoose && chosen.contains { $0.1.isLoose })) {
            let key = validator.normalise(option)
            guard key != answerKey, !stemWords.contains(key), !chosen.contains(where: { validator.normalise($0.0) == key })
            else { continue }
            if checkRelations {
                if wordNet.areRelated(option.lowercased(), answer.lowercased()) { continue }
                if chosen.contains(where: { wordNet.areRelated($0.0.lowercased(), option.lowercased()) }) { continue }
                if isInterchangeable(option, answer) { continue }
            }
            chosen.append((option, origin))
        }
        return chosen.count >= 3 ? chosen : nil
    }
}

extension DistractorChooser {
    /// A word a student could defend in the answer's place: one the text joins with it ("files and folders"), one of
    /// its word family ("distributors" for "distributions": a shared stem of six letters or more), or, when both are
    /// people, another role ("developers" for "users": a text about software is about all of them).
    func isInterchangeable(_ option: String, _ answer: String) -> Bool {
        let a = option.lowercased(), b = answer.lowercased()
        let (lemmaA, lemmaB) = (wordNet.lemma(of: a) ?? a, wordNet.lemma(of: b) ?? b)
        if coordinated.contains(lemmaA + "|" + lemmaB) { return true }
        let shared = zip(lemmaA, lemmaB).prefix { $0 == $1 }.count
        if shared >= 6 { return true }
        func isPerson(_ lemma: String) -> Bool { wordNet.synsets(of: lemma, pos: .noun).first?.lexicalFile == "noun.person" }
        return isPerson(lemmaA) && isPerson(lemmaB)
    }
}
