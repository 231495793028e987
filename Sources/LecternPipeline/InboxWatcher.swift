import Foundation
import Glibc

/// Waits for the inbox to change: inotify on every folder of the inbox (IN_CLOSE_WRITE, IN_MOVED_TO, ...),
/// or polling where inotify is not available. A change counts once the inbox has been quiet for a while,
/// so a file still being copied is not taken half-written.
public final class InboxWatcher {
    private let inbox: URL
    private let quietPeriod: TimeInterval
    private var descriptor: Int32

    public init(inbox: URL, quietPeriod: TimeInterval = 1.0) {
        self.inbox = inbox
        self.quietPeriod = quietPeriod
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
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
                // Settle: keep draining until nothing has happened for the quiet period.
                while !stop.isStopped && waitForEvents(timeoutMs: Int32(quietPeriod * 1000)) {}
                addWatches() // folders moved in whole get watched too
                return !stop.isStopped
            }
        }
        return false
    }

    private func waitForEvents(timeoutMs: Int32) -> Bool {
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pollDescriptor, 1, timeoutMs) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        return true
    }

    private func addWatches() {
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for folder in folders() where inotify_add_watch(descriptor, folder, mask) < 0 {
            // Out of watches: fall back to polling rather than miss files.
            close(descriptor)
            descriptor = -1
            return
        }
    }

    private func folders() -> [String] {
        var result = [inbox.path]
        let enumerator = FileManager.default.enumerator(at: inbox, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey],
                                                        options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            if values?.isDirectory == true && values?.isSymbolicLink != true { result.append(url.path) }
        }
        return result
    }

    private func pollForChange(stop: StopSignal) -> Bool {
        let before = signature()
        var changedAt: Date?
        var last = before
        while !stop.isStopped {
            Thread.sleep(forTimeInterval: 0.5)
            let now = signature()
            if now != last {
                changedAt = Date()
                last = now
            } else if let changedAt, Date().timeIntervalSince(changedAt) >= quietPeriod {
                return true
            }
        }
        return false
    }

    /// Paths, sizes and modification times of every file: cheap, and enough to notice a change.
    private func signature() -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let enumerator = FileManager.default.enumerator(at: inbox, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: Set(keys))
            result[url.path] = [Double(values?.fileSize ?? 0), values?.contentModificationDate?.timeIntervalSince1970 ?? 0]
        }
        return result
    }
}
