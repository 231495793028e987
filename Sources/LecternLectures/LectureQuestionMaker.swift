import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// Builds a course's questions from its topics' own sentences: the engagement question at the end of each
/// topic and the spaced-repetition pool items (levels 1–4). Multiple-choice questions are clozes on a term,
/// code name or year of the topic, with distractors of the same sort from the rest of the course; each one
/// passes `QuestionValidator` or is not used.
struct LectureQuestionMaker: Sendable {
    struct TopicContext: Sendable {
        var id: String
        var title: String
        var blocks: [Block]
        var facts: [LectureFact]
        var sourceText: String
        /// `sourceText` prepared once for the validator.
        var source: QuestionValidator.Source
        /// The title and `sourceText`, prepared once: what items quoting the lesson's title are checked against.
        var titledSource: QuestionValidator.Source
        var keySentence: String?
        /// The next most central statements, most central first: other points to ask about.
        var otherPoints: [String]
        var code: CodeSample?
    }

    let wordNet: WordNet?
    let validator: QuestionValidator?
    /// Every fact of the course, best first: where distractors come from.
    let courseFacts: [LectureFact]
    let topicTitles: [(id: String, title: String)]
    /// Every topic, in course order: a small course's pool asks which sentence is from which lesson.
    let topics: [TopicContext]
    /// Distractor candidates by kind and shape, one per distinct answer (first occurrence), in a fixed order,
    /// with the forms `multipleChoice` compares (made once per course, not once per question tried).
    let candidatesBySort: [LectureFact.Sort: [Candidate]]
    /// Each topic's own facts (refined), best first.
    let factsByTopic: [String: [LectureFact]]
    /// The course's definitions ("A **list** is …", "`len()` returns …"), in course order: where a definition
    /// question's answer and distractors come from.
    let definitions: [Definition]
    /// An empty text's vocabulary: statement items take only WordNet's opposites from it (a lecture's names and
    /// terms are swapped for the course's), and it is made once per course, not once per statement tried.
    let opposites: Vocabulary?

    /// A distractor candidate and its answer's forms: lower case, the validator's key, parts of speech (only
    /// read by `multipleChoice`, which needs a validator).
    struct Candidate: Sendable {
        var fact: LectureFact
        var lower: String
        var key: String
        var pos: Set<PartOfSpeech>?
    }

    init(wordNet: WordNet?, topics: [TopicContext]) {
        self.wordNet = wordNet
        // One course's questions ask WordNet about the same (distractor, answer) pairs again and again.
        let validator = wordNet.map { QuestionValidator(wordNet: $0, relatedness: RelatednessMemo()) }
        self.validator = validator
        self.topicTitles = topics.map { ($0.id, $0.title) }
        self.topics = topics
        self.opposites = wordNet.map { Vocabulary(sentences: [], wordNet: $0) }
        // Each topic's code is read once: the course's called names refine the facts, and each topic's
        // called and assigned names become distractors below.
        let codeNames = topics.concurrentMap { topic in
            let code = CodeSample.all(in: topic.blocks).map(\.text)
            return (called: FactFinder.calledNames(code), assigned: FactFinder.assignedNames(code))
        }
        let called = codeNames.reduce(into: Set<String>()) { $0.formUnion($1.called) }
        var facts = topics.flatMap(\.facts).concurrentMap { Self.refined($0, called: called, wordNet: wordNet) }
        // Names the course's code calls or assigns are distractors of the same sort too.
        let known = Set(facts.filter { $0.kind == .code }.map(\.answer))
        for (topic, code) in zip(topics, codeNames) {
            let names = code.called.map { ($0, LectureFact.Shape.function) } + code.assigned.map { ($0, LectureFact.Shape.variable) }
            for (name, shape) in names.sorted(by: { $0.0 < $1.0 }) where !known.contains(name) && !name.utf8.contains(UInt8(ascii: "."))
                && FactFinder.codeShape(name) == .identifier && name.count >= 2 {
                facts.append(LectureFact(answer: name, kind: .code, shape: shape, words: 1, topicID: topic.id,
                                         topicTitle: topic.title, sentence: "", score: -100))
            }
        }
        self.courseFacts = facts
        var bySort: [LectureFact.Sort: [LectureFact]] = [:]
        var seen: [LectureFact.Sort: Set<String>] = [:]
        for fact in facts where seen[fact.sort, default: []].insert(fact.answer.lowercased()).inserted {
            bySort[fact.sort, default: []].append(fact)
        }
        self.definitions = facts.concurrentMap(Definition.init).compactMap { $0 }
        self.factsByTopic = Dictionary(grouping: facts.filter { !$0.sentence.isEmpty }, by: \.topicID)
            .mapValues { $0.sorted { ($0.score, $1.answer) > ($1.score, $0.answer) } }
        // Each candidate's forms need WordNet: made on all cores, then put back under their sorts.
        let sorts = bySort.map { ($0.key, $0.value.sorted { ($0.answer, $0.topicID) < ($1.answer, $1.topicID) }) }
        let candidates = sorts.flatMap(\.1).concurrentMap { fact in
            Candidate(fact: fact, lower: fact.answer.lowercased(), key: validator?.normalise(fact.answer) ?? "",
                      pos: validator.flatMap { Self.posSet(fact.answer, $0) })
        }
        var candidatesBySort: [LectureFact.Sort: [Candidate]] = [:]
        var start = 0
        for (sort, facts) in sorts {
            candidatesBySort[sort] = Array(candidates[start..<(start + facts.count)])
            start += facts.count
        }
        self.candidatesBySort = candidatesBySort
    }

