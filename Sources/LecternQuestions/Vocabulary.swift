import Foundation
import LecternModel
import LecternText
import Synchronization

/// How an adjective is written: before a content word ("primary purpose"), with a complement, by its word ("different
/// from", "more senior than"; "able to compete" is not "essential to the future": "to" before an article or the like
/// opens a noun phrase), or on its own (after "is", before "and" or the end).
package enum AdjectiveFrame: Hashable {
    case attributive, predicative
    case complement(String)

    static let complementWords: Set<String> = ["to", "of", "that", "for", "with", "from", "about", "than", "in", "on", "at", "as"]

    init(at position: Int, in lowered: [String]) {
        let next = position + 1 < lowered.count ? lowered[position + 1] : ""
        if Self.complementWords.contains(next) {
            let opensNounPhrase = position + 2 < lowered.count && WordClasses.nounPhraseOpeners.contains(lowered[position + 2])
            self = .complement(next == "to" && opensNounPhrase ? "to the" : next)
        } else if !next.isEmpty, !StopWords.english.contains(next) {
            self = .attributive
        } else {
            self = .predicative
        }
    }
}

package enum AnswerKind {
    case year, number, name, term, adjective

    package var questionKind: QuestionKind {
        switch self {
        case .year: return .clozeYear
        case .number: return .clozeNumber
        case .name: return .clozeName
        case .term: return .clozeTerm
        case .adjective: return .clozeAdjective
        }
    }
}

/// A possible blank: one fact of one sentence.
package struct Candidate {
    package var sentenceIndex: Int
    package var sentence: String
    package var answer: String
    package var kind: AnswerKind
    package var score: Double
    /// For terms: the term it is.
    package var term: TextTerm? = nil
    /// For numbers: the word after it ("percent", "metres").
    var unit: String? = nil
}

