import LecternModel
import LecternQuestions

/// The homework quiz's rules, one table per question kind, with the validator's (`ValidatorRules`) and the quiz's
/// integrity rules (`PlannerRules`): docs/QUIZ.md's catalogue lists each ID, and `lectern show ITEM --explain`
/// names the one that rejected each candidate.
public enum QuizRules {
    public static let catalogue: [(family: String, rules: [QuizRule])] = [
        ("cloze", ClozeRules.all), ("statement", StatementRules.all), ("definition", DefinitionRules.all),
        ("vocabulary-in-context", VocabularyRules.all), ("main-idea", MainIdeaRules.all), ("quiz", PlannerRules.all),
        ("validator", ValidatorRules.all),
    ]
}

/// How `--explain` names a candidate, the same from the maker that rejects it and the planner that weighs it.
enum CandidateSubject {
    /// A blank: its kind, answer and sentence ("cloze-term “scripts” in sentence 3").
    static func blank(_ kind: QuestionKind, answer: String, sentenceIndex: Int) -> String {
        "\(kind.rawValue) “\(answer)” in sentence \(sentenceIndex + 1)"
    }

    /// A word's question by its answer key ("definition “web browser”").
    static func word(_ kind: QuestionKind, key: String) -> String {
        "\(kind.rawValue) “\(key)”"
    }
}

/// Where a cloze may blank a word (`ClozeQuestionMaker.placeRules` runs the place rules in this order).
enum ClozeRules {
    static let sentenceLength = QuizRule("cloze.sentence-length", "a blanked sentence has 6–90 words")
    static let leansOnNeighbours = QuizRule("cloze.leans-on-neighbours",
                                            "no blank in a short sentence that opens with a pronoun, is an aside or names its thing as 'them'")
    static let threeBlanksPerSentence = QuizRule("cloze.three-per-sentence", "a sentence offers at most three blanks, each on another answer")
    static let partOfAddress = QuizRule("cloze.part-of-address", "no blank inside an address, path, reference or compound written as one")
    static let insideQuotation = QuizRule("cloze.inside-quotation", "no blank inside a quotation of several words")
    static let setPhrase = QuizRule("cloze.set-phrase", "no blank on the bare noun of a set phrase ('by default', 'in the event')")
    static let documentPart = QuizRule("cloze.document-part", "no blank on a reference word ('section 4', 'this paragraph')")
    static let givenAsExample = QuizRule("cloze.given-as-example", "no blank on an example in brackets ('(e.g. gzip)')")
    static let countOfOne = QuizRule("cloze.count-of-one", "no blank on a count of one, which its singular noun tells")
    static let numberBesideNumber = QuizRule("cloze.number-beside-number",
                                             "no number blank that a number within 5 words gives ('depth 1, then depth _____', '363 miles, or _____ km')")
    static let answerInView = QuizRule("cloze.answer-in-view", "the stem does not write the answer in another case")
    static let threeOptions = QuizRule("cloze.three-options",
                                       "three distractors of the answer's kind that fit its slot, at most one of a loose source")

    static let all = [sentenceLength, leansOnNeighbours, threeBlanksPerSentence, partOfAddress, insideQuotation, setPhrase,
                      documentPart, givenAsExample, countOfOne, numberBesideNumber, answerInView, threeOptions]
}

enum StatementRules {
    static let length = QuizRule("statement.length", "a statement has 6–32 words (a clause cut from a sentence 8–32)")
    static let threeChanges = QuizRule("statement.three-changes",
                                       "three changes that each make the statement false, told apart in the explanation")
    static let negationGivesKeyAway = QuizRule("statement.negation-gives-key-away",
                                               "the key is not the only option without an added negation")
    static let plainClaim = QuizRule("statement.plain-claim",
                                     "across sentences: the statement is a plain claim that stands alone (no question, no leaning opener)")
    static let threeOtherSentences = QuizRule("statement.three-other-sentences",
                                              "across sentences: three other sentences, unused by the quiz, each with a sure change")

    static let all = [length, threeChanges, negationGivesKeyAway, plainClaim, threeOtherSentences]
}

enum DefinitionRules {
    static let sureSense = QuizRule("definition.sure-sense", "a definition is asked only of a taught term whose sense is sure")
    static let stemGloss = QuizRule("definition.stem-gloss",
                                    "the gloss has 3–22 words and names neither the answer nor its word family")
    static let threeOptions = QuizRule("definition.three-options", "three distractors of the answer's kind, at most one of a loose source")

    static let all = [sureSense, stemGloss, threeOptions]
}

enum VocabularyRules {
    static let sentenceLength = QuizRule("vocabulary.sentence-length", "the word's sentence has 6–40 words; one-word terms only")
    static let clearSense = QuizRule("vocabulary.clear-sense",
                                     "the sentence clearly picks one sense (overlap ≥ 1.5 and twice any other's) and it is the sure sense")
    static let shortGloss = QuizRule("vocabulary.short-gloss", "the meant sense's gloss has 2–14 words in its first clause")
    static let threeOtherKinds = QuizRule("vocabulary.three-other-kinds", "three glosses of senses of other lexicographer files")

    static let all = [sentenceLength, clearSense, shortGloss, threeOtherKinds]
}

enum MainIdeaRules {
    static let topic = QuizRule("main-idea.topic",
                                "a paragraph (or text) has a topic: a noun named in its opening sentence and in half its sentences, more than any other")
    static let threeThemes = QuizRule("main-idea.three-themes",
                                      "three wrong options that are themes the paragraph never names: other paragraphs' topics, terms of its kind")

    static let all = [topic, threeThemes]
}

/// The quiz as a whole (`QuizPlanner`, `QuizIntegrity`).
enum PlannerRules {
    static let teacherRejected = QuizRule("quiz.teacher-rejected", "the teacher rejected the question (lectern-reviews.yml)")
    static let full = QuizRule("quiz.full", "the quiz has its length-fair number of questions")
    static let numericClozes = QuizRule("quiz.numeric-clozes", "at most 4 number and year clozes in a quiz")
    static let sentenceUsed = QuizRule("quiz.sentence-used", "each sentence serves one question")
    static let answerAsked = QuizRule("quiz.answer-asked", "no answer is asked twice")
    static let sentenceShownTwice = QuizRule("quiz.sentence-shown-twice",
                                             "no sentence is shown by two questions, whole or by a run of 6 of its words")
    static let answerGivenAway = QuizRule("quiz.answer-given-away", "no question prints another question's answer where it gives it away")
    static let optionRepeated = QuizRule("quiz.option-repeated", "no option is offered by two questions (when no spare can take its place)")

    static let all = [teacherRejected, full, numericClozes, sentenceUsed, answerAsked, sentenceShownTwice, answerGivenAway, optionRepeated]

    /// What the candidate broke, without the in-progress quiz's question numbers.
    static func detail(of problem: QuizProblem) -> String {
        switch problem {
        case let .sentenceShownTwice(sentence, _, _): "another question shows “\(sentence)”"
        case let .answerGivenAway(answer, _, _): "'\(answer)' would be printed where it gives an answer away"
        case let .optionRepeated(option, _, _): "another question offers '\(option)'"
        }
    }

    static func rule(of problem: QuizProblem) -> QuizRule {
        switch problem {
        case .sentenceShownTwice: sentenceShownTwice
        case .answerGivenAway: answerGivenAway
        case .optionRepeated: optionRepeated
        }
    }
}
