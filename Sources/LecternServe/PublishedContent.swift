import Crypto
import Foundation
import Hummingbird
import LecternJSON
import LecternModel
import Synchronization

/// What `lectern run` published in an output folder, read as it is now: every request looks at the files again
/// (one stat each), so a run in another process is picked up without a restart, and the publisher's
/// temp-file-and-rename means a request reads either the old file or the new one, never half of one. What was read
/// (bytes, ETag, decoded index and bundles) is kept while the file is the same one (`FileCache`).
struct PublishedContent: Sendable {
    let out: URL
    let cache = FileCache()

    /// A file's bytes and the ETag of exactly those bytes.
    struct File: Sendable {
        var data: Data
        var eTag: String
        /// The same bytes as a response body, made once per version of the file (responses share its storage).
        var body: ByteBuffer

        init(data: Data, eTag: String) {
            self.data = data
            self.eTag = eTag
            body = ByteBuffer(bytes: data)
        }
    }

    func index() throws(ContentProblem) -> RunIndex {
        try indexed().index
    }

    /// The index and its entries by ID, decoded again only when index.json is another file.
    private func indexed() throws(ContentProblem) -> FileCache.Indexed {
        let url = out.appendingPathComponent(OutputLayout.index)
        let identity = FileCache.Identity(url.path)
        if let identity, let cached = cache.index(identity) { return cached }
        guard let data = try? Data(contentsOf: url) else {
            throw ContentProblem(.notFound, code: "no-index",
                                 detail: "Nothing is published in this output folder yet: run `lectern run` first.")
        }
        let index: RunIndex
        do {
            index = try CanonicalJSON.decode(RunIndex.self, from: data)
        } catch {
            throw ContentProblem(.serviceUnavailable, code: "unreadable-index", detail: "index.json could not be read: \(error)")
        }
        let indexed = FileCache.Indexed(index: index, byID: Dictionary(index.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
        if let identity, identity == FileCache.Identity(url.path) { cache.store(indexed, identity) }
        return indexed
    }

    func item(_ id: String) throws(ContentProblem) -> IndexEntry {
        guard let entry = try indexed().byID[id] else {
            throw ContentProblem(.notFound, code: "unknown-item", detail: "No item has the ID \(id).")
        }
        return entry
    }

    /// A published JSON file decoded as `type`, decoded once per version of the file (its ETag).
    func decoded<T: Decodable & Sendable>(_ type: T.Type, _ file: File) throws(ContentProblem) -> T {
        let key = "\(T.self) \(file.eTag)"
        if let value = cache.decoded(key) as? T { return value }
        do {
            let value = try CanonicalJSON.decode(type, from: file.data)
            cache.store(decoded: value, key)
            return value
        } catch {
            throw ContentProblem(.serviceUnavailable, code: "unreadable-bundle", detail: "The bundle could not be read: \(error)")
        }
    }

    /// An item's published bundle.
    func bundle(_ id: String, kind: ItemKind? = nil) throws(ContentProblem) -> File {
        let entry = try item(id)
        if let kind, entry.kind != kind {
            throw ContentProblem(.notFound, code: "unknown-item", detail: "Item \(id) is a \(entry.kind.rawValue), not a \(kind.rawValue).")
        }
        guard let path = entry.bundle, path == OutputLayout.bundle(kind: entry.kind, id: entry.id) else {
            throw ContentProblem(.notFound, code: "no-bundle",
                                 detail: "Item \(id) has no bundle (state \(entry.state.rawValue)\(entry.errorCode.map { ", \($0.rawValue)" } ?? "")).")
        }
        return try file(path)
    }

    /// A published file by its path relative to the output folder; only inside the published folders.
    func file(_ relative: String) throws(ContentProblem) -> File {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard let top = parts.first, OutputLayout.publishedFolders.contains(String(top)), parts.count > 1,
              !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.hasPrefix(".") }) else {
            throw ContentProblem(.notFound, code: "not-published", detail: "\(relative) is not a published file.")
        }
        let url = out.appendingPathComponent(relative)
        guard let identity = FileCache.Identity(url.path) else {
            throw ContentProblem(.notFound, code: "not-published", detail: "\(relative) is not a published file.")
        }
        // The same inode as a file read (and checked to be inside the folder) before: the same file.
        if let cached = cache.file(relative, identity) { return cached }
        let resolvedOut = out.resolvingSymlinksInPath().path + "/"
        guard url.resolvingSymlinksInPath().path.hasPrefix(resolvedOut), let data = try? Data(contentsOf: url) else {
            throw ContentProblem(.notFound, code: "not-published", detail: "\(relative) is not a published file.")
        }
        let file = File(data: data, eTag: "\"" + SHA256.hash(data: data).prefix(16).map { String(format: "%02x", $0) }.joined() + "\"")
        // Kept only if the file was not replaced while it was read.
        if identity == FileCache.Identity(url.path) { cache.store(file, relative, identity) }
        return file
    }
}

