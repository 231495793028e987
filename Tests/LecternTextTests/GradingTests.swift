import Foundation
import Testing
import LecternModel
@testable import LecternText

@Suite struct FrequencyTests {
    let frequencies = WordFrequencies.shared

    @Test func zipfLookups() {
        #expect(frequencies.count == 100_000)
        #expect(frequencies.zipf(of: "the") == 7.73)
        #expect(frequencies.zipf(of: "cat") == 4.78)
        #expect(frequencies.zipf(of: "Cat") == 4.78)
        #expect(frequencies.zipf(of: "ubiquitous") > 3 && frequencies.zipf(of: "ubiquitous") < 4)
        #expect(frequencies.zipf(of: "qwzxv") == WordFrequencies.floor)
        // A phrase combines its parts (1/f = Σ 1/fᵢ): below its rarer part.
        let phrase = frequencies.zipf(of: "ice cream")
        #expect(phrase < frequencies.zipf(of: "cream") && phrase > 3)
        #expect(frequencies.ranked.first?.word == "the")
    }

    @Test func loadsOncePerProcessQuickly() {
        let start = Date()
        let data = try! Data(contentsOf: Bundle.module.url(forResource: "word-frequencies", withExtension: "txt", subdirectory: "Resources")!)
        _ = WordFrequencies(data: data)
        // Generous even for a debug build; a release build loads in tens of milliseconds.
        #expect(Date().timeIntervalSince(start) < 5)
    }
}

@Suite struct GradingTests {
    let grader = WordGrader(wordNet: sharedWordNet)

    @Test func clearCases() {
        for word in ["cat", "house", "water", "dog", "run", "friend"] {
            #expect(grader.grade(word).level == .beginner, "\(word)")
        }
        for word in ["ubiquitous", "photosynthesis", "epistemology", "obfuscate"] {
            #expect(grader.grade(word).level == .advanced, "\(word)")
        }
        #expect(grader.grade("negotiate").level != .beginner)
    }

