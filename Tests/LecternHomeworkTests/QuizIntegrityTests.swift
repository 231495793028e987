import Foundation
import Testing
import LecternModel
import LecternText
@testable import LecternHomework
@testable import LecternQuestions

private func question(_ kind: QuestionKind, _ stem: String, _ options: [String], answer: Int, explanation: String = "") -> MultipleChoiceQuestion {
    MultipleChoiceQuestion(id: "", kind: kind, stem: stem, options: options, answerIndex: answer, explanation: explanation, level: 1,
                           optionOrigins: options.indices.map { $0 == answer ? .answer : .sameTextTerm })
}

/// Issue 27's integrity rules (docs/QUIZ.md, "Integrity"): one sentence, one question; no question gives another's
/// answer away; no option twice in a quiz. On debian-faq-13 (boot scripts) and the other dev pages of the fixtures.
@Suite struct QuizIntegrityTests {
    /// "Specifically, before entering any runlevel, all the scripts beginning with 'K' are run; these scripts kill
    /// services." blanked twice, as the planner's sharing pass used to: each stem shows the other's answer beside its
    /// blank's words, and both show the sentence.
    @Test func twoBlanksInOneSentenceShowTheSentenceTwiceAndEachOthersAnswer() throws {
        let text = try realPage("debian-faq-13")
        let runlevel = question(.clozeTerm, "Specifically, before entering any _____, all the scripts beginning with 'K' are run; these scripts kill services.",
                                ["runlevel", "header", "link", "directory"], answer: 0)
        let services = question(.clozeTerm, "Specifically, before entering any runlevel, all the scripts beginning with 'K' are run; these scripts kill _____.",
                                ["services", "numbers", "names", "files"], answer: 0)
        let problems = validator.quizProblems([runlevel, services], sourceText: text)
        #expect(problems.contains {
            if case .sentenceShownTwice(let sentence, 0, 1) = $0 { sentence.hasPrefix("Specifically, before entering any runlevel") } else { false }
        }, "\(problems)")
        #expect(problems.contains(.answerGivenAway(answer: "runlevel", asked: 0, by: 1)), "\(problems)")
        #expect(problems.contains(.answerGivenAway(answer: "services", asked: 1, by: 0)), "\(problems)")
    }

    /// "Lower numbered scripts are executed first." (six words, shown whole) and "The two-digit number following the 'K'
    /// or 'S' indicates the order in which the script is run." asked once each: no problem. The cloze's answer "order"
    /// in another sentence, beside other words, gives nothing away; an explanation may quote anything.
    @Test func questionsOnDifferentSentencesPass() throws {
        let text = try realPage("debian-faq-13")
        let order = question(.clozeTerm, "The two-digit number following the 'K' or 'S' indicates the _____ in which the script is run.",
                             ["order", "header", "link", "directory"], answer: 0,
                             explanation: "The text says: “The two-digit number following the 'K' or 'S' indicates the order in which the script is run.”")
        let statement = question(.statement, "Which of these statements does the text support?", [
            "Lower numbered scripts are executed first.", "Lower numbered scripts are not executed first.",
            "Higher numbered scripts are executed first.", "Lower numbered scripts are executed last.",
        ], answer: 0, explanation: "The text says: “The two-digit number following the 'K' or 'S' indicates the order in which the script is run.”")
        let boot = question(.clozeTerm, "Debian uses dependency-based _____ ordering through insserv.", ["boot", "runlevel", "service", "file"], answer: 0)
        #expect(validator.quizProblems([order, statement], sourceText: text).isEmpty)
        // The order in which things happen is no give-away of "the _____ in which the script is run"'s "order" … unless
        // printed beside the blank's words: "the order in".
        let shown = question(.clozeTerm, "Debian uses dependency-based _____ ordering, the order in which the script is run.",
                             ["boot", "runlevel", "service", "file"], answer: 0)
        #expect(validator.quizProblems([order, shown], sourceText: text).contains(.answerGivenAway(answer: "order", asked: 0, by: 1)))
        // A statement changing a sentence shows it as much as one that quotes it.
        let changed = question(.statement, "Which of these statements does the text support?", [
            "Debian uses dependency-based boot ordering through insserv, using the LSB headers in each script under /etc/init.d/.",
            "The two-digit number following the 'K' or 'S' does not indicate the order in which the script is run.",
            "Higher numbered scripts are executed first.", "These scripts do not start services.",
        ], answer: 0)
        #expect(validator.quizProblems([order, changed], sourceText: text).contains {
            if case .sentenceShownTwice(_, 0, 1) = $0 { true } else { false }
        })
        // A blank too short to show a run of six words: the changed sentence prints its answer beside its words.
        #expect(validator.quizProblems([boot, changed], sourceText: text).contains(.answerGivenAway(answer: "boot", asked: 0, by: 1)))
    }

    /// A definition's answer printed in another question's sentence gives it away (the student reads it there), in
    /// any inflection: "Which word means “a written document describing …”?" with "scripts" in a cloze's stem.
    @Test func aDefinitionsAnswerInAnotherQuestionGivesItAway() throws {
        let text = try realPage("debian-faq-13")
        let definition = question(.definition, "Which word means “a written version of a play or other dramatic composition”?",
                                  ["script", "header", "link", "directory"], answer: 0)
        let cloze = question(.clozeTerm, "Lower numbered scripts are executed _____.", ["first", "last", "twice", "never"], answer: 0)
        #expect(validator.quizProblems([definition, cloze], sourceText: text) == [.answerGivenAway(answer: "script", asked: 0, by: 1)])
    }

    /// No option twice in a quiz, distractor or key, after case-folding and lemmatising ("Directories", "directory").
    @Test func anOptionOfferedTwiceIsAProblem() throws {
        let text = try realPage("debian-faq-13")
        let first = question(.clozeTerm, "The _____ in any of the directories, /etc/rcN.d/ are just symbolic links back to scripts in /etc/init.d/.",
                             ["scripts", "headers", "numbers", "names"], answer: 0)
        let second = question(.clozeTerm, "Lower numbered scripts are executed _____.", ["first", "Headers", "twice", "never"], answer: 0)
        #expect(validator.quizProblems([first, second], sourceText: text).contains(.optionRepeated(option: "header", first: 0, second: 1)))
    }

    /// Every quiz the builder makes on the dev pages of the fixtures keeps the rules, with typed problems none.
    @Test(arguments: ["debian-faq-01", "debian-faq-05", "debian-faq-06", "debian-faq-08", "debian-faq-10", "debian-faq-13",
                      "debian-faq-15", "debian-manifesto-01", "gnu-standards-15", "social-contract-01"])
    func builtQuizzesKeepTheIntegrityRules(name: String) throws {
        let text = try realPage(name)
        let questions = build(text).quiz.questions
        #expect(validator.quizProblems(questions, sourceText: text).isEmpty, "\(name)")
        let options = questions.flatMap { $0.options.map(validator.normalise) }
        #expect(Set(options).count == options.count, "\(name)")
    }
}