/// What the text offers as answers and same-kind distractors.
package struct Vocabulary {
    var years: [String] = []
    var numbers: [String] = []
    /// People: runs of two or more capitalised words unknown to WordNet ("Henrik Haldane").
    var people: [String] = []
    /// Other names: single capitalised words mid-sentence unknown to WordNet ("Albany").
    package var places: [String] = []
    /// Nouns of the text by lemma, with the sense their first sentence uses.
    package var terms: [String: TextTerm] = [:]
    /// Adjectives of the text as written (base forms), in order: answers and each other's distractors.
    var adjectives: [String] = []
    /// The frames each adjective is written in: one option fits a blank only if the text writes it the same way
    /// ("with _____ care" takes "primary", not "able", which the text writes "able to").
    var adjectiveFrames: [String: Set<AdjectiveFrame>] = [:]
    package let wordNet: WordNet
    /// The part-of-speech rules of the word lists (`SenseSelector.cuedPartOfSpeech`), for each occurrence.
    let tagger: SenseSelector
    /// Pairs of words the text writes side by side as alternatives or equals ("files and folders", "users or
    /// installations", "directories (folders)"), by lemma, as "a|b" both ways: in the text's eyes either may fill the
    /// other's place, so neither is a wrong option for the other.
    package var coordinated = Set<String>()
    /// The words written right before and after each name ("packages" for "Debian packages"), stop words aside.
    var nameNeighbours: [String: Set<String>] = [:]
    /// Pairs of capitalised words the text writes together in one name ("Debian GNU/Linux", "Debian Linux
    /// Association"), as "a|b": one names part of the other, so neither is a false swap for the other.
    var joinedNames = Set<String>()
    /// The lemmas of the whole text (`ContextSense.lemmas`): what shows a WordNet option is of its topic.
    package let textLemmas: Set<String>
    /// The whole text's lemmas weighted by rarity, for the word lists' sense choice (`SenseSelector.choice`).
    package let document: SenseSelector.DocumentContext
    /// Common nouns of the topics the whole text leans to (`SenseSelector.leaningDomains`: law for a licence), with
    /// the kind of their sense there: options of the text's subject when a term's own sense is unclear.
    package let topicNouns: [TopicNoun]
    /// `antonym(of:)`'s answers: statements ask about the same words again and again (a course's topics share one
    /// vocabulary, on several threads).
    let antonyms = AntonymMemo()

    final class AntonymMemo: Sendable {
        let entries = Mutex<[String: String?]>([:])
    }

    package init(sentences: [String], wordNet: WordNet) {
        self.wordNet = wordNet
        tagger = SenseSelector(wordNet: wordNet)
        var seen = Set<String>()
        let textLemmas = ContextSense.lemmas(of: sentences.joined(separator: " "), wordNet: wordNet)
        self.textLemmas = textLemmas
        document = tagger.documentContext(textLemmas.sorted().map { WordOccurrence(lemma: $0, forms: [:], count: 1, contextSentence: 0) })
        topicNouns = TopicNoun.all(in: tagger.leaningDomains(document), wordNet: wordNet)
        for (index, sentence) in sentences.enumerated() {
            let tokens = Tokenizer.words(in: sentence)
            var run: [String] = []
            for token in tokens + [Token(text: "", isCapitalized: false, isSentenceInitial: false, isNumber: false)] {
                if token.isCapitalized && !token.isNumber { run.append(token.text); continue }
                for a in run { for b in run where a != b { joinedNames.insert(a + "|" + b) } }
                run = []
            }
            for name in Self.names(in: tokens, wordNet: wordNet) where seen.insert("n" + name).inserted {
                if name.contains(" ") { people.append(name) } else { places.append(name) }
            }
            for pair in Self.coordinatedPairs(in: sentence) {
                let (a, b) = (wordNet.lemma(of: pair.0) ?? pair.0, wordNet.lemma(of: pair.1) ?? pair.1)
                coordinated.formUnion([a + "|" + b, b + "|" + a])
            }
            let words = tokens.map(\.text)
            for (position, word) in words.enumerated() where word.first?.isUppercase == true {
                for neighbour in [position - 1, position + 1] where words.indices.contains(neighbour) {
                    let lower = words[neighbour].lowercased()
                    if !StopWords.english.contains(lower), words[neighbour].first?.isLowercase == true {
                        nameNeighbours[word, default: []].insert(lower)
                    }
                }
            }
            for (position, token) in tokens.enumerated() where token.isNumber && Self.isPlainNumber(token.text) {
                let list = isYear(at: position, in: tokens) ? "y" : "d"
                if seen.insert(list + token.text).inserted {
                    if list == "y" { years.append(token.text) } else { numbers.append(token.text) }
                }
            }
            let lowered = tokens.map { $0.text.lowercased() }
            for (position, token) in tokens.enumerated() where isAdjective(token) {
                let lower = token.text.lowercased()
                adjectiveFrames[lower, default: []].insert(AdjectiveFrame(at: position, in: lowered))
                if seen.insert("a" + lower).inserted { adjectives.append(lower) }
            }
            for noun in nouns(in: tokens) {
                if var term = terms[noun.lemma] {
                    term.count += 1
                    terms[noun.lemma] = term
                } else if let (sense, evidence) = ContextSense.best(wordNet.synsets(of: noun.lemma, pos: .noun), context: sentence,
                                                                     word: noun.lemma, textLemmas: textLemmas, wordNet: wordNet),
                          !Self.measureFiles.contains(sense.lexicalFile ?? "") {
                    terms[noun.lemma] = TextTerm(lemma: noun.lemma, pos: .noun, sense: sense, senseEvidence: evidence, count: 1,
                                                 sentenceIndex: index, sentence: sentence, surface: noun.surface,
                                                 band: FrequencyBand.of(noun.lemma, pos: .noun, in: wordNet))
                }
            }
        }
    }

    /// The nouns a sentence uses, as written and by lemma: two-word WordNet compounds first ("carbon
    /// dioxide", "food chain": the term is the pair, not its last word), then single nouns (`nounLemma`).
    /// Capitalised words are names, except at the start of the sentence. A single noun must be a noun *here*: when
    /// its neighbours cue another part of speech ("covers that bracket the Document": a verb), it is left out, so a
    /// blank of it never gets noun options.
    package func nouns(in tokens: [Token]) -> [(surface: String, lemma: String)] {
        var out: [(surface: String, lemma: String)] = []
        let lowered = tokens.map { $0.text.lowercased() }
        func isWord(_ token: Token) -> Bool {
            !token.isNumber && (!token.isCapitalized || token.isSentenceInitial) && token.text.allSatisfy(\.isLetter)
        }
        var position = 0
        while position < tokens.count {
            defer { position += 1 }
            let token = tokens[position]
            guard isWord(token) else { continue }
            let lower = token.text.lowercased()
            if position + 1 < tokens.count, isWord(tokens[position + 1]), !StopWords.english.contains(lower) {
                let next = tokens[position + 1].text.lowercased()
                if !StopWords.english.contains(next),
                   let lemma = wordNet.lemmas(of: lower + " " + next).first(where: { $0.pos == .noun && $0.lemma.contains(" ") })?.lemma,
                   wordNet.hasLowercaseSense(lemma) {
                    out.append((token.text + " " + tokens[position + 1].text, lemma))
                    position += 1
                    continue
                }
            }
            guard let lemma = nounLemma(lower, after: position > 0 ? tokens[position - 1].text.lowercased() : nil),
                  !isAttributiveAdjective(lower, lemma: lemma, before: position + 1 < tokens.count ? tokens[position + 1] : nil) else { continue }
            let cue = tagger.cuedPartOfSpeech(of: lemma, tokens: lowered, at: position)
            if cue == .noun || (cue == nil && !Self.readsAsNonNoun(at: position, lowered)), !readsAsVerb(at: position, tokens, lowered),
               !isInIdiom(at: position, lowered) {
                out.append((token.text, lemma))
            }
        }
        return out
    }

    /// A word an adjective at least a third as often as a noun, before a noun or a hyphened word:
    /// "architecture-specific binary directories", "derivative works", "standard input", "the current release", "the
    /// general network-using public" describe what follows them.
    func isAttributiveAdjective(_ word: String, lemma: String, before next: Token?) -> Bool {
        guard let next, !next.isNumber, !next.isCapitalized, !StopWords.english.contains(next.text.lowercased()),
              wordNet.frequency(of: word, pos: .adjective) * 2 >= wordNet.frequency(of: lemma, pos: .noun),
              wordNet.lemmas(of: word).contains(where: { $0.pos == .adjective }) else { return false }
        return next.text.contains("-") || wordNet.lemmas(of: next.text.lowercased()).contains { $0.pos == .noun }
    }

    /// Where the tagger has no cue, the neighbours that show a word is no noun: a determiner or object pronoun right
    /// after it ("An option A defeats the default option D"), or an intensifier before it ("very current and usable").
    static func readsAsNonNoun(at position: Int, _ lowered: [String]) -> Bool {
        let previous = position > 0 ? lowered[position - 1] : ""
        let next = position + 1 < lowered.count ? lowered[position + 1] : ""
        return WordClasses.objectOpeners.contains(next) || intensifiers.contains(previous)
    }

    /// A word that can be a verb, not after a determiner, and followed by a name ("…, contact Lasse Collin and offer")
    /// or by "by" ("the "split" mode output by 'makeinfo'"), or between a relative pronoun and "to" ("anything that
    /// needs to exist"): an imperative, a participle or a verb, not a noun.
    func readsAsVerb(at position: Int, _ tokens: [Token], _ lowered: [String]) -> Bool {
        guard position + 1 < tokens.count else { return false }
        let next = tokens[position + 1]
        let afterRelative = position > 0 && ["that", "which", "who"].contains(lowered[position - 1]) && lowered[position + 1] == "to"
        guard afterRelative || position == 0 || !WordClasses.nounPhraseOpeners.contains(lowered[position - 1]) else { return false }
        guard lowered[position + 1] == "by" || afterRelative || (next.isCapitalized && !next.isSentenceInitial && !next.isNumber)
        else { return false }
        return wordNet.lemmas(of: lowered[position]).contains { $0.pos == .verb }
    }

    static let intensifiers: Set<String> = ["very", "too", "so", "quite", "rather", "extremely", "fairly", "highly", "less", "more", "most"]

    /// Whether the word at `position` is part of a WordNet phrase that is not a noun with the words around it ("upside
    /// down", "in principle", "in reality", "on the contrary"): such a noun is no term of the text, and a blank of it
    /// tests the idiom.
    /// `nounsToo`: a noun phrase counts as well ("real number": its "real" has no opposite of its own).
    func isInIdiom(at position: Int, _ lowered: [String], nounsToo: Bool = false) -> Bool {
        for length in 2...3 {
            for start in max(0, position - length + 1)...position where start + length <= lowered.count {
                let phrase = lowered[start..<(start + length)].joined(separator: " ")
                let readings = wordNet.lemmas(of: phrase).filter { $0.lemma.contains(" ") }
                if !readings.isEmpty && (nounsToo || !readings.contains(where: { $0.pos == .noun })) { return true }
            }
        }
        return false
    }

    /// A describing word of the text in its base form, mostly an adjective in the language ("free", "useful";
    /// not "means", "set" or "tested"), common enough that its options can be too.
    func isAdjective(_ token: Token, after previous: String? = nil) -> Bool {
        // After "to", a modal or "don't" the word is a verb: "don't free it".
        if let previous, Self.verbCues.contains(previous) || previous.hasSuffix("n't") { return false }
        let lower = token.text.lowercased()
        guard lower.count >= 4, !token.isNumber, !token.isCapitalized || token.isSentenceInitial, lower.allSatisfy(\.isLetter),
              !StopWords.english.contains(lower), !Self.sequenceWords.contains(lower), FamiliarWord.isCommon(lower),
              wordNet.lemmas(of: lower).contains(where: { $0.pos == .adjective && $0.lemma == lower }),
              // A comparative ("fewer", "better") is another form of its base: "more fewer" is no English.
              !wordNet.lemmas(of: lower).contains(where: { $0.pos == .adjective && $0.lemma != lower }),
              // A verb's participle ("tested", "running") is a verb in its sentence, not a describing word.
              !wordNet.lemmas(of: lower).contains(where: { $0.pos == .verb && $0.lemma != lower }) else { return false }
        let adjective = wordNet.frequency(of: lower, pos: .adjective)
        return adjective > 0 && adjective * 2 >= wordNet.frequency(of: lower)
    }

    /// Lower-case word pairs joined by "and", "or", "nor", a comma, a slash or an opening bracket, an article or
    /// possessive allowed after the joint ("the developers' and authors'", "a user or a group").
    static func coordinatedPairs(in sentence: String) -> [(String, String)] {
        let pattern = #"([A-Za-z]+)'?(?:,| and| or| nor| /|/| \()\s*(?:(?:the|a|an|their|its|other)\s+)?([A-Za-z]+)"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let text = sentence as NSString
        var pairs: [(String, String)] = []
        // "Directories on Unix systems are called folders on some other systems": a name the text gives to a thing
        // it names before it, whichever word of the clause that is.
        if let called = sentence.range(of: #"\b(is|are) (also )?(called|known as) "#, options: .regularExpression) {
            let name = Tokenizer.words(in: String(sentence[called.upperBound...])).first?.text.lowercased()
            for word in Tokenizer.words(in: String(sentence[..<called.lowerBound])) where name != nil && !StopWords.english.contains(word.text.lowercased()) {
                pairs.append((word.text.lowercased(), name!))
            }
        }
        var start = 0
        while start < text.length, let match = regex.firstMatch(in: sentence, range: NSRange(location: start, length: text.length - start)) {
            pairs.append((text.substring(with: match.range(at: 1)).lowercased(), text.substring(with: match.range(at: 2)).lowercased()))
            // Overlapping pairs: "files, directories and links" gives both joints.
            start = match.range(at: 2).location
        }
        return pairs
    }

    /// Whether the text writes the two names next to a same word somewhere.
    func shareNeighbours(_ a: String, _ b: String) -> Bool {
        guard let first = nameNeighbours[a], let second = nameNeighbours[b] else { return false }
        return !first.isDisjoint(with: second)
    }

    /// The frame `answer` stands in within `sentence`; nil when the sentence does not write it. An adjective fits the
    /// blank there when the text writes it in the same frame somewhere (`isWritten`).
    package func slotFrame(of answer: String, in sentence: String) -> AdjectiveFrame? {
        let lowered = Tokenizer.words(in: sentence).map { $0.text.lowercased() }
        return lowered.firstIndex(of: answer.lowercased()).map { AdjectiveFrame(at: $0, in: lowered) }
    }

    /// Whether the text writes `adjective` in `frame` somewhere.
    package func isWritten(_ adjective: String, in frame: AdjectiveFrame?) -> Bool {
        frame.map { adjectiveFrames[adjective]?.contains($0) == true } ?? false
    }

    /// The common opposite of an adjective in its most frequent sense, when that sense has one of its own
    /// ("large" → "small"; a satellite such as "huge" has none). Not "same"/"different": they need another article.
    package func antonym(of word: String) -> String? {
        if let known = antonyms.entries.withLock({ $0[word] }) { return known }
        let found = lookUpAntonym(of: word)
        antonyms.entries.withLock { $0[word] = found }
        return found
    }

    private func lookUpAntonym(of word: String) -> String? {
        // "due" is mostly "due to", a preposition there: "Undue to restrictions" is no English.
        let awkward: Set<String> = ["same", "different", "other", "due"]
        // Base forms only: the opposite of "highest" is not "low".
        guard word.count >= 3, !StopWords.english.contains(word), !awkward.contains(word),
              wordNet.lemmas(of: word).contains(where: { $0.pos == .adjective && $0.lemma == word }),
              // A verb's participle ("are running", "can be used", "ever published") is a verb there: "standing",
              // "misused", "unpublished" make no contradiction of it.
              !wordNet.lemmas(of: word).contains(where: { $0.pos == .verb && $0.lemma != word }),
              let sense = wordNet.synsets(of: word, pos: .adjective).first, !sense.isSatellite,
              wordNet.frequency(of: word, pos: .adjective) * 2 >= wordNet.frequency(of: word) else { return nil }
        let opposites = sense.antonyms.compactMap(wordNet.synset).flatMap(\.words).map { $0.lowercased() }
        return opposites.first { !$0.contains("_") && !$0.contains(" ") && FamiliarWord.isCommon($0) && !awkward.contains($0) }
    }

    /// Adjectives that place a thing in a sequence rather than describe it ("the third field", "the next release"):
    /// another one in the blank is as grammatical and says nothing about the text.
    static let sequenceWords: Set<String> = ["first", "second", "third", "fourth", "fifth", "next", "last", "previous", "former",
                                             "latter", "following", "final"]

    /// Units and spans of time ("metres", "days", "minutes") measure a text's facts; they are not what it teaches.
    static let measureFiles: Set<String> = ["noun.quantity", "noun.time"]

    package var textTerms: [TextTerm] { terms.values.sorted { $0.lemma < $1.lemma } }

    /// A sense fit to be defined: clear by `TextTerm.senseIsClear`, and the sense the word lists' selector
    /// (`SenseSelector.choice`: SemCor prior, sentence and whole-text overlap) picks too, with `high` confidence.
    /// Two different heuristics agreeing, one of them by a wide margin: "archive" in a text about Debian's package
    /// archive is not "a depository containing historical records" (one shared word had confirmed that sense), nor
    /// "derivatives" of a Document financial instruments. A word of one WordNet sense needs evidence too, as WordNet
    /// may lack the sense the text uses ("archive" has only the depository of historical records, "extern" only a
    /// nonresident doctor, "blob" only a shapeless form): the sense shares a word with the term's own sentence, or
    /// with the text enough for `senseIsClear`'s bar of a first sense (1: one rare word in the sentence, two in
    /// the rest of the text); a single word elsewhere ("document" for the Debian "archive") is not enough. Otherwise
    /// the word gets no definition question.
    package func senseIsDefinable(_ term: TextTerm) -> Bool {
        guard term.senseIsClear(in: wordNet) else { return false }
        if term.senseEvidence < 1 {
            let inSentence = ContextSense.best([term.sense], context: term.sentence, word: term.lemma, wordNet: wordNet)?.overlap ?? 0
            guard inSentence > 0 else { return false }
        }
        guard wordNet.synsets(of: term.lemma, pos: term.pos).count > 1 else { return true }
        return sureSense(of: term)?.id == term.sense.id
    }

    /// The sense the word lists' selector gives the term in its sentence when it is sure (`SenseSelector.Choice.isSure`,
    /// the rule word tests follow), else nil: a homework question teaches a meaning only then.
    package func sureSense(of term: TextTerm) -> Synset? {
        guard let choice = tagger.choice(of: term.lemma, forms: [term.surface], context: term.sentence, document: document),
              choice.isSure else { return nil }
        return choice.synset
    }

    /// Words after which an English word is a verb: "most of them orbit", "to flow", "can break".
    static let verbCues: Set<String> = ["to", "they", "them", "we", "you", "he", "she", "it", "i", "can", "could", "will",
                                        "would", "shall", "should", "may", "might", "must", "did", "does", "do"]

    /// The noun lemma of a word the text uses as a noun: a WordNet noun with a lower-case sense that is
    /// mostly a noun in the language (SemCor), or at least a third as often a noun and after a determiner
    /// ("the flow" but not "turns back", "a single Bible", "instead of flowing" or "most of them orbit").
    func nounLemma(_ word: String, after previous: String?) -> String? {
        guard word.count >= 4, !StopWords.english.contains(word), word.allSatisfy(\.isLetter),
              !Self.verbCues.contains(previous ?? "") else { return nil }
        // The most frequent noun base form: "days" is "day", not WordNet's rare lemma "days" (a lifetime).
        let lemma = wordNet.lemmas(of: word).filter { $0.pos == .noun }
            .max { wordNet.frequency(of: $0.lemma, pos: .noun) < wordNet.frequency(of: $1.lemma, pos: .noun) }?.lemma
        guard let lemma, lemma.allSatisfy(\.isLetter), wordNet.hasLowercaseSense(lemma) else { return nil }
        let noun = wordNet.frequency(of: lemma, pos: .noun)
        let other = PartOfSpeech.allCases.filter { $0 != .noun }.reduce(0) { total, pos in
            total + wordNet.lemmas(of: word).filter { $0.pos == pos }.reduce(0) { $0 + wordNet.frequency(of: $1.lemma, pos: pos) }
        }
        if noun >= other || (WordClasses.nounPhraseOpeners.contains(previous ?? "") && noun * 3 >= other) { return lemma }
        return nil
    }

    /// Runs of capitalised words that WordNet does not know as common words, not at a sentence start.
    package static func names(in tokens: [Token], wordNet: WordNet) -> [String] {
        var names: [String] = []
        var run: [String] = []
        func flush() {
            if !run.isEmpty { names.append(run.joined(separator: " ")) }
            run = []
        }
        for (position, token) in tokens.enumerated() {
            // "40 degrees Celsius": a scale, not a name.
            let afterDegrees = position > 0 && ["degree", "degrees"].contains(tokens[position - 1].text.lowercased())
            // A quoted title's first word ("Section 6.7, “What are all those directories…”") is no name either.
            if token.isCapitalized, !token.isNumber, !token.isSentenceInitial, !afterDegrees, token.text.count >= 3,
               token.text.allSatisfy(\.isLetter), !StopWords.english.contains(token.text.lowercased()),
               !wordNet.hasLowercaseSense(token.text.lowercased()),
               !(wordNet.lemma(of: token.text.lowercased()).map { wordNet.hasLowercaseSense($0) } ?? false) {
                run.append(token.text)
            } else {
                flush()
            }
        }
        flush()
        return names.filter { $0.split(separator: " ").count <= 3 }
    }

    /// Words whose number names a part of a document ("section 4", "chapter 2"), not a quantity.
    package static let referenceWords: Set<String> = ["section", "sections", "chapter", "chapters", "paragraph", "paragraphs", "clause",
                                                      "clauses", "article", "articles", "item", "items", "step", "steps", "figure",
                                                      "subsection", "subsections",
                                                      "table", "page", "pages", "part", "appendix", "version", "line", "lines"]

    /// Also a version after a name ("Autoconf 2.60"), and a day before its month ("on 4 July 1817", "adopted on 20
    /// December 1996": a date's detail, not what the text teaches).
    static func isReference(at position: Int, in tokens: [Token]) -> Bool {
        guard position > 0 else { return false }
        let previous = tokens[position - 1]
        if referenceWords.contains(previous.text.lowercased()) { return true }
        if tokens[position].text.contains("."), previous.isCapitalized, !previous.isSentenceInitial { return true }
        return position + 1 < tokens.count && months.contains(tokens[position + 1].text.lowercased())
    }

    static let months: Set<String> = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                      "october", "november", "december"]

    static func isYear(_ text: String) -> Bool {
        guard text.count == 4, let value = Int(text) else { return false }
        return (1000...2100).contains(value)
    }

    /// A year-shaped number that is not a quantity: "in 1643", but not "1500 millimetres".
    func isYear(at position: Int, in tokens: [Token]) -> Bool {
        guard Self.isYear(tokens[position].text) else { return false }
        // "USD 1999" is an amount.
        if position > 0, tokens[position - 1].text.count == 3, tokens[position - 1].text.allSatisfy(\.isUppercase) { return false }
        guard position + 1 < tokens.count else { return true }
        let next = tokens[position + 1]
        return next.isNumber || next.isCapitalized || nounLemma(next.text.lowercased(), after: nil) == nil
    }

    /// Digits with optional thousands commas or one decimal point: no "1990s", no "3rd".
    static func isPlainNumber(_ text: String) -> Bool {
        text.range(of: #"^[0-9]{1,3}(,[0-9]{3})*(\.[0-9]+)?$|^[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil
    }

    package func candidates(in tokens: [Token], sentence: String, index: Int) -> [Candidate] {
        var result: [Candidate] = []
        for name in Self.names(in: tokens, wordNet: wordNet) {
            let isPerson = name.contains(" ")
            let pool = isPerson ? people : places
            // Enough names of the same kind to choose from: the text's own, or parts recombined for people.
            if pool.count >= 4 || (isPerson && pool.count >= 2) {
                result.append(Candidate(sentenceIndex: index, sentence: sentence, answer: name, kind: .name,
                                        score: isPerson ? 2.2 : 2.0))
            }
        }
        // "(2)" numbers a list item, "24/7" is an idiom and "section 4" a reference: none is a fact of the text.
        for (position, token) in tokens.enumerated() where token.isNumber && Self.isPlainNumber(token.text)
            && !sentence.contains("(\(token.text))") && !sentence.contains("/\(token.text)") && !sentence.contains("\(token.text)/")
            && !Self.isReference(at: position, in: tokens) {
            let year = isYear(at: position, in: tokens)
            let unit = position + 1 < tokens.count ? tokens[position + 1].text.lowercased() : nil
            result.append(Candidate(sentenceIndex: index, sentence: sentence, answer: token.text,
                                    kind: year ? .year : .number, score: year ? 3.0 : 2.5, unit: unit))
        }
        // Describing words rank below the sentence's terms: a text teaches its things first. Not inside a phrase ("make
        // sure"): its word is no choice of the text.
        let lowered = tokens.map { $0.text.lowercased() }
        for (position, token) in tokens.enumerated()
        where isAdjective(token, after: position > 0 ? lowered[position - 1] : nil) && adjectives.count >= 3 && !isInIdiom(at: position, lowered) {
            result.append(Candidate(sentenceIndex: index, sentence: sentence, answer: token.text, kind: .adjective, score: 0.9))
        }
        for noun in nouns(in: tokens) {
            guard let term = terms[noun.lemma], term.isTaught, NounForm(of: noun.surface, lemma: noun.lemma) != nil else { continue }
            // Everyday words ("water", "people", "process": SemCor band 4) make blanks anyone can fill.
            // Salient (repeated in the text) and specific (rare in the language, few senses) terms make the best blanks;
            // they rank below the sentence's years, numbers and names, and remain for definition questions.
            let senses = max(1, wordNet.senseCount(of: noun.lemma, pos: .noun))
            let rarity = 1.0 / Double(1 + term.band)
            let score = 1.0 + (Double(min(term.count, 4)) * 0.25 + 0.5 / Double(senses) + rarity + Double(noun.lemma.count) / 30) / 3
            result.append(Candidate(sentenceIndex: index, sentence: sentence, answer: noun.surface, kind: .term,
                                    score: score, term: term))
        }
        return result
    }

    /// Same-kind distractors in tiers, each with its origin.
    package func distractors(for candidate: Candidate, seed: String) -> [(String, OptionOrigin)] {
        switch candidate.kind {
        case .year:
            let value = Int(candidate.answer)!
            let fromText = years.filter { $0 != candidate.answer }.map { ($0, OptionOrigin.sameTextYear) }
            let offsets = [-20, 10, -50, 30, -10, 50, 20, -30].map { (String(value + $0), OptionOrigin.nearbyYear) }
            return fromText.prefix(1) + offsets.filter { Int($0.0)! <= 2100 }
        case .number:
            let isPercent = candidate.unit == "percent" || candidate.unit == "per"
            return Self.numericNeighbours(candidate.answer, maximum: isPercent ? 100 : nil).map { ($0, OptionOrigin.nearbyNumber) }
        case .name:
            if candidate.answer.contains(" ") {
                let others = people.filter { $0 != candidate.answer }.map { ($0, OptionOrigin.sameTextName) }
                // Recombined first and last names of the text's people: plausible, and surely wrong.
                let firsts = people.compactMap { $0.split(separator: " ").first.map(String.init) }
                let lasts = people.compactMap { $0.split(separator: " ").last.map(String.init) }
                var mixed: [(String, OptionOrigin)] = []
                for first in firsts { for last in lasts where !people.contains("\(first) \(last)") {
                    mixed.append(("\(first) \(last)", OptionOrigin.sameTextNameParts))
                } }
                return others + mixed.seededShuffle(seed: seed)
            }
            // Names of the same kind as far as the text shows (written next to a same word): "the capital of _____" took
            // rivers ("Zambezi", "Nile") for "Sudan".
            return places.filter { $0 != candidate.answer && shareNeighbours($0, candidate.answer) }.map { ($0, OptionOrigin.sameTextName) }
        case .adjective:
            // Its opposite first (the blank then asks which way the text goes), then the text's other describing words.
            let lower = candidate.answer.lowercased()
            let written = { (word: String) in candidate.answer.first!.isUppercase ? word.prefix(1).uppercased() + word.dropFirst() : word }
            return (antonym(of: lower).map { [(written($0), OptionOrigin.antonym)] } ?? [])
                + adjectives.filter { $0 != lower }.map { (written($0), OptionOrigin.sameTextAdjective) }
        case .term:
            guard let term = candidate.term else { return [] }
            return WordDistractorSource(wordNet: wordNet)
                .candidates(answer: term.lemma, pos: .noun, sense: term.sense, senseIsClear: senseIsDefinable(term),
                            textTerms: textTerms, textLemmas: textLemmas, topicNouns: topicNouns, seed: seed)
        }
    }

    /// 12500 -> "12,500", independent of the machine's locale.
    static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// Plausible wrong numbers of the same shape: whole numbers stay whole with the same grouping,
    /// small counts move by one or two, larger ones by round steps of their own size (then by a fifth of
    /// that step); never negative, never above `maximum` (100 for percentages); a year-shaped quantity
    /// ("1500 millimetres") keeps year-shaped distractors, so that no option stands out.
    static func numericNeighbours(_ text: String, maximum: Int? = nil) -> [String] {
        let digits = text.replacingOccurrences(of: ",", with: "")
        guard let value = Double(digits) else { return [] }
        let limit = Double(maximum ?? Int.max)
        if digits.contains(".") {
            let places = digits.split(separator: ".").last?.count ?? 1
            return [2.0, 0.5, 1.5, 0.75, 3.0].compactMap { factor in
                let candidate = value * factor
                return candidate > 0 && candidate <= limit ? String(format: "%.\(places)f", candidate) : nil
            }
        }
        let whole = Int(value)
        var out: [Int] = []
        if whole < 12 {
            out = [whole + 1, whole - 1, whole + 2, whole - 2, whole + 3]
        } else {
            // A round step about a fifth of the value: 97 -> 20s, 2,400 -> 500s.
            let magnitude = Int(pow(10, floor(log10(Double(whole)))))
            let step = max(1, magnitude / (whole >= 5 * magnitude ? 1 : 2) / (whole < 20 ? 5 : 1))
            out = [2, -1, 1, -2, 3, 4].map { whole + $0 * step } + [whole * 2, whole / 2]
                + [1, -1, 2, -2, 3, -3].map { whole + $0 * max(1, step / 5) }
        }
        var seen = Set<Int>()
        return out.filter { $0 > 0 && $0 != whole && Double($0) <= limit && (!isYear(digits) || isYear(String($0)))
            && seen.insert($0).inserted }
            .map { text.contains(",") ? grouped($0) : String($0) }
    }
}
