import Foundation
import Synchronization

/// A fixed number of connections, lent one thread at a time. A lost connection is replaced with backoff; the
/// statement is sent again only when that is safe (see `Retry`), so a restart of the server costs a pause, not a crash.
final class ConnectionPool: Sendable {
    /// When a statement may be sent again after its connection was lost.
    enum Retry {
        /// Reads, and writes whose second run changes nothing the first did not (upserts, state set to a value,
        /// fenced completions that recognise their own earlier commit).
        case idempotent
        /// Only if the statement was never sent: a lost connection found before use, or a failed connect.
        /// A claim is such a statement; one whose answer was lost is held by nobody and comes back when its lease ends.
        case notSent
    }

    private let conninfo: String
    private let slots: DispatchSemaphore
    private let idle = Mutex<[PGConnection]>([])
    /// How long a call keeps trying to reach the server before it reports it unreachable.
    private let retryWindow: Double

    init(conninfo: String, size: Int, retryWindow: Double) {
        self.conninfo = conninfo
        slots = DispatchSemaphore(value: max(size, 1))
        self.retryWindow = retryWindow
    }

    func withConnection<T>(_ retry: Retry, _ body: (PGConnection) throws(PGFailure) -> T) throws(PGFailure) -> T {
        slots.wait()
        defer { slots.signal() }
        var connection = idle.withLock { $0.popLast() }
        let deadline = Date().timeIntervalSince1970 + retryWindow
        var delay = 0.05
        while true {
            var sent = false
            do {
                if connection?.isUsable != true {
                    connection = nil // closes it
                    connection = try PGConnection(conninfo: conninfo)
                }
                sent = true
                let value = try body(connection!)
                let done = connection!
                idle.withLock { $0.append(done) }
                return value
            } catch {
                if error.connectionLost { connection = nil }
                let mayRetry = error.connectionLost && (!sent || retry == .idempotent)
                guard mayRetry, Date().timeIntervalSince1970 + delay < deadline else {
                    if let kept = connection { idle.withLock { $0.append(kept) } }
                    throw error
                }
                Thread.sleep(forTimeInterval: delay * Double.random(in: 0.75...1.25))
                delay = min(delay * 2, 1)
            }
        }
    }
}
