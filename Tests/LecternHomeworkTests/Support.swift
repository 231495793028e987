import Foundation
import LecternModel
import LecternText
@testable import LecternHomework
@testable import LecternQuestions

// What every homework test file reads: the repository, one WordNet for the whole target (loaded once), the real
// pages and the builder with a page as the OCR stage hands it on.

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let wordNet = try! WordNet()
let validator = QuestionValidator(wordNet: wordNet)

/// A real published page (Fixtures/real-pages/README.md gives sources and licences).
func realPage(_ name: String) throws -> String {
    try String(contentsOf: repoRoot.appendingPathComponent("Tests/LecternHomeworkTests/Fixtures/real-pages/\(name).txt"), encoding: .utf8)
}

/// `text` as the OCR stage gives it: every word read with `confidence`.
func page(_ text: String, confidence: Double = 92) -> OCRPage {
    let words = text.split(whereSeparator: \.isWhitespace).map { OCRWord(text: String($0), confidence: confidence) }
    return OCRPage(text: text, meanConfidence: confidence, words: words, width: 1600, height: 2000,
                   preprocessing: [], thumbnail: nil)
}

func build(_ text: String, id: String = "hw", reviews: ReviewDecisions = ReviewDecisions()) -> HomeworkBundle {
    HomeworkBuilder(wordNet: wordNet, options: QuizOptions())
        .build(page: page(text), id: id, source: SourceRef(path: "photos/sheet.jpg", sha256: "abc"), reviews: reviews)
}
