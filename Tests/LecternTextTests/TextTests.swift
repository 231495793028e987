import Foundation
import Testing
import LecternModel
@testable import LecternText

/// One WordNet for the whole test run (as in production: loaded once, shared across threads).
let sharedWordNet: WordNet = {
    do { return try WordNet() } catch { fatalError("WordNet must be installed (wordnet-base): \(error)") }
}()

@Suite struct DecodingTests {
    @Test func utf8WithAndWithoutBOM() throws {
        #expect(try TextDecoding.decode(Data("café ☕".utf8)) == "café ☕")
        #expect(try TextDecoding.decode(Data([0xEF, 0xBB, 0xBF] + Array("naïve".utf8))) == "naïve")
    }

    @Test func utf16WithBOM() throws {
        var le: [UInt8] = [0xFF, 0xFE]
        for unit in "Grüße, world".utf16 { le += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try TextDecoding.decode(Data(le)) == "Grüße, world")
        var be: [UInt8] = [0xFE, 0xFF]
        for unit in "Hi 👋".utf16 { be += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(try TextDecoding.decode(Data(be)) == "Hi 👋")
    }

    @Test func latin1Text() throws {
        // "café au lait\n" in Latin-1: é is 0xE9 (invalid as UTF-8).
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" au lait\n".utf8)
        #expect(try TextDecoding.decode(Data(bytes)) == "café au lait\n")
        // Windows-1252 curly quotes in 0x80–0x9F.
        #expect(try TextDecoding.decode(Data([0x93, 0x48, 0x69, 0x94])) == "\u{201C}Hi\u{201D}")
    }

    @Test func binaryNoiseIsAnEncodingError() {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0x89  // never valid UTF-8 as a first byte, so this is not accidentally text
        #expect(throws: LecternError.self) { try TextDecoding.decode(Data(bytes)) }
        do {
            _ = try TextDecoding.decode(Data(bytes))
        } catch {
            #expect(error.code == .encodingError)
            #expect(error.message.contains("binary"))
        }
        // Valid UTF-8 but full of NULs (e.g. UTF-16 without a BOM).
        let nul = Data("h\0e\0l\0l\0o\0".utf8)
        #expect(throws: LecternError(.encodingError, "The file contains NUL bytes: it is binary data, or UTF-16 without a byte-order mark. Save it as UTF-8.")) {
            try TextDecoding.decode(nul)
        }
    }

    @Test func emptyFile() {
        do {
            _ = try TextDecoding.decode(Data())
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .emptyFile)
        }
    }

    @Test func stripsSRT() {
        let srt = """
        1
        00:00:01,000 --> 00:00:03,500
        <i>Hello there,</i> my friend.

        2
        00:00:04,000 --> 00:00:06,000
        - How are you
        - doing today? [MUSIC]

        3
        00:00:07,000 --> 00:00:08,000
        {\\an8}Fine, thanks.
        """
        #expect(TextDecoding.stripSubtitles(srt) == "Hello there, my friend. How are you doing today? Fine, thanks.")
    }

    @Test func stripsVTT() {
        let vtt = """
        WEBVTT
        Kind: captions
        Language: en

        NOTE This is a comment
        spanning two lines

        intro
        00:00:01.000 --> 00:00:03.000 align:start position:10%
        <v Roger>The <b>river</b> bank

        00:00:03.500 --> 00:00:05.000
        was full of <c.yellow>geese</c> &amp; ducks.
        """
        #expect(TextDecoding.stripSubtitles(vtt) == "The river bank was full of geese & ducks.")
    }
}

@Suite struct SentenceTests {
    @Test func paragraphWithAbbreviationsDecimalsQuotesAndEllipsis() {
        let text = """
        Mr. Smith met Dr. Jones at 3.14 p.m. on Friday. They talked about fruit, e.g. apples and pears, \
        and about the U.S. economy. "Are you coming?" she asked. He waited... and waited. Then J. R. R. \
        Tolkien arrived! It was late

        A new paragraph starts here
        """
        let sentences = SentenceSplitter.split(text)
        #expect(sentences == [
            "Mr. Smith met Dr. Jones at 3.14 p.m. on Friday.",
            "They talked about fruit, e.g. apples and pears, and about the U.S. economy.",
            "\"Are you coming?\" she asked.",
            "He waited... and waited.",
            "Then J. R. R. Tolkien arrived!",
            "It was late",
            "A new paragraph starts here",
        ])
    }

    @Test func ambiguousAbbreviationsEndSentencesBeforeOpeners() {
        #expect(SentenceSplitter.split("She lives in the U.S. The weather is fine.")
                == ["She lives in the U.S.", "The weather is fine."])
        #expect(SentenceSplitter.split("We bought apples, pears, etc. and then left. Wait… What?")
                == ["We bought apples, pears, etc. and then left.", "Wait…", "What?"])
        #expect(SentenceSplitter.split("He said “Stop.” Then he left.") == ["He said “Stop.”", "Then he left."])
        #expect(SentenceSplitter.split("  \n\n ") == [])
    }
}

