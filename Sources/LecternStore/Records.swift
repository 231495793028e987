import Foundation
import LecternModel

/// One input: a file in the inbox, or a course (a folder of posts).
/// File items are keyed by content hash, so a file dropped twice is one item and an edited file a new one.
/// A course keeps its ID across edits; its `sha256` is the hash of its members and changes with them.
public struct ItemRecord: Codable, Sendable, Hashable {
    public var id: String
    public var kind: ItemKind
    /// Relative to the inbox. For a course, its folder.
    public var sourcePath: String
    public var sha256: String
    /// Whether the item was in the inbox at the latest scan; absent items keep their ledger but leave the index.
    public var present: Bool
    /// The course a post belongs to.
    public var parentID: String?
    /// Set when the item could not even be read (a symlink leaving the inbox, an unknown file type).
    public var scanErrorCode: ErrorCode?
    public var scanErrorMessage: String?

    public init(id: String, kind: ItemKind, sourcePath: String, sha256: String, present: Bool = true,
                parentID: String? = nil, scanError: LecternError? = nil) {
        self.id = id
        self.kind = kind
        self.sourcePath = sourcePath
        self.sha256 = sha256
        self.present = present
        self.parentID = parentID
        self.scanErrorCode = scanError?.code
        self.scanErrorMessage = scanError?.message
    }

    public var scanError: LecternError? {
        scanErrorCode.map { LecternError($0, scanErrorMessage ?? "") }
    }

    /// How a bundle names the item it was made from.
    public var source: SourceRef { SourceRef(path: sourcePath, sha256: sha256) }
}

/// The ledger row of one stage of one item.
public struct StageRun: Codable, Sendable, Hashable {
    public var itemID: String
    public var stage: StageID
    /// Position in the item's stage chain; a stage runs once every earlier one is done.
    public var seq: Int
    public var state: StageState
    public var attempts: Int
    public var errorCode: ErrorCode?
    public var errorMessage: String?
    /// The cache key parts the current result was made from.
    public var inputHash: String?
    public var stageVersion: Int?
    public var optionsHash: String?
    public var artifactKey: String?
    public var outputSHA: String?
    /// The runner that holds the stage while it is `running`.
    public var owner: String?
    /// Set by `retry`: recompute even when the cache holds a result.
    public var force: Bool
    /// Why the stage was last reset to pending (input changed, options changed, retry, interrupted run).
    public var pendingReason: String?
    public var startedAt: Double?
    public var finishedAt: Double?
    public var durationMs: Int?

    public init(itemID: String, stage: StageID, seq: Int, pendingReason: String) {
        self.itemID = itemID
        self.stage = stage
        self.seq = seq
        self.state = .pending
        self.attempts = 0
        self.force = false
        self.pendingReason = pendingReason
    }

    public var error: LecternError? {
        errorCode.map { LecternError($0, errorMessage ?? "") }
    }
}

/// What the store remembers of a file to skip re-hashing it: stat before hashing.
public struct SourceStat: Codable, Sendable, Hashable {
    public var path: String
    public var size: Int64
    public var mtimeNs: Int64
    public var inode: UInt64
    public var sha256: String
    public init(path: String, size: Int64, mtimeNs: Int64, inode: UInt64, sha256: String) {
        self.path = path
        self.size = size
        self.mtimeNs = mtimeNs
        self.inode = inode
        self.sha256 = sha256
    }
}

/// A claimed stage: the worker that holds it must complete or fail it.
public struct Claim: Sendable, Hashable {
    public var item: ItemRecord
    public var run: StageRun
    public init(item: ItemRecord, run: StageRun) {
        self.item = item
        self.run = run
    }
}

/// A finished stage's result, written in the same transaction as the ledger update.
public struct StageResult: Sendable {
    public var inputHash: String
    public var stageVersion: Int
    public var optionsHash: String
    public var artifactKey: String
    /// The new result, or nil when the cache already holds it under `artifactKey`.
    public var artifact: Data?
    public var outputSHA: String
    public var durationMs: Int
    /// What the result comes with (its media and their list), stored beside it under `artifactKey/NAME`
    /// (`StageResult.attachmentKey`); empty on a cache hit, where they are already there.
    public var attachments: [String: Data]
    /// Results of parts of the stage under their own keys, shared by every result that has the same part (a topic's
    /// audio); kept when already stored.
    public var partResults: [String: Data] = [:]
    public init(inputHash: String, stageVersion: Int, optionsHash: String, artifactKey: String, artifact: Data?,
                outputSHA: String, durationMs: Int, attachments: [String: Data] = [:]) {
        self.attachments = attachments
        self.inputHash = inputHash
        self.stageVersion = stageVersion
        self.optionsHash = optionsHash
        self.artifactKey = artifactKey
        self.artifact = artifact
        self.outputSHA = outputSHA
        self.durationMs = durationMs
    }

    /// The store key of an attachment of the result cached under `artifactKey`.
    public static func attachmentKey(_ artifactKey: String, _ name: String) -> String {
        artifactKey + "/" + name
    }
}
