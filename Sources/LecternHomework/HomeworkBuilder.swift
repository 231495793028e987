import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// Turns a recognised worksheet into a homework bundle: title, subject and a validated quiz.
public struct HomeworkBuilder: Sendable {
    let wordNet: WordNet
    let options: QuizOptions
    let validator: QuestionValidator

    public init(wordNet: WordNet, options: QuizOptions) {
        self.wordNet = wordNet
        self.options = options
        validator = QuestionValidator(wordNet: wordNet)
    }

    /// `reviews`: the teacher's decisions about this item's questions (`lectern-reviews.yml`): a rejected question's
    /// place goes to the next valid candidate; a correction replaces fields when the corrected question still passes
    /// the validator, and is reported in `warnings` otherwise; a decision about a question that is no longer made is
    /// reported in `warnings` too.
    /// `mediaPath`: where the publisher puts a media file the page names (its thumbnail); nil leaves it out.
    public func build(page: OCRPage, id: String, source: SourceRef, reviews: ReviewDecisions = ReviewDecisions(),
                      mediaPath: (String) -> String? = { _ in nil }) -> HomeworkBundle {
        build(page: page, id: id, source: source, reviews: reviews, mediaPath: mediaPath, log: nil)
    }

    /// The quiz's candidates and what became of each (`lectern show ITEM --explain`): the rule that rejected it
    /// (`QuizRules.catalogue`), or nil for the questions the quiz asks. The page's sentences, numbered as the
    /// verdicts name them, come with them.
    public func explain(page: OCRPage, id: String, source: SourceRef, reviews: ReviewDecisions = ReviewDecisions())
        -> (sentences: [String], verdicts: [CandidateVerdict]) {
        let log = CandidateLog()
        _ = build(page: page, id: id, source: source, reviews: reviews, mediaPath: { _ in nil }, log: log)
        // A page sent to review plans no quiz; its sentences are still listed.
        let sentences = log.sentences ?? WorksheetFacts(body: Worksheet(text: page.text).body, sourceText: page.text, wordNet: wordNet).sentences
        return (sentences, log.verdicts)
    }

    private func build(page: OCRPage, id: String, source: SourceRef, reviews: ReviewDecisions, mediaPath: (String) -> String?,
                       log: CandidateLog?) -> HomeworkBundle {
        let worksheet = Worksheet(text: page.text)
        let (subject, subjectConfidence) = SubjectClassifier.classify(worksheet.body, title: worksheet.title)
        var bundle = HomeworkBundle(
            id: id, source: source, status: .ok, statusReason: nil, title: page.title ?? worksheet.title,
            subject: subject, subjectConfidence: subjectConfidence, text: page.text,
            ocr: .init(meanConfidence: page.meanConfidence, wordCount: page.words.count, preprocessing: page.preprocessing,
                       path: page.path),
            thumbnail: page.thumbnail.flatMap(mediaPath), quiz: .init(questions: []))

        if page.reviewReason != nil || page.meanConfidence < options.minConfidence || page.words.count < options.minWords {
            bundle.warnings = reviews.questions.isEmpty ? nil : reviews.questions.keys.sorted().map {
                "Review decision \($0) refers to a question that no longer exists (no quiz was made)."
            }
            bundle.status = .needsReview
            bundle.statusReason = page.reviewReason ?? "The photo could not be read reliably (confidence \(Int(page.meanConfidence)) of 100, "
                + "\(page.words.count) words); no quiz was made. Check the text or take a clearer photo."
            return bundle
        }
        let facts = WorksheetFacts(body: worksheet.body, sourceText: page.text, wordNet: wordNet)
        let target = Self.questionTarget(words: page.words.count, maximum: options.questions)
        let wanted = Self.questionsWanted(words: page.words.count, maximum: options.questions)
        var candidates = Set<String>()
        log?.sentences = facts.sentences
        var questions = QuizPlanner(wordNet: wordNet, validator: validator, log: log)
            .questions(from: facts, count: wanted, idPrefix: id, rejected: reviews.rejectedQuestions,
                       corrected: reviews.correctedQuestions, candidates: &candidates)
        let (reviewed, warnings) = Self.applyCorrections(reviews, to: questions, candidates: candidates, validator: validator,
                                                         sourceText: page.text)
        questions = reviewed
        bundle.warnings = warnings.isEmpty ? nil : warnings
        bundle.quiz.questions = questions
        bundle.quiz.questionTarget = target
        if facts.sentences.isEmpty {
            bundle.status = .partial
            bundle.statusReason = "No quiz: the page has no sentences of prose to ask about (only a title, lists, "
                + "exercises or instructions). Photograph the text the exercises are about."
        } else if let target, questions.count < target {
            bundle.status = .partial
            bundle.statusReason = "The text supports only \(questions.count) good question\(questions.count == 1 ? "" : "s") of the \(target) a page of "
                + "\(page.words.count) words should get: a question is asked only with three plausible wrong answers, and each "
                + "sentence is asked about once, so that no question shows another's "
                + "answer" + (facts.sentences.count < target ? ", and it has \(facts.sentences.count) sentences of prose." : ".")
        } else if questions.isEmpty {
            bundle.status = .partial
            bundle.statusReason = "No quiz: the text (\(page.words.count) words) is too short for a good question."
        }
        return bundle
    }

