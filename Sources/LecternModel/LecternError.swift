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
    case invalidCourseConfig = "invalid-course-config"
    case sourceMissing = "source-missing"
    case storeBusy = "store-busy"
    case diskFull = "disk-full"
    case missingDependency = "missing-dependency"
    case storeUnreachable = "store-unreachable"
    case workerLost = "worker-lost"
    case internalError = "internal-error"

    public static func < (lhs: ErrorCode, rhs: ErrorCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Transient errors may succeed on a later attempt without anyone changing the input.
    /// What a teacher can do about it, in one sentence.
    public var advice: String {
        switch self {
        case .emptyFile: return "The file is empty: copy it into the inbox again."
        case .fileTooLarge: return "Split the file or make it smaller, then drop it in again."
        case .unsupportedFile: return "Lectern reads photos (.jpg, .png, .tif), scripts (.txt, .srt, .vtt) and course posts (.html)."
        case .mislabelledFile: return "Save the file again in the format its name says, then drop it in again."
        case .unreadableImage: return "Take or export the photo again; this copy is damaged."
        case .imageTooLarge: return "Resize the photo to under 10,000 pixels a side and drop it in again."
        case .noTextFound: return "Photograph the page closer, flat and in good light."
        case .encodingError: return "Save the text as UTF-8 and drop it in again."
        case .malformedHTML, .truncatedHTML: return "Fix the page's HTML (or simplify its nesting) and drop it in again."
        case .outsideInbox: return "Copy the file itself into the inbox instead of linking to it."
        case .invalidCourseConfig: return "Fix course.yml; `lectern status` names the line."
        case .sourceMissing: return "The file moved or changed while Lectern read it; it will be picked up on the next run."
        case .storeBusy, .diskFull: return "Lectern retries this on its own; if it persists, free disk space and run again."
        case .storeUnreachable: return "Lectern retries this on its own; if it persists, check that the database server runs and that the --store address (or LECTERN_STORE) is right."
        case .workerLost: return "The worker running this stopped answering three times (killed, or out of memory): check the workers' logs, then run `lectern retry --failed`."
        case .missingDependency: return "Install what the message names (`make run` or scripts/setup.sh installs everything Lectern needs), then run `lectern retry --failed`."
        case .internalError: return "This is a bug in Lectern; please report it with `lectern show`."
        }
    }

    /// The advice for an item of `kind`: "no text found" means something different for a photo, a page and a script.
    public func advice(for kind: ItemKind) -> String {
        kind.descriptor.advice[self] ?? advice
    }

    public var isTransient: Bool {
        switch self {
        case .storeBusy, .diskFull, .sourceMissing, .storeUnreachable: return true
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
