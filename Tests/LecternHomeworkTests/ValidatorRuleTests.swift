import Foundation
import Testing
import LecternModel
@testable import LecternQuestions

/// The validator's rules (`ValidatorRules`, docs/QUIZ.md), which every question of every product keeps.
@Suite struct ValidatorTests {
    let validator = QuestionValidator(wordNet: wordNet)

    func question(_ options: [String], answer: Int = 0, stem: String = "The _____ was parked outside.",
                  kind: QuestionKind = .clozeTerm) -> MultipleChoiceQuestion {
        MultipleChoiceQuestion(id: "q", kind: kind, stem: stem, options: options, answerIndex: answer,
                               explanation: "The text says so.", level: 1, optionOrigins: options.map { _ in .teacher })
    }

    @Test func acceptsAGoodQuestion() {
        #expect(validator.problems(question(["car", "banana", "violin", "cloud"], kind: .lectureTerm), sourceText: "The car was parked outside.").isEmpty)
    }

    @Test func rejectsSynonymHypernymHyponymAndRelative() {
        #expect(!validator.problems(question(["car", "automobile", "violin", "cloud"], kind: .lectureTerm)).isEmpty)
        #expect(!validator.problems(question(["dog", "animal", "violin", "cloud"], kind: .lectureTerm)).isEmpty)
        #expect(!validator.problems(question(["animal", "dog", "violin", "cloud"], kind: .lectureTerm)).isEmpty)
        #expect(!validator.problems(question(["teacher", "teach", "violin", "cloud"], kind: .lectureTerm)).isEmpty)
    }

    @Test func rejectsOptionsEqualAfterLemmatising() {
        #expect(!validator.problems(question(["car", "cars", "violin", "cloud"])).isEmpty)
    }

    @Test func rejectsDistractorOrAnswerInStem() {
        #expect(!validator.problems(question(["car", "bus", "tram", "truck"], stem: "The _____ was parked by the bus stop.")).isEmpty)
        #expect(!validator.problems(question(["car", "bus", "tram", "truck"], stem: "The _____ was a red car.")).isEmpty)
    }

    @Test func rejectsWrongOptionCountAndBadIndex() {
        #expect(!validator.problems(question(["car", "banana", "violin"])).isEmpty)
        #expect(!validator.problems(question(["car", "banana", "violin", "cloud"], answer: 4)).isEmpty)
    }

    @Test func rejectsAnswerNotInSourceAndMisquotes() {
        #expect(!validator.problems(question(["car", "bus", "tram", "truck"]), sourceText: "A bus stopped.").isEmpty)
        var q = question(["car", "bus", "tram", "truck"])
        q.explanation = "The text says: “The car was parked outside the station.”"
        #expect(!validator.problems(q, sourceText: "The car was parked outside.").isEmpty)
    }

    @Test func rejectsOptionsOfAnotherKind() {
        #expect(!validator.problems(question(["1492", "1500", "7", "1520"], stem: "He sailed in _____."), sourceText: "1492").isEmpty)
        #expect(!validator.problems(question(["12", "car", "15", "20"], stem: "It had _____ arches.")).isEmpty)
    }

    @Test func rejectsWordDistractorsOutOfTheFrequencyBand() {
        // "condensation" is rare in SemCor; "man" is among the most common nouns.
        #expect(!validator.problems(question(["condensation", "man", "evaporation", "sublimation"],
                                             stem: "This change is called _____.")).isEmpty)
    }
}