    /// DESIGN.md's length-fair number of questions: `min(10, max(3, words / 25))` from 60 words (10 being
    /// `maximum`, the stage's `questions` option); a page under 60 words has no target.
    public static func questionTarget(words: Int, maximum: Int) -> Int? {
        words < minimumWordsForTarget ? nil : questionsWanted(words: words, maximum: maximum)
    }

    /// Below this many words a page has no question target: it gets what valid questions it supports, up to three.
    public static let minimumWordsForTarget = 60

    /// Questions the planner looks for: the target, or for a page without one, the least a target can be.
    static func questionsWanted(words: Int, maximum: Int) -> Int {
        min(maximum, max(3, words / 25))
    }
}

extension HomeworkBuilder {
    /// The questions with the teacher's corrections put in, and what could not be applied: a corrected question
    /// must pass the same validator as a generated one (otherwise the generated one stays and a warning says why);
    /// a decision about a question that is neither in the quiz nor among its candidates is an orphan.
    static func applyCorrections(_ reviews: ReviewDecisions, to questions: [MultipleChoiceQuestion], candidates: Set<String>,
                                 validator: QuestionValidator, sourceText: String) -> ([MultipleChoiceQuestion], [String]) {
        var warnings: [String] = []
        var result = questions
        for (index, question) in questions.enumerated() {
            guard let decision = reviews.questions[question.id], decision.corrects else { continue }
            let corrected = decision.applied(to: question)
            // The teacher's text is the source of truth for what it says: the rules about the source text (answer
            // supported, explanation quoting it) are not asked of a correction; the question's shape rules are.
            let problems = corrected.answerIndex >= 0 && corrected.answerIndex < corrected.options.count
                ? validator.problems(corrected, sourceText: nil).map(\.description) : ["the answer index is not an option's index"]
            if problems.isEmpty {
                result[index] = corrected
            } else {
                warnings.append("Correction of \(question.id) not applied: \(problems.joined(separator: "; ")).")
            }
        }
        let present = Set(questions.map(\.id))
        for (id, decision) in reviews.questions.sorted(by: { $0.key < $1.key }) {
            if decision.rejects {
                if !candidates.contains(id) { warnings.append("Review decision \(id) rejects a question that no longer exists.") }
            } else if !present.contains(id) {
                warnings.append("Review decision \(id) refers to a question that no longer exists"
                    + (candidates.contains(id) ? " in the quiz (another question took its place)." : "."))
            }
        }
        return (result, warnings)
    }
}

