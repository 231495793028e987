import Foundation
import LecternModel
import LecternStore

/// Where stages and the publisher read the inbox's files: the inbox itself on one machine, or, for a store that
/// keeps inputs (PostgreSQL), the bytes the scanning process put there, so that a worker needs no inbox.
protocol InputFiles: Sendable {
    /// An item's source bytes, checked against the hash the item was made from.
    func source(_ item: ItemRecord, limit: Int?) throws(LecternError) -> Data
    /// A regular file of the inbox by its inbox-relative path (a course's `course.yml` or images); nil when there
    /// is none (or only a link leaving the inbox).
    func file(_ relativePath: String) throws(LecternError) -> Data?
}

extension InputFiles {
    static func tooLarge(_ item: ItemRecord, size: Int, limit: Int) -> LecternError {
        LecternError(.fileTooLarge, "\(item.sourcePath) is \(size / 1_000_000) MB; Lectern reads files up to \(limit / 1_000_000) MB.")
    }
}

func inputFiles(inbox: URL?, store: any ContentStore) -> any InputFiles {
    guard let inbox, !store.keepsInputs else { return StoredInputs(store: store) }
    return InboxFiles(inbox: inbox)
}

/// The inbox folder itself.
struct InboxFiles: InputFiles {
    let inbox: URL

    func source(_ item: ItemRecord, limit: Int?) throws(LecternError) -> Data {
        let url = inbox.appendingPathComponent(item.sourcePath)
        if let limit, let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limit {
            throw Self.tooLarge(item, size: size, limit: limit)
        }
        guard let data = try? Data(contentsOf: url) else {
            throw LecternError(.sourceMissing, "\(item.sourcePath) could not be read (it was moved or deleted).")
        }
        guard ContentHash.sha256(data) == item.sha256 else {
            throw LecternError(.sourceMissing, "\(item.sourcePath) changed while Lectern was reading it.")
        }
        return data
    }

    func file(_ relativePath: String) throws(LecternError) -> Data? {
        let root = inbox.resolvingSymlinksInPath().path + "/"
        let url = inbox.appendingPathComponent(relativePath)
        let values = try? url.resourceValues(forKeys: [.isSymbolicLinkKey, .isRegularFileKey])
        guard !relativePath.split(separator: "/").contains(".."), url.resolvingSymlinksInPath().path.hasPrefix(root),
              values?.isSymbolicLink != true, values?.isRegularFile == true else { return nil }
        return try? Data(contentsOf: url)
    }
}

/// Input bytes kept in the store by content hash; the paths come from the scan's record of the inbox (`sources`).
struct StoredInputs: InputFiles {
    let store: any ContentStore

    func source(_ item: ItemRecord, limit: Int?) throws(LecternError) -> Data {
        guard let data = try storeCall({ try store.input(sha256: item.sha256) }) else {
            throw LecternError(.sourceMissing, "\(item.sourcePath) is not in the store yet; the scanning run puts it there.")
        }
        if let limit, data.count > limit { throw Self.tooLarge(item, size: data.count, limit: limit) }
        return data
    }

    func file(_ relativePath: String) throws(LecternError) -> Data? {
        guard let sha = try storeCall({ try store.sourceStats()[relativePath]?.sha256 }) else { return nil }
        return try storeCall { try store.input(sha256: sha) }
    }
}
