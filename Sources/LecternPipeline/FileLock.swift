import Foundation
import Glibc

/// An exclusive flock on a file, waited for; the kernel drops it if the process dies.
struct FileLock {
    private let descriptor: Int32

    init(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    func unlock() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
