import Foundation
import Glibc

/// Waits for the inbox to change: inotify on every folder of the inbox, or polling where inotify is not
/// available (or runs out of watches). A change counts once the inbox has settled: no event for the quiet
/// period *and* every file's size and modification time the same at both ends of it, so a file still
/// being copied or written in chunks is not taken half-written. Folders moved in whole are watched too.
/// The watcher only reads the inbox (inotify and lstat); it never opens a file for writing.
public final class InboxWatcher {
    private let inbox: URL
    private let quietPeriod: TimeInterval
    private let pollInterval: TimeInterval
    private var descriptor: Int32

    /// `forcePolling` skips inotify (tests, and file systems such as NFS where inotify sees no remote changes).
    public init(inbox: URL, quietPeriod: TimeInterval = 1.0, forcePolling: Bool = false, pollInterval: TimeInterval = 0.5) {
        self.inbox = inbox
        self.quietPeriod = quietPeriod
        self.pollInterval = pollInterval
        descriptor = forcePolling ? -1 : inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        addWatches()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    public var usesPolling: Bool { descriptor < 0 }

    /// Blocks until the inbox changed and settled (true) or `stop` was signalled (false).
    public func waitForChange(stop: StopSignal) -> Bool {
        if usesPolling { return pollForChange(stop: stop) }
        while !stop.isStopped {
            if waitForEvents(timeoutMs: 250) {
                addWatches() // folders moved in whole get watched too
                return waitUntilSettled(stop: stop)
            }
        }
        return false
    }

    /// Blocks until no file of the inbox has changed size or modification time for the quiet period
    /// (true), or `stop` was signalled (false). Used before the first run too: files may be mid-copy then.
    @discardableResult
    public func waitUntilSettled(stop: StopSignal) -> Bool {
        var before = signature()
        while !stop.isStopped {
            let sawEvents = usesPolling ? false : drainEvents(for: quietPeriod, stop: stop)
            if usesPolling { sleep(quietPeriod, stop: stop) }
            if stop.isStopped { return false }
            if sawEvents { addWatches() }
            let now = signature()
            if !sawEvents && now == before { return true }
            before = now
        }
        return false
    }

    /// Waits `seconds`, reading events; true when any arrived.
    private func drainEvents(for seconds: TimeInterval, stop: StopSignal) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var any = false
        while !stop.isStopped {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { break }
            if waitForEvents(timeoutMs: Int32(min(left, 0.25) * 1000) + 1) { any = true }
        }
        return any
    }

    private func sleep(_ seconds: TimeInterval, stop: StopSignal) {
        let deadline = Date().addingTimeInterval(seconds)
        while !stop.isStopped && deadline.timeIntervalSinceNow > 0 {
            Thread.sleep(forTimeInterval: min(0.1, max(0, deadline.timeIntervalSinceNow)))
        }
    }

    private func waitForEvents(timeoutMs: Int32) -> Bool {
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pollDescriptor, 1, timeoutMs) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var got = false
        while read(descriptor, &buffer, buffer.count) > 0 { got = true }
        return got
    }

    private func addWatches() {
        guard descriptor >= 0 else { return }
        // IN_MODIFY as well as IN_CLOSE_WRITE: a writer that keeps its file open between chunks must keep the
        // inbox unsettled. IN_MOVED_TO: writers often rename a finished temp file into place.
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
                          | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)
        for folder in folders() where inotify_add_watch(descriptor, folder, mask) < 0 {
            if errno == ENOENT { continue } // removed since the walk
            // Out of watches (fs.inotify.max_user_watches): fall back to polling rather than miss files.
            close(descriptor)
            descriptor = -1
            return
        }
    }

    /// The inbox and every folder below it, without following links.
    private func folders() -> [String] {
        var result: [String] = []
        walk { path, info in
            if info.st_mode & S_IFMT == S_IFDIR { result.append(path) }
        }
        return result
    }

    private func pollForChange(stop: StopSignal) -> Bool {
        let before = signature()
        while !stop.isStopped {
            sleep(pollInterval, stop: stop)
            if stop.isStopped { return false }
            if signature() != before { return waitUntilSettled(stop: stop) }
        }
        return false
    }

    struct FileSignature: Equatable {
        var size: Int64
        var mtimeNs: Int64
        var inode: UInt64
    }

    /// Paths, sizes, modification times and inodes of every entry: cheap (lstat only), and enough to notice a change.
    func signature() -> [String: FileSignature] {
        var result: [String: FileSignature] = [:]
        walk { path, info in
            result[path] = FileSignature(size: Int64(info.st_size),
                                         mtimeNs: info.modificationNs,
                                         inode: UInt64(info.st_ino))
        }
        return result
    }

    /// Visits the inbox and everything below it with lstat, skipping hidden names like the scanner does.
    private func walk(_ visit: (String, stat) -> Void) {
        var folders = [inbox.path]
        var root = stat()
        guard lstat(inbox.path, &root) == 0 else { return }
        visit(inbox.path, root)
        while let folder = folders.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                visit(path, info)
                if info.st_mode & S_IFMT == S_IFDIR { folders.append(path) }
            }
        }
    }
}