/// The fact sentences of a worksheet and what they offer as answers.
struct WorksheetFacts {
    /// Sentences of the prose, never the worksheet's own questions or instructions.
    var sentences: [String]
    /// The indices of `sentences` of each paragraph of the body, in order (none for a paragraph of exercises or
    /// instructions: it keeps its place, so that "the second paragraph" is the second the student sees).
    var paragraphs: [[Int]] = []
    /// The whole recognised text: answers must be found in it and explanations quote it.
    var sourceText: String
    var vocabulary: Vocabulary

    init(body: String, sourceText: String, wordNet: WordNet) {
        sentences = []
        var followsCut = false
        for paragraph in body.components(separatedBy: "\n\n") {
            let split = SentenceSplitter.split(paragraph).map(Worksheet.withoutItemNumbers)
            // A paragraph of prose left open at a column's foot goes on at the next one's head: neither piece is a
            // sentence. A heading or an instruction is short or no prose; a cut sentence has ten words or more.
            let opening = followsCut ? split.dropFirst() : split[...]
            if let last = split.last {
                followsCut = !Worksheet.isClosedSentence(last) && !Worksheet.isInstruction(last)
                    && Tokenizer.words(in: last).count >= 10
            }
            let prose = opening
                .filter { $0.contains(where: \.isLetter) && Worksheet.isClosedSentence($0) && !Worksheet.isInstruction($0)
                    && !Worksheet.hasMarkup($0) }
                .map(Worksheet.droppingGluedHeading)
            paragraphs.append(Array(sentences.count..<sentences.count + prose.count))
            sentences += prose
        }
        self.sourceText = sourceText
        vocabulary = Vocabulary(sentences: sentences, wordNet: wordNet)
    }
}

/// Chooses the quiz: a few main-idea, statement, vocabulary-in-context and definition questions, the best cloze question
/// of each sentence, then more of the others, then clozes of an answer in another sentence than its best; no answer
/// twice, at most `maxNumericClozes` number and year blanks; in the order of the text; fewer than asked rather than weak
/// ones. When that falls short, the same with definitions and main ideas after the clozes, if it makes more questions.
/// A question that shows or blanks a sentence uses it, and each sentence serves one question. No question is taken that
/// breaks an integrity rule beside those taken before it (`QuizIntegrity`: a sentence shown twice, an answer given
/// away, an option offered twice).
struct QuizPlanner {
    let wordNet: WordNet
    let validator: QuestionValidator
    /// Where every candidate's verdict is recorded, for `lectern show --explain`.
    var log: CandidateLog? = nil
    /// Definition, statement, vocabulary-in-context and main-idea questions wanted in a full quiz of 10 (more when
    /// cloze questions run short).
    static let definitionShare = 0.3
    static let statementShare = 0.2
    static let meaningShare = 0.2
    static let mainIdeaShare = 0.2
    /// docs/QUIZ.md: a quiz of number clozes is a quiz of guessing; at most 4 in 10.
    static let maxNumericClozes = 4
    /// Statements of four sentences each (`StatementQuestionMaker.acrossSentences`): more would show the same changed
    /// sentences again.
    static let maxStatementsAcrossSentences = 2

    static func isNumericCloze(_ kind: QuestionKind) -> Bool { kind == .clozeYear || kind == .clozeNumber }