    /// Finer sorts that need the whole course or WordNet: functions apart from variables (the course's code
    /// calls them, or the lesson says "the `x` function"), and words by the part of speech of their head word.
    static func refined(_ fact: LectureFact, called: Set<String>, wordNet: WordNet?) -> LectureFact {
        var fact = fact
        if fact.kind == .code, fact.shape == .identifier {
            let saysFunction = PlainText.contains(fact.sentence, fact.answer + " function")
                || PlainText.contains(fact.sentence, fact.answer + "()")
            fact.shape = called.contains(fact.answer) || saysFunction ? .function : .variable
        }
        if fact.kind == .term, let wordNet, let head = fact.answer.split(separator: " ").last {
            // The head word's most frequent part of speech: "first" is an adjective, "body" a noun.
            let candidates = wordNet.lemmas(of: head.lowercased())
            if let best = candidates.max(by: { wordNet.frequency(of: $0.lemma, pos: $0.pos) < wordNet.frequency(of: $1.lemma, pos: $1.pos) }) {
                fact.shape = fact.shape.with(best.pos)
            }
        }
        return fact
    }

    static func context(id: String, title: String, blocks: [Block]) -> TopicContext {
        let sourceText = blocks.map(\.plainText).joined(separator: "\n")
        let keys = LectureBuilder.keySentences(blocks, title: title)
        return TopicContext(id: id, title: title, blocks: blocks,
                            facts: FactFinder.facts(topicID: id, topicTitle: title, blocks: blocks),
                            sourceText: sourceText, source: QuestionValidator.Source(sourceText),
                            titledSource: QuestionValidator.Source(title + "\n" + sourceText),
                            keySentence: keys.main, otherPoints: keys.others,
                            code: CodeSample.first(in: blocks))
    }

    // MARK: Multiple choice

    struct Choice {
        var question: MultipleChoiceQuestion
        /// Per option: the fact a distractor came from (nil for the answer and for made-up years).
        var origins: [LectureFact?]
        var fact: LectureFact
    }

    /// The validator's words of stem openings ("Which word completes this sentence from “TITLE”?"), by opening:
    /// a topic's facts share a few. No word runs across the quotes or the "? " after them, so an opening's words
    /// and the blanked sentence's are the stem's words.
    typealias StemOpeningWords = [String: Set<String>]

    /// A validated cloze on `fact`, or nil when the course has no three good distractors for it.
    func multipleChoice(_ fact: LectureFact, topic: TopicContext, openings: inout StemOpeningWords) -> Choice? {
        guard let validator, wordNet != nil else { return nil }
        let stemSentence = FactFinder.blanked(fact)
        guard PlainText.contains(stemSentence, "_____") else { return nil }
        let opening = Self.stemOpening(fact)
        // The validator refuses a stem that gives the answer away, mostly a title naming it: know that before looking
        // for distractors. The sentence's words are only needed by the validator, once there are distractors.
        let openingWords = Self.words(of: opening, validator: validator, memo: &openings)
        guard !QuestionValidator.answerIsInStem(validator.normalise(fact.answer), answer: fact.answer,
                                                stemWords: openingWords) else { return nil }
        var picked = DistractorPicker(fact: fact, stemSentence: stemSentence, validator: validator)
        if fact.kind == .year, let year = Int(fact.answer) {
            picked.offerYears(around: year)
        } else {
            picked.offer(candidatesBySort[fact.sort] ?? [])
        }
        guard picked.distractors.count == 3 else { return nil }

        let question = Self.question(fact, stem: opening + " " + stemSentence, distractors: picked.distractors)
        let problems = validator.problems(question.question, source: topic.source,
                                          stemWords: validator.stemWords(stemSentence, joining: openingWords))
        guard problems.isEmpty else { return nil }
        return question
    }

