import LecternModel

/// The benchmark's own check of a published homework bundle, written apart from the validator (issue 27): it reads
/// the bundle and nothing else, so a rule the validator gets wrong still shows here.
enum QuizGiveaways {
    /// Words at most on each side of a blank that make its context.
    static let contextWords = 3

    /// Clozes of `bundle` whose answer, with the words beside the blank on one side of it (up to three, as many as
    /// the stem has), another question prints in its stem or options: a student reads the answer there.
    static func givenAway(in bundle: HomeworkBundle) -> Int {
        let questions = bundle.quiz.questions
        return questions.indices.filter { index in
            let question = questions[index]
            guard question.kind.isCloze, question.options.indices.contains(question.answerIndex) else { return false }
            let stem = words(question.stem)
            guard let blank = stem.firstIndex(of: blankToken) else { return false }
            let answer = words(question.options[question.answerIndex])
            let before = Array(stem[max(0, blank - contextWords)..<blank])
            let after = Array(stem[(blank + 1)..<min(stem.count, blank + 1 + contextWords)])
            let phrases = [before.isEmpty ? nil : before + answer, after.isEmpty ? nil : answer + after].compactMap { $0 }
            return questions.indices.contains { other in
                other != index && ([questions[other].stem] + questions[other].options).contains { text in
                    let shown = words(text)
                    return phrases.contains { contains(shown, $0) }
                }
            }
        }.count
    }

    /// The length-fair number of questions for a page of `words` words (DESIGN.md), nil under 60 words.
    static func target(words: Int) -> Int? {
        words < 60 ? nil : min(10, max(3, words / 25))
    }

    static let blankToken = "_"

    /// Lower-case runs of letters and digits; a blank ("_____") is one token that matches no word.
    static func words(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { out.append(current) }
            current = ""
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if current == blankToken { flush() }
                current.append(character)
            } else if character == "_" {
                if current != blankToken { flush() }
                current = blankToken
            } else {
                flush()
            }
        }
        flush()
        return out
    }

    static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { words[$0..<($0 + phrase.count)].elementsEqual(phrase) }
    }
}