    /// `rejected`: stable IDs (`ReviewID.question`) the teacher rejected; such a candidate is skipped and the next
    /// valid one takes its place. `corrected`: IDs the teacher corrected; they are taken first, so that a rejection
    /// elsewhere never pushes them out. `candidates` receives the IDs of every candidate, asked or not.
    func questions(from facts: WorksheetFacts, count: Int, idPrefix: String, rejected: Set<String> = [], corrected: Set<String> = [],
                   candidates: inout Set<String>) -> [MultipleChoiceQuestion] {
        let (allCloze, clozeElsewhere) = ClozeQuestionMaker(wordNet: wordNet, validator: validator, log: log).questions(from: facts, idPrefix: idPrefix)
        let isLong = { (made: MadeQuestion) in
            Tokenizer.words(in: facts.sentences[made.sentenceIndex]).count >= ClozeQuestionMaker.longSentenceWords
        }
        let cloze = allCloze.filter { !isLong($0) }, longCloze = allCloze.filter(isLong)
        let definitions = DefinitionQuestionMaker(wordNet: wordNet, validator: validator, log: log).questions(from: facts, idPrefix: idPrefix)
        var statementMaker = StatementQuestionMaker(wordNet: wordNet, validator: validator)
        statementMaker.log = log
        let statements = statementMaker.questions(from: facts, idPrefix: idPrefix)
        let meanings = VocabularyInContextMaker(wordNet: wordNet, validator: validator, log: log).questions(from: facts, idPrefix: idPrefix)
        let mainIdeas = MainIdeaQuestionMaker(wordNet: wordNet, validator: validator, log: log).questions(from: facts, idPrefix: idPrefix)
        let integrity = QuizIntegrity(sourceText: facts.sourceText, validator: validator)
        var chosen: [MadeQuestion] = []
        var views: [QuizIntegrity.View] = []
        var answers = Set<String>()
        /// Sentences a question blanks or shows, as written or changed (`takeStatementsAcrossSentences`).
        var usedSentences = Set<Int>()
        var numericClozes = 0
        /// The verdict of each candidate the plan tried, the last one standing (`log`).
        var verdicts: [String: CandidateVerdict] = [:]
        var triedOrder: [String] = []
        func verdict(_ made: MadeQuestion, _ rule: QuizRule?, detail: String? = nil) -> Bool {
            guard log != nil else { return rule == nil }
            let subject = Self.subject(made, facts: facts)
            if verdicts[subject] == nil { triedOrder.append(subject) }
            verdicts[subject] = CandidateVerdict(family: "quiz", subject: subject, rule: rule?.id, detail: detail)
            return rule == nil
        }
        func stableID(_ made: MadeQuestion) -> String {
            ReviewID.question(itemID: idPrefix, kind: made.question.kind, answerKey: made.answerKey)
        }
        let everyCandidate = allCloze + clozeElsewhere + definitions + statements + meanings + mainIdeas
        for made in everyCandidate { candidates.insert(stableID(made)) }
        /// `made` with spares for its distractors that chosen questions offer, and the chosen questions (by index) with
        /// spares for their distractors that `made` offers; nil when the spares run out or a question breaks a rule.
        func withoutRepeatedOptions(_ made: MadeQuestion) -> (MadeQuestion, [Int: MadeQuestion])? {
            func keys(_ made: MadeQuestion) -> Set<String> { Set(made.question.options.map(validator.normalise)) }
            let offered = Set(views.flatMap(\.optionKeys))
            guard let made = made.replacingDistractors(offered, avoiding: offered, key: validator.normalise),
                  validator.problems(made.question, sourceText: facts.sourceText).isEmpty else { return nil }
            let own = keys(made)
            var others: [Int: MadeQuestion] = [:]
            for index in chosen.indices where !keys(chosen[index]).isDisjoint(with: own) {
                let elsewhere = chosen.indices.filter { $0 != index }.reduce(own) { $0.union(views[$1].optionKeys) }
                guard let other = chosen[index].replacingDistractors(own, avoiding: elsewhere, key: validator.normalise),
                      validator.problems(other.question, sourceText: facts.sourceText).isEmpty else { return nil }
                others[index] = other
            }
            return (made, others)
        }
        /// `shows`: the sentences the question shows besides its own (a statement across sentences' changed ones).
        func take(_ made: MadeQuestion, shows: Set<Int> = []) -> Bool {
            var made = made
            made.question.id = stableID(made)
            if rejected.contains(made.question.id) { return verdict(made, PlannerRules.teacherRejected) }
            // A definition shows no sentence; a main-idea question asks about a whole paragraph.
            let usesSentence = made.question.kind != .definition && made.question.kind != .mainIdea
            let numeric = Self.isNumericCloze(made.question.kind)
            let uses = usesSentence ? shows.union([made.sentenceIndex]) : shows
            // A question taken already is tried again by the plan's later passes: its verdict stands.
            if chosen.contains(where: { $0.answerKey == made.answerKey && $0.sentenceIndex == made.sentenceIndex
                                        && $0.question.kind == made.question.kind }) { return false }
            guard chosen.count < count else { return verdict(made, PlannerRules.full) }
            guard !(numeric && numericClozes >= Self.maxNumericClozes) else { return verdict(made, PlannerRules.numericClozes) }
            guard usedSentences.isDisjoint(with: uses) else { return verdict(made, PlannerRules.sentenceUsed) }
            guard !answers.contains(made.answerKey) else { return verdict(made, PlannerRules.answerAsked) }
            var view = integrity.view(of: made.question)
            var found = integrity.problems(adding: view, to: views)
            // An option another question offers already: spare distractors take the places of the repeated ones.
            if !found.isEmpty, found.allSatisfy({ if case .optionRepeated = $0 { true } else { false } }),
               let (swapped, others) = withoutRepeatedOptions(made) {
                let quiz = chosen.indices.map { others[$0] ?? chosen[$0] } + [swapped]
                if integrity.problems(quiz.map(\.question)).isEmpty {
                    for (index, other) in others {
                        chosen[index] = other
                        views[index] = integrity.view(of: other.question)
                    }
                    made = swapped
                    view = integrity.view(of: made.question)
                    found = []
                }
            }
            if let problem = found.first { return verdict(made, PlannerRules.rule(of: problem), detail: PlannerRules.detail(of: problem)) }
            answers.insert(made.answerKey)
            chosen.append(made)
            views.append(view)
            usedSentences.formUnion(uses)
            if numeric { numericClozes += 1 }
            return verdict(made, nil)
        }
        func takeUpTo(_ share: Double, of made: [MadeQuestion]) {
            let wanted = max(1, Int((Double(count) * share).rounded()))
            var taken = 0
            for question in made where taken < wanted {
                if take(question) { taken += 1 }
            }
        }
        // Statements whose false versions are three other sentences changed once each: sentences no other question
        // uses (a changed sentence shows most of its words), the nearest first.
        let surestChanges = statementMaker.surestChanges(from: facts)
        var acrossTaken = 0
        func takeStatementsAcrossSentences(correctedOnly: Bool = false) {
            for answer in facts.sentences.indices where acrossTaken < Self.maxStatementsAcrossSentences && chosen.count < count {
                let falseFrom = surestChanges.keys.filter { $0 != answer && !usedSentences.contains($0) }.sorted {
                    (abs($0 - answer), $0) < (abs($1 - answer), $1)
                }
                guard let (made, changed) = statementMaker.acrossSentences(answer: answer, falseFrom: falseFrom, changes: surestChanges,
                                                                           facts: facts, idPrefix: idPrefix) else { continue }
                candidates.insert(stableID(made))
                if correctedOnly && !corrected.contains(stableID(made)) { continue }
                if take(made, shows: Set(changed)) { acrossTaken += 1 }
            }
        }
        /// One quiz, from scratch. `wordsLast`: definitions and main ideas after the clozes, not before: their answers
        /// may be named in no other question, and on a short page the clozes need those sentences.
        func plan(wordsLast: Bool) -> [MadeQuestion] {
            chosen = []
            views = []
            answers = []
            usedSentences = []
            numericClozes = 0
            acrossTaken = 0
            verdicts = [:]
            triedOrder = []
            // The teacher's corrected questions first, in the order the plan takes them (a later one may take spare
            // distractors for options an earlier one offers): a rejection elsewhere must not push them out.
            let order = wordsLast ? statements + meanings + cloze + mainIdeas + definitions
                : mainIdeas + statements + meanings + definitions + cloze
            for made in order + clozeElsewhere + longCloze where corrected.contains(stableID(made)) { _ = take(made) }
            if !corrected.isEmpty { takeStatementsAcrossSentences(correctedOnly: true) }
            if !wordsLast { takeUpTo(Self.mainIdeaShare, of: mainIdeas) }
            takeUpTo(Self.statementShare, of: statements)
            takeUpTo(Self.meaningShare, of: meanings)
            if !wordsLast { takeUpTo(Self.definitionShare, of: definitions) }
            for made in cloze { _ = take(made) }
            for made in mainIdeas + statements + meanings + definitions { _ = take(made) }
            // A cloze whose best sentence is taken, in another sentence that no question uses yet.
            for made in clozeElsewhere + longCloze { _ = take(made) }
            takeStatementsAcrossSentences()
            return chosen
        }
        // Understanding before the count: the other order only when it makes more questions and keeps the
        // understanding questions (up to three).
        var quiz = plan(wordsLast: false)
        var quizVerdicts = triedOrder.compactMap { verdicts[$0] }
        if quiz.count < count {
            let other = plan(wordsLast: true)
            if other.count > quiz.count, Self.understanding(other) >= min(3, Self.understanding(quiz)) {
                quiz = other
                quizVerdicts = triedOrder.compactMap { verdicts[$0] }
            }
        }
        quizVerdicts.forEach { log?.record($0) }
        return quiz.sorted { ($0.sentenceIndex, $0.question.kind.rawValue) < ($1.sentenceIndex, $1.question.kind.rawValue) }
            .map(\.question)
    }

