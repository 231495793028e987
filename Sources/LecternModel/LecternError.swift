/// Stable error codes: other programs match on these strings, so never rename one.
public enum ErrorCode: String, Codable, Sendable, CaseIterable, Comparable {
    case emptyFile = "empty-file"
    case fileTooLarge = "file-too-large"
    case unsupportedFile = "unsupported-file"
    case mislabelledFile = "mislabelled-file"
    case unreadableImage = "unreadable-image"
    case imageTooLarge = "image-too-large"
    case noTextFound = "no-text-found"
    case encodingError = "encoding-error"
    case malformedHTML = "malformed-html"
    case truncatedHTML = "truncated-html"
    case outsideInbox = "outside-inbox"
    case sourceMissing = "source-missing"
    case storeBusy = "store-busy"
    case diskFull = "disk-full"
    case internalError = "internal-error"

    public static func < (lhs: ErrorCode, rhs: ErrorCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Transient errors may succeed on a later attempt without anyone changing the input.
    public var isTransient: Bool {
        switch self {
        case .storeBusy, .diskFull, .sourceMissing: return true
        default: return false
        }
    }
}

/// A failure of one item's stage: a stable code for machines and a sentence for teachers.
public struct LecternError: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