@Suite struct TokenizerTests {
    @Test func wordsNumbersApostrophesHyphens() {
        let tokens = Tokenizer.words(in: "The well-known café's owner didn't pay $3.50 in 1990s—really, students' books.")
        #expect(tokens.map(\.text) == ["The", "well-known", "café's", "owner", "didn't", "pay", "3.50", "in", "1990s",
                                       "really", "students", "books"])
        #expect(tokens[0].isSentenceInitial && tokens[0].isCapitalized)
        #expect(!tokens[1].isSentenceInitial && !tokens[1].isCapitalized)
        #expect(tokens.filter(\.isNumber).map(\.text) == ["3.50", "1990s"])
        #expect(Tokenizer.words(in: "“Curly” quotes — and don’t forget").map(\.text) == ["Curly", "quotes", "and", "don’t", "forget"])
    }
}

@Suite struct WordNetTests {
    let wn = sharedWordNet

    @Test func aMissingWordNetIsAMissingDependencyNamingThePackage() {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-wordnet-\(UUID().uuidString)")
        #expect {
            _ = try WordNet(directory: empty)
        } throws: { error in
            let e = error as? LecternError
            return e?.code == .missingDependency && e?.message.contains("wordnet-base") == true
        }
    }

    @Test func morphy() {
        func has(_ word: String, _ lemma: String, _ pos: PartOfSpeech) -> Bool {
            wn.lemmas(of: word).contains { $0.lemma == lemma && $0.pos == pos }
        }
        #expect(has("geese", "goose", .noun))
        #expect(has("running", "run", .verb))
        #expect(has("better", "good", .adjective))
        #expect(has("studies", "study", .noun) && has("studies", "study", .verb))
        #expect(has("analyses", "analysis", .noun))
        #expect(has("Dogs", "dog", .noun))
        #expect(wn.lemmas(of: "glass").map(\.lemma).allSatisfy { $0 == "glass" })  // no "glas"
        #expect(wn.lemmas(of: "xqzzy").isEmpty)
        #expect(wn.lemma(of: "running") == "run")
        #expect(wn.lemma(of: "data") == "data")
        #expect(wn.lemma(of: "meeting", nounContext: true) == "meeting")
        #expect(wn.isKnown("ice cream") && wn.isKnown("Bank") && !wn.isKnown("blorptastic"))
    }

    @Test func synsetsOfBank() throws {
        let senses = wn.synsets(of: "bank", pos: .noun)
        #expect(senses.count >= 10)
        let financial = try #require(senses.first { $0.gloss.contains("financial institution") })
        #expect(financial.words.contains("depository financial institution"))
        #expect(financial.examples.contains("he cashed a check at the bank"))
        #expect(financial.lexicalFile == "noun.group")
        #expect(!financial.hypernyms.isEmpty)
        #expect(wn.synset(financial.id) == financial)
        #expect(wn.synsets(of: "bank", pos: .verb).allSatisfy { $0.pos == .verb })
        #expect(wn.synset(SynsetID(offset: 12345, pos: .noun)) == nil)  // not the start of a line
        #expect(wn.definition(of: "banks")?.isEmpty == false)  // morphy fallback
    }

    @Test func coordinateTermsOfDog() throws {
        let dog = try #require(wn.synsets(of: "dog", pos: .noun).first)
        #expect(dog.words.contains("domestic dog"))
        let sisters = wn.coordinateTerms(of: dog.id)
        #expect(sisters.contains("wolf"))
        #expect(sisters.contains("fox"))
        #expect(!sisters.contains("dog"))
    }

    @Test func pointerSymbolsFromBytes() {
        for relation in WordNetRelation.allCases {
            let bytes = Array(relation.rawValue.utf8)
            let parsed = bytes.withUnsafeBufferPointer { WordNet.relation($0, 0, bytes.count) }
            #expect(parsed == relation, "\(relation.rawValue)")
        }
    }

    @Test func structureAndPointerWalkMatchTheFullParse() throws {
        for word in ["dog", "bank", "run", "quick", "happily", "ice cream", "teach"] {
            for id in wn.synsetIDs(of: word) {
                let full = try #require(wn.synset(id))
                let light = try #require(wn.synsetStructure(id))
                #expect(light.words == full.words && light.pointers == full.pointers && light.lexicalFile == full.lexicalFile)
                var walked: [SynsetPointer] = []
                wn.forEachPointer(of: id) { walked.append(SynsetPointer(relation: $0, target: $1, sourceWord: $2, targetWord: $3)) }
                #expect(walked == full.pointers, "\(word) \(id)")
            }
        }
        #expect(WordNet.display("ice_cream") == "ice cream")
    }

    @Test func relatedness() {
        #expect(wn.areRelated("car", "automobile"))
        #expect(!wn.areRelated("car", "banana"))
        #expect(wn.areRelated("dog", "animal"))       // hypernym, several levels up
        #expect(wn.areRelated("animal", "dogs"))      // hyponym, inflected
        #expect(wn.areRelated("ran", "running"))      // same lemma
        #expect(wn.areRelated("teach", "teacher"))    // derivationally related
        #expect(!wn.areRelated("happy", "sad"))       // antonyms make fine distractors
        #expect(!wn.areRelated("apple", "pear"))
    }

    @Test func sharedAcrossThreads() async {
        let wn = self.wn
        let counts = await withTaskGroup(of: Int.self) { group in
            for word in ["bank", "dog", "run", "good", "house", "light", "set", "table"] {
                group.addTask { wn.synsets(of: word, pos: nil).count + wn.lemmas(of: word + "s").count }
            }
            return await group.reduce(0, +)
        }
        #expect(counts > 100)
    }
}

