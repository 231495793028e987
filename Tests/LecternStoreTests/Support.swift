import Foundation
import Glibc
import LecternModel
import LecternPostgres
import LecternStore
import Synchronization
import Testing

/// Runs a command-line tool and returns its standard output; a non-zero exit throws with its standard error.
/// posix_spawn and waitpid, with the output in files: Foundation's `Process` left `runuser` unreaped and hung
/// `waitUntilExit` once `pg_ctl` had started a server in the background.
@discardableResult
func tool(_ path: String, _ arguments: [String]) throws -> String {
    let capture = NSTemporaryDirectory() + "lectern-tool-\(UUID().uuidString)"
    defer {
        unlink(capture + ".out")
        unlink(capture + ".err")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, capture + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, capture + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let output = (try? String(contentsOfFile: capture + ".out", encoding: .utf8)) ?? ""
    guard status == 0 else {
        let errors = (try? String(contentsOfFile: capture + ".err", encoding: .utf8)) ?? ""
        throw CocoaError(.fileReadUnknown, userInfo: [
            NSLocalizedDescriptionKey: "\(path) \(arguments.joined(separator: " ")) (status \(status)): \(errors)",
        ])
    }
    return output
}

/// Runs SQL through the sqlite3 command-line tool: a second, independent SQLite client on the same file.
@discardableResult
func sqlite3(_ path: String, _ sql: String) throws -> String {
    try tool("/usr/bin/sqlite3", [path, sql])
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

/// A throwaway PostgreSQL server: Debian's `initdb` and `pg_ctl`, run as the `postgres` user when the tests run as
/// root (initdb refuses root), listening on loopback at a free port and on a unix socket in its own temporary folder.
/// `shared` is started once per test process and stopped at exit; a server left by a killed test process is stopped
/// by the next one.
final class PostgresServer: Sendable {
    static let bin = "/usr/lib/postgresql/15/bin"
    let folder: String
    let port: Int

    /// The one server the tests share, started on first use.
    static let shared = Result { try PostgresServer() }

    private static let running = Mutex<[String]>([])

    init() throws {
        Self.stopOrphans()
        folder = try Self.makeFolder()
        port = try Self.freePort()
        try "\(getpid())".write(toFile: folder + "/owner.pid", atomically: true, encoding: .utf8)
        try Self.asServerUser("\(Self.bin)/initdb", ["-D", folder + "/data", "-U", "postgres", "--auth=trust", "-E", "UTF8",
                                                     "--no-sync", "--no-instructions"])
        let first = Self.running.withLock { list in
            defer { list.append(folder) }
            return list.isEmpty
        }
        if first { atexit { PostgresServer.stopAll() } }
        try start()
    }

    var dataDirectory: String { folder + "/data" }

    /// fsync off and a short shutdown: the data is thrown away anyway.
    func start() throws {
        try Self.asServerUser("\(Self.bin)/pg_ctl", [
            "-D", dataDirectory, "-l", folder + "/log", "-w", "-o",
            "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300",
            "start",
        ])
    }

    func stop() throws {
        try Self.asServerUser("\(Self.bin)/pg_ctl", ["-D", dataDirectory, "-m", "fast", "-w", "stop"])
    }

    func restart() throws {
        try Self.asServerUser("\(Self.bin)/pg_ctl", ["-D", dataDirectory, "-m", "fast", "-w", "restart"])
    }

    /// A new, empty database on this server, as a store URL.
    func newDatabase(query: String = "") throws -> (name: String, url: String) {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try psql("CREATE DATABASE \(name)", database: "postgres")
        return (name, "postgres://postgres@localhost:\(port)/\(name)?host=\(folder)" + (query.isEmpty ? "" : "&" + query))
    }

    /// psql: a second, independent client on the same server.
    @discardableResult
    func psql(_ sql: String, database: String) throws -> String {
        try tool("\(Self.bin)/psql", ["-h", folder, "-p", "\(port)", "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1",
                                      "-Atqc", sql])
    }

    private static func stopAll() {
        for folder in running.withLock({ $0 }) { discard(folder) }
    }

    private static func discard(_ folder: String) {
        _ = try? asServerUser("\(bin)/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Servers whose test process is gone (killed before its exit handler ran).
    private static func stopOrphans() {
        let temp = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temp)) ?? [] where name.hasPrefix("lectern-pg-") {
            let folder = (temp as NSString).appendingPathComponent(name)
            guard let owner = try? String(contentsOfFile: folder + "/owner.pid", encoding: .utf8), let pid = Int32(owner),
                  kill(pid, 0) != 0 else { continue }
            discard(folder)
        }
    }

    private static var isRoot: Bool { geteuid() == 0 }

    private static func makeFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/lectern-pg-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        let folder = String(cString: made)
        if isRoot { try tool("/bin/chown", ["postgres:", folder]) }
        return folder
    }

    @discardableResult
    private static func asServerUser(_ path: String, _ arguments: [String]) throws -> String {
        isRoot ? try tool("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments) : try tool(path, arguments)
    }

    /// A port the kernel just handed out on loopback, free when we let it go.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
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
    let server: PostgresServer?

    /// `query` adds URL parameters for PostgreSQL (`lease=0.5`).
    init(_ kind: StoreKind, query: String = "", server: PostgresServer? = nil) throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            let folder = try StoreFolder()
            self.folder = folder
            database = nil
            self.server = nil
            store = try SQLiteStore(path: folder.dbPath)
        case .postgres:
            let server = try server ?? PostgresServer.shared.get()
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
