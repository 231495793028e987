import Crypto
import Foundation
import LecternJSON
import LecternModel
import Synchronization

/// What `lectern run` published in an output folder, read as it is now: every request reads the files again,
/// so a run in another process is picked up without a restart, and the publisher's temp-file-and-rename means
/// a request reads either the old file or the new one, never half of one.
struct PublishedContent: Sendable {
    let out: URL

    /// A file's bytes and the ETag of exactly those bytes.
    struct File: Sendable {
        var data: Data
        var eTag: String
    }

    func index() throws(ContentProblem) -> RunIndex {
        guard let data = try? Data(contentsOf: out.appendingPathComponent(OutputLayout.index)) else {
            throw ContentProblem(.notFound, code: "no-index",
                                 detail: "Nothing is published in this output folder yet: run `lectern run` first.")
        }
        do {
            return try CanonicalJSON.decode(RunIndex.self, from: data)
        } catch {
            throw ContentProblem(.serviceUnavailable, code: "unreadable-index", detail: "index.json could not be read: \(error)")
        }
    }

    func item(_ id: String) throws(ContentProblem) -> IndexEntry {
        guard let entry = try index().items.first(where: { $0.id == id }) else {
            throw ContentProblem(.notFound, code: "unknown-item", detail: "No item has the ID \(id).")
        }
        return entry
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
        let resolvedOut = out.resolvingSymlinksInPath().path + "/"
        guard url.resolvingSymlinksInPath().path.hasPrefix(resolvedOut), let data = try? Data(contentsOf: url) else {
            throw ContentProblem(.notFound, code: "not-published", detail: "\(relative) is not a published file.")
        }
        return File(data: data, eTag: "\"" + SHA256.hash(data: data).prefix(16).map { String(format: "%02x", $0) }.joined() + "\"")
    }
}

/// A request that cannot be answered, as RFC 9457 problem details with one of Lectern's stable codes.
struct ContentProblem: Error, Sendable {
    enum Status: Int, Sendable {
        case badRequest = 400
        case notFound = 404
        case methodNotAllowed = 405
        case serviceUnavailable = 503
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
        }
    }
}