    /// "Which word completes this sentence from “TITLE”?", by what the blank holds.
    private static func stemOpening(_ fact: LectureFact) -> String {
        let what: String
        switch fact.kind {
        case .term: what = fact.words > 1 ? "Which words complete" : "Which word completes"
        case .code: what = "Which code completes"
        case .year: what = "Which year completes"
        }
        return "\(what) this sentence from “\(fact.topicTitle)”?"
    }

    private static func words(of opening: String, validator: QuestionValidator, memo: inout StemOpeningWords) -> Set<String> {
        if let known = memo[opening] { return known }
        let words = validator.stemWords(opening)
        memo[opening] = words
        return words
    }

    /// The answer and its three distractors in a seeded order, with where each option came from.
    private static func question(_ fact: LectureFact, stem: String,
                                 distractors: [(text: String, origin: LectureFact?)]) -> Choice {
        var options: [(text: String, origin: LectureFact?, isAnswer: Bool)] =
            [(fact.answer, fact, true)] + distractors.map { ($0.text, $0.origin, false) }
        options = options.seededShuffle(seed: "order|" + fact.topicID + "|" + fact.answer)
        let answerIndex = options.firstIndex { $0.isAnswer }!
        let question = MultipleChoiceQuestion(
            id: StableID.make(fact.topicID, "mc", fact.answer), kind: fact.kind.questionKind,
            stem: stem,
            options: options.map(\.text), answerIndex: answerIndex,
            explanation: "The lesson says: “\(fact.sentence)”", level: 1,
            optionOrigins: options.map { $0.isAnswer ? OptionOrigin.answer : ($0.origin == nil ? OptionOrigin.nearbyYear : fact.kind.distractorOrigin) })
        return Choice(question: question, origins: options.map { $0.isAnswer ? nil : $0.origin }, fact: fact)
    }

    /// Collects up to three distractors for one cloze: each differs from the answer and from the others, is not
    /// in the sentence, is not related to the answer in WordNet, and all share a part of speech with the answer.
    private struct DistractorPicker {
        let fact: LectureFact
        let stemSentence: String
        let validator: QuestionValidator
        let lowerAnswer: String
        private(set) var distractors: [(text: String, origin: LectureFact?)] = []
        private var keys: Set<String>
        private var sharedPOS: Set<PartOfSpeech>?

        init(fact: LectureFact, stemSentence: String, validator: QuestionValidator) {
            self.fact = fact
            self.stemSentence = stemSentence
            self.validator = validator
            self.lowerAnswer = fact.answer.lowercased()
            self.keys = [validator.normalise(fact.answer)]
            self.sharedPOS = LectureQuestionMaker.posSet(fact.answer, validator)
        }

        /// Years a few either side of the answer's, within 1000–2100.
        mutating func offerYears(around year: Int) {
            for offset in [-7, 5, 12, -3, 9, -15] where distractors.count < 3 && (1000...2100).contains(year + offset) {
                let other = String(year + offset)
                if accepts(other, lower: other.lowercased(), key: validator.normalise(other), pos: nil) {
                    distractors.append((other, nil))
                }
            }
        }

        /// The course's answers of the same sort, in a seeded order, nearest word count first.
        mutating func offer(_ candidates: [Candidate]) {
            // Indices are shuffled, not the candidates (copies add up).
            let order = Array(candidates.indices).seededShuffle(seed: fact.topicID + "|" + fact.answer)
                .sorted { abs(candidates[$0].fact.words - fact.words) < abs(candidates[$1].fact.words - fact.words) }
            for index in order where distractors.count < 3 {
                let candidate = candidates[index]
                if accepts(candidate.fact.answer, lower: candidate.lower, key: candidate.key, pos: candidate.pos) {
                    distractors.append((candidate.fact.answer, candidate.fact))
                }
            }
        }