    /// How `--explain` names a made question: its kind, what it asks and where.
    static func subject(_ made: MadeQuestion, facts: WorksheetFacts) -> String {
        let kind = made.question.kind
        let answer = made.question.options.indices.contains(made.question.answerIndex) ? made.question.options[made.question.answerIndex] : ""
        switch kind {
        case .statement: return StatementQuestionMaker.subject(key: made.answerKey)
        case .mainIdea:
            let paragraph = made.question.stem == MainIdeaQuestionMaker.wholeTextStem ? nil
                : facts.paragraphs.firstIndex { $0.first == made.sentenceIndex }
            return MainIdeaQuestionMaker.subject(paragraph: paragraph) + " (“\(answer)”)"
        case .definition, .vocabularyInContext: return CandidateSubject.word(kind, key: made.answerKey)
        default: return CandidateSubject.blank(kind, answer: answer, sentenceIndex: made.sentenceIndex)
        }
    }

    /// Questions that test understanding rather than recall: statements, vocabulary in context, main ideas.
    static func understanding(_ quiz: [MadeQuestion]) -> Int {
        quiz.filter { [.statement, .vocabularyInContext, .mainIdea].contains($0.question.kind) }.count
    }
}

/// A worksheet's recognised text split into its title, its teaching prose and its exercises.
struct Worksheet {
    var title: String
    /// The prose that quiz facts may come from: without the title and the worksheet's own exercises.
    var body: String

