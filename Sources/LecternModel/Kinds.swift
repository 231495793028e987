/// What kind of input an item is, decided from the file's content (magic bytes), not only its name.
public enum ItemKind: String, Codable, Sendable, CaseIterable, Comparable {
    case homework   // a photo
    case wordlist   // a text script or subtitles
    case post       // one HTML course post (feeds its course)
    case lecture    // a course: a folder of posts
    case other      // a file Lectern cannot read; recorded so that nobody wonders where it went

    public static func < (lhs: ItemKind, rhs: ItemKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

public enum StageState: String, Codable, Sendable, CaseIterable {
    case pending, running, done, failed
}

/// A bundle's fitness for use: front ends show `ok` bundles as they are.
public enum BundleStatus: String, Codable, Sendable {
    case ok
    case partial            // fewer items than asked for; `statusReason` says why
    case needsReview = "needs-review"   // the source was too poor to trust (low OCR confidence)
}

/// Where a bundle came from: the path relative to the inbox and the content hash.
public struct SourceRef: Codable, Sendable, Hashable {
    public var path: String
    public var sha256: String
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case path, sha256 }
    public init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
    }
}
