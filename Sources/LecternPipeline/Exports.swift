import Foundation
import LecternExport
import LecternJSON
import LecternModel

/// Exports published bundles to question banks and Anki (`lectern export`, and `lectern run` when the pipeline
/// file lists `exports:`). Reads OUT/index.json and the bundle files; writes `DEST/FORMAT/KIND/ID.EXT` atomically.
/// The Anki note times (see `AnkiNoteTimes`) live in OUT/exports/anki-note-times.json, published with the exports
/// so that a CI checkout keeps them and `lectern check` starts from them.
public struct ExportPublisher {
    public let out: URL

    public init(out: URL) {
        self.out = out
    }

    /// Gives a fresh output folder (`lectern check`'s rebuild) the note times of `published`, so that unchanged
    /// notes get the same times and only a real content change shows as a difference.
    public static func copyNoteTimes(from published: URL, to fresh: URL) throws {
        guard let data = try? Data(contentsOf: published.appendingPathComponent(OutputLayout.ankiNoteTimes)) else { return }
        try AtomicFile.write(data, to: fresh.appendingPathComponent(OutputLayout.ankiNoteTimes))
    }

    /// Writes the selected done items in each format under `destination`; returns the paths written, relative to it.
    /// With `removeStale`, files under `destination/FORMAT/` that this export did not produce are removed.
    public func export(formats: [ExportFormat], kind: ItemKind? = nil, item: String? = nil, to destination: URL,
                       removeStale: Bool = false, now: Date = Date()) throws -> [String] {
        let index: RunIndex
        do {
            index = try CanonicalJSON.decode(RunIndex.self, from: Data(contentsOf: out.appendingPathComponent(OutputLayout.index)))
        } catch {
            throw ExportError(.nothingToExport, "no index.json in \(out.path): run `lectern run` first")
        }
        var entries = index.items.filter { $0.state == .done && $0.bundle != nil && $0.kind.descriptor.exportable }
        if let kind { entries = entries.filter { $0.kind == kind } }
        if let item {
            entries = entries.filter { $0.id.hasPrefix(item) || $0.source.path == item }
            guard !entries.isEmpty else { throw ExportError(.nothingToExport, "no done item \(item) in \(out.path)") }
        }
        let bundles = try entries.compactMap { entry in
            guard let data = try? Data(contentsOf: out.appendingPathComponent(entry.bundle!)) else {
                throw ExportError(.unreadableBundle, "cannot read \(entry.bundle!) in \(out.path): run `lectern run` again")
            }
            return try Exporter.loadBundle(data, kind: entry.kind) { path in try? Data(contentsOf: out.appendingPathComponent(path)) }
        }
        let timesURL = out.appendingPathComponent(OutputLayout.ankiNoteTimes)
        var times = (try? CanonicalJSON.decode(AnkiNoteTimes.self, from: Data(contentsOf: timesURL))) ?? AnkiNoteTimes()
        var written: [String] = []
        for format in formats {
            let files = try Exporter.export(bundles, format: format, noteTimes: &times, now: Int64(now.timeIntervalSince1970))
            for file in files { try Self.write(file.data, to: destination.appendingPathComponent(file.path)) }
            if removeStale {
                let kept = Set(files.map(\.path))
                for path in Publisher.regularFiles(under: destination.appendingPathComponent(format.rawValue).path,
                                                   prefix: format.rawValue + "/") where !kept.contains(path) {
                    try? FileManager.default.removeItem(at: destination.appendingPathComponent(path))
                }
            }
            written += files.map(\.path)
        }
        if formats.contains(.anki) { try Self.write(try CanonicalJSON.encode(times), to: timesURL) }
        return written
    }

    private static func write(_ data: Data, to url: URL) throws(ExportError) {
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            throw ExportError(.writeFailed, "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
