/// Where everything goes in an output folder, as paths relative to it. DESIGN.md fixes this layout and other
/// programs read it, so it is spelled here once and nowhere else.
public enum OutputLayout {
    /// The ledger and stage cache (SQLite).
    public static let store = "lectern.sqlite"
    /// Every item with its state and bundle.
    public static let index = "index.json"
    /// One lock file per live run (`RunnerLock`).
    public static let runners = ".runners"
    /// The folders the publisher owns: it writes them, and removes what no present item claims.
    public static let publishedFolders = ["bundles", "media"]
    /// Exports for other tools, one folder per format (`exports/anki`, …): written by `lectern export` and by a
    /// run for the formats its pipeline file lists.
    public static let exports = "exports"
    /// When each Anki note was first exported, so a re-export keeps its notes' times (Anki's note IDs).
    public static let ankiNoteTimes = "exports/anki-note-times.json"

    /// An item's bundle; posts have none of their own (their course has).
    public static func bundle(kind: ItemKind, id: String) -> String? {
        let folder: String
        switch kind {
        case .homework: folder = "homework"
        case .wordlist: folder = "wordlists"
        case .lecture: folder = "lectures"
        case .post, .other: return nil
        }
        return "bundles/\(folder)/\(id).json"
    }

    /// A homework photo's thumbnail.
    public static func thumbnail(homeworkID id: String) -> String {
        "media/\(id).jpg"
    }

    /// The folder of a course's local images, with a trailing slash.
    public static func lectureMedia(courseID id: String) -> String {
        "media/lectures/\(id)/"
    }
}
