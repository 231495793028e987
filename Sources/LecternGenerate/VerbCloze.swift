import LecternModel
import LecternText

/// How a verb is written. A verb blank's options are written the same way: "these scripts _____ services" takes
/// "start", not "starts" or "started".
enum VerbForm: Hashable {
    case base, thirdPerson, past, progressive

    /// The form `surface` is of `lemma`; nil for a form the rules do not spell ("ran", "written"): no option could be
    /// put in its tense with certainty.
    init?(of surface: String, lemma: String) {
        guard let form = Self.all.first(where: { $0.spellings(of: lemma).contains(surface) }) else { return nil }
        self = form
    }

    static let all: [VerbForm] = [.base, .thirdPerson, .past, .progressive]

    /// The spellings English's regular rules allow for `lemma` in this form ("stops", "carries"; "used", "stopped").
    func spellings(of lemma: String) -> [String] {
        let stem = String(lemma.dropLast()), last = lemma.last.map(String.init) ?? ""
        switch self {
        case .base: return [lemma]
        case .thirdPerson: return [lemma + "s", lemma + "es", stem + "ies"]
        case .past: return [lemma + "ed", lemma + "d", stem + "ied", lemma + last + "ed"]
        case .progressive: return [lemma + "ing", stem + "ing", lemma + last + "ing"]
        }
    }

    /// `lemma` in this form as the language writes it: the commonest rule-made spelling that the word list knows and
    /// WordNet reads back as the verb; nil for an irregular verb (no "runned": WordNet lists "ran", which no rule
    /// spells; "stopped" and "carried" it lists too, and they are rule spellings) or a form nobody writes.
    func apply(to lemma: String, wordNet: WordNet) -> String? {
        guard self != .base else { return lemma }
        let ruleSpellings = Set(Self.all.flatMap { $0.spellings(of: lemma) })
        guard wordNet.exceptionForms(ofVerb: lemma).allSatisfy(ruleSpellings.contains) else { return nil }
        return spellings(of: lemma)
            .filter { form in wordNet.lemmas(of: form).contains { $0.pos == .verb && $0.lemma == lemma } }
            .compactMap { form in WordFrequencies.shared.listedZipf(form).map { (form, $0) } }
            .max { $0.1 < $1.1 }?.0
    }
}

/// A verb blank, by the word after the verb: an object ("kill services", "indicate the way"), a given preposition
/// ("escapes to", "consists of") or nothing ("are executed first." counts as an object of "first"; "works." as the end).
/// An option fits the blank when the text writes it in the same frame somewhere.
struct VerbFrame: Hashable {
    var next: String

    init(at position: Int, in lowered: [String]) {
        guard position + 1 < lowered.count else { next = "end"; return }
        let word = lowered[position + 1]
        next = Vocabulary.objectOpeners.contains(word) || !StopWords.english.contains(word) ? "object" : word
    }
}

extension Vocabulary {
    /// Verbs too general to test: almost any of them fits a blank ("_____ the package": use, get, make).
    static let generalVerbs: Set<String> = [
        "be", "have", "do", "make", "get", "take", "give", "use", "go", "come", "see", "need", "want", "let", "put", "say",
        "seem", "become", "keep", "include", "provide", "allow", "help", "try", "mean", "tell", "know", "think", "like",
        "find", "show", "call", "ask", "turn", "leave", "begin", "bring", "hold", "set", "add", "apply", "contain",
    ]

    static let subjectPronouns: Set<String> = ["i", "you", "we", "they", "he", "she", "it", "who", "which", "that"]

    /// Words whose presence just before a verb makes its blank a negation: any other verb fits "does not _____".
    static let negations: Set<String> = ["not", "never", "no", "cannot", "nor", "neither"]

    /// The verb the sentence writes at `position`, with its lemma and form: a word the word lists' tagger cues as a verb
    /// (after a modal, "to", a pronoun or a "be" form), or a word mostly a verb in the language right after a plural
    /// noun or a pronoun ("these scripts kill services"). Not a general verb, not in a phrase ("speed up", "make
    /// sure"), not an imperative at the start, and no verb the rules cannot put in another's tense.
    func verb(at position: Int, _ tokens: [Token], _ lowered: [String]) -> (lemma: String, form: VerbForm)? {
        let token = tokens[position], lower = lowered[position]
        guard lower.count >= 4, !token.isNumber, !token.isCapitalized, lower.allSatisfy(\.isLetter),
              !StopWords.english.contains(lower),
              let lemma = wordNet.lemmas(of: lower).filter({ $0.pos == .verb && $0.lemma.allSatisfy(\.isLetter) })
                  .max(by: { wordNet.frequency(of: $0.lemma, pos: .verb) < wordNet.frequency(of: $1.lemma, pos: .verb) })?.lemma,
              !Self.generalVerbs.contains(lemma), let form = VerbForm(of: lower, lemma: lemma),
              !isInIdiom(at: position, lowered) else { return nil }
        let previous = position > 0 ? lowered[position - 1] : ""
        if let cue = tagger.cuedPartOfSpeech(of: lemma, tokens: lowered, at: position) {
            // The cue must agree with the form: "to" and a modal take a base form ("back to scripts" is no verb), "be"
            // a participle, and a plural noun no -s form ("tracking applications packages on users' systems").
            let agrees = previous == "to" || SenseSelector.modals.contains(previous) ? form == .base
                : SenseSelector.beForms.contains(previous) ? form == .past || form == .progressive
                : form == .thirdPerson ? !isPluralNoun(previous) : true
            // A word mostly a noun needs a cue no noun takes: "the application packages from" is a noun compound.
            let surelyVerb = previous == "to" || SenseSelector.modals.contains(previous) || SenseSelector.beForms.contains(previous)
                || Self.subjectPronouns.contains(previous) || !tagger.isMostlyNoun(lower)
            return cue == .verb && agrees && surelyVerb ? (lemma, form) : nil
        }
        guard position > 0, form == .base, !tagger.isMostlyNoun(lower) else { return nil }
        return tagger.isMostlyNoun(previous) && isPluralNoun(previous) ? (lemma, form) : nil
    }

    /// A noun written in the plural ("scripts", "applications"), whatever else the word can be.
    func isPluralNoun(_ word: String) -> Bool {
        word.hasSuffix("s") && wordNet.lemmas(of: word).contains { $0.pos == .noun && $0.lemma != word }
    }

    /// Whether a negation stands within the two words before `position`: "does not _____" takes any verb.
    static func isNegated(at position: Int, _ lowered: [String]) -> Bool {
        lowered[max(0, position - 2)..<position].contains { negations.contains($0) || $0.hasSuffix("n't") }
    }

    /// Options for a verb blank: the text's other verbs that it writes in the blank's frame somewhere, put in the
    /// answer's form, common words and mostly verbs in the language (not "package", which the text may use as one).
    func verbOptions(for answer: String, form: VerbForm, frame: VerbFrame) -> [(String, OptionOrigin)] {
        verbs.filter { $0 != answer && verbFrames[$0, default: []].contains(frame)
            && WordDistractorSource(wordNet: wordNet).isMostly($0, .verb) }
            .compactMap { form.apply(to: $0, wordNet: wordNet) }
            .filter(FamiliarWord.isCommon)
            .map { ($0, OptionOrigin.sameTextWord) }
    }
}
