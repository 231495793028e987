import Crypto
import Foundation
import GRDB

/// When each exported note last changed. Anki updates an existing note (matched by GUID) only when the incoming
/// modification time is newer, so a note's time must move forward exactly when its content changes: the ledger
/// keeps, per GUID, the hash of the content last exported and the time given to it. Unchanged content keeps its
/// time (the same export gives the same bytes); changed content gets `max(now, previous + 1)`.
public struct AnkiNoteTimes: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var guid: String
        public var contentHash: String
        public var modified: Int64
    }
    var notes: [String: Entry] = [:]
    public init() {}

    /// Stored as an array sorted by GUID: the same ledger always gives the same bytes, and a large one
    /// does not go through a canonical encoder's key sorting.
    public init(from decoder: any Decoder) throws {
        for entry in try decoder.singleValueContainer().decode([Entry].self) { notes[entry.guid] = entry }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(notes.values.sorted { $0.guid < $1.guid })
    }

    mutating func modified(guid: String, contentHash: String, now: Int64) -> Int64 {
        if let entry = notes[guid], entry.contentHash == contentHash { return entry.modified }
        let modified = max(now, (notes[guid]?.modified ?? 0) + 1)
        notes[guid] = Entry(guid: guid, contentHash: contentHash, modified: modified)
        return modified
    }
}

/// Writes an Anki package (`.apkg`): a zip of `collection.anki2` in the schema-11 layout (which Anki still
/// imports) and an empty `media` map. Ids of notes, cards and decks are derived from GUIDs and names.
public enum AnkiWriter {
    /// The collection's own times: fixed, so only note times vary between exports.
    static let collectionTime: Int64 = 1_732_500_000