        /// `lower`, `key` and `pos` are `text`'s lower case, `validator.normalise(text)` and `posSet(text)`.
        private mutating func accepts(_ text: String, lower lowerText: String, key: String, pos: Set<PartOfSpeech>?) -> Bool {
            guard !keys.contains(key) else { return false }
            if fact.kind != .year {
                if PlainText.contains(lowerText, lowerAnswer) || PlainText.contains(lowerAnswer, lowerText) { return false }
                if FactFinder.contains(stemSentence, text, kind: fact.kind == .code ? .code : .term) { return false }
                if validator.areRelated(lowerText, lowerAnswer) { return false }
                if let pos, let shared = sharedPOS {
                    guard !pos.intersection(shared).isEmpty else { return false }
                    sharedPOS = pos.intersection(shared)
                } else if let pos, sharedPOS == nil, distractors.isEmpty {
                    sharedPOS = pos
                }
            }
            keys.insert(key)
            return true
        }
    }

    private static func posSet(_ text: String, _ validator: QuestionValidator) -> Set<PartOfSpeech>? {
        let set = Set(validator.lemmas(of: text.lowercased()).map(\.pos))
        return set.isEmpty ? nil : set
    }

    /// The first of the topic's best facts that makes a valid multiple-choice question.
    func bestChoices(_ topic: TopicContext, limit: Int) -> [Choice] {
        var out: [Choice] = []
        let facts = factsByTopic[topic.id] ?? []
        var openings = StemOpeningWords()
        for fact in facts.prefix(12) where out.count < limit {
            if let choice = multipleChoice(fact, topic: topic, openings: &openings) { out.append(choice) }
        }
        return out
    }

    // MARK: Engagement question

    func engagementQuestion(_ topic: TopicContext, choice: Choice?) -> EngagementQuestion? {
        if let choice {
            let q = choice.question
            let right = "Right. The lesson says: “\(choice.fact.sentence)”"
            let feedback = q.options.indices.map { index -> String in
                if index == q.answerIndex { return right }
                let option = display(q.options[index], kind: choice.fact.kind)
                let correct = display(choice.fact.answer, kind: choice.fact.kind)
                if let origin = choice.origins[index], origin.topicID != topic.id {
                    return "Not quite: \(option) belongs to “\(origin.topicTitle)”. Here the answer is \(correct): “\(choice.fact.sentence)”"
                }
                if let origin = choice.origins[index], !origin.sentence.isEmpty {
                    return "Not quite: \(option) comes up elsewhere in this topic: “\(origin.sentence)” Here the answer is \(correct): “\(choice.fact.sentence)”"
                }
                return "Not quite. The answer is \(correct): “\(choice.fact.sentence)”"
            }
            return EngagementQuestion(format: .multipleChoice, prompt: q.stem, options: q.options, answerIndex: q.answerIndex,
                                      expectedAnswer: choice.fact.answer, feedback: q.explanation,
                                      optionFeedback: feedback, sourceSentence: choice.fact.sentence)
        }
        if let review = Self.reviewQuestion(topic) {
            // A topic of review questions only ("Check yourself"): ask the lesson's own question; it states no fact
            // to build a cloze or a "main idea" on.
            return EngagementQuestion(
                format: .freeText, prompt: "Answer the question “\(topic.title)” asks, in your own words: \(review)", options: nil,
                answerIndex: nil, expectedAnswer: "An answer in your own words, from what the lessons before “\(topic.title)” teach.",
                feedback: "Check your answer against the lessons before “\(topic.title)”.")
        }
        if let key = topic.keySentence {
            return EngagementQuestion(
                format: .freeText, prompt: "In your own words: what is the main idea of “\(topic.title)”?", options: nil,
                answerIndex: nil, expectedAnswer: key,
                feedback: "Compare your answer with the lesson, which puts it this way: “\(key)”", sourceSentence: key)
        }
        if let code = topic.code {
            return EngagementQuestion(
                format: .freeText, prompt: "Read the example in “\(topic.title)” again: what does it do, line by line?",
                options: nil, answerIndex: nil, expectedAnswer: code.text,
                feedback: "Check your reading against the example itself; run it if you can and compare what it prints with what you expected.")
        }
        return nil
    }

    /// The topic's first question sentence when it states nothing (its key sentence is a question, or it has
    /// none and no code: a list of review questions).
    static func reviewQuestion(_ topic: TopicContext) -> String? {
        if let key = topic.keySentence { return FactFinder.isQuestion(key) ? key : nil }
        guard topic.code == nil else { return nil }
        for paragraph in FactFinder.paragraphs(topic.blocks) {
            if let question = SentenceSplitter.split(paragraph.plainText).first(where: {
                FactFinder.isQuestion($0) && Tokenizer.words(in: $0).count >= 4
            }) { return question }
        }
        return nil
    }