    @Test func evidenceHasEveryFeature() {
        let grade = grader.grade("unhappiness")
        for name in grader.model.features { #expect(grade.features[name] != nil, "\(name)") }
        #expect(grade.features["affixes"]! >= 1)
        #expect(grade.features["rootGain"]! > 0)
        // "unhappiness" shares its Porter stem family with far more frequent "unhappy".
        #expect(grade.features["stemGain"]! > 0)
        #expect(abs(grade.probabilities.reduce(0, +) - 1) < 1e-9)
    }

    @Test func porterStemmer() {
        let expected = ["caresses": "caress", "ponies": "poni", "relational": "relat", "generalization": "gener",
                        "hopping": "hop", "filing": "file", "happy": "happi", "childishness": "childish",
                        "controlling": "control", "electrical": "electr", "is": "is"]
        for (word, stem) in expected { #expect(PorterStemmer.stem(word) == stem, "\(word)") }
    }

    @Test func stemFamiliesComeFromTheFrequencyList() throws {
        let family = try #require(StemFamilies.shared.family(ofStem: PorterStemmer.stem("childishness")))
        #expect(family.size >= 2)
        #expect(family.bestZipf == WordFrequencies.shared.zipf(of: "childish"))
    }

    /// The Swift features, stems and level probabilities must equal what scripts/calibrate-grading.py computed.
    @Test func parityWithCalibrationScript() throws {
        let url = try #require(Bundle.module.url(forResource: "grading-model", withExtension: "json", subdirectory: "Resources"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let samples = try #require(json["paritySamples"] as? [String: [String: Any]])
        #expect(samples.count >= 5)
        for (word, sample) in samples {
            let grade = grader.grade(word)
            let features = try #require(sample["features"] as? [String: Double])
            for (name, value) in features {
                #expect(abs((grade.features[name] ?? .nan) - value) < 1e-4, "\(word) \(name): \(grade.features[name] ?? .nan) vs \(value)")
            }
            #expect(PorterStemmer.stem(word) == sample["stem"] as? String, "\(word) stem")
            let probabilities = try #require(sample["probabilities"] as? [Double])
            for (swift, python) in zip(grade.probabilities, probabilities) {
                #expect(abs(swift - python) < 1e-4, "\(word) probabilities \(grade.probabilities) vs \(probabilities)")
            }
        }
    }

    @Test func syllables() {
        #expect(WordGrader.syllables("cat") == 1)
        #expect(WordGrader.syllables("make") == 1)
        #expect(WordGrader.syllables("table") == 2)
        #expect(WordGrader.syllables("ubiquitous") == 4)
    }

    @Test func cefrListAndSplit() {
        let list = CEFRWordList.load()
        #expect(list.count > 20_000)
        let held = list.filter { CEFRWordList.isHeldOut($0.word) }.count
        #expect(Double(held) / Double(list.count) > 0.17 && Double(held) / Double(list.count) < 0.23)
        #expect(CEFRWordList.level(cefr: 2) == .beginner && CEFRWordList.level(cefr: 3) == .intermediate && CEFRWordList.level(cefr: 5) == .advanced)
    }
}

@Suite struct SenseTests {
    let selector = SenseSelector(wordNet: sharedWordNet)

    /// The part of speech the tagger gives `form` of `lemma` first in `context`.
    func first(_ lemma: String, _ form: String, _ context: String) -> PartOfSpeech? {
        selector.partsOfSpeech(of: lemma, forms: [form], context: context).first
    }

    /// Issue 28: WordNet's first sense stands unless another sense's score beats it plainly; one sentence about money
    /// does not (its lead is below `overridingLead`), so the first sense is kept as a close call that no test teaches.
    @Test func bankKeepsTheFirstSenseUnlessTheTextIsPlain() throws {
        let river = try #require(selector.choice(of: "bank", forms: ["bank"], context: "We sat on the bank of the river and watched the water."))
        let money = try #require(selector.choice(of: "bank", forms: ["bank"], context: "She deposited her money at the bank and paid the loan."))
        #expect(river.synset.pos == .noun && money.synset.pos == .noun)
        #expect(river.synset.gloss.contains("sloping land"))
        #expect(money.synset.gloss.contains("sloping land"))
        #expect(money.confidence == .low && !money.isSure)
    }

    @Test func partOfSpeechFollowsUse() throws {
        // "walked" can only be a verb; after "the", "walk" is a noun.
        let verb = try #require(selector.sense(of: "walk", forms: ["walked"], context: "They walked home after the late film."))
        #expect(verb.pos == .verb)
        let noun = try #require(selector.sense(of: "walk", forms: ["walk"], context: "The walk along the coast took three hours."))
        #expect(noun.pos == .noun)
        #expect(selector.partsOfSpeech(of: "run", forms: ["run"], context: "I run every morning before work.").first == .verb)
    }

    /// Sentences of real text (the GNU maintainers' guide, the base-files FAQ and the GPL-3 preamble) whose part of
    /// speech the neighbour rules of issue 14 decide.
    @Test func partOfSpeechInRealSentences() {
        // Determiner, adjective, noun; an adjective before a word that can only be a noun.
        #expect(first("act", "act", "As your final act as maintainer, it would be helpful to set up the package.") == .noun)
        #expect(first("official", "official", "If you're the official maintainer of a GNU package, please inform the GNU Project.") == .adjective)
        // "please" and "who" before a verb; a verb at the end of a clause.
        #expect(first("contact", "contact", "If you would like to propose some of your developers as co-maintainers, please contact us.") == .verb)
        #expect(first("share", "share", "Sometimes a package has several co-maintainers who share the role of maintainer.") == .verb)
        #expect(first("work", "works", "It is not possible because of the way the testing distribution works.") == .verb)
        // "not" cues a verb only after a modal; "such" starts a noun phrase.
        #expect(first("price", "price", "When we speak of free software, we are referring to freedom, not price.") == .noun)
        #expect(first("modify", "modify", "You must not modify the notice.") == .verb)
        #expect(first("abuse", "abuse", "The systematic pattern of such abuse occurs in the area of products for individuals to use.") == .noun)
        // "according to" is a preposition, not a verb after an adverb (the Debian Social Contract).
        #expect(first("free", "free", "We promise that the Debian system and all its components will be free according to these guidelines.") == .adjective)
    }

    /// Issue 14, fourth round: noun phrases the tagger read as verbs in the Apache License 2.0 and diffutils' ChangeLog.
    @Test func nounPhrasesInRealSentences() {
        // A base form after a singular noun or a capitalised name continues the noun phrase: a verb would agree.
        #expect(first("file", "file", "The contents of the NOTICE file are for informational purposes only and do not modify the License.") == .noun)
        #expect(first("file", "file", "If the Work includes a \"NOTICE\" text file as part of its distribution, then any Derivative Works that You distribute must include a readable copy.") == .noun)
        // An -s form after "and" goes on with the list; a subject's verb still agrees ("the testing distribution works.",
        // partOfSpeechInRealSentences; "the meaning of \"testing\" changes over time").
        #expect(first("file", "files", "\"Source\" form shall mean the preferred form for making modifications, including but not limited to software source code, documentation source, and configuration files.") == .noun)
        #expect(first("change", "changes", "The codename is a little bit more informative, as the meaning of \"testing\" changes over time.") == .verb)
        // A possessive starts a noun phrase, like a determiner.
        #expect(first("change", "change", "This improves on yesterday's change, following up on a remark by Jim Meyering.") == .noun)
        // The word before a modal heads its subject.
        #expect(first("work", "work", "\"Work\" shall mean the work of authorship, whether in Source or Object form, made available under the License.") == .noun)
    }

    /// A first sense that leads only by its prior, sharing nothing with its sentence while the document points more to
    /// another sense, is `medium`, not `high` ("distribute" in the Apache License: 'administer or bestow' is WordNet's
    /// first sense, the licence means 'make available'); a sense the sentence supports stays `high`.
    @Test func priorAgainstTheDocumentIsNotHigh() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("scripts/data/apache-2.0.txt"), encoding: .utf8)
        let document = selector.documentContext(TextAnalyzer(wordNet: sharedWordNet).analyze(text).words)
        let distribute = try #require(selector.choice(of: "distribute", forms: ["distribute"], context:
            "Subject to the terms and conditions of this License, each Contributor hereby grants to You a perpetual, worldwide, non-exclusive, no-charge, royalty-free, irrevocable copyright license to reproduce, prepare Derivative Works of, publicly display, publicly perform, sublicense, and distribute the Work and such Derivative Works in Source or Object form.", document: document))
        #expect(distribute.synset.gloss.hasPrefix("administer or bestow") && distribute.confidence == .medium)
        let revision = try #require(selector.choice(of: "revision", forms: ["revisions"], context:
            "\"Derivative Works\" shall mean any work, whether in Source or Object form, that is based on (or derived from) the Work and for which the editorial revisions, annotations, elaborations, or other modifications represent, as a whole, an original work of authorship.", document: document))
        #expect(revision.confidence == .high)
    }

    /// A hyphenated bound prefix is not a word of the text: "non-free" counts "free", never the adverb "non".
    @Test func boundPrefixesAreNotWords() {
        let analysis = TextAnalyzer(wordNet: sharedWordNet).analyze("We will support people who create or use both free and non-free works. Some pre-release builds are non-free too.")
        let lemmas = Set(analysis.words.map(\.lemma))
        #expect(!lemmas.contains("non") && !lemmas.contains("pre"))
        #expect(lemmas.contains("free") && lemmas.contains("release"))
    }

    /// Web and mail addresses are not prose (the Apache License's "http://www.apache.org/licenses/" made "apache" a
    /// word of the text, then defined as a tribe, though the name is always capitalised in its sentences).
    @Test func addressesAreNotWords() {
        let analysis = TextAnalyzer(wordNet: sharedWordNet).analyze(
            "You may obtain a copy of the Apache License at http://www.apache.org/licenses/LICENSE-2.0 today. "
            + "Send bug reports to bugs@example.org or visit www.gnu.org/philosophy for more.")
        let lemmas = Set(analysis.words.map(\.lemma))
        #expect(lemmas.isDisjoint(with: ["apache", "http", "www", "org", "philosophy", "bugs", "example"]))
        #expect(lemmas.isSuperset(of: ["copy", "report", "visit"]))
    }

    /// WordNet's first sense stands unless the sentence or the document clearly point elsewhere (the GNU maintainers'
    /// guide); a money text still moves "bank" (bankByContext).
    @Test func firstSenseUnlessTheTextPointsElsewhere() throws {
        let authority = try #require(selector.sense(of: "authority", forms: ["authority"],
            context: "So part of your job as maintainer is to exercise your authority on these points when they arise."))
        #expect(authority.gloss.contains("the power or right to give orders"))
        let consequence = try #require(selector.sense(of: "consequence", forms: ["consequence"],
            context: "As a consequence, you cannot expect all contributors to support the GNU Project."))
        #expect(consequence.gloss.contains("follows and is caused by"))
    }

    @Test func mostFrequentSenseWithoutOverlap() throws {
        let sense = try #require(selector.sense(of: "dog", forms: ["dog"], context: "Zzz qqq."))
        #expect(sense.gloss == sharedWordNet.definition(of: "dog", pos: .noun))
    }
}
