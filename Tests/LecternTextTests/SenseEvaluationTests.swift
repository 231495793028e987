import Foundation
import Testing
import LecternModel
@testable import LecternText

struct SenseCase: Sendable {
    var document: String
    var lemma: String
    /// Accepted synsets: part-of-speech letter (n, v, a, r) and the 8-digit offset.
    var accepted: [String]
}

/// Accuracy of `SenseSelector` on the dev set (sample scripts) and the held-out set, on the pipeline's own path:
/// the analysis picks each lemma's context sentence and forms; the document context is built from its words.
@Suite struct SenseEvaluationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func code(_ s: Synset) -> String {
        let letter: String = switch s.pos { case .noun: "n"; case .verb: "v"; case .adjective: "a"; case .adverb: "r" }
        let digits = String(s.offset)
        return letter + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    static func evaluate(_ cases: [SenseCase], texts: [String: String], useDocument: Bool) -> (right: Int, misses: [String]) {
        let selector = SenseSelector(wordNet: sharedWordNet)
        let analyzer = TextAnalyzer(wordNet: sharedWordNet)
        var analyses: [String: TextAnalysis] = [:]
        var right = 0
        var misses: [String] = []
        for c in cases {
            let analysis = analyses[c.document] ?? analyzer.analyze(texts[c.document]!)
            analyses[c.document] = analysis
            guard let occurrence = analysis.words.first(where: { $0.lemma == c.lemma }) else {
                misses.append("\(c.document)/\(c.lemma): not in the analysis"); continue
            }
            let context = analysis.sentences[occurrence.contextSentence]
            let document = useDocument ? selector.documentContext(analysis.words) : .empty
            let sense = selector.sense(of: c.lemma, forms: occurrence.forms.keys.sorted(), context: context, document: document)
            if let sense, c.accepted.contains(code(sense)) { right += 1 }
            else { misses.append("\(c.document)/\(c.lemma): \(sense.map { code($0) + " " + $0.gloss.prefix(60) } ?? "none")") }
        }
        return (right, misses)
    }

    static var devTexts: [String: String] {
        devDocuments.mapValues { path in
            let data = try! Data(contentsOf: root.appendingPathComponent(path))
            let analysis = String(decoding: data, as: UTF8.self)
            return path.hasSuffix(".srt") ? TextDecoding.stripSubtitles(analysis) : analysis
        }
    }

    @Test func devAndHeldOutAccuracy() {
        for (name, cases, texts) in [("dev", devCases, SenseEvaluationTests.devTexts), ("held-out", heldOutCases, heldOutDocuments)] {
            let sentenceOnly = SenseEvaluationTests.evaluate(cases, texts: texts, useDocument: false)
            let withDocument = SenseEvaluationTests.evaluate(cases, texts: texts, useDocument: true)
            print("SENSE-EVAL \(name): sentence only \(sentenceOnly.right)/\(cases.count), with document \(withDocument.right)/\(cases.count)")
            for m in withDocument.misses { print("SENSE-MISS \(name) \(m)") }
        }
    }
}

/// Sense choice with the whole script as context (real WordNet).
@Suite struct DocumentSenseTests {
    let selector = SenseSelector(wordNet: sharedWordNet)
    let analyzer = TextAnalyzer(wordNet: sharedWordNet)