    func display(_ text: String, kind: LectureFact.Kind) -> String {
        kind == .code ? "`\(text)`" : "“\(text)”"
    }

    // MARK: Pool

    func poolQuestion(_ choice: Choice, topic: TopicContext) -> PoolQuestion {
        let fact = choice.fact
        let q = choice.question
        let quote = "The lesson says: “\(fact.sentence)”"
        let blank = FactFinder.blanked(fact)
        let name = display(fact.answer, kind: fact.kind)
        let level3: String
        switch fact.kind {
        case .term: level3 = "Explain in your own words what \(name) means in “\(topic.title)”, and why it matters."
        case .code: level3 = "Explain what \(name) does in “\(topic.title)” and when you would use it."
        case .year: level3 = "What does “\(topic.title)” say about \(fact.answer), and why does it matter?"
        }
        let level4 = applyRendering(name: name, topic: topic, fact: fact)
        return PoolQuestion(id: StableID.make(topic.id, "pool", fact.answer), topicId: topic.id, renderings: [
            .init(level: 1, format: .multipleChoice, prompt: q.stem, options: q.options, answerIndex: q.answerIndex,
                  expectedAnswer: fact.answer, explanation: quote),
            .init(level: 2, format: .freeText, prompt: "Fill in the missing \(fact.kind == .code ? "code" : fact.kind == .year ? "year" : "term") (no options this time): \(blank)",
                  options: nil, answerIndex: nil, expectedAnswer: fact.answer, explanation: quote),
            .init(level: 3, format: .freeText, prompt: level3, options: nil, answerIndex: nil,
                  expectedAnswer: fact.sentence, explanation: quote),
            level4,
        ])
    }

    func applyRendering(name: String, topic: TopicContext, fact: LectureFact) -> PoolQuestion.Rendering {
        if let code = topic.code, fact.kind != .year {
            let language = code.language.map { LectureBuilder.languageName($0) + " " } ?? ""
            return .init(level: 4, format: .freeText,
                         prompt: "Write a short \(language)example of your own that uses \(name), and explain what each line does.",
                         options: nil, answerIndex: nil,
                         expectedAnswer: "An example in the spirit of the lesson's:\n\(code.text)\nand an explanation that agrees with: \(fact.sentence)",
                         explanation: "The lesson says: “\(fact.sentence)”")
        }
        return .init(level: 4, format: .freeText,
                     prompt: "Describe a real situation where \(name) matters, and explain step by step how what “\(topic.title)” teaches applies to it.",
                     options: nil, answerIndex: nil, expectedAnswer: fact.sentence,
                     explanation: "The lesson says: “\(fact.sentence)”")
    }

    /// What a term is or what a named function, keyword or command does, in the lesson's own words: the rest of a
    /// sentence that opens with the fact ("A **list** is an ordered collection …", "`len()` returns …").
    struct Definition: Sendable {
        var fact: LectureFact
        var verb: String
        /// The words after the verb, without the closing full stop.
        var predicate: String
        var option: String { verb + " " + predicate }
        /// `QuestionValidator.comparisonKey(option)`, made once: every definition is a candidate option many times.
        var key: String
        /// "is"-like verbs say what something is; the rest what it does. Options keep to one of the two.
        var saysWhatItIs: Bool { ["is", "are", "means", "refers"].contains(verb) }

        static let nouns: Set<String> = ["function", "method", "command", "keyword", "module", "class", "option",
            "attribute", "setting", "tag", "type", "macro", "trait", "operator", "statement", "variable", "property", "flag"]
        static let verbs: Set<String> = ["is", "are", "means", "refers", "returns", "creates", "lets", "allows", "makes",
            "gives", "prints", "reads", "writes", "holds", "stores", "takes", "converts", "checks", "removes", "adds",
            "tells", "defines", "provides", "contains", "represents", "controls", "runs", "calls", "loads", "sets"]

