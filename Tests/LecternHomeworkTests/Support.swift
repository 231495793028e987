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

/// A sample worksheet's text as its photo reads (scripts/samples/photos).
func worksheet(_ name: String) throws -> String {
    try String(contentsOf: repoRoot.appendingPathComponent("scripts/samples/photos/\(name).txt"), encoding: .utf8)
}

let samples = ["water-cycle", "erie-canal", "printing-press", "rivers-of-africa"]

/// Real published pages (Tests/LecternHomeworkTests/Fixtures/real-pages/README.md gives sources and licences).
let realPages = ["debian-manifesto-01", "debian-faq-10", "debian-faq-15"]

let benchmarkCastle = """
Life in a Medieval Castle

The castle of Westmere was built in 1509 on a rocky hill above the river Varno. Its stone walls were 3 metres thick, and a deep moat surrounded the outer gate.

The lord Samuel Brennan lived in the keep with his family, his knights and his servants. During the siege of 1537 the castle held out for 23 days before the defenders surrendered. Archers stood on the battlements and shot arrows through narrow slits in the wall.

The great hall was used for feasts, for trials and for receiving important guests. Gunpowder made castles less useful, because cannons could break even the strongest walls. Today about 2,700 visitors come every year to walk along the walls.

Answer all questions in full sentences.
1. Compare the past with the present using the text.
2. Describe two facts you learned from the text.
3. Write a short summary of the text in your own words.

"""

let benchmarkWeather = """
Weather and Climate

Weather is the state of the atmosphere on a particular day, while climate is the average over many years. The region of Ostmark has a maritime climate with mild winters and cool summers. Warm air can hold more moisture than cold air, which is why tropical storms bring heavy rain.

A barometer measures air pressure, and falling pressure usually means that a storm is coming. Wind is air moving from an area of high pressure towards an area of low pressure.

Coastal towns such as Tarragon receive about 1500 millimetres of rain a year. Mountains force moist air to rise and cool, so their western slopes are much wetter than the valleys behind them. Since 1513 the average temperature has risen by about one degree.

Answer all questions in full sentences.
1. Explain why weather and climate mattered to the people of the time.
2. Describe two facts you learned from the text.
3. Draw and label a diagram to show the main idea of the text.

"""

