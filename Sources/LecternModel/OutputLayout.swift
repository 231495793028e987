/// Where everything goes in an output folder, as paths relative to it. The command-line contract fixes this layout
/// (docs/CLI.md) and other programs read it, so it is spelled here once and nowhere else.
public enum OutputLayout {
    /// The ledger and stage cache (SQLite).
    public static let store = "lectern.sqlite"
    /// Every item with its state and bundle.
    public static let index = "index.json"
    /// One lock file per live run (`RunnerLock`).
    public static let runners = ".runners"
    /// Held (flock) by the one process publishing into the folder.
    public static let publishLock = ".publish.lock"
    /// The folders the publisher owns: it writes them, and removes what no present item claims.
    public static let publishedFolders = ["bundles", "media"]
    /// Exports for other tools, one folder per format (`exports/anki`, …): written by `lectern export` and by a
    /// run for the formats its pipeline file lists.
    public static let exports = "exports"
    /// When each Anki note was first exported, so a re-export keeps its notes' times (Anki's note IDs).
    public static let ankiNoteTimes = "exports/anki-note-times.json"

    /// An item's bundle, in its kind's folder; nil for kinds without one (a post's is its course's).
    public static func bundle(kind: ItemKind, id: String) -> String? {
        kind.descriptor.bundleFolder.map { "bundles/\($0)/\(id).json" }
    }

    /// Where the publisher puts an item's media file `name` (named relative to the item by its stage); nil for kinds
    /// without media.
    public static func media(kind: ItemKind, id: String, name: String) -> String? {
        switch keptMedia(kind: kind, id: id) {
        case .file(let path): return path
        case .folder(let folder): return folder + name
        case nil: return nil
        }
    }

    /// Where a course's topic is published read aloud: apart from the course's own files (`media/lectures/ID/`),
    /// so that no asset of the course can take its name.
    public static func voice(courseID: String, topicID: String) -> String {
        voiceFolder(courseID: courseID) + topicID + ".mp3"
    }

    /// Every narration file of a course, kept while the course is present (with a trailing slash).
    public static func voiceFolder(courseID: String) -> String {
        "media/voice/\(courseID)/"
    }

    public enum KeptMedia: Equatable {
        case file(String)
        /// Every file under this folder (with a trailing slash).
        case folder(String)
    }

    /// The published media an item keeps while it is present, even while it is rebuilt.
    public static func keptMedia(kind: ItemKind, id: String) -> KeptMedia? {
        switch kind.descriptor.media {
        case .single(let fileExtension): return .file("media/\(id).\(fileExtension)")
        case .folder(let folder): return .folder("media/\(folder)/\(id)/")
        case nil: return nil
        }
    }
}