    static let instructionVerbs: Set<String> = [
        "answer", "explain", "write", "describe", "complete", "read", "list", "name", "draw", "fill", "circle",
        "underline", "discuss", "label", "match", "choose", "use", "find", "compare", "give", "show",
        // "See the Texinfo manual.", "See also …": a pointer to another text, not a fact of this one.
        "see",
    ]

    init(text: String) {
        // Blank lines kept: they separate paragraphs.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let titleIndex = lines.indices.filter { !lines[$0].isEmpty }.prefix(3).first { Self.isHeadingLike(lines[$0]) }
        title = titleIndex.map { lines[$0] } ?? lines.first { !$0.isEmpty }.map { String($0.prefix(60)) } ?? ""
        // Paragraphs (blank-line separated) of prose; an exercise line and the lines that continue it
        // (up to the next blank line or numbered item) are left out.
        // A numbered statement ("1. The gzip format was designed to …") is content the student is asked about, unless
        // the sheet asks whether its statements are true: then they may be false on purpose.
        let judgesStatements = Self.judgesStatements(Self.linesOutsideNumberedItems(lines).joined(separator: " "))
        var paragraphs: [[String]] = [[]]
        var inExercise = false
        for (index, line) in lines.enumerated() where index != titleIndex {
            if line.isEmpty {
                inExercise = false
                paragraphs.append([])
                continue
            }
            if Self.isExercise(line) {
                if !judgesStatements, let statement = Self.numberedStatement(line) {
                    paragraphs.append([statement])
                    inExercise = false
                } else {
                    inExercise = true
                }
                continue
            }
            if inExercise, !Self.startsNewParagraph(line) { continue }
            inExercise = false
            paragraphs[paragraphs.count - 1].append(line)
        }
        body = paragraphs.filter { !$0.isEmpty }.map { $0.joined(separator: " ") }.joined(separator: "\n\n")
    }

