import Foundation

// Every kind of input, described once. Adding or changing a kind starts here; the scanner, the reconciler, the
// output layout, the publisher, failure advice, exports and the review site read these descriptors
// (docs/ARCHITECTURE.md, "To add an input kind").

/// What kind of input an item is: decided by its file name's extension, or by its magic bytes when no kind
/// claims the extension (`ItemKindDescriptor.signature`). A stage that reads the content checks it again.
public enum ItemKind: String, Codable, Sendable, CaseIterable, Comparable {
    case homework   // a photo
    case wordlist   // a text script or subtitles
    case post       // one HTML course post (feeds its course)
    case lecture    // a course: a folder of posts
    case other      // a file Lectern cannot read; recorded so that nobody wonders where it went

    public static func < (lhs: ItemKind, rhs: ItemKind) -> Bool { lhs.rawValue < rhs.rawValue }

    public var descriptor: ItemKindDescriptor {
        switch self {
        case .homework: return .homework
        case .wordlist: return .wordlist
        case .post: return .post
        case .lecture: return .lecture
        case .other: return .other
        }
    }
}

/// The stages of the pipeline. Names are part of the command-line contract (`retry --stage`).
public enum StageID: String, CaseIterable, Sendable, Codable {
    case ocr, words, parse      // extract
    case quiz, wordtest, lecture // generate
    case narrate                 // a lecture read aloud (off unless a course's voice is on)

    /// Every stage that consumes this one's output, directly or not (for `retry --stage`): the stages after it in
    /// its kind's chain, and for a course member's stages, the course's.
    public var dependents: [StageID] {
        var found: [StageID] = []
        for kind in ItemKind.allCases {
            let descriptor = kind.descriptor
            guard let position = descriptor.stages.firstIndex(of: self) else { continue }
            found += descriptor.stages[(position + 1)...]
            if descriptor.placement == .courseMember {
                found += ItemKind.allCases.filter { $0.descriptor.placement == .course }.flatMap(\.descriptor.stages)
            }
        }
        return found
    }
}

/// One kind of input: how the scanner recognises it, its chain of stages, where its bundle goes, what a teacher
/// is told when it fails, its review page and whether it exports.
public struct ItemKindDescriptor: Sendable {
    /// Where a kind's files stand in the inbox.
    public enum Placement: Sendable, Equatable {
        /// A file outside any course folder.
        case loose
        /// A file inside a top-level folder, which it makes a course (one at the top level is a course of one).
        case courseMember
        /// A top-level folder holding members: one item for the whole folder, made after its members.
        case course
        /// Not chosen by the scanner for a file it can read.
        case unreadable
    }

    /// Where a kind's published media go, by name relative to the item (`OutputLayout.media`).
    public enum MediaPlacement: Sendable, Equatable {
        /// One file per item beside the others: `media/ID.EXT` (a homework thumbnail).
        case single(fileExtension: String)
        /// A folder per item: `media/FOLDER/ID/NAME` (a course's images).
        case folder(String)
    }

    public let kind: ItemKind
    /// What a teacher calls it ("Homework photo"), for the review site.
    public let displayName: String
    /// File name extensions it accepts (lower case, no dot).
    public let extensions: Set<String>
    /// Whether a file's first bytes are one of its formats, for kinds whose formats have a signature (images);
    /// nil where the extension and decoding decide (text, HTML).
    public let signature: (@Sendable (Data) -> Bool)?
    public let placement: Placement
    /// Its chain of stages, in order.
    public let stages: [StageID]
    /// Its folder under `bundles/`; nil when it has no bundle of its own (a post's is its course's).
    public let bundleFolder: String?
    /// Its bundle's `schema` value; the JSON Schema is `docs/schemas/KIND.schema.json`.
    public let schema: String?
    /// What a teacher is told for a failure, where it differs from the code's general advice.
    public let advice: [ErrorCode: String]
    /// The review site's template for its bundle's page; nil when it has no page of its own.
    public let reviewPage: String?
    /// Whether `lectern export` writes its bundles.
    public let exportable: Bool
    public let media: MediaPlacement?

    public static let homework = ItemKindDescriptor(
        kind: .homework, displayName: "Homework photo", extensions: ["png", "jpg", "jpeg", "tif", "tiff"],
        signature: { ImageFormatSniffer.format(of: $0) != nil }, placement: .loose, stages: [.ocr, .quiz],
        bundleFolder: "homework", schema: HomeworkBundle.schemaName, advice: [:], reviewPage: "homework",
        exportable: true, media: .single(fileExtension: "jpg"))

    public static let wordlist = ItemKindDescriptor(
        kind: .wordlist, displayName: "Word list", extensions: ["txt", "srt", "vtt"], signature: nil, placement: .loose, stages: [.words, .wordtest],
        bundleFolder: "wordlists", schema: WordListBundle.schemaName,
        advice: [.noTextFound: "Check that the file holds the lesson's words as plain text (subtitles or a transcript), then drop it in again."],
        reviewPage: "wordlist", exportable: true, media: nil)

    static let pageWithoutLesson = "Check that the page is the lesson itself (not a menu or index page) and that its text is in the HTML, not loaded by a script."

    public static let post = ItemKindDescriptor(
        kind: .post, displayName: "Course post", extensions: ["html", "htm"], signature: nil, placement: .courseMember, stages: [.parse],
        bundleFolder: nil, schema: nil, advice: [.noTextFound: pageWithoutLesson], reviewPage: nil, exportable: false, media: nil)

    public static let lecture = ItemKindDescriptor(
        kind: .lecture, displayName: "Course", extensions: [], signature: nil, placement: .course, stages: [.lecture, .narrate],
        bundleFolder: "lectures", schema: LectureBundle.schemaName, advice: [.noTextFound: pageWithoutLesson],
        reviewPage: "lecture", exportable: true, media: .folder("lectures"))

    public static let other = ItemKindDescriptor(
        kind: .other, displayName: "Unreadable file", extensions: [], signature: nil, placement: .unreadable, stages: [], bundleFolder: nil, schema: nil,
        advice: [:], reviewPage: nil, exportable: false, media: nil)

    /// The kind of a file outside a course, by its extension, else by its first bytes; nil when none reads it.
    public static func looseKind(fileExtension: String, head: () -> Data) -> ItemKind? {
        let loose = ItemKind.allCases.map(\.descriptor).filter { $0.placement == .loose }
        if let byName = loose.first(where: { $0.extensions.contains(fileExtension) }) { return byName.kind }
        let bytes = head()
        return loose.first { $0.signature?(bytes) == true }?.kind
    }

    /// The kind whose files make a course of their top-level folder, by extension.
    public static func courseMemberKind(fileExtension: String) -> ItemKind? {
        ItemKind.allCases.first { $0.descriptor.placement == .courseMember && $0.descriptor.extensions.contains(fileExtension) }
    }

    /// The kind made of a course folder's members.
    public static var courseKind: ItemKind {
        guard let kind = ItemKind.allCases.first(where: { $0.descriptor.placement == .course }) else {
            preconditionFailure("no item kind is a course")
        }
        return kind
    }
}