        init?(_ fact: LectureFact) {
            guard fact.kind != .year, !fact.sentence.isEmpty else { return nil }
            let answerWords = fact.answer.split(separator: " ").count
            // Most sentences do not open with their fact: look at the opening words before splitting the rest.
            var opening = fact.sentence.split(separator: " ", maxSplits: answerWords + 1, omittingEmptySubsequences: true)
            if let first = opening.first, ["the", "a", "an"].contains(first.lowercased()) { opening.removeFirst() }
            guard opening.count > answerWords,
                  Self.bare(opening[0..<answerWords].joined(separator: " ")) == Self.bare(fact.answer) else { return nil }
            var words = fact.sentence.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if let first = words.first, ["the", "a", "an"].contains(first.lowercased()) { words.removeFirst() }
            guard words.count > answerWords + 4 else { return nil }
            var rest = words.dropFirst(answerWords)
            if let noun = rest.first, Self.nouns.contains(noun.lowercased()) { rest = rest.dropFirst() }
            guard let verb = rest.first, Self.verbs.contains(verb) else { return nil }
            // "NODE_PATH is not part of resolving import specifiers" says what it is not: other names' negations ("is
            // not used by import") are as true of it, so no option could be the one right answer.
            guard let head = rest.dropFirst().first, !["not", "never", "no"].contains(head.lowercased()) else { return nil }
            var predicate = rest.dropFirst().joined(separator: " ")
            while let last = predicate.last, ".:;!".contains(last) { predicate.removeLast() }
            let predicateWords = predicate.split(separator: " ").count
            guard (3...30).contains(predicateWords),
                  !PlainText.contains(predicate.lowercased(), fact.answer.lowercased()) else { return nil }
            self.fact = fact
            self.verb = verb
            self.predicate = predicate
            key = QuestionValidator.comparisonKey(verb + " " + predicate)
        }

        /// Lower case without the quotes, backticks and call parentheses a sentence may write around a name.
        static func bare(_ text: String) -> String {
            var text = text.lowercased()
            // Most names have none of these (one byte test each; 0xE2 leads the curly quotes).
            if text.utf8.contains(where: { [0x60, 0x27, 0x22, 0x2C, 0xE2].contains($0) }) {
                text.removeAll { "`'\"“”‘’,".contains($0) }
            }
            if text.hasSuffix("()") { text.removeLast(2) }
            return text
        }
    }

    /// A topic's first definition as a multiple-choice item: its predicate among other lessons' predicates of the
    /// same kind (what a term is, or what a name does).
    func definitionPoolQuestion(_ topic: TopicContext) -> PoolQuestion? {
        guard let validator else { return nil }
        for fact in factsByTopic[topic.id] ?? [] {
            guard let definition = Definition(fact) else { continue }
            var keys: Set<String> = [definition.key]
            var options = [definition.option]
            let lowerAnswer = fact.answer.lowercased()
            // Seeded picks, at most 64: a large course has thousands of definitions.
            var generator = SeededGenerator(seed: "definitions|" + topic.id + "|" + fact.answer)
            var tried = Set<Int>()
            while options.count < 4, tried.count < min(definitions.count, 64) {
                let index = Int(UInt64.random(in: 0..<UInt64(definitions.count), using: &generator))
                guard tried.insert(index).inserted else { continue }
                let other = definitions[index]
                guard other.fact.kind == fact.kind, other.saysWhatItIs == definition.saysWhatItIs,
                      other.fact.answer.lowercased() != lowerAnswer,
                      !PlainText.contains(other.predicate.lowercased(), lowerAnswer),
                      keys.insert(other.key).inserted else { continue }
                options.append(other.option)
            }
            guard options.count == 4 else { continue }
            options = options.seededShuffle(seed: "definition-order|" + topic.id + "|" + fact.answer)
            let answerIndex = options.firstIndex(of: definition.option)!
            let name = display(fact.answer, kind: fact.kind)
            let asked = definition.saysWhatItIs ? "what \(definition.verb == "are" ? "are" : "is") \(name)" : "what does \(name) do"
            let quote = "The lesson says: “\(fact.sentence)”"
            let question = MultipleChoiceQuestion(
                id: StableID.make(topic.id, "definition", fact.answer), kind: .lectureDefinition,
                stem: "According to “\(topic.title)”, \(asked)?", options: options, answerIndex: answerIndex,
                explanation: quote, level: 1, optionOrigins: options.map { $0 == definition.option ? OptionOrigin.answer : OptionOrigin.courseDefinition })
            guard validator.problems(question, source: topic.source).isEmpty else { continue }
            return PoolQuestion(id: StableID.make(topic.id, "pool", "definition", fact.answer), topicId: topic.id, renderings: [
                .init(level: 1, format: .multipleChoice, prompt: question.stem, options: options, answerIndex: answerIndex,
                      expectedAnswer: definition.option, explanation: quote),
                .init(level: 2, format: .freeText, prompt: "In one sentence, without looking: \(asked)?", options: nil,
                      answerIndex: nil, expectedAnswer: fact.sentence, explanation: quote),
                .init(level: 3, format: .freeText,
                      prompt: "Explain \(name) to a classmate who missed “\(topic.title)”: \(asked), and when does it matter?",
                      options: nil, answerIndex: nil, expectedAnswer: fact.sentence, explanation: quote),
                applyRendering(name: name, topic: topic, fact: fact),
            ])
        }
        return nil
    }