@Suite struct AnalyzerTests {
    let analyzer = TextAnalyzer(wordNet: sharedWordNet)

    @Test func analyzeParagraph() throws {
        let text = """
        The geese were running across the fields near the river. The old man and Maria watched the geese \
        running from her small house by the bridge. A goose ran toward the bank and studied the water. Students study the \
        birds every spring because the birds return to the same river each year.
        """
        let result = analyzer.analyze(text)
        #expect(result.sentenceCount == 4)
        #expect(result.sentences.count <= 4)
        #expect(result.tokenCount == Tokenizer.words(in: text).count)
        let byLemma = Dictionary(uniqueKeysWithValues: result.words.map { ($0.lemma, $0) })

        let goose = try #require(byLemma["goose"])
        #expect(goose.count == 3)
        #expect(goose.forms == ["geese": 2, "goose": 1])
        let run = try #require(byLemma["run"])
        #expect(run.forms == ["running": 2, "ran": 1])
        let study = try #require(byLemma["study"])
        #expect(study.forms == ["studied": 1, "study": 1])
        #expect(byLemma["student"]?.forms == ["students": 1])
        #expect(byLemma["bird"]?.count == 2)

        // Stop words and the name are gone.
        for dropped in ["the", "were", "from", "her", "because", "maria", "Maria", "each"] {
            #expect(byLemma[dropped] == nil, "\(dropped) should be dropped")
        }
        // Every context sentence contains a form of its word.
        for word in result.words {
            let sentence = result.sentences[word.contextSentence].lowercased()
            #expect(word.forms.keys.contains { sentence.contains($0) }, "\(word.lemma) not in its context")
        }
        // Sorted by count, then lemma.
        #expect(result.words.first?.lemma == "goose")
    }

    /// Only context sentences are kept: a long text of few words keeps few sentences (memory follows the vocabulary).
    @Test func keepsOnlyContextSentences() throws {
        let text = String(repeating: "The old river flows past the quiet town every day. ", count: 2_000)
            + "A small boat crosses the river."
        let result = analyzer.analyze(text)
        #expect(result.sentenceCount == 2_001)
        #expect(result.sentences == ["The old river flows past the quiet town every day.", "A small boat crosses the river."])
        let boat = try #require(result.words.first { $0.lemma == "boat" })
        #expect(result.sentences[boat.contextSentence] == "A small boat crosses the river.")
        #expect(result.words.first { $0.lemma == "river" }?.count == 2_001)
    }

    @Test func contextPrefersCompleteMediumSentences() throws {
        let text = "Bridge. A bridge crosses the wide river near the town center. The bridge"
        let result = analyzer.analyze(text)
        let bridge = try #require(result.words.first { $0.lemma == "bridge" })
        #expect(result.sentences[bridge.contextSentence] == "A bridge crosses the wide river near the town center.")
    }

