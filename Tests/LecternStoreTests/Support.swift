import Foundation
import Glibc
import LecternModel
import LecternPostgres
import LecternTestSupport
import LecternStore
import Synchronization
import Testing

/// Runs SQL through the sqlite3 command-line tool: a second, independent SQLite client on the same file.
@discardableResult
func sqlite3(_ path: String, _ sql: String) throws -> String {
    try ScratchServer.run("/usr/bin/sqlite3", [path, sql])
}

let sqlite3Available = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

/// A fresh folder for one test's database; removed when the test ends.
final class StoreFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var dbPath: String { url.appendingPathComponent("lectern.sqlite").path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The stores every conformance test runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }
}

/// One test's store, and a way to reach the same data from a second store instance or a second client.
final class StoreFixture {
    let kind: StoreKind
    let store: any ContentStore
    private let folder: StoreFolder?
    private let database: (name: String, url: String)?
    let server: ScratchServer?

    /// `query` adds URL parameters for PostgreSQL (`lease=0.5`).
    init(_ kind: StoreKind, query: String = "", server: ScratchServer? = nil) throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            let folder = try StoreFolder()
            self.folder = folder
            database = nil
            self.server = nil
            store = try SQLiteStore(path: folder.dbPath)
        case .postgres:
            let server = try server ?? ScratchServer.shared.get()
            let database = try server.newDatabase(query: query)
            self.server = server
            self.database = database
            folder = nil
            store = try PostgresStore(url: database.url, connections: 4)
        }
    }

    /// Another store on the same data (another process's view).
    func open() throws -> any ContentStore {
        if let folder { return try SQLiteStore(path: folder.dbPath) }
        return try PostgresStore(url: database!.url, connections: 4)
    }

    var postgresURL: String? { database?.url }
    var postgresDatabase: String? { database?.name }

    /// Runs SQL through the other client (sqlite3 or psql); nil when SQLite's command-line tool is missing.
    @discardableResult
    func sql(sqlite: String, postgres: String) throws -> String? {
        if let folder { return sqlite3Available ? try sqlite3(folder.dbPath, sqlite) : nil }
        return try server!.psql(postgres, database: database!.name)
    }
}

func homework(_ id: String, path: String? = nil) -> ItemRecord {
    ItemRecord(id: id, kind: .homework, sourcePath: path ?? "\(id).jpg", sha256: "sha-\(id)")
}

func homeworkRuns(_ id: String) -> [StageRun] {
    [StageRun(itemID: id, stage: .ocr, seq: 0, pendingReason: "new input"),
     StageRun(itemID: id, stage: .quiz, seq: 1, pendingReason: "new input")]
}

func result(for claim: Claim, payload: String, attachments: [String: Data] = [:]) -> StageResult {
    let data = Data(payload.utf8)
    return StageResult(inputHash: "in-\(claim.run.itemID)-\(claim.run.stage)", stageVersion: 1, optionsHash: "opts",
                       artifactKey: "key-\(claim.run.itemID)-\(claim.run.stage)", artifact: data,
                       outputSHA: "out-\(payload)", durationMs: 5, attachments: attachments)
}

func run(_ store: any ContentStore, _ itemID: String, _ stage: StageID) throws -> StageRun {
    try #require(try store.stageRuns(itemIDs: [itemID]).first { $0.stage == stage })
}

/// Collects claims from several threads.
final class ClaimLog: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String] = []
    private var owners: [String] = []
    private var errors: [String] = []

    func append(_ key: String, owner: String) {
        lock.withLock {
            keys.append(key)
            owners.append(owner)
        }
    }

    func record(_ error: any Error) {
        lock.withLock { errors.append("\(error)") }
    }

    func snapshot() -> (keys: [String], owners: [String], errors: [String]) {
        lock.withLock { (keys, owners, errors) }
    }
}
