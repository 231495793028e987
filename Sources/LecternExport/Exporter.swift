import Foundation
import LecternJSON
import LecternModel

/// One exported file: `path` is relative to the exports folder (`FORMAT/KIND/BUNDLE-ID.EXT`).
public struct ExportFile: Sendable, Equatable {
    public var path: String
    public var data: Data
}

/// Bundles in, files out: one file per bundle and format (a bundle with nothing the format can hold gives none).
public enum Exporter {
    public static func export(_ bundles: [ExportBundle], format: ExportFormat, noteTimes: inout AnkiNoteTimes,
                              now: Int64) throws(ExportError) -> [ExportFile] {
        var files: [ExportFile] = []
        for bundle in bundles.sorted(by: { ($0.kind, $0.id) < ($1.kind, $1.id) }) {
            let path = "\(format.rawValue)/\(bundle.kind.rawValue)/\(bundle.id).\(format.fileExtension)"
            let categories = format == .anki ? [] : bundle.questionCategories
            let data: Data?
            switch format {
            case .anki:
                let notes = bundle.ankiNotes
                data = notes.isEmpty ? nil : try AnkiWriter.write(notes, times: &noteTimes, now: now)
            case .moodleXML: data = categories.isEmpty ? nil : MoodleXMLWriter.write(categories)
            case .gift: data = categories.isEmpty ? nil : GIFTWriter.write(categories)
            case .qti21: data = categories.isEmpty ? nil : try QTIWriter.write(categories)
            }
            if let data { files.append(ExportFile(path: path, data: data)) }
        }
        return files
    }

    /// Reads a bundle file as the exporter's input; `media` reads a path relative to the output folder. Nil for a
    /// kind that does not export (its descriptor says so).
    public static func loadBundle(_ data: Data, kind: ItemKind, media: (String) -> Data?) throws(ExportError) -> ExportBundle? {
        guard kind.descriptor.exportable else { return nil }
        do {
            switch kind {
            case .homework:
                let bundle = try CanonicalJSON.decode(HomeworkBundle.self, from: data)
                return .homework(bundle, thumbnail: bundle.thumbnail.flatMap(media))
            case .wordlist: return .wordlist(try CanonicalJSON.decode(WordListBundle.self, from: data))
            case .lecture: return .lecture(try CanonicalJSON.decode(LectureBundle.self, from: data))
            default: throw ExportError(.unreadableBundle, "no exporter reads a \(kind.rawValue) bundle")
            }
        } catch {
            throw ExportError(.unreadableBundle, "cannot read a \(kind.rawValue) bundle: \(error)")
        }
    }
}
