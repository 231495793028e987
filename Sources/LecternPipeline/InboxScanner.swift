import Foundation
import Glibc
import LecternModel
import LecternStore

/// What one scan of the inbox found: the items, and the stat cache to update.
public struct InboxScan: Sendable {
    public var items: [ItemRecord]
    public var statsToSave: [SourceStat]
    public var statsToRemove: [String]
    /// Files hashed in this scan (the rest came from the stat cache).
    public var hashedCount: Int
}

/// Walks the inbox and turns files into items. Never writes to the inbox.
///
/// Rules (the kinds' descriptors, `ItemKinds.swift`, say which extensions and bytes are whose): a top-level folder
/// that holds a course member's file (HTML) is a course; those files are its posts, `course.yml` its settings and
/// every other file an asset of the course. A post at the top level is a course of one post. Elsewhere a file is of
/// the loose kind that claims its extension (photos are homework, scripts word lists), else of the one whose magic
/// bytes it starts with. Anything else, and links that leave the inbox, are recorded as failed items so that nobody
/// wonders where a file went.
public struct InboxScanner: Sendable {
    public static let courseConfigName = "course.yml"

    public let inbox: URL

    public init(inbox: URL) {
        self.inbox = inbox
    }

    private struct Entry {
        var relativePath: String
        var size: Int64
        var mtimeNs: Int64
        var inode: UInt64
        var error: LecternError?
    }

    public func scan(knownStats: [String: SourceStat]) throws -> InboxScan {
        let root = try realInboxPath()
        let entries = walk(root: root)

        var statsToSave: [SourceStat] = []
        var hashed = 0
        var shaByPath: [String: String] = [:]
        for entry in entries where entry.error == nil {
            if let known = knownStats[entry.relativePath], known.size == entry.size,
               known.mtimeNs == entry.mtimeNs, known.inode == entry.inode {
                shaByPath[entry.relativePath] = known.sha256
                continue
            }
            let url = URL(fileURLWithPath: root).appendingPathComponent(entry.relativePath)
            guard let sha = try? ContentHash.sha256(fileAt: url) else { continue } // vanished mid-scan: next run
            hashed += 1
            shaByPath[entry.relativePath] = sha
            statsToSave.append(SourceStat(path: entry.relativePath, size: entry.size, mtimeNs: entry.mtimeNs,
                                          inode: entry.inode, sha256: sha))
        }
        let seen = Set(entries.map(\.relativePath))
        let statsToRemove = knownStats.keys.filter { !seen.contains($0) }.sorted()

        let items = makeItems(entries: entries, shaByPath: shaByPath, root: root)
        return InboxScan(items: items, statsToSave: statsToSave, statsToRemove: statsToRemove, hashedCount: hashed)
    }