    /// A sentence that defines or names the word wins over one that merely uses it; a greeting never does.
    @Test func contextPrefersSentencesThatTeachTheWord() throws {
        let text = """
        Hello again, and welcome to today's lesson on volcanoes. Many people live near volcanoes in the south. \
        A volcano is an opening in the Earth's crust where molten rock escapes to the surface. \
        Underground, that molten rock is called magma, and it is very hot indeed. Magma rises through cracks in the rock. \
        Thanks for listening to this lesson about volcanoes. The lava, a liquid rock from deep underground, flows slowly. \
        Red lava flows down the side of the mountain every few years.
        """
        let result = analyzer.analyze(text)
        func context(_ lemma: String) throws -> String {
            result.sentences[try #require(result.words.first { $0.lemma == lemma }).contextSentence]
        }
        #expect(try context("volcano") == "A volcano is an opening in the Earth's crust where molten rock escapes to the surface.")
        #expect(try context("magma") == "Underground, that molten rock is called magma, and it is very hot indeed.")
        #expect(try context("lava") == "The lava, a liquid rock from deep underground, flows slowly.")
        // Only greetings use "lesson": the first is kept rather than none.
        #expect(try context("lesson") == "Hello again, and welcome to today's lesson on volcanoes.")
    }

    /// A section heading that ends like a sentence ("Grant of Patent License.", the Apache License) is not a context
    /// when a full sentence uses the word, even a long one; a short sentence that defines the word still is.
    @Test func headingsAreNotContexts() throws {
        let text = """
        Grant of Patent License. Subject to the terms and conditions of this License, each Contributor hereby grants to \
        You a perpetual, worldwide, non-exclusive, no-charge, royalty-free, irrevocable patent license to make, have made, \
        use, offer to sell, sell, import, and otherwise transfer the Work, where such license applies only to those \
        patent claims licensable by such Contributor. Magma is molten rock. Deep underground the hot magma slowly rises \
        towards the surface through cracks in the crust of the planet, where it cools over many thousands of years.
        """
        let result = analyzer.analyze(text)
        func context(_ lemma: String) throws -> String {
            result.sentences[try #require(result.words.first { $0.lemma == lemma }).contextSentence]
        }
        #expect(try context("patent").hasPrefix("Subject to the terms and conditions"))
        #expect(try context("magma") == "Magma is molten rock.")
    }

    @Test func namesAndCapitals() throws {
        let result = analyzer.analyze("Tom saw a rose. Later Tom gave Rose the bank. The Bank was closed and the bank was empty. NASA works. Paris is big. THE RIVER IS WIDE.")
        let lemmas = Set(result.words.map(\.lemma))
        #expect(!lemmas.contains("tom"))       // a name: capitalised mid-sentence, never lower case
        #expect(lemmas.contains("rose"))       // also appears in lower case
        #expect(!lemmas.contains("nasa"))
        #expect(!lemmas.contains("paris"))     // sentence-initial, but WordNet knows it only capitalised
        #expect(lemmas.contains("big"))
        #expect(lemmas.contains("river") && lemmas.contains("wide"))  // shouted sentence
        #expect(result.words.first { $0.lemma == "bank" }?.count == 3)
    }

    @Test func analyzeDataThrowsNoTextFound() throws {
        do {
            _ = try analyzer.analyze(data: Data("1234 5678 !!! ???".utf8), fileExtension: "txt")
            Issue.record("expected no-text-found")
        } catch {
            #expect(error.code == .noTextFound)
        }
        let srt = "1\n00:00:01,000 --> 00:00:02,000\nThe river flows.\n"
        let analysis = try analyzer.analyze(data: Data(srt.utf8), fileExtension: ".SRT")
        #expect(analysis.sentences == ["The river flows."])
        #expect(analysis.words.map(\.lemma).sorted() == ["flow", "river"])
    }

    @Test func aLargeTextIsAnalysedWhole() {
        // Speed is measured by `lectern-bench words` on 1M words; this checks nothing is dropped on a big input.
        let vocabulary = ["river", "geese", "running", "studies", "bank", "the", "and", "houses", "children",
                          "better", "analyses", "quickly", "of", "Maria", "3.14", "bridges", "walked"]
        var rng = SplitMix64(seed: 42)
        var text = ""
        for s in 0..<5_000 {
            let n = 6 + Int(rng.next() % 15)
            var words: [String] = []
            for _ in 0..<n { words.append(vocabulary[Int(rng.next() % UInt64(vocabulary.count))]) }
            text += (s % 7 == 0 ? "Mr. " : "") + words.joined(separator: " ").capitalizedFirst + ". "
        }
        let result = analyzer.analyze(text)
        #expect(result.tokenCount > 60_000)
        #expect(result.sentenceCount == 5_000)
        #expect(result.words.first { $0.lemma == "goose" } != nil)
    }
}

struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
