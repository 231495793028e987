/// `OUT/index.json`: every item of the inbox, what became of it and where its bundle is.
public struct RunIndex: Codable, Sendable, Hashable {
    public static let schemaName = "lectern.index/1"
    public var schema = RunIndex.schemaName
    public var items: [IndexEntry]
    public init(items: [IndexEntry]) { self.items = items }
}

public struct IndexEntry: Codable, Sendable, Hashable {
    public var id: String
    public var kind: ItemKind
    public var source: SourceRef
    /// done, failed, pending or running: the item as a whole.
    public var state: StageState
    public var errorCode: ErrorCode?
    public var errorMessage: String?
    /// The failing stage, when the item failed.
    public var failedStage: StageID?
    /// Path of the bundle relative to the output folder; for a post, its course's bundle.
    public var bundle: String?
    /// For a post: the ID of its course.
    public var course: String?

    public init(id: String, kind: ItemKind, source: SourceRef, state: StageState, errorCode: ErrorCode?,
                errorMessage: String?, failedStage: StageID?, bundle: String?, course: String?) {
        self.id = id
        self.kind = kind
        self.source = source
        self.state = state
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.failedStage = failedStage
        self.bundle = bundle
        self.course = course
    }
}
