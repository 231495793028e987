import Foundation
import Testing
import LecternModel
import LecternText
@testable import LecternHomework
@testable import LecternQuestions

/// Issue 27, item 4 (docs/QUIZ.md, "Distractors"): options a student would weigh. A distractor is of one specific kind
/// with the answer (WordNet sisters and cousins of its sense, on the text's topic; the text's terms of that kind; other
/// paragraphs' topics), and a question offers at most one of a loose source (a word of the text, a band or topic word).
@Suite struct DistractorTests {
    /// "… will offer the distribution on floppy disk and tape" (debian-manifesto-01): tape and a floppy disk are both
    /// memory devices; a desktop and a floppy disk meet only at "device", four steps up, which holds keyboards and
    /// locks too.
    @Test func oneSpecificKindIsAParentNearBothAndFarFromTheTop() throws {
        let floppy = try #require(wordNet.synsets(of: "floppy disk", pos: .noun).first)
        #expect(wordNet.sharesKind(floppy.id, with: "tape", steps: WordDistractorSource.kindSteps, minDepth: WordDistractorSource.kindDepth))
        #expect(!wordNet.sharesKind(floppy.id, with: "desktop", steps: WordDistractorSource.kindSteps, minDepth: WordDistractorSource.kindDepth))
        #expect(wordNet.depth(of: floppy.id) > WordDistractorSource.kindDepth)
    }

    /// "… reflects the needs of the user community" (debian-manifesto-03): "person", the parent of "user", has hundreds of
    /// children (cowards, natives, adventurers) and sits near the top; its children are no one kind, so "user" gets no
    /// WordNet sisters at all rather than absurd ones.
    @Test func aBroadParentGivesNoSisters() throws {
        let user = try #require(wordNet.synsets(of: "user", pos: .noun).first)
        #expect(wordNet.sisters(of: user.id, maxChildren: WordDistractorSource.kindChildren, minDepth: WordDistractorSource.kindDepth - 1).isEmpty)
    }

    /// The blank of debian-manifesto-01's "on _____ and tape" took module / desktop / throughput (topic words); now
    /// WordNet's storage media, none the text's own "tape" in a compound ("magnetic tape" beside "and tape").
    @Test func aClozeTakesSistersOfItsSenseOnTheTextsTopic() throws {
        let quiz = build(try realPage("debian-manifesto-01")).quiz
        let floppy = try #require(quiz.questions.first { $0.options[$0.answerIndex] == "floppy disk" })
        let distractors = floppy.options.indices.filter { $0 != floppy.answerIndex }
        #expect(distractors.allSatisfy { [.wordnetSister, .wordnetCousin].contains(floppy.optionOrigins[$0]) }, "\(floppy.options)")
        #expect(!floppy.options.contains { $0.hasSuffix(" tape") }, "\(floppy.options)")
    }

    /// "Most Linux _____ run a specific distribution of Linux" (debian-faq-01) had tools / installations / services,
    /// three other nouns of the text: with no three options of its kind, the question is not asked.
    @Test func twoLooseOptionsMakeNoQuestion() {
        let chooser = DistractorChooser(wordNet: wordNet, validator: validator)
        let stem = "Most Linux _____ run a specific distribution of Linux, like Debian GNU/Linux."
        let loose = [("tools", OptionOrigin.sameTextWord), ("installations", .sameTextWord), ("services", .sameTextWord)]
        #expect(chooser.choose(answer: "users", stem: stem, pool: loose, checkRelations: true) == nil)
        let chosen = chooser.choose(answer: "users", stem: stem, pool: [("developers", .wordnetSister), ("vendors", .sameTextKind)] + loose,
                                    checkRelations: false, spares: 5)
        #expect(chosen?.filter { $0.1.isLoose }.count == 1)
    }

    /// "will be able to effectively compete" and "is essential to the success" (debian-manifesto-01) are two frames:
    /// "to" before an article opens a noun phrase, so "essential" is no option for "able" nor the other way round.
    @Test func anAdjectivesComplementFrameKeepsItsWord() {
        let able = AdjectiveFrame(at: 2, in: ["will", "be", "able", "to", "effectively", "compete"])
        let essential = AdjectiveFrame(at: 2, in: ["distribution", "is", "essential", "to", "the", "success"])
        #expect(able == .complement("to") && essential == .complement("to the") && able != essential)
        #expect(AdjectiveFrame(at: 1, in: ["is", "different", "from", "the", "others"]) == .complement("from"))
    }

    /// Every question built from the dev pages of the fixtures offers at most one option of a loose source, but a main
    /// idea, whose options are the text's themes: other paragraphs' topics, terms of its kind, WordNet sisters, and
    /// the text's other terms.
    @Test func noQuestionOffersTwoLooseOptions() throws {
        for name in ["debian-manifesto-01", "social-contract-01", "debian-faq-01", "debian-faq-05", "debian-faq-06", "debian-faq-08",
                     "debian-faq-10", "debian-faq-13", "debian-faq-15", "gnu-standards-15"] {
            for question in build(try realPage(name)).quiz.questions where question.kind != .mainIdea {
                #expect(question.optionOrigins.filter(\.isLoose).count <= 1, "\(name): \(question.stem) \(question.options)")
            }
        }
    }
}