    /// The text of a numbered or lettered line that states something ("2. The .xz suffix was selected, because …"):
    /// not an instruction or a question, not a gap to fill, at least five words. Nil for an exercise. Only its first
    /// sentence decides: a numbered clause of a constitution runs on for sentences ("… the Standard Resolution
    /// Procedure, below. A resolution is …"), and the sentences of what is kept are filtered one by one.
    static func numberedStatement(_ line: String) -> String? {
        guard let match = line.range(of: Self.itemNumber, options: .regularExpression) else { return nil }
        let rest = String(line[match.upperBound...])
        guard let first = rest.first, first.isUppercase || first == "\"" || first == "“", !rest.contains("__"), !rest.contains("..."),
              Tokenizer.words(in: rest).count >= 5, !isInstruction(SentenceSplitter.split(rest).first ?? rest) else { return nil }
        return rest
    }

    static let itemNumber = #"^\(?([0-9]{1,2}|[a-zA-Z])[.)]\s+"#

    /// A sentence without the numbers of the items a page written on one line runs together: "2. If such a resolution
    /// is sponsored …", "Delaying a decision by the Project Leader: 1." and "… prefer option A over option B. 2." (the
    /// next item's number) would otherwise be asked about as numbers of the text.
    /// Also the labels an FAQ or a tag list puts before a sentence: "A: Lasse Collin is not aware …", "L. Preserve all
    /// the Invariant Sections …", "patch A patch or some other easy procedure …" (a tag's name glued to its
    /// description).
    static func withoutItemNumbers(_ sentence: String) -> String {
        sentence.replacingOccurrences(of: #"^\(?[0-9]{1,2}[.)]\s+"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"(?<=[.:;!?])\s+\(?[0-9]{1,2}[.)]$"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"^(?:[QA]:|[A-Z][.)])\s+"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"^[a-z][a-z0-9-]*\s+(?=[A-Z][a-z]*\s)"#, with: "", options: .regularExpression)
    }

    /// A sentence ended by its own punctuation. One that is not was cut by the page (a column's or the photo's edge)
    /// or lost its full stop to the OCR and runs into the next: a question on it would be on a fragment. Judged on the
    /// sentence without its item numbers, not by the splitter's own end: in "1. A developer working on a task; 2." the
    /// next item's "2." ends the splitter's sentence, and the item itself ends open, at ";".
    static func isClosedSentence(_ sentence: String) -> Bool {
        let closers: Set<Character> = ["\"", "'", "\u{201D}", "\u{2019}", ")", "]", "\u{BB}"]
        guard let last = sentence.reversed().first(where: { !$0.isWhitespace && !closers.contains($0) }) else { return false }
        return ".!?\u{2026}".contains(last)
    }

    /// Texinfo's marks left in a manual's text ("_any_", "*note Plugins: (gccint)Plugins.", "*do not*"): a question
    /// would show them to the student, and the sentence cannot be quoted without them.
    static func hasMarkup(_ sentence: String) -> Bool {
        sentence.contains("*note") || sentence.range(of: #"(^|\s)[_*][A-Za-z][^_*]*[_*](\W|$)"#, options: .regularExpression) != nil
    }

    /// The lines that are not part of a numbered or lettered item (an item runs to the next blank line): the title and
    /// the sheet's instructions. A statement's own words ("there is no one correct way to order items") say nothing
    /// about what the student is asked to do with it.
    static func linesOutsideNumberedItems(_ lines: [String]) -> [String] {
        var inItem = false
        return lines.filter { line in
            if line.isEmpty { inItem = false }
            if line.range(of: Self.itemNumber, options: .regularExpression) != nil { inItem = true }
            return !inItem
        }
    }

    /// Words that open a clause and, capitalised after a run of capitalised words, show where a heading the text has
    /// lost its line break ends: "Source Code The program must include source code".
    static let clauseOpeners: Set<String> = ["The", "A", "An", "This", "These", "That", "It", "If", "In", "You", "We", "Each", "Any", "All"]
    static let headingJoiners: Set<String> = ["of", "and", "or", "to", "for", "the", "a", "an", "in", "on", "with"]

    /// `sentence` without a heading glued to its start (two or more words, the first capitalised, the others
    /// capitalised or joining words such as "of", then a capitalised clause opener before a lower-case word):
    /// "No Discrimination Against Persons or Groups The license must not …" → "The license must not …".
    static func droppingGluedHeading(_ sentence: String) -> String {
        let words = sentence.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count > 4, words[0].first?.isUppercase == true else { return sentence }
        for k in 2..<min(words.count - 1, 12) {
            let word = words[k - 1]
            guard word.first?.isUppercase == true || headingJoiners.contains(String(word)) else { return sentence }
            if clauseOpeners.contains(String(words[k])), words[k + 1].first?.isLowercase == true {
                return words[k...].joined(separator: " ")
            }
        }
        return sentence
    }

    /// Whether the sheet asks the student to judge its statements (true or false, agree, fact or opinion, find the
    /// mistake): its numbered statements are then not facts.
    static func judgesStatements(_ text: String) -> Bool {
        let lower = " " + Tokenizer.words(in: text).map { $0.text.lowercased() }.joined(separator: " ") + " "
        return [" true ", " false ", " agree ", " disagree ", " correct ", " opinion ", " mistake ", " mistakes ", " wrong ",
                " right or wrong ", " error ", " errors "].contains { lower.contains($0) }
    }

    /// A line that cannot continue a wrapped exercise: it starts like a new paragraph of prose.
    static func startsNewParagraph(_ line: String) -> Bool {
        guard let first = line.first, first.isUppercase else { return false }
        return line.split(separator: " ").count >= 8 && line.hasSuffix(".")
    }

    /// Sentences that address the student rather than state a fact: questions, instructions, and
    /// sentences about the worksheet itself.
    static func isInstruction(_ sentence: String) -> Bool {
        let trimmed = sentence.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("?") || trimmed.hasSuffix(":") { return true }
        if trimmed.range(of: #"^\(?[0-9]{1,2}[.)]\s"#, options: .regularExpression) != nil { return true }
        let words = Tokenizer.words(in: trimmed).map { $0.text.lowercased() }
        if let first = words.first, instructionVerbs.contains(first) { return true }
        let joined = " " + words.joined(separator: " ") + " "
        for phrase in [" the text ", " the questions ", " this worksheet ", " your own words ", " in full sentences ",
                       " exercise book ", " the passage ", " questions below ", " words below ", " text below "] where joined.contains(phrase) {
            return true
        }
        return false
    }

    static func isHeadingLike(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard (1...9).contains(words.count), let first = line.first, first.isUppercase else { return false }
        return !line.hasSuffix(".") && !line.hasSuffix(",")
    }

    /// Numbered lines ("1. Explain ...") and instructions ("Answer all questions.") are not facts.
    static func isExercise(_ line: String) -> Bool {
        let trimmed = line.drop { !$0.isLetter && !$0.isNumber }
        if let first = trimmed.split(separator: " ").first,
           first.allSatisfy({ $0.isNumber || $0 == "." || $0 == ")" }), first.contains(where: { $0 == "." || $0 == ")" }) {
            return true
        }
        if line.range(of: #"^\(?[a-hA-H][.)]\s"#, options: .regularExpression) != nil { return true }
        let firstWord = line.split(separator: " ").first.map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) } ?? ""
        return instructionVerbs.contains(firstWord) && (line.hasSuffix("?") || line.hasSuffix(".") || line.hasSuffix(":"))
            && line.split(separator: " ").count <= 14
    }
}
