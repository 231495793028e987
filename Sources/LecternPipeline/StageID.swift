import LecternModel

/// The stages of the pipeline. Names are part of the command-line contract (`retry --stage`).
public enum StageID: String, CaseIterable, Sendable, Codable {
    case ocr, words, parse      // extract
    case quiz, wordtest, lecture // generate

    /// Bump a stage's version when its output for the same input changes: cached results are then rebuilt.
    public var version: Int {
        switch self {
        case .ocr: return 2
        case .words: return 6
        case .parse: return 2
        case .quiz: return 3
        case .wordtest: return 6
        case .lecture: return 5
        }
    }

    /// The chain of stages an item of `kind` goes through, in order.
    public static func chain(for kind: ItemKind) -> [StageID] {
        switch kind {
        case .homework: return [.ocr, .quiz]
        case .wordlist: return [.words, .wordtest]
        case .post: return [.parse]
        case .lecture: return [.lecture]
        case .other: return []
        }
    }

    /// Every stage that consumes this one's output, directly or not (for `retry --stage`).
    public var dependents: [StageID] {
        switch self {
        case .ocr: return [.quiz]
        case .words: return [.wordtest]
        case .parse: return [.lecture]
        case .quiz, .wordtest, .lecture: return []
        }
    }
}

