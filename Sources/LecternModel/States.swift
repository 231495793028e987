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
