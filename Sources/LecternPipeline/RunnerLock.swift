import Foundation
import Glibc
import LecternModel
import LecternStore

/// Registers this process as a runner of stages, so that its claims are taken back if it dies.
///
/// On SQLite the runner holds an flock on `OUT/.runners/ID.lock`. The kernel drops the lock when the process dies,
/// even by SIGKILL, so the next run can tell a crashed runner from a busy one and take its claimed stages back at
/// once. A store with leases (PostgreSQL) is shared by machines that cannot see each other's locks: there the
/// runner's heartbeat (`WorkerPool`) keeps its claims, and an expired lease gives them back.
final class RunnerLock: Sendable {
    let id: String
    private let lockFile: (folder: URL, descriptor: Int32)?
    private let store: any ContentStore

    /// `out`: the output folder, needed by a store without leases.
    init(out: URL?, store: any ContentStore, jobs: Int) throws {
        self.store = store
        id = UUID().uuidString.lowercased()
        if store.leaseSeconds == nil {
            guard let out else { throw LecternError(.internalError, "A SQLite store's runner needs its output folder.") }
            let folder = out.appendingPathComponent(OutputLayout.runners)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let descriptor = open(folder.appendingPathComponent("\(id).lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
            guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder.path])
            }
            lockFile = (folder, descriptor)
        } else {
            lockFile = nil
        }
        try store.registerRunner(RunnerInfo(id: id, host: ProcessInfo.processInfo.hostName,
                                            pid: Int(getpid()), jobs: jobs))
        if let folder = lockFile?.folder { try releaseDeadRunners(folder: folder) }
    }

    private func releaseDeadRunners(folder: URL) throws {
        for other in try store.runners().map(\.info.id) where other != id {
            let path = folder.appendingPathComponent("\(other).lock").path
            let fd = open(path, O_RDWR | O_CLOEXEC)
            let alive = fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0
            if fd >= 0 { close(fd) }
            if !alive {
                let released = try store.releaseClaims(ofRunner: other)
                unlink(path)
                log.notice("a run that stopped early held \(released) stages; they will run again", metadata: ["runner": "\(other)"])
            }
        }
    }

    /// Gives back any stage still held (a finishing write the store refused) and unregisters.
    func release() {
        _ = try? store.releaseClaims(ofRunner: id)
        if let (folder, descriptor) = lockFile {
            unlink(folder.appendingPathComponent("\(id).lock").path)
            close(descriptor)
        }
    }
}