    /// A pool item for a topic without a term to ask about: which lesson says this? In a course with fewer
    /// than four lessons to name, which sentence is from this lesson?
    /// With a `secondPoint` (one of `topic.otherPoints`), it asks about that statement (for a topic whose main idea
    /// another item asks about already), and has no small-course fallback.
    func titlePoolQuestion(_ topic: TopicContext, secondPoint: String? = nil) -> PoolQuestion? {
        guard let key = secondPoint ?? topic.keySentence, !FactFinder.isQuestion(key), let validator else { return nil }
        let isSecondPoint = secondPoint != nil
        let lowerKey = key.lowercased()
        var options = [topic.title]
        var keys: Set<String> = [validator.normalise(topic.title)]
        var plainKeys: Set<String> = [QuestionValidator.comparisonKey(topic.title)]
        // Seeded picks from the other titles, stopping at three: large courses have thousands of topics.
        var generator = SeededGenerator(seed: "titles|" + topic.id)
        var tried = Set<Int>()
        while options.count < 4, tried.count < min(topicTitles.count, 64) {
            let index = Int(UInt64.random(in: 0..<UInt64(topicTitles.count), using: &generator))
            guard tried.insert(index).inserted else { continue }
            let other = topicTitles[index]
            guard other.id != topic.id, Self.looksLikeTitle(other.title),
                  !PlainText.contains(lowerKey, other.title.lowercased()) else { continue }
            let key = validator.normalise(other.title)
            let plainKey = QuestionValidator.comparisonKey(other.title)
            if !keys.contains(key), plainKeys.insert(plainKey).inserted { keys.insert(key); options.append(other.title) }
        }
        guard options.count == 4 else { return isSecondPoint ? nil : sentencePoolQuestion(topic, key: key, validator: validator) }
        options = options.seededShuffle(seed: "title-order|" + topic.id)
        let answerIndex = options.firstIndex(of: topic.title)!
        let quote = "“\(topic.title)” says: “\(key)”"
        let question = MultipleChoiceQuestion(
            id: StableID.make(topic.id, "title"), kind: .lectureTopic, stem: "Which lesson of the course says this? “\(key)”",
            options: options, answerIndex: answerIndex, explanation: quote, level: 1,
            optionOrigins: options.map { $0 == topic.title ? OptionOrigin.answer : OptionOrigin.courseTopic })
        guard validator.problems(question, source: topic.titledSource).isEmpty else { return nil }
        return PoolQuestion(id: StableID.make(topic.id, "pool", isSecondPoint ? "title-second" : "title"), topicId: topic.id,
                            renderings: [.init(level: 1, format: .multipleChoice, prompt: question.stem, options: options,
                                               answerIndex: answerIndex, expectedAnswer: topic.title, explanation: quote)]
                                + (isSecondPoint ? Self.secondPointRenderings(topic, point: key, quote: quote)
                                               : Self.mainIdeaRenderings(topic, key: key, quote: quote)))
    }

    /// For a topic of real prose (60 words or more): which of four statements this lesson makes, its main idea
    /// among statements of other lessons.
    func statementPoolQuestion(_ topic: TopicContext) -> PoolQuestion? {
        guard let key = topic.keySentence, !FactFinder.isQuestion(key), let validator, Self.isProse(topic) else { return nil }
        return sentencePoolQuestion(topic, key: key, validator: validator)
    }

    /// 60 words or more in its paragraphs: real prose, which every pool kind can draw on.
    static func isProse(_ topic: TopicContext) -> Bool {
        FactFinder.paragraphs(topic.blocks).reduce(0, { $0 + FactFinder.wordCount($1.plainText) }) >= 60
    }

