import CLibPQ
import Foundation
import Glibc
import LecternModel

/// A failure of libpq or of the server, before it is turned into a `LecternError` at the store's edge.
struct PGFailure: Error, CustomStringConvertible {
    /// The server's SQLSTATE, or nil when the failure was the connection's (refused, closed, reset).
    var sqlState: String?
    var message: String
    /// The connection can no longer be used: it must be replaced before the next statement.
    var connectionLost: Bool

    var description: String { sqlState.map { "\($0): \(message)" } ?? message }

    /// The error code the pipeline acts on. Class 08 (connection exception) and 57P01–57P03 (the server shutting
    /// down or starting up) mean the server cannot be reached now; lock and serialization conflicts and timeouts are
    /// a busy store; 53100 is a full disk; anything else is a statement the server refused, which is a bug.
    var code: ErrorCode {
        guard let state = sqlState else { return .storeUnreachable }
        switch state {
        case "53100": return .diskFull
        case "40001", "40P01", "55P03", "57014", "53000", "53200", "53300", "53400": return .storeBusy
        case _ where state.hasPrefix("08"), "57P01", "57P02", "57P03": return .storeUnreachable
        default: return connectionLost ? .storeUnreachable : .internalError
        }
    }

    var lecternError: LecternError {
        LecternError(code, "The content store could not be used: \(description)")
    }
}

/// A statement parameter, sent in text form (the server infers its type) except bytes, which go as binary bytea.
enum PGParam {
    case text(String)
    case bytes(Data)
    case null

    static func int(_ value: Int) -> PGParam { .text(String(value)) }
    static func double(_ value: Double) -> PGParam { .text(String(value)) }
    static func bool(_ value: Bool) -> PGParam { .text(value ? "true" : "false") }
    static func optional(_ value: String?) -> PGParam { value.map(PGParam.text) ?? .null }
    static func optional(_ value: Int?) -> PGParam { value.map(PGParam.int) ?? .null }

    /// A `text[]` literal: every element quoted, so commas, braces and quotes inside stay data.
    static func textArray(_ values: [String]) -> PGParam {
        .text("{" + values.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            .joined(separator: ",") + "}")
    }
}

/// One result row, decoded from libpq's binary format while the result is alive.
struct PGRow {
    enum Value {
        case null, bool(Bool), int(Int), double(Double), bytes(Data)
    }

    var values: [Value]

    func string(_ index: Int) -> String? {
        guard case .bytes(let data) = values[index] else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    func int(_ index: Int) -> Int? {
        guard case .int(let value) = values[index] else { return nil }
        return value
    }

    func double(_ index: Int) -> Double? {
        switch values[index] {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    func bool(_ index: Int) -> Bool? {
        guard case .bool(let value) = values[index] else { return nil }
        return value
    }

    func data(_ index: Int) -> Data? {
        guard case .bytes(let data) = values[index] else { return nil }
        return data
    }
}

/// One libpq connection. Not shared: the pool lends it to one thread at a time, hence `@unchecked Sendable`.
final class PGConnection: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Session settings sent after every connect, so that they survive a reconnect and a URL's own `options`.
    private static let sessionSettings = """
        SET statement_timeout = '30s'; SET idle_in_transaction_session_timeout = '60s'; SET client_min_messages = warning
        """

    /// `conninfo` is a libpq URI or key=value string; `connect_timeout` defaults to 5 s unless it sets its own.
    init(conninfo: String) throws(PGFailure) {
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = ["5", "lectern", conninfo]
        let conn = withCStrings(keywords) { keys in
            withCStrings(values) { vals in PQconnectdbParams(keys, vals, 1) }
        }
        guard let conn else { throw PGFailure(sqlState: nil, message: "libpq could not allocate a connection", connectionLost: true) }
        handle = conn
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(conn))
            throw PGFailure(sqlState: nil, message: message, connectionLost: true)
        }
        // libpq prints server notices to stderr by default, including a terminated session's farewell.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
        try execute(Self.sessionSettings)
    }

    deinit { PQfinish(handle) }