    func choice(_ lemma: String, in text: String) throws -> SenseSelector.Choice {
        let analysis = analyzer.analyze(text)
        let occurrence = try #require(analysis.words.first { $0.lemma == lemma })
        return try #require(selector.choice(of: lemma, forms: occurrence.forms.keys.sorted(),
                                            context: analysis.sentences[occurrence.contextSentence],
                                            document: selector.documentContext(analysis.words)))
    }

    func choice(_ lemma: String, inFile path: String) throws -> SenseSelector.Choice {
        try choice(lemma, in: String(contentsOf: SenseEvaluationTests.root.appendingPathComponent(path), encoding: .utf8))
    }

    /// Issue 28: a sense other than WordNet's first wins only when the text points to it plainly (its score beats the
    /// first sense's by `overridingLead`), and is then sure; a weaker lead keeps the first sense as a close call.
    @Test func plateInAVolcanoScriptIsTheGeologySense() throws {
        let text = try String(contentsOf: SenseEvaluationTests.root.appendingPathComponent("samples/scripts/how-volcanoes-form.srt"), encoding: .utf8)
        let analysis = analyzer.analyze(TextDecoding.stripSubtitles(text))
        let document = selector.documentContext(analysis.words)
        func chosen(_ lemma: String) throws -> SenseSelector.Choice {
            let o = try #require(analysis.words.first { $0.lemma == lemma })
            return try #require(selector.choice(of: lemma, forms: o.forms.keys.sorted(), context: analysis.sentences[o.contextSentence], document: document))
        }
        let plate = try chosen("plate")
        #expect(plate.synset.gloss.contains("Earth's crust") && plate.isSure)
        // The geological mantle's lead over 'the cloak as a symbol of authority' is not plain: the first sense stays,
        // marked `low`, and no test teaches it.
        let mantle = try chosen("mantle")
        #expect(mantle.synset.id == sharedWordNet.synsets(of: "mantle", pos: .noun).first?.id && !mantle.isSure)
        // "Most volcanoes form near the edges": a verb after a plural noun subject, before a preposition.
        #expect(try chosen("form").synset.pos == .verb)
        #expect(try chosen("soil").synset.pos == .noun)
    }

    @Test func bankInARiverTextAndInAMoneyText() throws {
        let river = try choice("bank", in: "Herons wade in the shallow water near the bank, hunting for fish. The river floods every spring and the current carries mud downstream.")
        let money = try choice("bank", in: "She opened an account at the bank. Every month she deposits her money there, and the lending rate on her mortgage is low.")
        #expect(river.synset.gloss.contains("sloping land"))
        // Two sentences about money are not plain enough to overrule WordNet's first sense: kept, and not sure.
        #expect(money.synset.gloss.contains("sloping land") && !money.isSure)
    }

    @Test func craneBirdOrMachineByTopic() throws {
        let bird = try choice("crane", in: "Cranes and herons wade in the marsh. These birds eat fish, frogs and insects, and they nest in the reeds.")
        let machine = try choice("crane", in: "The builders used a crane to lift the steel beams. Heavy loads are hoisted onto the roof of the building.")
        #expect(bird.synset.gloss.contains("wading bird") && bird.isSure)
        #expect(machine.synset.gloss.contains("lifts and moves heavy objects") && machine.isSure)
    }

    /// Real development text (scripts/data): senses that beat the first one plainly, and every other one clearly, are
    /// chosen and sure ("the act of distributing" in the Apache License's "part of its distribution", "form a
    /// critical opinion of" for "judge" in GNU's maintainers' guide); in the licence's definition of "License" the same
    /// sense is chosen but leads 'the spatial property of being scattered' by less than `highMargin` (both only by the
    /// document's overlap), so it is not sure (word test 15). A first sense that holds most of its part of speech's
    /// SemCor tags and leads clearly is sure ("install": 'set up for use'); one that does not is kept but not sure
    /// ("platform": 'a raised horizontal surface', where the guide means a computer and its operating system).
    @Test func sureSensesOnRealText() throws {
        let apache = try String(contentsOf: SenseEvaluationTests.root.appendingPathComponent("scripts/data/apache-2.0.txt"), encoding: .utf8)
        let document = selector.documentContext(analyzer.analyze(apache).words)
        let noticeSentence = "(d) If the Work includes a \"NOTICE\" text file as part of its distribution, then any Derivative Works that You distribute must include a readable copy of the attribution notices contained within such NOTICE file, excluding those notices that do not pertain to any part of the Derivative Works, in at least one of the following places: within a NOTICE text file distributed as part of the Derivative Works; within the Source form or documentation, if provided along with the Derivative Works; or, within a display generated by the Derivative Works, if and wherever such third-party notices normally appear."
        let ofItsDistribution = try #require(selector.choice(of: "distribution", forms: ["distribution"], context: noticeSentence, document: document))
        #expect(ofItsDistribution.synset.gloss.hasPrefix("the act of distributing") && ofItsDistribution.isSure)
        #expect(ofItsDistribution.synset.id != sharedWordNet.synsets(of: "distribution", pos: .noun).first?.id)
        let distribution = try choice("distribution", inFile: "scripts/data/apache-2.0.txt")
        #expect(distribution.synset.gloss.hasPrefix("the act of distributing") && distribution.confidence == .medium)
        let judge = try choice("judge", inFile: "scripts/data/gnu-maintain-7-8.txt")
        #expect(judge.synset.gloss == "form a critical opinion of" && judge.isSure)
        let install = try choice("install", inFile: "scripts/data/gnu-maintain-7-8.txt")
        #expect(install.synset.gloss == "set up for use" && install.confidence == .high)
        let platform = try choice("platform", inFile: "scripts/data/gnu-maintain-7-8.txt")
        #expect(platform.synset.gloss == "a raised horizontal surface" && !platform.isSure)
    }

    /// Issue 28, fifth development set (Debian's bug-reporting guide, scripts/data): a sense that beats the first one
    /// plainly is sure only when it also leads every other candidate clearly. The computing "driver" of "a device
    /// driver" does; the mathematical "rules" ('a standard procedure for solving a class of mathematical problems')
    /// barely beats a third sense, so it is still chosen but not sure (the guide means spam-filtering rules), and no
    /// test teaches it.
    @Test func aRarerSenseIsSureOnlyWhenItLeadsEveryOtherClearly() throws {
        let text = try String(contentsOf: SenseEvaluationTests.root.appendingPathComponent("scripts/data/debian-bug-reporting.txt"), encoding: .utf8)
        let document = selector.documentContext(analyzer.analyze(text).words)
        func chosen(_ lemma: String, _ form: String, in sentence: String) throws -> SenseSelector.Choice {
            try #require(selector.choice(of: lemma, forms: [form], context: sentence, document: document))
        }
        let driver = try chosen("driver", "driver", in: "If you're reporting a problem with a device driver please list all the hardware in your system, as problems are often caused by IRQ and I/O address conflicts.")
        #expect(driver.synset.gloss.hasPrefix("(computer science) a program that determines") && driver.confidence == .high)
        let rules = try chosen("rule", "rules", in: "The bug tracking system implements a rather extensive set of rules designed to make sure that spam does not make it through the BTS.")
        #expect(rules.synset.gloss.hasPrefix("(mathematics)") && rules.confidence == .medium)
    }

    /// Issue 14, document domain: a real sentence of a development text (Debian's base-files FAQ, scripts/data).
    /// The FAQ leans to WordNet's computer-science domain ("code", "directory", "package", "upgrade" …), which lifts
    /// "architecture"'s computing sense, but not plainly above the first sense (issue 28): the first sense stays and
    /// is not sure; without the document it is the first sense too.
    @Test func architectureInAComputingDocumentIsNotSure() throws {
        let text = try String(contentsOf: SenseEvaluationTests.root.appendingPathComponent("scripts/data/base-files-faq.txt"), encoding: .utf8)
        let document = selector.documentContext(analyzer.analyze(text).words)
        let sentence = "Packages uploaded for unstable reach testing after ten days, provided they are built for every released architecture, have no RC-bugs and their dependencies may be met in testing."
        let inDocument = try #require(selector.choice(of: "architecture", forms: ["architecture"], context: sentence, document: document))
        #expect(inDocument.synset.gloss.contains("architectural product") && !inDocument.isSure)
        let weighing = try #require(selector.weigh("architecture", forms: ["architecture"], context: sentence, document: document))
        let computing = try #require(weighing.candidates.firstIndex { $0.gloss.contains("computer's hardware") })
        #expect(weighing.domainBonus[computing] > 0)
        let alone = try #require(selector.sense(of: "architecture", forms: ["architecture"], context: sentence))
        #expect(alone.gloss.contains("architectural product"))
    }

    /// The shipped baseline table (`DomainBaseline.swift`) is what the computation gives on this WordNet.
    @Test func domainBaselineTableMatchesTheComputation() {
        let computed = selector.computeDomainBaseline()
        #expect(computed.count == SenseSelector.domainBaseline.count)
        for (domain, value) in computed {
            #expect(abs((SenseSelector.domainBaseline[domain] ?? -1) - value) < 1e-6, "\(domain)")
        }
    }

    @Test func withoutOverlapTheMostFrequentSense() throws {
        let sense = try #require(selector.sense(of: "dog", forms: ["dog"], context: "Zzz qqq.", document: .empty))
        #expect(sense.gloss == sharedWordNet.definition(of: "dog", pos: .noun))
    }
}