    /// Level 1 for a small course: the topic's key sentence among three statements of other lessons that this one
    /// does not make.
    private func sentencePoolQuestion(_ topic: TopicContext, key: String, validator: QuestionValidator) -> PoolQuestion? {
        let own = topic.source.collapsed
        var options = [key]
        var keys: Set<String> = [CharacterCollapse.collapse(key)]
        // Seeded picks of other topics, at most 32: a large course has thousands.
        var generator = SeededGenerator(seed: "sentences|" + topic.id)
        var tried = Set<Int>()
        while options.count < 4, tried.count < min(topics.count, 32) {
            let index = Int(UInt64.random(in: 0..<UInt64(topics.count), using: &generator))
            guard tried.insert(index).inserted, topics[index].id != topic.id else { continue }
            let other = topics[index]
            for paragraph in FactFinder.paragraphs(other.blocks) where options.count < 4 {
                for sentence in SentenceSplitter.split(paragraph.plainText)
                where options.count < 4 && FactFinder.usable(sentence) && Self.isFinishedStatement(sentence) {
                    let collapsed = CharacterCollapse.collapse(sentence)
                    guard !PlainText.contains(own, collapsed), keys.insert(collapsed).inserted else { continue }
                    options.append(sentence)
                }
            }
        }
        guard options.count == 4 else { return nil }
        options = options.seededShuffle(seed: "sentence-order|" + topic.id)
        let answerIndex = options.firstIndex(of: key)!
        let quote = "“\(topic.title)” says: “\(key)”"
        let question = MultipleChoiceQuestion(
            id: StableID.make(topic.id, "sentence"), kind: .lectureSentence,
            stem: "Which of these sentences is from the lesson “\(topic.title)”?",
            options: options, answerIndex: answerIndex, explanation: quote, level: 1,
            optionOrigins: options.map { $0 == key ? OptionOrigin.answer : OptionOrigin.courseSentence })
        guard validator.problems(question, source: topic.titledSource).isEmpty else { return nil }
        return PoolQuestion(id: StableID.make(topic.id, "pool", "sentence"), topicId: topic.id,
                            renderings: [.init(level: 1, format: .multipleChoice, prompt: question.stem, options: options,
                                               answerIndex: answerIndex, expectedAnswer: key, explanation: quote)]
                                + Self.mainIdeaRenderings(topic, key: key, quote: quote))
    }

    /// A heading that reads as a lesson's name: not a sentence cut at a colon or a formula ("The probability of getting
    /// k heads when flipping n coins is:"), nor a long statement.
    static func looksLikeTitle(_ title: String) -> Bool {
        guard let last = title.last, !":;,".contains(last) else { return false }
        return title.split(separator: " ").count <= 10
    }

    /// Starts with a capital letter and ends with a full stop or "!": not a list item or a sentence cut by a
    /// formula, which would stand out next to the answer.
    static func isFinishedStatement(_ sentence: String) -> Bool {
        guard let first = sentence.first, first.isUppercase, let last = sentence.last else { return false }
        return last == "." || last == "!"
    }

    /// Levels 2–4 of a pool item on a topic's second point (3–4 also of a supported-statement item).
    static func secondPointRenderings(_ topic: TopicContext, point: String, quote: String) -> [PoolQuestion.Rendering] {
        [
            .init(level: 2, format: .freeText, prompt: "Besides its main idea, what else does “\(topic.title)” point out? Answer in one sentence.",
                  options: nil, answerIndex: nil, expectedAnswer: point, explanation: quote),
            .init(level: 3, format: .freeText, prompt: "“\(topic.title)” says: “\(point)” Explain why, in your own words.",
                  options: nil, answerIndex: nil, expectedAnswer: point, explanation: quote),
            .init(level: 4, format: .freeText,
                  prompt: "Describe a situation where this point of “\(topic.title)” matters, and what you would do there: “\(point)”",
                  options: nil, answerIndex: nil, expectedAnswer: point, explanation: quote),
        ]
    }

    /// Levels 2–4 of a pool item on a topic's main idea.
    private static func mainIdeaRenderings(_ topic: TopicContext, key: String, quote: String) -> [PoolQuestion.Rendering] {
        [
            .init(level: 2, format: .freeText, prompt: "What is the main idea of “\(topic.title)”? Answer in one sentence.",
                  options: nil, answerIndex: nil, expectedAnswer: key, explanation: quote),
            .init(level: 3, format: .freeText, prompt: "Explain “\(topic.title)” in your own words, as if to a classmate who missed it.",
                  options: nil, answerIndex: nil, expectedAnswer: key, explanation: quote),
            .init(level: 4, format: .freeText,
                  prompt: "Describe a situation where you would use what “\(topic.title)” teaches, and explain why it helps there.",
                  options: nil, answerIndex: nil, expectedAnswer: key, explanation: quote),
        ]
    }
}
