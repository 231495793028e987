import Foundation
import Glibc
import LecternJSON
import LecternModel
import LecternStore

/// Writes what the store holds to files front ends read: bundles, media and index.json. It alone writes the output
/// folder, at the places `OutputLayout` gives.
/// Every file is written to a temporary name and renamed into place, so a reader never sees half a file;
/// files whose content is unchanged are not touched, and bundles of items no longer in the inbox are removed.
struct Publisher {
    let out: URL
    let inputs: any InputFiles
    let store: any ContentStore

    func publish() throws -> RunIndex {
        let items = try store.items(presentOnly: true)
        let runsByItem = Dictionary(grouping: try store.stageRuns(itemIDs: items.map(\.id)), by: \.itemID)
        let courseBundles = Dictionary(uniqueKeysWithValues: items.filter { $0.kind.descriptor.placement == .course }.map {
            ($0.id, Self.bundlePath(for: $0))
        })

        var files = RecordedFiles(out: out, records: try store.publishedFiles())
        var wanted = Set<String>()
        var keptFolders = Set<String>()
        var entries: [IndexEntry] = []
        for item in items {
            let runs = (runsByItem[item.id] ?? []).sorted { $0.seq < $1.seq }
            let outcome = ItemOutcome(item: item, runs: runs)
            let state = outcome.state

            // A present item keeps its published files while it is rebuilt (by this run or another process).
            if let path = Self.bundlePath(for: item) { wanted.insert(path) }
            switch OutputLayout.keptMedia(kind: item.kind, id: item.id) {
            case .file(let path): wanted.insert(path)
            case .folder(let folder): keptFolders.insert(folder)
            case nil: break
            }
            // A course's audio files are named by topic: while it is rebuilt it keeps them all; once done, only those
            // its result lists (below), so a topic that changed does not leave its old file behind.
            if item.kind.descriptor.stages.contains(.narrate) && state != .done {
                keptFolders.insert(OutputLayout.voiceFolder(courseID: item.id))
            }
            var bundle: String?
            if state == .done, let path = Self.bundlePath(for: item), let last = runs.last, let key = last.artifactKey,
               let outputSHA = last.outputSHA {
                let published = try files.publish(path, source: outputSHA) { try store.artifact(key: key) }
                if published != .missing { bundle = path }
                if item.kind.descriptor.media != nil || item.kind.descriptor.stages.contains(.narrate) {
                    for run in runs { wanted.formUnion(try publishMedia(of: run, item: item, files: &files)) }
                }
            }
            if item.kind.descriptor.placement == .courseMember, let parent = item.parentID { bundle = courseBundles[parent] ?? nil }
            entries.append(IndexEntry(id: item.id, kind: item.kind, source: SourceRef(path: item.sourcePath, sha256: item.sha256),
                                      state: state, errorCode: outcome.error?.code, errorMessage: outcome.error?.message,
                                      failedStage: outcome.failedStage, bundle: bundle,
                                      course: item.kind.descriptor.placement == .courseMember ? item.parentID : nil))
        }
        try removeStaleFiles(keeping: wanted, folders: keptFolders)
        try store.recordPublished(files.changed, removing: files.records.keys.filter { !wanted.contains($0) })
        log.debug("published", metadata: ["items": "\(entries.count)", "bundles": "\(entries.filter { $0.bundle != nil }.count)"])
        let index = RunIndex(items: entries)
        try AtomicFile.write(try CanonicalJSON.encode(index), to: out.appendingPathComponent(OutputLayout.index))
        return index
    }

    static func bundlePath(for item: ItemRecord) -> String? {
        OutputLayout.bundle(kind: item.kind, id: item.id)
    }