    /// Whether an idle connection is still usable. An idle session receives nothing unasked, so anything readable
    /// (a FATAL from `pg_terminate_backend` or a shutdown, or the end of the stream) means it is gone; noticing it
    /// here, before a statement is sent, makes the reconnect safe for any statement.
    var isUsable: Bool {
        guard PQstatus(handle) == CONNECTION_OK else { return false }
        var fd = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) == 0
    }

    /// Runs SQL without parameters; it may hold several statements (migrations, session settings).
    func execute(_ sql: String) throws(PGFailure) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result)
    }

    /// Names of the statements prepared on this session, by their SQL.
    private var prepared: [String: String] = [:]

    /// Runs one parameterised statement and decodes its rows (binary results). Each statement is prepared once per
    /// session: planning the claim took 1.8 ms, four times its execution.
    @discardableResult
    func query(_ sql: String, _ params: [PGParam] = []) throws(PGFailure) -> [PGRow] {
        let name = try statement(sql, parameters: params.count)
        let result = Self.withParams(params) { values, lengths, formats in
            PQexecPrepared(handle, name, Int32(params.count), values, lengths, formats, 1)
        }
        defer { PQclear(result) }
        try check(result)
        return Self.rows(of: result!)
    }

    private func statement(_ sql: String, parameters: Int) throws(PGFailure) -> String {
        if let name = prepared[sql] { return name }
        let name = "lectern_\(prepared.count)"
        let result = PQprepare(handle, name, sql, Int32(parameters), nil)
        defer { PQclear(result) }
        try check(result)
        prepared[sql] = name
        return name
    }

    /// Runs `body` inside BEGIN … COMMIT, rolling back when it throws (if the connection still stands).
    /// `waitForDisk: false` lets COMMIT return before the WAL is flushed (`synchronous_commit = off` for this
    /// transaction): a server crash may then lose it, never half of it.
    func transaction<T>(waitForDisk: Bool = true, _ body: () throws(PGFailure) -> T) throws(PGFailure) -> T {
        try execute(waitForDisk ? "BEGIN" : "BEGIN; SET LOCAL synchronous_commit = off")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if PQstatus(handle) == CONNECTION_OK { try? execute("ROLLBACK") }
            throw error
        }
    }

    private func check(_ result: OpaquePointer?) throws(PGFailure) {
        let lost = PQstatus(handle) != CONNECTION_OK
        guard let result else {
            throw PGFailure(sqlState: nil, message: Self.trimmed(PQerrorMessage(handle)), connectionLost: true)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK: return
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            // A session ended by the server (terminated, shut down) may still read as open until libpq sees the EOF.
            let ended = state.map { $0.hasPrefix("08") || $0.hasPrefix("57P") } ?? true
            throw PGFailure(sqlState: state, message: Self.trimmed(PQresultErrorMessage(result)), connectionLost: lost || ended)
        }
    }

    private static func rows(of result: OpaquePointer) -> [PGRow] {
        let count = Int(PQntuples(result)), fields = Int(PQnfields(result))
        let types = (0..<fields).map { PQftype(result, Int32($0)) }
        return (0..<count).map { row in
            PGRow(values: (0..<fields).map { field in
                let (r, f) = (Int32(row), Int32(field))
                guard PQgetisnull(result, r, f) == 0, let bytes = PQgetvalue(result, r, f) else { return .null }
                let raw = UnsafeRawBufferPointer(start: bytes, count: Int(PQgetlength(result, r, f)))
                return decode(raw, type: types[field])
            })
        }
    }

    /// Binary wire formats, big-endian: bool, int2/int4/int8, float8; everything else (text, bytea) is its bytes.
    private static func decode(_ raw: UnsafeRawBufferPointer, type: Oid) -> PGRow.Value {
        func integer<I: FixedWidthInteger>(_: I.Type) -> Int {
            Int(I(bigEndian: raw.loadUnaligned(as: I.self)))
        }
        switch type {
        case 16: return .bool(raw.first != 0)
        case 21: return .int(integer(Int16.self))
        case 23: return .int(integer(Int32.self))
        case 20: return .int(integer(Int64.self))
        case 701: return .double(Double(bitPattern: UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))))
        default: return .bytes(Data(raw))
        }
    }

    private static func withParams<R>(
        _ params: [PGParam],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> R
    ) -> R {
        let buffers: [Data?] = params.map {
            switch $0 {
            case .text(let text): return Data(text.utf8) + [0]
            case .bytes(let data): return data
            case .null: return nil
            }
        }
        let lengths = buffers.map { Int32($0?.count ?? 0) }
        let formats: [Int32] = params.map { if case .bytes = $0 { return 1 } else { return 0 } }
        // Copy each value into memory that stays put for the call; an empty bytea still needs a non-null pointer.
        let pointers: [UnsafeMutableRawPointer?] = buffers.map { data in
            guard let data else { return nil }
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
            data.copyBytes(to: pointer.assumingMemoryBound(to: UInt8.self), count: data.count)
            return pointer
        }
        defer { pointers.forEach { $0?.deallocate() } }
        let values = pointers.map { $0.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) } }
        return values.withUnsafeBufferPointer { v in
            lengths.withUnsafeBufferPointer { l in
                formats.withUnsafeBufferPointer { f in body(v.baseAddress, l.baseAddress, f.baseAddress) }
            }
        }
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown libpq error"
    }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
