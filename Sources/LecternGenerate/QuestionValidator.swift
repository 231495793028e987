import Foundation
import LecternModel
import LecternText

/// The one implementation of DESIGN.md's quality rules for multiple-choice questions.
/// Builders run it on every question they make and drop what fails; tests use it too.
public struct QuestionValidator: Sendable {
    let wordNet: WordNet

    public init(wordNet: WordNet) {
        self.wordNet = wordNet
    }

    /// Every rule the question breaks, in plain words; empty when it is fit to publish.
    public func problems(_ question: MultipleChoiceQuestion, sourceText: String? = nil) -> [String] {
        var problems: [String] = []
        if question.options.count != 4 { problems.append("has \(question.options.count) options, not 4") }
        guard question.options.indices.contains(question.answerIndex) else {
            return problems + ["answer index \(question.answerIndex) is out of range"]
        }
        let normalised = question.options.map(normalise)
        if Set(normalised).count != normalised.count { problems.append("options are not distinct after case-folding and lemmatising") }
        if question.options.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) { problems.append("an option is empty") }
        let answer = question.options[question.answerIndex]
        let stemWords = Set(Tokenizer.words(in: question.stem).map { normalise($0.text) })
        for (index, option) in question.options.enumerated() where index != question.answerIndex {
            if wordNet.areRelated(option.lowercased(), answer.lowercased()) {
                problems.append("distractor '\(option)' is a synonym or close relative of the answer '\(answer)'")
            }
            if stemWords.contains(normalise(option)) { problems.append("distractor '\(option)' appears in the stem") }
        }
        if question.explanation.isEmpty { problems.append("has no explanation") }
        if let sourceText, !sourceText.lowercased().contains(answer.lowercased()) {
            problems.append("the answer '\(answer)' is not supported by the source text")
        }
        return problems
    }

    /// Case-folded, and reduced to its lemma when WordNet knows the word.
    func normalise(_ text: String) -> String {
        let lower = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        return wordNet.lemmas(of: lower).first?.lemma ?? lower
    }
}