/// Published files, the index and decoded bundles, each kept with the identity of the file it came from (device,
/// inode, size, modification time): one stat per request tells whether it is still that file. The publisher
/// replaces a file by renaming a new one over it (a new inode), so a republished file is read again at once.
/// Bounded: files over 16 MB are not kept, and the whole cache is dropped when it would pass 256 MB.
final class FileCache: Sendable {
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int

        /// A regular file's identity (following links); nil when there is none.
        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = Int(info.st_mtim.tv_sec)
            nanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    struct Indexed: Sendable {
        var index: RunIndex
        var byID: [String: IndexEntry]
    }

    private struct State: Sendable {
        var index: (identity: Identity, value: Indexed)?
        var files: [String: (identity: Identity, file: PublishedContent.File)] = [:]
        var decoded: [String: any Sendable] = [:]
        var bytes = 0
    }

    static let largestFile = 16 << 20
    static let limit = 256 << 20
    static let decodedLimit = 512
    private let state = Mutex(State())

    func index(_ identity: Identity) -> Indexed? {
        state.withLock { $0.index.flatMap { $0.identity == identity ? $0.value : nil } }
    }

    func store(_ indexed: Indexed, _ identity: Identity) {
        state.withLock { $0.index = (identity, indexed) }
    }

    func file(_ path: String, _ identity: Identity) -> PublishedContent.File? {
        state.withLock { $0.files[path].flatMap { $0.identity == identity ? $0.file : nil } }
    }

    func store(_ file: PublishedContent.File, _ path: String, _ identity: Identity) {
        guard file.data.count <= Self.largestFile else { return }
        state.withLock { state in
            // Counted twice: the bytes and the response body made from them.
            if let old = state.files[path] { state.bytes -= 2 * old.file.data.count }
            if state.bytes + 2 * file.data.count > Self.limit {
                state.files = [:]
                state.decoded = [:]
                state.bytes = 0
            }
            state.files[path] = (identity, file)
            state.bytes += 2 * file.data.count
        }
    }

    func decoded(_ key: String) -> (any Sendable)? {
        state.withLock { $0.decoded[key] }
    }

    func store(decoded value: any Sendable, _ key: String) {
        state.withLock { state in
            if state.decoded.count >= Self.decodedLimit { state.decoded = [:] }
            state.decoded[key] = value
        }
    }
}

/// A request that cannot be answered, as RFC 9457 problem details with one of Lectern's stable codes.
struct ContentProblem: Error, Sendable {
    enum Status: Int, Sendable {
        case badRequest = 400
        case notFound = 404
        case methodNotAllowed = 405
        case serviceUnavailable = 503
        case notImplemented = 501
    }

    var status: Status
    var code: String
    var detail: String

    init(_ status: Status, code: String, detail: String) {
        self.status = status
        self.code = code
        self.detail = detail
    }

    var title: String {
        switch status {
        case .badRequest: return "Bad request"
        case .notFound: return "Not found"
        case .methodNotAllowed: return "Method not allowed"
        case .serviceUnavailable: return "The output folder could not be read"
        case .notImplemented: return "Not implemented"
        }
    }
}
