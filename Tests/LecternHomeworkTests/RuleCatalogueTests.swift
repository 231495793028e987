import Foundation
import Testing
import LecternModel
@testable import LecternHomework
@testable import LecternQuestions

/// The rules as a catalogue (issue 27, item 5): each has one stable ID, docs/QUIZ.md lists it, and `explain` names the
/// rule that rejected each candidate of a real page's quiz.
@Suite struct RuleCatalogueTests {
    @Test func everyRuleHasOneIDAndTheCatalogueDocumentsIt() throws {
        let rules = QuizRules.catalogue.flatMap(\.rules)
        #expect(Set(rules.map(\.id)).count == rules.count)
        let catalogue = try String(contentsOf: repoRoot.appendingPathComponent("docs/QUIZ.md"), encoding: .utf8)
        for rule in rules {
            #expect(catalogue.contains("`\(rule.id)`"), "docs/QUIZ.md does not list \(rule.id)")
            #expect(!rule.summary.isEmpty && !rule.summary.contains("\n"))
        }
    }

    /// `explain` takes exactly the quiz's questions ("asked") and names a catalogue rule for every other candidate.
    @Test(arguments: ["debian-manifesto-01", "debian-faq-10", "gnu-standards-15", "social-contract-01"])
    func explainNamesARuleForEveryCandidateNotAsked(name: String) throws {
        let text = try realPage(name)
        let explained = explain(text)
        let asked = explained.verdicts.filter { $0.rule == nil }
        #expect(asked.count == build(text).quiz.questions.count && !asked.isEmpty)
        let catalogue = Set(QuizRules.catalogue.flatMap(\.rules).map(\.id))
        #expect(explained.verdicts.compactMap(\.rule).allSatisfy(catalogue.contains))
    }

    /// Rules named on the real sentences they rejected.
    @Test func explainNamesTheRuleOnTheRealSentence() throws {
        // debian-faq-10, sentence 3: 'They are therefore both said to provide the "virtual package" called www-browser.'
        let faq = explain(try realPage("debian-faq-10"))
        #expect(faq.sentences[2].contains("\"virtual package\""))
        #expect(faq.verdicts.contains { $0.rule == "cloze.inside-quotation" && $0.subject == "cloze-term “package” in sentence 3" })
        // GFDL's "If the Cover Text requirement of section 3 is applicable …": "requirement" is the word of a reference.
        let gfdl = explain(try realPage("gnu-standards-15"))
        #expect(gfdl.sentences[2].hasPrefix("If the Cover Text requirement of section 3"))
        #expect(gfdl.verdicts.contains { $0.rule == "cloze.document-part" && $0.subject == "cloze-term “requirement” in sentence 3" })
        // The Social Contract's aside "(This is a compromise." is too short to blank; the manifesto's 33-word sentence is no statement.
        let contract = explain(try realPage("social-contract-01"))
        #expect(contract.verdicts.contains { $0.rule == "cloze.sentence-length" && $0.subject == "sentence 8" && $0.detail == "4 words" })
        // The Constitution's "may be varied by up to 1 week": only "1" fits the singular "week".
        let constitution = explain(try realPage("debian-constitution-probe-03"))
        #expect(constitution.sentences.contains { $0.contains("varied by up to 1 week") })
        #expect(constitution.verdicts.contains { $0.rule == "cloze.count-of-one" && $0.subject.hasPrefix("cloze-number “1”") })
        let manifesto = explain(try realPage("debian-manifesto-01"))
        #expect(manifesto.verdicts.contains { $0.rule == "statement.length" && $0.subject == "statement of sentence 2 as written" })
    }

    /// A number that another number beside it gives (a conversion, an alternative, a ratio in brackets) is worked out,
    /// not recalled; two facts side by side are two facts. Sentences of the sample Erie Canal and African rivers pages
    /// (scripts/samples) and a ratio as the GNU manuals write them.
    @Test func aNumberGivenByTheNumberBesideItIsNoBlank() throws {
        func broken(_ answer: String, in sentence: String) -> String? {
            let candidate = Candidate(sentenceIndex: 0, sentence: sentence, answer: answer, kind: .number, score: 1)
            let place = ClozeQuestionMaker.BlankPlace(candidate: candidate, range: sentence.range(of: answer)!)
            return ClozeQuestionMaker.placeRules.first { $0.breaks(place) }?.rule.id
        }
        let canal = "It ran about 363 miles, or 584 kilometres, from Albany on the Hudson River to Buffalo on Lake Erie."
        #expect(broken("584", in: canal) == "cloze.number-beside-number")
        #expect(broken("80", in: "Compression reduces the size by 80% (4/5) on typical text.") == "cloze.number-beside-number")
        let falls = "On the border between Zambia and Zimbabwe it drops over Victoria Falls, which is about 1,700 metres wide and 108 metres high."
        #expect(broken("108", in: falls) == nil)
    }

    private func explain(_ text: String) -> (sentences: [String], verdicts: [CandidateVerdict]) {
        HomeworkBuilder(wordNet: wordNet, options: QuizOptions())
            .explain(page: page(text), id: "hw", source: SourceRef(path: "photos/sheet.jpg", sha256: "abc"))
    }
}
