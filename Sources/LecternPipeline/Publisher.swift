import Foundation
import LecternModel
import LecternStore

/// Writes what the store holds to files front ends read: bundles, thumbnails and index.json.
/// Every file is written to a temporary name and renamed into place, so a reader never sees half a file;
/// files whose content is unchanged are not touched, and bundles of items no longer in the inbox are removed.
struct Publisher {
    let out: URL
    let inbox: URL
    let store: any ContentStore

    func publish() throws -> RunIndex {
        let items = try store.items(presentOnly: true)
        let runsByItem = Dictionary(grouping: try store.stageRuns(itemIDs: items.map(\.id)), by: \.itemID)
        let courseBundles = Dictionary(uniqueKeysWithValues: items.filter { $0.kind == .lecture }.map {
            ($0.id, Self.bundlePath(for: $0))
        })

        var wanted = Set<String>()
        var keptFolders = Set<String>()
        var entries: [IndexEntry] = []
        for item in items {
            let runs = (runsByItem[item.id] ?? []).sorted { $0.seq < $1.seq }
            let outcome = ItemOutcome(item: item, runs: runs)
            let state = outcome.state

            // A present item keeps its published files while it is rebuilt (by this run or another process).
            if let path = Self.bundlePath(for: item) { wanted.insert(path) }
            if item.kind == .homework { wanted.insert("media/\(item.id).jpg") }
            if item.kind == .lecture { keptFolders.insert("media/lectures/\(item.id)/") }
            var bundle: String?
            if state == .done, let path = Self.bundlePath(for: item), let key = runs.last?.artifactKey,
               let data = try store.artifact(key: key) {
                try AtomicFile.write(data, to: out.appendingPathComponent(path))
                wanted.insert(path)
                bundle = path
                if item.kind == .homework, let thumbnail = try thumbnail(runs: runs) {
                    let media = "media/\(item.id).jpg"
                    try AtomicFile.write(thumbnail, to: out.appendingPathComponent(media))
                    wanted.insert(media)
                }
                if item.kind == .lecture { try copyMedia(of: data) }
            }
            if item.kind == .post, let parent = item.parentID { bundle = courseBundles[parent] ?? nil }
            entries.append(IndexEntry(id: item.id, kind: item.kind, source: SourceRef(path: item.sourcePath, sha256: item.sha256),
                                      state: state, errorCode: outcome.error?.code, errorMessage: outcome.error?.message,
                                      failedStage: outcome.failedStage, bundle: bundle,
                                      course: item.kind == .post ? item.parentID : nil))
        }
        try removeStaleFiles(keeping: wanted, folders: keptFolders)
        log.debug("published", metadata: ["items": "\(entries.count)", "bundles": "\(entries.filter { $0.bundle != nil }.count)"])
        let index = RunIndex(items: entries)
        try AtomicFile.write(try CanonicalJSON.encode(index), to: out.appendingPathComponent("index.json"))
        return index
    }

    static func bundlePath(for item: ItemRecord) -> String? {
        item.kind.bundleFolder.map { "bundles/\($0)/\(item.id).json" }
    }

    private func thumbnail(runs: [StageRun]) throws -> Data? {
        guard let ocr = runs.first(where: { $0.stage == "ocr" }), let key = ocr.artifactKey,
              let data = try store.artifact(key: key) else { return nil }
        return try CanonicalJSON.decode(OCRPage.self, from: data).thumbnailJPEG
    }

    /// Copies the local images a lecture shows into OUT/media, reading only regular files inside the inbox.
    private func copyMedia(of bundleData: Data) throws {
        guard let lecture = try? CanonicalJSON.decode(LectureBundle.self, from: bundleData) else { return }
        let root = inbox.resolvingSymlinksInPath().path + "/"
        for file in lecture.media ?? [] {
            let source = inbox.appendingPathComponent(file.source)
            let values = try? source.resourceValues(forKeys: [.isSymbolicLinkKey, .isRegularFileKey])
            guard source.resolvingSymlinksInPath().path.hasPrefix(root), values?.isSymbolicLink != true,
                  values?.isRegularFile == true, file.path.hasPrefix("media/"), !file.path.contains(".."),
                  let bytes = try? Data(contentsOf: source) else {
                log.notice("a lecture image is missing or outside the inbox", metadata: ["source": "\(file.source)"])
                continue
            }
            try AtomicFile.write(bytes, to: out.appendingPathComponent(file.path))
        }
    }

    /// Removes files of items that left the inbox, and temp files a killed run left behind
    /// (old enough that no live writer can still be about to rename them).
    private func removeStaleFiles(keeping wanted: Set<String>, folders kept: Set<String>) throws {
        for top in ["bundles", "media"] {
            let root = out.appendingPathComponent(top)
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
            while let file = enumerator?.nextObject() as? URL {
                guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                let relative = top + "/" + file.path.dropFirst(root.path.count + 1)
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

    private func removeIfOld(_ file: URL) {
        let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        if let modified, Date().timeIntervalSince(modified) > 600 { try? FileManager.default.removeItem(at: file) }
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
