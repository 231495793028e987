import Foundation
import LecternExport
import LecternModel

/// The files a run publishes (index.json, bundles/, media/, and exports/FORMAT/ of the formats the pipeline file
/// lists: `lectern export` may write other formats there by hand), for comparing two output folders.
public enum PublishedFiles {
    public static func list(in out: URL, exports: [ExportFormat] = []) -> [String: URL] {
        var files: [String: URL] = [:]
        let index = out.appendingPathComponent(OutputLayout.index)
        if FileManager.default.fileExists(atPath: index.path) { files[OutputLayout.index] = index }
        for folder in OutputLayout.publishedFolders + exports.map({ OutputLayout.exports + "/" + $0.rawValue }) {
            // Hidden files are a writer's temporary files, not published ones.
            for relative in Publisher.regularFiles(under: out.appendingPathComponent(folder).path, prefix: folder + "/")
            where !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                files[relative] = out.appendingPathComponent(relative)
            }
        }
        let noteTimes = out.appendingPathComponent(OutputLayout.ankiNoteTimes)
        if exports.contains(.anki), FileManager.default.fileExists(atPath: noteTimes.path) { files[OutputLayout.ankiNoteTimes] = noteTimes }
        return files
    }

    /// Paths present in only one folder or with different bytes, sorted.
    public static func differences(between a: URL, and b: URL, exports: [ExportFormat] = []) -> [String] {
        let left = list(in: a, exports: exports)
        let right = list(in: b, exports: exports)
        return Set(left.keys).union(right.keys).filter { path in
            guard let l = left[path], let r = right[path] else { return true }
            return (try? Data(contentsOf: l)) != (try? Data(contentsOf: r))
        }.sorted()
    }
}