    func realInboxPath() throws -> String {
        guard let resolved = realpath(inbox.path, nil) else {
            throw LecternError(.sourceMissing, "The inbox folder \(inbox.path) does not exist.")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Depth-first walk in sorted order, without following links out of the inbox.
    private func walk(root: String) -> [Entry] {
        var entries: [Entry] = []
        var folders = [""]
        while let folder = folders.popLast() {
            let absolute = folder.isEmpty ? root : root + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            // The reviews file is the teacher's input about the bundles, not an item (`ReviewsFile`).
            for name in names.sorted().reversed() where !name.hasPrefix(".") && !(folder.isEmpty && name == ReviewDecisions.fileName) {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let path = root + "/" + relative
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let type = info.st_mode & S_IFMT
                if type == S_IFLNK {
                    if let entry = linkEntry(relative: relative, path: path, root: root) { entries.append(entry) }
                } else if type == S_IFDIR {
                    folders.append(relative)
                } else if type == S_IFREG {
                    entries.append(Entry(relativePath: relative, size: Int64(info.st_size),
                                         mtimeNs: info.modificationNs,
                                         inode: UInt64(info.st_ino)))
                }
            }
        }
        return entries.sorted { $0.relativePath < $1.relativePath }
    }

    /// A link is read through only when its target is a regular file inside the inbox.
    private func linkEntry(relative: String, path: String, root: String) -> Entry? {
        guard let resolved = realpath(path, nil) else {
            return Entry(relativePath: relative, size: 0, mtimeNs: 0, inode: 0,
                         error: LecternError(.sourceMissing, "\(relative) is a link to a file that does not exist."))
        }
        let target = String(cString: resolved)
        free(resolved)
        guard target.hasPrefix(root + "/") else {
            return Entry(relativePath: relative, size: 0, mtimeNs: 0, inode: 0,
                         error: LecternError(.outsideInbox, "\(relative) is a link to something outside the inbox; Lectern only reads files inside it."))
        }
        var info = stat()
        guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Entry(relativePath: relative, size: Int64(info.st_size),
                     mtimeNs: info.modificationNs,
                     inode: UInt64(info.st_ino))
    }

    private func makeItems(entries: [Entry], shaByPath: [String: String], root: String) -> [ItemRecord] {
        func ext(_ path: String) -> String { (path as NSString).pathExtension.lowercased() }
        func topFolder(_ path: String) -> String? {
            let parts = path.split(separator: "/", maxSplits: 1)
            return parts.count == 2 ? String(parts[0]) : nil
        }
        func isMember(_ path: String) -> Bool { ItemKindDescriptor.courseMemberKind(fileExtension: ext(path)) != nil }
        let courseFolders = Set(entries.compactMap { entry -> String? in
            isMember(entry.relativePath) ? topFolder(entry.relativePath) : nil
        })

        var items: [String: ItemRecord] = [:]
        var courseParts: [String: [(path: String, sha: String)]] = [:]   // course folder -> its files
        func add(_ item: ItemRecord) {
            if items[item.id] == nil { items[item.id] = item } // same content twice: the first path wins
        }

        for entry in entries {
            let path = entry.relativePath
            let role = classify(path: path, ext: ext(path), inCourse: topFolder(path).map(courseFolders.contains) ?? false,
                                root: root, readable: entry.error == nil)
            if let error = entry.error {
                add(ItemRecord(id: ContentHash.shortID("scan", path), kind: role.itemKind,
                               sourcePath: path, sha256: "", scanError: error))
                continue
            }
            guard let sha = shaByPath[path] else { continue }
            switch role {
            case .loose(let kind):
                add(ItemRecord(id: ContentHash.shortID(kind.rawValue, sha), kind: kind, sourcePath: path, sha256: sha))
            case .member(let kind):
                let course = topFolder(path) ?? path
                courseParts[course, default: []].append((path, sha))
                add(ItemRecord(id: ContentHash.shortID(kind.rawValue, course, sha), kind: kind, sourcePath: path,
                               sha256: sha, parentID: ContentHash.shortID("course", course)))
            case .asset:
                if let course = topFolder(path) { courseParts[course, default: []].append((path, sha)) }
            case .other:
                let extName = ext(path).isEmpty ? "files without an extension" : ".\(ext(path)) files"
                add(ItemRecord(id: ContentHash.shortID("other", sha), kind: .other, sourcePath: path, sha256: sha,
                               scanError: LecternError(.unsupportedFile, "Lectern cannot read \(extName) (\(path)).")))
            }
        }
        // A course's version covers every member and asset. (Paths may hold spaces: test the path, not the line.)
        for (course, parts) in courseParts where parts.contains(where: { isMember($0.path) }) {
            let lines = parts.map { "\($0.path) \($0.sha)" }.sorted()
            add(ItemRecord(id: ContentHash.shortID("course", course), kind: ItemKindDescriptor.courseKind, sourcePath: course,
                           sha256: ContentHash.sha256(lines.joined(separator: "\n"))))
        }
        return items.values.sorted { ($0.sourcePath, $0.id) < ($1.sourcePath, $1.id) }
    }

    private enum Role {
        case loose(ItemKind), member(ItemKind), asset, other
        var itemKind: ItemKind {
            switch self {
            case .loose(let kind), .member(let kind): return kind
            case .asset, .other: return .other
            }
        }
    }

    /// `readable`: whether the file's first bytes may be read (not a link that leaves the inbox).
    private func classify(path: String, ext: String, inCourse: Bool, root: String, readable: Bool) -> Role {
        if let member = ItemKindDescriptor.courseMemberKind(fileExtension: ext) { return .member(member) }
        if inCourse { return .asset }
        let kind = ItemKindDescriptor.looseKind(fileExtension: ext) {
            guard readable, let file = FileHandle(forReadingAtPath: root + "/" + path) else { return Data() }
            defer { try? file.close() }
            return (try? file.read(upToCount: 16)) ?? Data()
        }
        return kind.map(Role.loose) ?? .other
    }
}

extension stat {
    /// The modification time in nanoseconds: with size (and inode), what tells a file changed without reading it.
    var modificationNs: Int64 { Int64(st_mtim.tv_sec) * 1_000_000_000 + Int64(st_mtim.tv_nsec) }
}
