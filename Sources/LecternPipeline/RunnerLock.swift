import Foundation
import Glibc
import LecternModel
import LecternStore

/// Marks this process as a live runner with an flock on `OUT/.runners/ID.lock`. The kernel drops the lock
/// when the process dies, even by SIGKILL, so the next run can tell a crashed runner from a busy one
/// and take its claimed stages back at once.
final class RunnerLock: Sendable {
    let id: String
    private let folder: URL
    private let descriptor: Int32
    private let store: any ContentStore

    init(out: URL, store: any ContentStore, jobs: Int) throws {
        self.store = store
        folder = out.appendingPathComponent(OutputLayout.runners)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        id = UUID().uuidString.lowercased()
        descriptor = open(folder.appendingPathComponent("\(id).lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder.path])
        }
        try store.registerRunner(RunnerInfo(id: id, host: ProcessInfo.processInfo.hostName,
                                            pid: Int(getpid()), jobs: jobs))
        try releaseDeadRunners()
    }

    private func releaseDeadRunners() throws {
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

    func release() {
        try? store.unregisterRunner(id: id)
        unlink(folder.appendingPathComponent("\(id).lock").path)
        close(descriptor)
    }
}