/// Issue 27's length-fair count: `min(10, max(3, words / 25))` questions from 60 words, never padded, `partial` below it
/// with the reason in plain words, the target stated in the bundle.
@Suite struct LengthFairCountTests {
    @Test func theTargetFollowsTheLengthOfThePage() {
        #expect(HomeworkBuilder.questionTarget(words: 59, maximum: 10) == nil)
        #expect(HomeworkBuilder.questionTarget(words: 60, maximum: 10) == 3)
        #expect(HomeworkBuilder.questionTarget(words: 120, maximum: 10) == 4)
        #expect(HomeworkBuilder.questionTarget(words: 203, maximum: 10) == 8)
        #expect(HomeworkBuilder.questionTarget(words: 250, maximum: 10) == 10)
        #expect(HomeworkBuilder.questionTarget(words: 470, maximum: 10) == 10)
    }

    /// debian-manifesto-01 (203 words): 8 questions, not 10; debian-faq-13 (128 words, seven sentences on boot scripts):
    /// fewer than its 5, `partial`, and the reason says how many of how many and why.
    @Test func aQuizStatesItsTargetAndIsPartialBelowIt() throws {
        let manifesto = build(try realPage("debian-manifesto-01"))
        #expect(manifesto.quiz.questionTarget == 8)
        #expect(manifesto.quiz.questions.count <= 8)
        #expect((manifesto.quiz.questions.count == 8) == (manifesto.status == .ok), "\(manifesto.statusReason ?? "")")
        let boot = build(try realPage("debian-faq-13"))
        #expect(boot.quiz.questionTarget == 5)
        #expect(boot.quiz.questions.count < 5 && boot.status == .partial)
        #expect(boot.statusReason?.hasPrefix("The text supports only \(boot.quiz.questions.count) good question") == true
                && boot.statusReason?.contains("of the 5 a page of 128 words") == true,
                "\(boot.statusReason ?? "")")
    }

    /// A page under 60 words has no target: its one sentence of the FAQ gets what valid questions it supports.
    @Test func aShortPageHasNoTarget() throws {
        let text = "Debian uses dependency-based boot ordering through insserv, using the LSB headers in each script under /etc/init.d/, "
            + "as well as parallel concurrent booting through the use of startpar to speed up the boot process."
        let bundle = build(text)
        #expect(bundle.quiz.questionTarget == nil)
        #expect(bundle.quiz.questions.count <= 3)
        #expect(bundle.quiz.questions.allSatisfy { validator.problems($0, sourceText: text).isEmpty })
        #expect(bundle.status == (bundle.quiz.questions.isEmpty ? .partial : .ok), "\(bundle.statusReason ?? "")")
    }
}