    /// Publishes the media a stage's result lists (`StageMedia`), each at the place `OutputLayout` gives its name:
    /// stored bytes when their record is stale, and files of the inbox always (a course's images may change without
    /// its posts; courses are few), reading only regular files inside the inbox (`InputFiles.file`).
    /// Returns the paths of the topics' audio it published, which are kept by name.
    private func publishMedia(of run: StageRun, item: ItemRecord, files: inout RecordedFiles) throws -> Set<String> {
        var voicePaths = Set<String>()
        guard let key = run.artifactKey, let outputSHA = run.outputSHA,
              let listData = try store.artifact(key: StageResult.attachmentKey(key, StageMedia.listName)),
              let list = try? CanonicalJSON.decode(StageMedia.self, from: listData) else { return voicePaths }
        func place(_ name: String) -> String? {
            name.split(separator: "/").contains("..") ? nil : OutputLayout.media(kind: item.kind, id: item.id, name: name)
        }
        for name in list.stored {
            guard let path = place(name) else { continue }
            _ = try files.publish(path, source: "\(outputSHA) \(name)") {
                try store.artifact(key: StageResult.attachmentKey(key, StageMedia.storedName(name)))
            }
        }
        // A topic's audio is stored once under its own key (a part result): that key names its bytes.
        for (topicID, audioKey) in (list.voice ?? [:]).sorted(by: { $0.key < $1.key }) where !topicID.contains("/") && !topicID.contains("..") {
            let path = OutputLayout.voice(courseID: item.id, topicID: topicID)
            _ = try files.publish(path, source: audioKey) { try store.artifact(key: audioKey) }
            voicePaths.insert(path)
        }
        for (name, sourcePath) in list.inbox.sorted(by: { $0.key < $1.key }) {
            guard let path = place(name), let bytes = try inputs.file(sourcePath) else {
                log.notice("a media file is missing or outside the inbox", metadata: ["source": "\(sourcePath)"])
                continue
            }
            try AtomicFile.write(bytes, to: out.appendingPathComponent(path))
        }
        return voicePaths
    }

    /// Removes files of items that left the inbox, and temp files a killed run left behind
    /// (old enough that no live writer can still be about to rename them).
    private func removeStaleFiles(keeping wanted: Set<String>, folders kept: Set<String>) throws {
        for top in OutputLayout.publishedFolders {
            for relative in Self.regularFiles(under: out.appendingPathComponent(top).path, prefix: top + "/") {
                let file = out.appendingPathComponent(relative)
                if file.lastPathComponent.hasPrefix(".tmp-") {
                    removeIfOld(file)
                } else if !wanted.contains(relative) && !kept.contains(where: { relative.hasPrefix($0) }) {
                    log.info("removing a published file of an item no longer in the inbox", metadata: ["file": "\(relative)"])
                    try? FileManager.default.removeItem(at: file)
                }
            }
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [] where name.hasPrefix(".tmp-") {
            removeIfOld(out.appendingPathComponent(name))
        }
    }

    /// Paths (with `prefix`) of the regular files below `root`, from readdir's entry types: a URL enumerator
    /// with resource values cost a fifth of a no-op run over 1,000 bundles.
    static func regularFiles(under root: String, prefix: String) -> [String] {
        guard let directory = opendir(root) else { return [] }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                guard lstat(root + "/" + name, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : 0
            }
            if type == Int32(DT_DIR) {
                found += regularFiles(under: root + "/" + name, prefix: prefix + name + "/")
            } else if type == Int32(DT_REG) {
                found.append(prefix + name)
            }
        }
        return found
    }

    private func removeIfOld(_ file: URL) {
        let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        if let modified, Date().timeIntervalSince(modified) > 600 { try? FileManager.default.removeItem(at: file) }
    }
}

/// Output files checked against the record of what was last written to them: a file whose record names the
/// same source and whose size and modification time are unchanged is skipped without reading anything.
struct RecordedFiles {
    let out: URL
    let records: [String: PublishedFile]
    private(set) var changed: [PublishedFile] = []

    init(out: URL, records: [String: PublishedFile]) {
        self.out = out
        self.records = records
    }

    enum Outcome: Equatable {
        case unchanged
        case written(Data)
        /// `load` had nothing to write.
        case missing

        var data: Data? {
            if case .written(let data) = self { return data }
            return nil
        }
    }

    /// Makes `path` hold what `load` gives, unless the record shows it already does.
    mutating func publish(_ path: String, source: String, load: () throws -> Data?) throws -> Outcome {
        let url = out.appendingPathComponent(path)
        if let record = records[path], record.source == source, let now = Self.fileStat(url),
           now.size == record.size, now.mtimeNs == record.mtimeNs {
            return .unchanged
        }
        guard let data = try load() else { return .missing }
        try AtomicFile.write(data, to: url)
        if let now = Self.fileStat(url) {
            changed.append(PublishedFile(path: path, source: source, size: now.size, mtimeNs: now.mtimeNs))
        }
        return .written(data)
    }

    static func fileStat(_ url: URL) -> (size: Int64, mtimeNs: Int64)? {
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return (Int64(info.st_size), info.modificationNs)
    }
}

/// Temp file + rename in the same folder: the file is either the old one or the new one, never half.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        if let existing = try? Data(contentsOf: url), existing == data { return }
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temp = folder.appendingPathComponent(".tmp-\(UUID().uuidString)-\(url.lastPathComponent)")
        try data.write(to: temp)
        guard rename(temp.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temp)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
