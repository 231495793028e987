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
        let (subject, subjectConfidence) = SubjectClassifier.classify(worksheet.body)
        var bundle = HomeworkBundle(
            id: id, source: source, status: .ok, statusReason: nil, title: worksheet.title,
            subject: subject, subjectConfidence: subjectConfidence, text: page.text,
            ocr: .init(meanConfidence: page.meanConfidence, wordCount: page.words.count, preprocessing: page.preprocessing),
            thumbnail: page.thumbnailJPEG == nil ? nil : "media/\(id).jpg", quiz: .init(questions: []))

        if page.meanConfidence < options.minConfidence || page.words.count < options.minWords {
            bundle.status = .needsReview
            bundle.statusReason = "The photo could not be read reliably (confidence \(Int(page.meanConfidence)) of 100, "
                + "\(page.words.count) words); no quiz was made. Check the text or take a clearer photo."
            return bundle
        }
        let questions = ClozeQuestionMaker(wordNet: wordNet, validator: validator)
            .questions(from: worksheet.body, count: options.questions, idPrefix: id)
        bundle.quiz.questions = questions
        if questions.count < options.questions {
            bundle.status = .partial
            bundle.statusReason = "The text supports only \(questions.count) good questions of the \(options.questions) asked for."
        }
        return bundle
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
        var kept: [String] = []
        for (index, line) in lines.enumerated() where index != titleIndex {
            if line.isEmpty || Self.isExercise(line) { continue }
            kept.append(line)
        }
        body = kept.joined(separator: " ")
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
