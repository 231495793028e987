import Foundation
import Glibc
import Synchronization

/// A throwaway PostgreSQL server: Debian's `initdb` and `pg_ctl`, run as the `postgres` user when the tests run as
/// root (initdb refuses root), listening on loopback at a free port and on a unix socket in its own temporary folder.
/// `shared` is started once per test process and stopped at exit; a server left by a killed test process is stopped
/// by the next one. For the tests and benchmarks (`lectern-bench scale`); `lectern` itself never starts a server.
public final class ScratchServer: Sendable {
    static let bin = "/usr/lib/postgresql/15/bin"
    public let folder: String
    public let port: Int
    /// Whether it syncs to disk as a real server does (benchmarks); the tests' servers do not.
    private let durable: Bool

    /// The one server the tests share, started on first use.
    public static let shared = Result { try ScratchServer() }

    private static let running = Mutex<[String]>([])

    public init(durable: Bool = false) throws {
        self.durable = durable
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
        if first { atexit { ScratchServer.stopAll() } }
        try start()
    }

    var dataDirectory: String { folder + "/data" }

    public func start() throws {
        // Unless durable, nothing is synced: the data is thrown away anyway.
        let speed = durable ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        try Self.asServerUser("\(Self.bin)/pg_ctl", [
            "-D", dataDirectory, "-l", folder + "/log", "-w", "-o",
            "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c max_connections=300" + speed, "start",
        ])
    }

    public func stop() throws {
        try Self.asServerUser("\(Self.bin)/pg_ctl", ["-D", dataDirectory, "-m", "fast", "-w", "stop"])
    }

    public func restart() throws {
        try Self.asServerUser("\(Self.bin)/pg_ctl", ["-D", dataDirectory, "-m", "fast", "-w", "restart"])
    }

    /// A new, empty database on this server, as a store URL.
    public func newDatabase(query: String = "") throws -> (name: String, url: String) {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try psql("CREATE DATABASE \(name)", database: "postgres")
        return (name, "postgres://postgres@localhost:\(port)/\(name)?host=\(folder)" + (query.isEmpty ? "" : "&" + query))
    }

    /// psql: a second, independent client on the same server.
    @discardableResult
    public func psql(_ sql: String, database: String) throws -> String {
        try Self.run("\(Self.bin)/psql", ["-h", folder, "-p", "\(port)", "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1",
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
        if isRoot { try Self.run("/bin/chown", ["postgres:", folder]) }
        return folder
    }

    @discardableResult
    private static func asServerUser(_ path: String, _ arguments: [String]) throws -> String {
        isRoot ? try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments) : try Self.run(path, arguments)
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

    /// Runs a command-line tool and returns its standard output; a non-zero exit throws with its standard error.
    /// posix_spawn and waitpid, with the output in files: Foundation's `Process` left `runuser` unreaped and hung
    /// `waitUntilExit` once `pg_ctl` had started a server in the background.
    @discardableResult
    public static func run(_ path: String, _ arguments: [String]) throws -> String {
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
}