    public static func write(_ notes: [AnkiNote], times: inout AnkiNoteTimes, now: Int64) throws(ExportError) -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-anki-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("collection.anki2").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let database = try DatabaseQueue(path: path)
            try database.write { db in
                try db.execute(sql: schema)
                try db.execute(sql: "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", arguments: [
                    collectionTime, collectionTime * 1000, collectionTime * 1000, configJSON,
                    modelsJSON(Array(Set(notes.map(\.type))).sorted { $0.id < $1.id }),
                    decksJSON(Set(notes.map { deckName($0.deck) })), deckConfigJSON])
                for (position, note) in notes.enumerated() {
                    let fields = note.fields.joined(separator: "\u{1F}")
                    let modified = times.modified(guid: note.guid, contentHash: hash(fields + "\u{1E}" + note.tags.joined(separator: " ")
                                                                                      + "\u{1E}" + deckName(note.deck)), now: now)
                    let noteID = id(note.guid)
                    try db.cachedStatement(sql: "INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')").execute(arguments: [
                        noteID, note.guid, note.type.id, modified, " " + note.tags.joined(separator: " ") + " ", fields,
                        sortField(note.fields[0]), checksum(note.fields[0])])
                    try db.cachedStatement(sql: "INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')").execute(arguments: [
                        id("card " + note.guid), noteID, id(deckName(note.deck)), modified, position + 1])
                }
            }
            try database.close()
            let collection = try Data(contentsOf: URL(fileURLWithPath: path))
            return try DeterministicZip.make(["collection.anki2": collection, "media": Data("{}".utf8)])
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError(.writeFailed, "cannot write the Anki collection: \(error)")
        }
    }

    static func deckName(_ path: [String]) -> String {
        path.map { $0.replacingOccurrences(of: "::", with: ":") }.joined(separator: "::")
    }

    /// A positive id below 2^53 (JSON numbers in Anki's legacy JSON columns are doubles).
    static func id(_ text: String) -> Int64 {
        let digest = Array(SHA256.hash(data: Data(text.utf8)))
        return digest.prefix(7).reduce(Int64(0)) { $0 << 8 | Int64($1) } & 0x1F_FFFF_FFFF_FFFF | 1 << 40
    }

    private static func hash(_ text: String) -> String {
        StableID.hex(SHA256.hash(data: Data(text.utf8)))
    }

    /// Anki's sort field: the first field without HTML tags.
    private static func sortField(_ html: String) -> String {
        var text = ""
        var inTag = false
        for scalar in html.unicodeScalars {
            if scalar == "<" { inTag = true } else if scalar == ">" && inTag { inTag = false } else if !inTag { text.unicodeScalars.append(scalar) }
        }
        return text
    }

    /// Anki's duplicate check: the first 8 hex digits of SHA-1 of the stripped first field, as a number.
    private static func checksum(_ html: String) -> Int64 {
        let digest = Insecure.SHA1.hash(data: Data(sortField(html).utf8))
        return digest.prefix(4).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    private static func json(_ value: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    private static var configJSON: String {
        json(["activeDecks": [1], "curDeck": 1, "newSpread": 0, "collapseTime": 1200, "timeLim": 0, "estTimes": true,
              "dueCounts": true, "curModel": NSNull(), "nextPos": 1, "sortType": "noteFld", "sortBackwards": false, "addToCur": true])
    }

    private static func modelsJSON(_ types: [AnkiNoteType]) -> String {
        var models: [String: Any] = [:]
        for type in types {
            models[String(type.id)] = [
                "id": type.id, "name": type.name, "type": 0, "mod": collectionTime, "usn": -1, "sortf": 0, "did": 1,
                "tags": [String](), "vers": [Int](), "latexPre": "\\documentclass[12pt]{article}\\begin{document}",
                "latexPost": "\\end{document}", "latexsvg": false,
                "css": ".card { font-family: sans-serif; font-size: 20px; } .meta { color: #777; font-size: 14px; }",
                "req": [[0, "any", [0]]],
                "flds": type.fields.enumerated().map { index, name in
                    ["name": name, "ord": index, "sticky": false, "rtl": false, "font": "Arial", "size": 20, "media": [String]()]
                },
                "tmpls": [["name": "Card 1", "ord": 0, "qfmt": type.front, "afmt": type.back, "bqfmt": "", "bafmt": "", "did": NSNull()]],
            ] as [String: Any]
        }
        return json(models)
    }

    private static func decksJSON(_ names: Set<String>) -> String {
        var decks: [String: Any] = [:]
        for name in names.union(["Default"]) {
            let deckID = name == "Default" ? 1 : id(name)
            decks[String(deckID)] = [
                "id": deckID, "name": name, "desc": "", "dyn": 0, "conf": 1, "collapsed": false, "usn": -1, "mod": collectionTime,
                "extendNew": 10, "extendRev": 50, "newToday": [0, 0], "revToday": [0, 0], "lrnToday": [0, 0], "timeToday": [0, 0],
            ] as [String: Any]
        }
        return json(decks)
    }

    private static var deckConfigJSON: String {
        json(["1": [
            "id": 1, "name": "Default", "mod": 0, "usn": 0, "maxTaken": 60, "autoplay": true, "timer": 0, "replayq": true, "dyn": false,
            "new": ["delays": [1, 10], "ints": [1, 4, 7], "initialFactor": 2500, "order": 1, "perDay": 20, "bury": false],
            "rev": ["perDay": 200, "ease4": 1.3, "ivlFct": 1, "maxIvl": 36500, "bury": false, "hardFactor": 1.2],
            "lapse": ["delays": [10], "mult": 0, "minInt": 1, "leechFails": 8, "leechAction": 1],
        ] as [String: Any]])
    }

    /// The schema-11 tables (the layout of Anki 2.1's `collection.anki2`).
    private static let schema = """
    CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
      ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
      models text not null, decks text not null, dconf text not null, tags text not null);
    CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
      usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
      flags integer not null, data text not null);
    CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
      mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
      ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null,
      odue integer not null, odid integer not null, flags integer not null, data text not null);
    CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
      ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
    CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
    CREATE INDEX ix_notes_usn on notes (usn);
    CREATE INDEX ix_cards_usn on cards (usn);
    CREATE INDEX ix_revlog_usn on revlog (usn);
    CREATE INDEX ix_cards_nid on cards (nid);
    CREATE INDEX ix_cards_sched on cards (did, queue, due);
    CREATE INDEX ix_revlog_cid on revlog (cid);
    CREATE INDEX ix_notes_csum on notes (csum);
    """
}
