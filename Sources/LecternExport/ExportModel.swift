import Crypto
import Foundation
import LecternModel

/// The formats `lectern export` writes. The raw values are the CLI's and the pipeline file's spelling.
public enum ExportFormat: String, CaseIterable, Codable, Sendable {
    case moodleXML = "moodle-xml"
    case gift
    case qti21
    case anki

    /// The file extension of one exported file.
    public var fileExtension: String {
        switch self {
        case .moodleXML: return "xml"
        case .gift: return "gift.txt"
        case .qti21: return "zip"
        case .anki: return "apkg"
        }
    }
}

/// Export failures, with stable codes like the pipeline's.
public struct ExportError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Code: String, Sendable {
        case unreadableBundle = "unreadable-bundle"
        case nothingToExport = "nothing-to-export"
        case writeFailed = "export-write-failed"
    }
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
    public var description: String { "\(message) [\(code.rawValue)]" }
}

/// An image shown with a question: embedded where the format allows it, named in a note where it does not.
public struct ExportImage: Sendable, Hashable {
    /// A file name without folders, unique within one export file.
    public var fileName: String
    public var data: Data
    public init(fileName: String, data: Data) {
        self.fileName = fileName
        self.data = data
    }
}

/// One multiple-choice question as every question format sees it, whatever bundle it came from.
public struct ExportQuestion: Sendable, Hashable {
    /// Stable identifier (see `StableID`): an NCName of at most 100 characters.
    public var id: String
    /// A short name for question banks (Moodle shows it in lists).
    public var name: String
    public var stem: String
    /// Code or maths shown under the stem, kept verbatim (monospace in HTML formats).
    public var codeBlocks: [String]
    public var options: [String]
    public var answerIndex: Int
    /// Per option; empty strings where there is nothing to say.
    public var optionFeedback: [String]
    public var explanation: String
    public var tags: [String]
    public var image: ExportImage?

    public init(id: String, name: String, stem: String, codeBlocks: [String] = [], options: [String], answerIndex: Int,
                optionFeedback: [String], explanation: String, tags: [String], image: ExportImage? = nil) {
        self.id = id
        self.name = name
        self.stem = stem
        self.codeBlocks = codeBlocks
        self.options = options
        self.answerIndex = answerIndex
        self.optionFeedback = optionFeedback
        self.explanation = explanation
        self.tags = tags
        self.image = image
    }
}

/// Questions that belong together: one Moodle category, one QTI package section, one GIFT `$CATEGORY`.
public struct QuestionCategory: Sendable, Hashable {
    /// Path segments, e.g. ["Lectern", "Homework", "Water cycle"].
    public var path: [String]
    public var questions: [ExportQuestion]
    public init(path: [String], questions: [ExportQuestion]) {
        self.path = path
        self.questions = questions
    }
}

/// Stable identifiers: derived from what a question asks (its source and its normalised stem), so fixing the
/// wording of options, explanation or punctuation keeps the identifier and a different question gets a new one.
public enum StableID {
    /// Lower case, accents folded, only letters and digits kept, single spaces: "The  Sun's heat?" → "the suns heat".
    public static func normalise(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var word = ""
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if CharacterSet.whitespacesAndNewlines.contains(scalar), !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.joined(separator: " ")
    }

    /// `prefix` + 32 hex digits of SHA-256 over the parts: an NCName (a letter first), well under 100 characters.
    public static func make(_ prefix: String, _ parts: [String]) -> String {
        prefix + "-" + hex(SHA256.hash(data: Data(parts.joined(separator: "\u{1F}").utf8)).prefix(16))
    }

    /// Lower-case hexadecimal digits of `bytes`.
    static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The identifier of a question asked about `source`: the same stem twice in one source gets `-2`, `-3`.
    public static func questions(source: String, stems: [String], prefix: String) -> [String] {
        var seen: [String: Int] = [:]
        return stems.map { stem in
            let id = make(prefix, [source, normalise(stem)])
            seen[id, default: 0] += 1
            return seen[id]! == 1 ? id : "\(id)-\(seen[id]!)"
        }
    }
}
