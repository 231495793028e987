import Foundation
import LecternModel
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

    public func build(page: OCRPage, id: String, source: SourceRef) -> HomeworkBundle {
        let worksheet = Worksheet(text: page.text)
        let (subject, subjectConfidence) = SubjectClassifier.classify(worksheet.body, title: worksheet.title)
        var bundle = HomeworkBundle(
            id: id, source: source, status: .ok, statusReason: nil, title: worksheet.title,
            subject: subject, subjectConfidence: subjectConfidence, text: page.text,
            ocr: .init(meanConfidence: page.meanConfidence, wordCount: page.words.count, preprocessing: page.preprocessing,
                       path: page.path),
            thumbnail: page.thumbnailJPEG == nil ? nil : OutputLayout.thumbnail(homeworkID: id), quiz: .init(questions: []))

        if page.meanConfidence < options.minConfidence || page.words.count < options.minWords {
            bundle.status = .needsReview
            bundle.statusReason = "The photo could not be read reliably (confidence \(Int(page.meanConfidence)) of 100, "
                + "\(page.words.count) words); no quiz was made. Check the text or take a clearer photo."
            return bundle
        }
        let facts = WorksheetFacts(body: worksheet.body, sourceText: page.text, wordNet: wordNet)
        let questions = QuizPlanner(wordNet: wordNet, validator: validator).questions(from: facts, count: options.questions, idPrefix: id)
        bundle.quiz.questions = questions
        if questions.count < options.questions {
            bundle.status = .partial
            bundle.statusReason = "The text supports only \(questions.count) good questions of the \(options.questions) asked for"
                + (facts.sentences.count < options.questions ? " (it has \(facts.sentences.count) usable sentences)." : ".")
        }
        return bundle
    }
}

/// The fact sentences of a worksheet and what they offer as answers.
struct WorksheetFacts {
    /// Sentences of the prose, never the worksheet's own questions or instructions.
    var sentences: [String]
    /// The whole recognised text: answers must be found in it and explanations quote it.
    var sourceText: String
    var vocabulary: Vocabulary

    init(body: String, sourceText: String, wordNet: WordNet) {
        sentences = body.components(separatedBy: "\n\n").flatMap { SentenceSplitter.split($0) }
            .filter { !Worksheet.isInstruction($0) }
        self.sourceText = sourceText
        vocabulary = Vocabulary(sentences: sentences, wordNet: wordNet)
    }
}

/// Chooses the quiz: the best cloze question of each sentence and a few definition questions, no
/// answer twice, in the order of the text; fewer than asked rather than weak ones.
struct QuizPlanner {
    let wordNet: WordNet
    let validator: QuestionValidator
    /// Definition questions wanted in a full quiz of 10 (more when cloze questions run short).
    static let definitionShare = 0.3

    func questions(from facts: WorksheetFacts, count: Int, idPrefix: String) -> [MultipleChoiceQuestion] {
        let cloze = ClozeQuestionMaker(wordNet: wordNet, validator: validator).questions(from: facts, idPrefix: idPrefix)
        let definitions = DefinitionQuestionMaker(wordNet: wordNet, validator: validator).questions(from: facts, idPrefix: idPrefix)
        var chosen: [MadeQuestion] = []
        var answers = Set<String>()
        func take(_ made: MadeQuestion) -> Bool {
            guard chosen.count < count, answers.insert(made.answerKey).inserted else { return false }
            chosen.append(made)
            return true
        }
        let wantedDefinitions = max(1, Int((Double(count) * Self.definitionShare).rounded()))
        var definitionCount = 0
        for made in definitions where definitionCount < wantedDefinitions {
            if take(made) { definitionCount += 1 }
        }
        for made in cloze { _ = take(made) }
        for made in definitions { _ = take(made) }
        return chosen.sorted { ($0.sentenceIndex, $0.question.kind) < ($1.sentenceIndex, $1.question.kind) }
            .enumerated().map { position, made in
                var question = made.question
                question.id = "\(idPrefix)-q\(position + 1)"
                return question
            }
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
    ]

    init(text: String) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let titleIndex = lines.prefix(3).firstIndex(where: Self.isHeadingLike)
        title = titleIndex.map { lines[$0] } ?? lines.first.map { String($0.prefix(60)) } ?? ""
        // Paragraphs (blank-line separated) of prose; an exercise line and the lines that continue it
        // (up to the next blank line or numbered item) are left out.
        var paragraphs: [[String]] = [[]]
        var inExercise = false
        for (index, line) in lines.enumerated() where index != titleIndex {
            if line.isEmpty {
                inExercise = false
                paragraphs.append([])
                continue
            }
            if Self.isExercise(line) {
                inExercise = true
                continue
            }
            if inExercise, !Self.startsNewParagraph(line) { continue }
            inExercise = false
            paragraphs[paragraphs.count - 1].append(line)
        }
        body = paragraphs.filter { !$0.isEmpty }.map { $0.joined(separator: " ") }.joined(separator: "\n\n")
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
                       " exercise book ", " the passage ", " below "] where joined.contains(phrase) {
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
