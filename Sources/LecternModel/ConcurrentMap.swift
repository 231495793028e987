import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `map(transform)` spread over the machine's cores, results in the input's order. For pure, independent
    /// transforms only (a course's topics, a folder of posts): the output is the same as `map`'s.
    public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1, count > 1 else { return map(transform) }
        // Several chunks per core even out uneven items (a long post, a big subject) without a lock per item.
        let chunkCount = Swift.min(count, cores * 16)
        let chunkSize = (count + chunkCount - 1) / chunkCount
        let parts = Mutex<[[T]]>(Array<[T]>(repeating: [], count: chunkCount))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let start = chunk * chunkSize
            guard start < count else { return }
            let part = self[start..<Swift.min(start + chunkSize, count)].map(transform)
            parts.withLock { $0[chunk] = part }
        }
        return parts.withLock { $0.flatMap { $0 } }
    }
}
