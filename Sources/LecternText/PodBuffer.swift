import LecternBytes

extension String {
    /// Runs `body` over the string's contiguous UTF-8 bytes (copying only if the string is not native).
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8(body)
    }
}

/// A growable buffer of trivial values without copy-on-write checks, for the analyzer's hot loop.
/// Not thread-safe; lives inside one call.
final class PodBuffer<T> {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    convenience init(repeating value: T, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit { base.deallocate() }

    @inline(__always)
    func append(_ value: T) {
        if count == capacity { grow(count + 1) }
        (base + count).initialize(to: value)
        count += 1
    }

    func append(contentsOf values: UnsafeBufferPointer<T>) {
        if count + values.count > capacity { grow(count + values.count) }
        if let src = values.baseAddress { (base + count).initialize(from: src, count: values.count) }
        count += values.count
    }

    @inline(__always) func removeAll() { count = 0 }

    @inline(__always)
    subscript(i: Int) -> T {
        get { base[i] }
        set { base[i] = newValue }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }
}
