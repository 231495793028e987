import Foundation
import LecternModel
import LecternText

/// "Which of these statements does the text support?": one sentence of the text as written, and three
/// statements made false by changing one thing each (a negation, an opposite from WordNet, another number,
/// a name of the text swapped in), each change named in the explanation. A term of the text swapped for another
/// is no change (quiz 19): blind reviews read "the GNU practice", "a Unix device" and "concepts" for "issues" as
/// nonsense or as still true, more often than any other change. Works on argumentative
/// and abstract prose, which has few numbers, names or terms to blank out.
package struct StatementQuestionMaker {
    package let wordNet: WordNet
    package let validator: QuestionValidator
    /// Where rejected candidates are recorded, for `lectern show --explain`.
    package var log: CandidateLog? = nil

    package init(wordNet: WordNet, validator: QuestionValidator) {
        self.wordNet = wordNet
        self.validator = validator
    }

    /// Auxiliaries whose negation contradicts the statement ("might not" does not: both may be true).
    package static let negatable: Set<String> = ["is", "are", "was", "were", "will", "should", "must", "would", "can"]
    /// Words whose swap contradicts a statement whatever its topic.
    package static let contradictions: [String: String] = [
        "always": "never", "never": "always", "before": "after", "after": "before", "more": "less", "less": "more",
        "most": "few", "increase": "decrease", "decrease": "increase", "better": "worse", "worse": "better",
        "easier": "harder", "harder": "easier", "first": "last", "last": "first", "all": "no", "must": "need not",
        "everything": "nothing", "nothing": "everything", "everyone": "no one", "allows": "prevents",
        "prevents": "allows", "include": "exclude", "includes": "excludes", "possible": "impossible",
        "impossible": "possible", "easy": "hard", "useful": "useless", "important": "unimportant",
        // WordNet's "lesser" makes "lesser than 16".
        "greater": "smaller", "larger": "smaller", "smaller": "larger",
    ]

    /// One change that makes a sentence false, and how to tell a student what changed.
    package struct Change {
        package var sentence: String
        package var origin: OptionOrigin
        package var note: String
        /// The changed word's place among the sentence's words (nil for a swapped name).
        package var position: Int?

        package init(sentence: String, origin: OptionOrigin, note: String, position: Int? = nil) {
            self.sentence = sentence
            self.origin = origin
            self.note = note
            self.position = position
        }
    }

    /// Words of a statement: short enough to read as one claim among four.
    package static let statementWords = 8...32

    /// Words that open a clause which is not the sentence's main claim: a change after one of them changes a
    /// condition, a time or a thing's description, and may leave the sentence true.
    package static let clauseOpeners: Set<String> = [
        "if", "when", "whenever", "unless", "whether", "because", "although", "though", "while", "since", "until", "once",
        "where", "whereas", "that", "which", "who", "whom", "whose", "so", "as", "before", "after", "why", "how",
    ]

    /// Whether the word at `index` opens a clause: not the "as" of "such as" ("programs such as shells should …").
    package static func opensClause(at index: Int, _ lowered: [String]) -> Bool {
        clauseOpeners.contains(lowered[index]) && !(lowered[index] == "as" && index > 0 && lowered[index - 1] == "such")
    }

    /// Words that read as English only after a negation ("not … in any way", "not … ever", "not yet").
    static let needsNegation: Set<String> = ["any", "anything", "anyone", "anybody", "anywhere", "ever", "yet", "either"]

    /// Words that, within five words after a negation or an opposite, twist it into something else than a plain
    /// contradiction: "there are not no Release Notes" and "is not usually no purpose" (a double negative, true),
    /// "should not only be one" and "is not permitted solely under" (a weaker claim), "are not again ignored".
    static let twisters: Set<String> = Set(["no", "not", "none", "nothing", "never", "only", "solely", "merely", "just", "few",
                                            "without", "again"]).union(WordClasses.hedges)

    package static func readsTwisted(after position: Int, _ lowered: [String]) -> Bool {
        lowered[(position + 1)...].prefix(5).contains(where: twisters.contains)
    }

    /// Every single change that makes `sentence` false, in the order they occur.
    package func changes(of sentence: String, vocabulary: Vocabulary) -> [Change] {
        let tokens = Tokenizer.words(in: sentence)
        var out: [Change] = []
        /// How many times the word at `position` is written before it: which of its occurrences a change is made at.
        func earlierOccurrences(_ position: Int) -> Int { tokens[..<position].filter { $0.text == tokens[position].text }.count }
        /// Writes the note "“new” for “old”" (a number unquoted), and "for the second “old”" when the word is written
        /// more than once: each change is told apart in the explanation.
        func replace(_ token: Token, at position: Int, with new: String, origin: OptionOrigin) {
            // "a new server" must not become "a old server".
            let article = position > 0 ? tokens[position - 1].text.lowercased() : ""
            if ["a", "an"].contains(article), Self.startsWithVowel(token.text) != Self.startsWithVowel(new) { return }
            // The word where it is: "these scripts start services" is another change than "all the scripts".
            let earlier = earlierOccurrences(position)
            // No statement changes a quoted word ("reply to all recipients", 'stable').
            guard let range = SentenceSearch.wholeWordRange(of: token.text, in: sentence, skipping: earlier),
                  !SentenceSearch.isQuoted(range, in: sentence) else { return }
            if origin == .negated || origin == .antonym, Self.givesAnExampleAfter(range, in: sentence) { return }
            // "see §4.1(3)" made "§8.2(3)", "2038-01-19" made "1401-01-19": a reference or a date is no claim of the text.
            if origin == .changedNumber, SentenceSearch.isPartOfAddress(range, in: sentence) { return }
            let repeated = tokens.filter { $0.text == token.text }.count > 1
            let which = repeated && earlier < SentenceSearch.ordinals.count ? "the \(SentenceSearch.ordinals[earlier]) " : ""
            let note = origin == .changedNumber ? "\(new) for \(which)\(token.text)" : "“\(new)” for \(which)“\(token.text)”"
            out.append(Change(sentence: sentence.replacingCharacters(in: range, with: new), origin: origin, note: note, position: position))
        }
        let lowered = tokens.map { $0.text.lowercased() }
        // A negation only in the main clause: "If either one is not installed, … will be satisfied" and "External
        // functions that are not documented entry points" may still be true (review of 2026-11-27, third session).
        // A clause opened before the word is closed by a comma: "If either one is installed, then any program … will
        // not be satisfied" negates the main claim.
        func isInMainClause(_ position: Int) -> Bool {
            guard let opener = lowered[..<position].indices.last(where: { Self.opensClause(at: $0, lowered) }) else { return true }
            guard let from = SentenceSearch.wholeWordRange(of: tokens[opener].text, in: sentence, skipping: earlierOccurrences(opener)),
                  let to = SentenceSearch.wholeWordRange(of: tokens[position].text, in: sentence, skipping: earlierOccurrences(position)),
                  from.upperBound <= to.lowerBound else { return false }
            return sentence[from.upperBound..<to.lowerBound].contains(",")
        }
        for (position, token) in tokens.enumerated() {
            let lower = token.text.lowercased()
            if Self.negatable.contains(lower), position + 1 < tokens.count, !token.isCapitalized || token.isSentenceInitial,
               isInMainClause(position) {
                let next = tokens[position + 1].text.lowercased()
                let negation = lower == "can" ? token.text + "not" : token.text + " not"
                // Not "there are not some" or "there are not other …" (a "there are" needs "no" there), nor "is not
                // insufficient" (two negations read as one claim turned around twice).
                let existential = position > 0 && lowered[position - 1] == "there"
                    && ["some", "other", "many", "several", "lots", "plenty"].contains(next)
                let negativeWord = ["un", "in", "im", "non", "dis"].contains { prefix in
                    next.hasPrefix(prefix) && next.count > prefix.count + 3
                        && wordNet.lemmas(of: String(next.dropFirst(prefix.count))).contains { $0.pos == .adjective }
                        && wordNet.lemmas(of: next).contains { $0.pos == .adjective }
                }
                if next != "also", !existential, !negativeWord, !Self.readsTwisted(after: position, lowered) {
                    replace(token, at: position, with: negation, origin: .negated)
                }
            }
            // This "not", with the space before it: the first " not " of "may or may not be available …, which are not
            // formally part" is another one.
            // Not before a word that needs the negation: "should not change it in any way" has no "should change it in
            // any way".
            if lower == "not", position > 0, Self.negatable.contains(tokens[position - 1].text.lowercased()),
               !lowered[(position + 1)...].prefix(8).contains(where: Self.needsNegation.contains),
               let word = SentenceSearch.wholeWordRange(of: token.text, in: sentence, skipping: earlierOccurrences(position)),
               word.lowerBound > sentence.startIndex, sentence[sentence.index(before: word.lowerBound)] == " ",
               !SentenceSearch.isQuoted(word, in: sentence), isInMainClause(position), !Self.givesAnExampleAfter(word, in: sentence) {
                let range = sentence.index(before: word.lowerBound)..<word.upperBound
                out.append(Change(sentence: sentence.replacingCharacters(in: range, with: ""), origin: .negated, note: "“not” left out",
                                  position: position))
            }
            // Not inside a phrase of WordNet ("due to", "in general", "make sure"): "undue to", "in specific", "make
            // uncertain". Nor "most" of a superlative: "his most famous book" has no "few famous book".
            let superlative = lower == "most" && position + 1 < tokens.count && vocabulary.isAdjective(tokens[position + 1])
            if let opposite = Self.contradictions[lower] ?? vocabulary.antonym(of: lower), !token.isCapitalized || token.isSentenceInitial,
               Self.opposes(at: position, in: tokens), !superlative, quantifierFits(at: position, lowered),
               !Self.isCoordinated(at: position, opposite: opposite, lowered), !vocabulary.isInIdiom(at: position, lowered, nounsToo: true),
               !Self.hasNoOppositeHere(at: position, lowered), !Self.readsTwisted(after: position, lowered) {
                let written = token.isCapitalized ? opposite.prefix(1).uppercased() + opposite.dropFirst() : opposite
                replace(token, at: position, with: written, origin: .antonym)
            }
            if token.isNumber, Vocabulary.isPlainNumber(token.text), !Vocabulary.isReference(at: position, in: tokens),
               let other = Self.changedNumber(token.text) {
                replace(token, at: position, with: other, origin: .changedNumber)
            }
        }
        if let (position, negation) = doSupportNegation(tokens, lowered, in: sentence, vocabulary: vocabulary) {
            replace(tokens[position], at: position, with: negation, origin: .negated)
        }
        // Names and terms are looked up only when there is another to swap in (a lecture's vocabulary has none).
        let names = vocabulary.people.isEmpty && vocabulary.places.isEmpty ? [] : Vocabulary.names(in: tokens, wordNet: wordNet)
        for name in names {
            let pool = name.contains(" ") ? vocabulary.people : vocabulary.places
            // Not a name the text writes together with this one ("Linux" for "Debian" in a text on "Debian GNU/Linux":
            // Debian is a Linux, so the swapped statement may well be true).
            // And of the same shape: an acronym ("FTP", a protocol) for a name ("Debian") swaps kinds, and "FTP is not
            // a commercial product" is true.
            func isAcronym(_ word: String) -> Bool { word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber } }
            // And of the same kind as far as the text shows: written next to a same word somewhere ("Debian packages",
            // "Ubuntu packages"); "Emacs" for "English" or "SmartList" for "Debian" made no statement at all.
            if let other = pool.first(where: { $0 != name && !sentence.contains($0) && !vocabulary.joinedNames.contains(name + "|" + $0)
                                                && isAcronym($0) == isAcronym(name) && vocabulary.shareNeighbours(name, $0) }),
               let range = SentenceSearch.wholeWordRange(of: name, in: sentence) {
                out.append(Change(sentence: sentence.replacingCharacters(in: range, with: other), origin: .swappedName,
                                  note: "“\(other)” for “\(name)”"))
            }
        }
        return out
    }

    /// Whether the opposite of the word at `position` reads as a plain contradiction: not within four words after a
    /// negation ("no real starting point" must not become "no unreal starting point"; "may or may not be available" and
    /// "without having to be familiar" hold or fail whatever follows), not after a measurement ("6,650 kilometres long"
    /// is not "6,650 kilometres short"), and "most" and "all" only before their noun ("most rivers", "all water"):
    /// "few of the digging", "the few powerful" and "no the water" are not English.
    static func opposes(at position: Int, in tokens: [Token]) -> Bool {
        let previous = position > 0 ? tokens[position - 1].text.lowercased() : ""
        let negations: Set<String> = ["no", "not", "never", "nothing", "without"]
        if tokens[max(0, position - 4)..<position].contains(where: { negations.contains($0.text.lowercased()) }) { return false }
        if position >= 2, tokens[position - 2].isNumber { return false }
        let word = tokens[position].text.lowercased()
        guard word == "most" || word == "all" else { return true }
        let next = position + 1 < tokens.count ? tokens[position + 1].text.lowercased() : ""
        return previous != "the" && !Self.ofOrDeterminer.contains(next)
    }

    /// Whether the sentence goes on to give an example of its claim after `range` ("All commands operate on whole
    /// lines; e.g., the 'd' command deletes lines"): the claim turned around contradicts its own example, which reads
    /// as nonsense rather than as a claim the text does not make.
    static func givesAnExampleAfter(_ range: Range<String.Index>, in sentence: String) -> Bool {
        let rest = sentence[range.upperBound...].lowercased()
        return ["for example", "for instance", "e.g.", "i.e.", "in other words"].contains { rest.contains($0) }
    }

    /// Whether two changes of a sentence (`words`: its words, lower-cased) say the same thing: a negation and, one to three words after it, an
    /// opposite ("was not possible" and "was impossible", "is not capable" and "is incapable"), or the opposites of a
    /// degree word and the word it grades ("less complex" and "more simple" for "more complex"). A student rules out
    /// both, as neither can be the one key.
    package static func sayTheSame(_ a: Change, _ b: Change, words: [String]) -> Bool {
        guard let first = a.position, let second = b.position else { return false }
        if a.origin == .antonym, b.origin == .antonym {
            guard abs(first - second) == 1, words.indices.contains(min(first, second)) else { return false }
            return ["more", "less", "most", "least"].contains(words[min(first, second)])
        }
        let (negation, opposite) = a.origin == .negated ? (first, second) : (second, first)
        let origins = Set([a.origin, b.origin])
        return origins == [.negated, .antonym] && (1...3).contains(opposite - negation)
    }

    /// Whether "all" or "most" stands before its noun where "no" or "few" can take its place: "all countries", "most
    /// rivers"; not "packages all related to" or "most commonly" (no noun follows), nor "from all countries" ("from no
    /// countries" reads as nonsense, not as a claim). Other words fit wherever they stand.
    func quantifierFits(at position: Int, _ lowered: [String]) -> Bool {
        guard lowered[position] == "all" || lowered[position] == "most" else { return true }
        guard position + 1 < lowered.count else { return false }
        let next = lowered[position + 1]
        if position > 0, WordClasses.prepositions.contains(lowered[position - 1]) { return false }
        return !next.hasSuffix("ly") && wordNet.lemmas(of: next).contains { $0.pos == .noun }
    }

    /// "of" and the determiners that follow "most" or "all" where no "few" or "no" can stand ("most of", "all the").
    static let ofOrDeterminer = WordClasses.articles.union(WordClasses.demonstratives).union(WordClasses.possessives).union(["of"])

    /// A word paired with another whose opposite makes the pair nonsense, not a false claim: the opposite is the
    /// partner itself ("both before and after" made "both after and after"), or the word's complement is shared with
    /// its partner ("made aware of and able to support" made "unaware of and able to"). Clauses joined by "and" keep
    /// their opposites ("x and y are positive and n is real").
    static func isCoordinated(at position: Int, opposite: String, _ lowered: [String]) -> Bool {
        let near = lowered[max(0, position - 3)..<min(lowered.count, position + 4)]
        if near.contains(opposite.lowercased()) { return true }
        return position + 2 < lowered.count && WordClasses.prepositions.contains(lowered[position + 1])
            && WordClasses.coordinators.contains(lowered[position + 2])
    }

    /// The first verb of the sentence negated with "do": "'sort -' reads from standard input" → "does not read",
    /// "some tools treat it" → "do not treat", "the program crashed" → "did not crash". Only a verb the tagger reads as
    /// one, right after its subject (a personal pronoun, or a noun after a determiner, quantifier or name: "security
    /// updates for testing" is a noun phrase), in the main clause (no "if", "when" … before it: a negated condition
    /// makes no plain falsehood), before any negation; never a modal, "be", "have" or "do" (their "not" is made above).
    /// The subject opens the sentence or follows a comma: "projects keep their source files under …" has "their source"
    /// as an object, and "their source does not file" is no English.
    func doSupportNegation(_ tokens: [Token], _ lowered: [String], in sentence: String, vocabulary: Vocabulary) -> (Int, String)? {
        let singular: Set<String> = ["it", "he", "she", "this"]
        let plural: Set<String> = ["they", "we", "you", "i", "these", "those"]
        let subordinators: Set<String> = ["if", "when", "unless", "whether", "because", "although", "though", "while", "since",
                                          "until", "once", "where", "whereas", "that", "which", "who", "whose", "so"]
        if let first = lowered.first, subordinators.contains(first) { return nil }
        for position in 1..<max(1, lowered.count) {
            let word = lowered[position], previous = lowered[position - 1]
            if ["not", "no", "never", "cannot"].contains(word) || word.hasSuffix("n't") || subordinators.contains(word) { return nil }
            guard !tokens[position].isCapitalized, word.allSatisfy(\.isLetter), !Vocabulary.verbCues.contains(word),
                  let lemma = wordNet.lemmas(of: word).first(where: { $0.pos == .verb })?.lemma,
                  !["be", "have", "do", "will", "shall", "can", "may", "must"].contains(lemma), !lemma.contains(" "),
                  vocabulary.tagger.cuedPartOfSpeech(of: lemma, tokens: lowered, at: position) == .verb,
                  // Mostly a verb in the language: "the web pages for a package" has no verb "page".
                  wordNet.frequency(of: lemma, pos: .verb) >= wordNet.frequency(of: lemma, pos: .noun) else { continue }
            // The subject's noun phrase opens with a determiner or a name, one noun before it at most ("the sort program").
            func opensPhrase(_ index: Int) -> Bool {
                index < 0 || WordClasses.nounPhraseOpeners.contains(lowered[index]) || tokens[index].isCapitalized
            }
            func isNoun(_ index: Int) -> Bool {
                !StopWords.english.contains(lowered[index]) && wordNet.lemmas(of: lowered[index]).contains { $0.pos == .noun }
            }
            let nounBefore = isNoun(position - 1)
                && (opensPhrase(position - 2) || (isNoun(position - 2) && position >= 3 && WordClasses.nounPhraseOpeners.contains(lowered[position - 3])))
            let pluralNoun = nounBefore && previous.hasSuffix("s") && !previous.hasSuffix("ss")
            let subjectStart = !nounBefore ? position - 1 : opensPhrase(position - 2) ? max(0, position - 2) : position - 3
            func opensClause(_ start: Int) -> Bool {
                guard start > 0 else { return true }
                let earlier = tokens[..<start].filter { $0.text == tokens[start].text }.count
                guard let range = SentenceSearch.wholeWordRange(of: tokens[start].text, in: sentence, skipping: earlier) else { return false }
                return sentence[..<range.lowerBound].trimmingCharacters(in: .whitespaces).hasSuffix(",")
            }
            guard opensClause(subjectStart) else { return nil }
            if word == lemma {
                return plural.contains(previous) || pluralNoun ? (position, "do not \(lemma)") : nil
            }
            let thirdPerson = [lemma + "s", lemma + "es", lemma.dropLast() + "ies"].contains(word)
            if thirdPerson {
                return singular.contains(previous) || (nounBefore && !pluralNoun) ? (position, "does not \(lemma)") : nil
            }
            // A past tense (not a participle: no "be" or "have" before it) after its subject.
            return singular.contains(previous) || plural.contains(previous) || nounBefore ? (position, "did not \(lemma)") : nil
        }
        return nil
    }

    /// A word whose opposite makes no English where it stands: an adjective used as a noun or in a set frame ("a member
    /// of the public", "the whole of the work", "as long as"), "prevents … from".
    static func hasNoOppositeHere(at position: Int, _ lowered: [String]) -> Bool {
        let previous = position > 0 ? lowered[position - 1] : ""
        let next = position + 1 < lowered.count ? lowered[position + 1] : ""
        // An adjective used as a noun: "a member of the public", "as a whole".
        if ["the", "a"].contains(previous), next.isEmpty || StopWords.english.contains(next) { return true }
        // A verb where the word is also an adjective: "refuse to complete" has no "refuse to incomplete" (the listed
        // contradictions include verbs: "must include" has "must exclude").
        if contradictions[lowered[position]] == nil, ["to", "will", "would", "should", "must", "can", "cannot", "shall"].contains(previous) {
            return true
        }
        // "in order to better protect": a comparative as an adverb of the verb after "to" ("to worse protect").
        if previous == "to", ["better", "worse", "more", "less", "easier", "harder"].contains(lowered[position]) { return true }
        // "prevents a file … from being removed": "allows … from" is no English.
        if lowered[position].hasPrefix("prevent"), lowered[(position + 1)...].prefix(10).contains("from") { return true }
        // "If necessary, add …", "when possible": a condition's word, whose opposite makes no claim ("If unnecessary").
        if ["if", "unless", "whether", "when", "whenever", "where", "wherever"].contains(previous) { return true }
        // "as far as possible", "as small … as possible": as much as can be, whose opposite says nothing.
        if ["possible", "impossible"].contains(lowered[position]), lowered[max(0, position - 4)..<position].contains("as") { return true }
        // A hedge: "it may be possible" and "it may be impossible" can both be true.
        if lowered[max(0, position - 2)..<position].contains(where: ["may", "might", "could"].contains) { return true }
        // "allows a user to execute": "prevents a user to execute" is no English either.
        if lowered[position].hasPrefix("allow"), lowered[(position + 1)...].prefix(10).contains("to") { return true }
        return previous == "as" && next == "as"
    }

    /// Another value for a number of the text: a year moves by ten ("1989" is not "1489"), other numbers by a step of
    /// their size.
    package static func changedNumber(_ text: String) -> String? {
        if Vocabulary.isYear(text), let year = Int(text) { return String(year + (year >= 2090 ? -10 : 10)) }
        return Vocabulary.numericNeighbours(text).first
    }

    /// Whether the word takes "an": a vowel sound first, as spoken, not as spelled ("a user", "a unique", "a one-time";
    /// "an hour", "an uninstall").
    package static func startsWithVowel(_ word: String) -> Bool {
        let lower = word.lowercased()
        if ["hour", "honest", "honor", "honour", "heir"].contains(where: lower.hasPrefix) { return true }
        guard let first = lower.first, "aeiou".contains(first) else { return false }
        let sounded = ["uni", "use", "usu", "uti", "ure", "uro", "eu", "one", "once", "ewe"]
        return !sounded.contains(where: lower.hasPrefix) || ["unin", "unim", "unid"].contains(where: lower.hasPrefix)
    }
}
