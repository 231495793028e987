import Foundation

// Artifacts are what extract stages hand to generate stages. They are cached in the store
// as canonical JSON, so their encoding must be deterministic (see `CanonicalJSON`).

public struct OCRWord: Codable, Sendable, Hashable {
    public var text: String
    public var confidence: Double
    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

public struct OCRPage: Codable, Sendable, Hashable {
    public var text: String
    public var meanConfidence: Double
    public var words: [OCRWord]
    public var width: Int
    public var height: Int
    /// The clean-up steps that ran, in order, for the record.
    public var preprocessing: [String]
    /// The name, relative to the item, of the small JPEG of the page for the app's list view: the OCR stage
    /// stores its bytes beside this result, and the publisher alone decides where it goes (`OutputLayout.media`).
    public var thumbnail: String?
    /// Which read was kept: "cleaned", "plain" (the picture without clean-up), either after turning the page
    /// as orientation detection said ("rotated-180+cleaned").
    public var path: String
    /// The page's title as the layout shows it: its first heading, else its first line as printed (never a line cut
    /// mid-word). Nil in results of OCR stage versions before 5.
    public var title: String?
    /// How much the read looks like language (`ReadPlausibility.score` in LecternOCR: dictionary words, less mixed
    /// case, scraps and stray symbols); nil when it was not judged.
    public var plausibility: Double?
    /// Why the read should be checked by a person before anything is made of it, in plain words; nil when it reads
    /// as text. The quiz stage marks such a page `needs-review` and makes no quiz.
    public var reviewReason: String?

    public init(text: String, meanConfidence: Double, words: [OCRWord], width: Int, height: Int,
                preprocessing: [String], thumbnail: String?, path: String = "cleaned", title: String? = nil,
                plausibility: Double? = nil, reviewReason: String? = nil) {
        self.text = text
        self.meanConfidence = meanConfidence
        self.words = words
        self.width = width
        self.height = height
        self.preprocessing = preprocessing
        self.thumbnail = thumbnail
        self.path = path
        self.title = title
        self.plausibility = plausibility
        self.reviewReason = reviewReason
    }
}

/// One lemma of a script with the forms it appeared in.
public struct WordOccurrence: Codable, Sendable, Hashable {
    public var lemma: String
    public var forms: [String: Int]
    public var count: Int
    /// Index into `TextAnalysis.sentences` (the context sentences) of this lemma's context sentence.
    public var contextSentence: Int
    public init(lemma: String, forms: [String: Int], count: Int, contextSentence: Int) {
        self.lemma = lemma
        self.forms = forms
        self.count = count
        self.contextSentence = contextSentence
    }
}

public struct TextAnalysis: Codable, Sendable, Hashable {
    /// The sentences chosen as some lemma's context, in text order (not every sentence of the text, so that
    /// an analysis is bounded by the text's vocabulary rather than its length).
    public var sentences: [String]
    /// How many sentences the text has.
    public var sentenceCount: Int
    public var tokenCount: Int
    public var words: [WordOccurrence]
    public init(sentences: [String], sentenceCount: Int, tokenCount: Int, words: [WordOccurrence]) {
        self.sentences = sentences
        self.sentenceCount = sentenceCount
        self.tokenCount = tokenCount
        self.words = words
    }
}

/// A course post after parsing and sanitising.
public struct ParsedPost: Codable, Sendable, Hashable {
    /// The page's `<title>` (else its first `<h1>`, heading, or file name), with whatever site name it carries.
    public var title: String
    /// The `<h1>` that `title` opens with ("Loops" of "Loops | Blog"), wherever it is on the page.
    public var heading: String?
    public var blocks: [Block]
    /// Things the parser noticed and recovered from (dropped scripts, a truncated parse, ...).
    public var warnings: [String]
    /// Those of `warnings` about how the page's text was read (a contradicted or unknown charset, a cut-off file,
    /// deep nesting): the lecture bundle carries these, since they change what a learner reads.
    public var textWarnings: [String]?
    /// The language the page declares (`<html lang>`), lower-cased: "en", "en-gb", "de".
    public var lang: String?
    public init(title: String, heading: String? = nil, blocks: [Block], warnings: [String], textWarnings: [String]? = nil,
                lang: String? = nil) {
        self.title = title
        self.heading = heading
        self.blocks = blocks
        self.warnings = warnings
        self.textWarnings = textWarnings
        self.lang = lang
    }
}
