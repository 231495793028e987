import Foundation
import LecternBytes
import LecternModel
import Synchronization

public enum PartOfSpeech: String, Sendable, Codable, CaseIterable {
    case noun, verb, adjective, adverb

    /// The letter WordNet uses in its files (`n`, `v`, `a`, `r`).
    public var wordNetCode: Character {
        switch self {
        case .noun: return "n"
        case .verb: return "v"
        case .adjective: return "a"
        case .adverb: return "r"
        }
    }

    @inline(__always) var index: Int {
        switch self {
        case .noun: return 0
        case .verb: return 1
        case .adjective: return 2
        case .adverb: return 3
        }
    }

    /// From a WordNet pos/ss_type byte: n v a s r.
    @inline(__always) init?(wordNetByte b: UInt8) {
        switch b {
        case UInt8(ascii: "n"): self = .noun
        case UInt8(ascii: "v"): self = .verb
        case UInt8(ascii: "a"), UInt8(ascii: "s"): self = .adjective
        case UInt8(ascii: "r"): self = .adverb
        default: return nil
        }
    }

    var fileSuffix: String {
        switch self {
        case .noun: return "noun"
        case .verb: return "verb"
        case .adjective: return "adj"
        case .adverb: return "adv"
        }
    }
}

public struct SynsetID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Byte offset of the synset's line in `data.<pos>`.
    public var offset: Int
    public var pos: PartOfSpeech
    public init(offset: Int, pos: PartOfSpeech) {
        self.offset = offset
        self.pos = pos
    }
    public static func < (a: SynsetID, b: SynsetID) -> Bool {
        a.pos.index != b.pos.index ? a.pos.index < b.pos.index : a.offset < b.offset
    }
    /// A teacher's key for a sense (`lectern review word ID --sense KEY`): the part-of-speech letter and the 8-digit
    /// offset, "n:08517656" (stable within WordNet 3.0; `s` is read as an adjective).
    public var senseKey: String {
        let digits = String(offset)
        return "\(pos.wordNetCode):" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    public init?(senseKey key: String) {
        let parts = key.split(separator: ":")
        guard parts.count == 2, let letter = parts[0].first, parts[0].count == 1, let offset = Int(parts[1]), offset >= 0,
              let pos = letter == "s" ? .adjective : PartOfSpeech.allCases.first(where: { $0.wordNetCode == letter }) else { return nil }
        self.init(offset: offset, pos: pos)
    }

    /// "02084071-n", the usual way to write a WordNet synset id.
    public var description: String {
        let digits = String(offset)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + "-" + String(pos.wordNetCode)
    }
}

/// WordNet pointer types (the symbols of `wninput(5WN)`).
public enum WordNetRelation: String, Sendable, Hashable, Codable, CaseIterable {
    case antonym = "!"
    case hypernym = "@"
    case instanceHypernym = "@i"
    case hyponym = "~"
    case instanceHyponym = "~i"
    case memberHolonym = "#m"
    case substanceHolonym = "#s"
    case partHolonym = "#p"
    case memberMeronym = "%m"
    case substanceMeronym = "%s"
    case partMeronym = "%p"
    case attribute = "="
    case derivationallyRelated = "+"
    case domainTopic = ";c"
    case memberOfDomainTopic = "-c"
    case domainRegion = ";r"
    case memberOfDomainRegion = "-r"
    case domainUsage = ";u"
    case memberOfDomainUsage = "-u"
    case entailment = "*"
    case cause = ">"
    case alsoSee = "^"
    case verbGroup = "$"
    case similarTo = "&"
    case participle = "<"
    /// Pertainym (adjectives) or "derived from adjective" (adverbs).
    case pertainym = "\\"
}

public struct SynsetPointer: Sendable, Hashable {
    public var relation: WordNetRelation
    public var target: SynsetID
    /// 1-based word numbers for lexical pointers (between two words); 0 and 0 for semantic pointers.
    public var sourceWord: Int
    public var targetWord: Int
}

public struct Synset: Sendable, Hashable {
    public var offset: Int
    public var pos: PartOfSpeech
    /// An adjective satellite (`s` in WordNet): its head is in `similarTo`.
    public var isSatellite: Bool
    /// The words of the synset as written in WordNet (underscores turned into spaces, case kept: "Paris").
    public var words: [String]
    /// The definition part of the gloss.
    public var gloss: String
    /// The quoted examples of the gloss, without quotes.
    public var examples: [String]
    public var pointers: [SynsetPointer]
    /// The lexicographer file, e.g. "noun.animal".
    public var lexicalFile: String?

    public var id: SynsetID { SynsetID(offset: offset, pos: pos) }

    public func related(_ relation: WordNetRelation) -> [SynsetID] {
        var out: [SynsetID] = []
        for p in pointers where p.relation == relation && !out.contains(p.target) { out.append(p.target) }
        return out
    }
    public var hypernyms: [SynsetID] { related(.hypernym) }
    public var instanceHypernyms: [SynsetID] { related(.instanceHypernym) }
    public var hyponyms: [SynsetID] { related(.hyponym) }
    public var instanceHyponyms: [SynsetID] { related(.instanceHyponym) }
    public var similarTo: [SynsetID] { related(.similarTo) }
    public var antonyms: [SynsetID] { related(.antonym) }
    public var derivationallyRelated: [SynsetID] { related(.derivationallyRelated) }
    public var alsoSee: [SynsetID] { related(.alsoSee) }
    public var pertainyms: [SynsetID] { related(.pertainym) }
    public var partMeronyms: [SynsetID] { related(.partMeronym) }
    public var partHolonyms: [SynsetID] { related(.partHolonym) }
}

/// Princeton WordNet 3.0 read from its plain-text database files.
///
/// The index files are parsed into memory at init (about 150k lemmas); the data files are memory-mapped
/// and synset lines are read by byte offset on demand. After init everything is immutable, so one
/// instance is safe to share across threads without locks.
public final class WordNet: Sendable {
    struct PosEntry: Sendable {
        var start: UInt32 = 0      // into offsets[pos]
        var count: UInt16 = 0      // number of synsets (0 = lemma not in this pos)
        var frequency: UInt32 = 0  // SemCor tag count summed over senses (cntlist.rev)
    }
    struct LemmaRecord: Sendable {
        var entries: (PosEntry, PosEntry, PosEntry, PosEntry) = (PosEntry(), PosEntry(), PosEntry(), PosEntry())
        @inline(__always) subscript(pos: Int) -> PosEntry {
            get {
                switch pos {
                case 0: return entries.0
                case 1: return entries.1
                case 2: return entries.2
                default: return entries.3
                }
            }
            set {
                switch pos {
                case 0: entries.0 = newValue
                case 1: entries.1 = newValue
                case 2: entries.2 = newValue
                default: entries.3 = newValue
                }
            }
        }
    }
    struct ExceptionBase: Sendable {
        var pos: PartOfSpeech
        var base: String
    }

    public let directory: URL
    let records: [String: LemmaRecord]
    let offsets: [[UInt32]]      // per pos index
    /// SemCor tag count of each sense, parallel to `offsets` (cntlist.rev; 0 when untagged).
    let senseCounts: [[UInt16]]
    let exceptions: [String: [ExceptionBase]]
    let data: [Data]             // per pos index, memory-mapped
    /// What `areRelated` needs of a word, computed once per word: generating a quiz asks about the same words often.
    private let relativesCache = Mutex<[String: Relatives]>([:])
    private let domainSharesCache = Mutex<[String: [SynsetID: Double]]>([:])
    private let topicDomainsCache = Mutex<[SynsetID: [SynsetID]]>([:])
    /// Morphy results and parsed synsets, kept for the process: the analyzer, the sense selector and the question
    /// makers ask for the same words and senses, and a pipeline asks again for every script.
    private let candidatesCache = Mutex<[String: [Candidate]]>(Dictionary(minimumCapacity: 1 << 16))
    private let synsetCache = Mutex<[SynsetID: Synset]>([:])
    private let depthCache = Mutex<[SynsetID: Int]>([:])

    struct Relatives: Sendable {
        var lemmas: Set<String>
        var synsets: Set<SynsetID>
        /// Targets of derivational, pertainym, similar-to and the other kinship pointers.
        var kin: Set<SynsetID>
        /// Hypernyms at any depth.
        var ancestors: Set<SynsetID>
    }

    private static let sharedResult: Result<WordNet, LecternError> = {
        do throws(LecternError) { return .success(try WordNet()) } catch { return .failure(error) }
    }()

    /// The process-wide instance for the default directory, loaded on first use.
    public static func shared() throws(LecternError) -> WordNet {
        switch sharedResult {
        case .success(let w): return w
        case .failure(let e): throw e
        }
    }

    public init(directory: URL = URL(fileURLWithPath: "/usr/share/wordnet")) throws(LecternError) {
        self.directory = directory
        func read(_ name: String, mapped: Bool = false) throws(LecternError) -> Data {
            let url = directory.appendingPathComponent(name)
            do {
                return try Data(contentsOf: url, options: mapped ? [.alwaysMapped] : [])
            } catch {
                throw LecternError(.missingDependency,
                                   "WordNet file \(url.path) could not be read (install the Debian package wordnet-base): \(error.localizedDescription)")
            }
        }
        var records = [String: LemmaRecord](minimumCapacity: 160_000)
        var offsets: [[UInt32]] = []
        var datas: [Data] = []
        for pos in PartOfSpeech.allCases {
            let indexData = try read("index." + pos.fileSuffix)
            var flat: [UInt32] = []
            flat.reserveCapacity(indexData.count / 40)
            indexData.withUnsafeBytes { raw in
                WordNet.parseIndex(raw.bindMemory(to: UInt8.self), pos: pos.index, records: &records, offsets: &flat)
            }
            offsets.append(flat)
            datas.append(try read("data." + pos.fileSuffix, mapped: true))
        }
        var exceptions = [String: [ExceptionBase]](minimumCapacity: 6_000)
        for pos in [PartOfSpeech.noun, .verb, .adjective, .adverb] {
            let exc = try read(pos.fileSuffix + ".exc")
            exc.withUnsafeBytes { raw in
                WordNet.parseExceptions(raw.bindMemory(to: UInt8.self), pos: pos, into: &exceptions)
            }
        }
        // Sense frequencies are optional: without cntlist.rev every frequency is 0.
        var senseCounts = offsets.map { [UInt16](repeating: 0, count: $0.count) }
        if let counts = try? read("cntlist.rev") {
            counts.withUnsafeBytes { raw in
                WordNet.parseCounts(raw.bindMemory(to: UInt8.self), records: &records, senseCounts: &senseCounts)
            }
        }
        self.senseCounts = senseCounts
        guard !records.isEmpty else {
            throw LecternError(.internalError, "WordNet index files in \(directory.path) are empty.")
        }
        self.records = records
        self.offsets = offsets
        self.exceptions = exceptions
        self.data = datas
    }

    // MARK: Loading

    @inline(__always)
    private static func parseInt(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> Int {
        while i < end && p[i] == 0x20 { i += 1 }
        var v = 0
        while i < end, UTF8Bytes.isDigit(p[i]) { v = v * 10 + Int(p[i] - 0x30); i += 1 }
        return v
    }

    @inline(__always)
    private static func skipField(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) {
        while i < end && p[i] == 0x20 { i += 1 }
        while i < end && p[i] != 0x20 { i += 1 }
    }

    private static func parseIndex(_ p: UnsafeBufferPointer<UInt8>, pos: Int,
                                   records: inout [String: LemmaRecord], offsets: inout [UInt32]) {
        let n = p.count
        var i = 0
        while i < n {
            var end = i
            while end < n && p[end] != 0x0A { end += 1 }
            defer { i = end + 1 }
            if p[i] == 0x20 { continue }  // licence header
            var j = i
            while j < end && p[j] != 0x20 { j += 1 }
            let lemma = UTF8Bytes.string(p, i, j)
            skipField(p, &j, end)                     // pos
            let synsetCount = parseInt(p, &j, end)
            let pointerCount = parseInt(p, &j, end)
            for _ in 0..<pointerCount { skipField(p, &j, end) }
            _ = parseInt(p, &j, end)                   // sense_cnt
            _ = parseInt(p, &j, end)                   // tagsense_cnt
            let start = UInt32(offsets.count)
            for _ in 0..<synsetCount { offsets.append(UInt32(parseInt(p, &j, end))) }
            var entry = PosEntry()
            entry.start = start
            entry.count = UInt16(min(synsetCount, Int(UInt16.max)))
            records[lemma, default: LemmaRecord()][pos] = entry
        }
    }

    private static func parseExceptions(_ p: UnsafeBufferPointer<UInt8>, pos: PartOfSpeech,
                                        into map: inout [String: [ExceptionBase]]) {
        let n = p.count
        var i = 0
        while i < n {
            var end = i
            while end < n && p[end] != 0x0A { end += 1 }
            defer { i = end + 1 }
            var fields: [String] = []
            var j = i
            while j < end {
                while j < end && p[j] == 0x20 { j += 1 }
                let s = j
                while j < end && p[j] != 0x20 { j += 1 }
                if j > s { fields.append(UTF8Bytes.string(p, s, j)) }
            }
            guard fields.count >= 2 else { continue }
            for base in fields.dropFirst() {
                map[fields[0], default: []].append(ExceptionBase(pos: pos, base: base))
            }
        }
    }

    /// cntlist.rev: `lemma%ss_type:lex_filenum:lex_id:head_word:head_id sense_number tag_cnt`
    private static func parseCounts(_ p: UnsafeBufferPointer<UInt8>, records: inout [String: LemmaRecord],
                                    senseCounts: inout [[UInt16]]) {
        let n = p.count
        var i = 0
        while i < n {
            var end = i
            while end < n && p[end] != 0x0A { end += 1 }
            defer { i = end + 1 }
            var pct = i
            while pct < end && p[pct] != 0x25 { pct += 1 }  // %
            guard pct + 1 < end else { continue }
            let pos: Int
            switch p[pct + 1] {
            case UInt8(ascii: "1"): pos = 0
            case UInt8(ascii: "2"): pos = 1
            case UInt8(ascii: "3"), UInt8(ascii: "5"): pos = 2
            case UInt8(ascii: "4"): pos = 3
            default: continue
            }
            var j = pct
            skipField(p, &j, end)
            let senseNumber = parseInt(p, &j, end)
            let count = parseInt(p, &j, end)
            let lemma = UTF8Bytes.string(p, i, pct)
            if var record = records[lemma], record[pos].count > 0 {
                record[pos].frequency &+= UInt32(count)
                records[lemma] = record
                if senseNumber >= 1 && senseNumber <= Int(record[pos].count) {
                    let k = Int(record[pos].start) + senseNumber - 1
                    senseCounts[pos][k] = UInt16(clamping: Int(senseCounts[pos][k]) + count)
                }
            }
        }
    }

    // MARK: Lookup

    /// Lower-cases and turns spaces into WordNet's underscores; curly apostrophes become straight.
    @inline(__always)
    static func key(_ word: String) -> String {
        var w = word
        if let first = w.utf8.first, let last = w.utf8.last,
           first <= 0x20 || last <= 0x20 || first >= 0x80 || last >= 0x80 {
            w = w.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if w.utf8.contains(where: { $0 >= 0x80 || UTF8Bytes.isASCIIUpper($0) }) { w = w.lowercased() }
        if w.utf8.contains(where: { $0 == 0x20 || $0 >= 0x80 }) {
            w = w.replacingOccurrences(of: "\u{2019}", with: "'").split(whereSeparator: { $0 == " " }).joined(separator: "_")
        }
        return w
    }

    /// Turns a WordNet lemma ("ice_cream") into display form ("ice cream").
    @inline(__always)
    public static func display(_ lemma: String) -> String {
        lemma.utf8.contains(0x5F) ? String(decoding: lemma.utf8.map { $0 == 0x5F ? 0x20 : $0 }, as: UTF8.self) : lemma
    }

    private static let substitutions: [[(suffix: String, ending: String)]] = [
        [("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
         ("men", "man"), ("ies", "y")],
        [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")],
        [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
        [],
    ]

    struct Candidate: Sendable {
        var lemma: String       // WordNet form (underscores)
        var pos: PartOfSpeech
        var frequency: Int
    }

    /// `morphy(_:)` of a key, computed once per process for the forms WordNet knows (only those: the cache stays
    /// bounded by WordNet's inflected forms, whatever names, numbers and OCR noise the texts bring).
    func candidates(ofKey w: String) -> [Candidate] {
        if let cached = candidatesCache.withLock({ $0[w] }) { return cached }
        let out = morphy(w)
        if !out.isEmpty { candidatesCache.withLock { $0[w] = out } }
        return out
    }

    /// Morphy over every part of speech: for each, the exception list's base forms (if the word is an
    /// exception), the word itself, then the detachment rules (only if it was not an exception) — keeping
    /// only forms present in that part of speech's index.
    private func morphy(_ w: String) -> [Candidate] {
        var out: [Candidate] = []
        let exc = exceptions[w]
        let own = records[w]
        let wBytes = Array(w.utf8)
        // Small memo so each distinct candidate string is looked up once.
        var memo: [(String, LemmaRecord?)] = []
        func record(_ s: String) -> LemmaRecord? {
            if s == w { return own }
            for (k, r) in memo where k == s { return r }
            let r = records[s]
            memo.append((s, r))
            return r
        }
        func add(_ s: String, _ pos: PartOfSpeech) {
            guard let r = record(s) else { return }
            let e = r[pos.index]
            guard e.count > 0 else { return }
            if out.contains(where: { $0.lemma == s && $0.pos == pos }) { return }
            out.append(Candidate(lemma: s, pos: pos, frequency: Int(e.frequency)))
        }
        for pos in PartOfSpeech.allCases {
            let bases = exc?.filter { $0.pos == pos } ?? []
            if !bases.isEmpty {
                for b in bases { add(b.base, pos) }
                add(w, pos)
                continue
            }
            add(w, pos)
            if pos == .noun && (w.hasSuffix("ss") || wBytes.count <= 2) { continue }
            for rule in WordNet.substitutions[pos.index] {
                let suffix = rule.suffix.utf8
                guard wBytes.count > suffix.count, wBytes.suffix(suffix.count).elementsEqual(suffix) else { continue }
                let stem = String(decoding: wBytes[0..<(wBytes.count - suffix.count)], as: UTF8.self)
                add(stem + rule.ending, pos)
            }
        }
        return out
    }

    /// Morphy: the base forms of `word` in every part of speech, exception lists first, then the word
    /// itself, then detachment rules; only forms present in the index. Nouns, verbs, adjectives, adverbs
    /// in that order. Multi-word input may use spaces ("ice cream").
    public func lemmas(of word: String) -> [(lemma: String, pos: PartOfSpeech)] {
        candidates(ofKey: WordNet.key(word)).map { (WordNet.display($0.lemma), $0.pos) }
    }

    /// The single most likely lemma of `word`: the base form with the highest SemCor frequency, with a
    /// bonus for the word itself (so "data" stays "data" but "running" becomes "run"). `nounContext`
    /// (the word follows a determiner) restricts the choice to nouns when a noun reading exists.
    public func lemma(of word: String, nounContext: Bool = false) -> String? {
        let w = WordNet.key(word)
        return WordNet.bestCandidate(candidates(ofKey: w), surface: w, nounContext: nounContext).map { WordNet.display($0.lemma) }
    }

    static func bestCandidate(_ cands: [Candidate], surface: String, nounContext: Bool) -> Candidate? {
        guard !cands.isEmpty else { return nil }
        var pool = cands
        if nounContext {
            let nouns = cands.filter { $0.pos == .noun }
            if !nouns.isEmpty { pool = nouns }
        }
        // Sum frequencies per lemma across parts of speech ("study" noun + verb).
        var best: Candidate? = nil
        var bestScore = -1
        for c in pool where best?.lemma != c.lemma {
            var total = 0
            for d in pool where d.lemma == c.lemma { total += d.frequency }
            var score = (total + 1) * 4
            if c.lemma == surface { score = score * 5 / 2 }
            if score > bestScore { bestScore = score; best = c }
        }
        return best
    }

    /// True when some synset of `lemma` spells it in lower case (false for "Paris", true for "rose").
    public func hasLowercaseSense(_ lemma: String) -> Bool {
        let key = WordNet.key(lemma)
        let shown = WordNet.display(key)
        for id in synsetIDs(ofKey: key, pos: nil) {
            if let s = synsetStructure(id), s.words.contains(shown) { return true }
        }
        return false
    }

    public func isKnown(_ word: String) -> Bool {
        !candidates(ofKey: WordNet.key(word)).isEmpty
    }

    /// SemCor tag count of `lemma` (summed over its senses; over all parts of speech when `pos` is nil).
    /// A rough frequency signal: most rare words have 0.
    public func frequency(of lemma: String, pos: PartOfSpeech? = nil) -> Int {
        guard let r = records[WordNet.key(lemma)] else { return 0 }
        if let pos { return Int(r[pos.index].frequency) }
        return (0..<4).reduce(0) { $0 + Int(r[$1].frequency) }
    }

    /// SemCor tag count of each sense of `lemma` in `pos`, in sense order (as `synsetIDs(of:pos:)` lists them for a
    /// lemma of the index); empty when the lemma has no sense in `pos`.
    public func senseTagCounts(of lemma: String, pos: PartOfSpeech) -> [Int] {
        guard let entry = records[WordNet.key(lemma)]?[pos.index], entry.count > 0 else { return [] }
        let start = Int(entry.start)
        return senseCounts[pos.index][start..<start + Int(entry.count)].map(Int.init)
    }

    /// Number of senses of `lemma` in `pos` (0 if absent).
    public func senseCount(of lemma: String, pos: PartOfSpeech) -> Int {
        Int(records[WordNet.key(lemma)]?[pos.index].count ?? 0)
    }

    /// Every lemma of `pos` in the index, sorted, in display form (spaces, not underscores).
    public func allLemmas(pos: PartOfSpeech) -> [String] {
        records.compactMap { $0.value[pos.index].count > 0 ? WordNet.display($0.key) : nil }.sorted()
    }

    /// Synset ids of exactly this (WordNet-form) lemma, in sense order.
    func synsetIDs(ofKey key: String, pos: PartOfSpeech?) -> [SynsetID] {
        guard let r = records[key] else { return [] }
        var out: [SynsetID] = []
        for p in PartOfSpeech.allCases where pos == nil || pos == p {
            let e = r[p.index]
            guard e.count > 0 else { continue }
            let list = offsets[p.index]
            for k in Int(e.start)..<(Int(e.start) + Int(e.count)) { out.append(SynsetID(offset: Int(list[k]), pos: p)) }
        }
        return out
    }

    /// Synsets of `lemma` in sense (frequency) order, nouns then verbs, adjectives, adverbs when `pos` is
    /// nil. If the word is not itself a lemma, its morphy base forms are used ("banks" → "bank").
    public func synsets(of lemma: String, pos: PartOfSpeech? = nil) -> [Synset] {
        synsetIDs(of: lemma, pos: pos).compactMap { synset($0) }
    }

    public func synsetIDs(of lemma: String, pos: PartOfSpeech? = nil) -> [SynsetID] {
        let key = WordNet.key(lemma)
        var ids = synsetIDs(ofKey: key, pos: pos)
        if ids.isEmpty {
            for c in candidates(ofKey: key) where pos == nil || c.pos == pos {
                for id in synsetIDs(ofKey: c.lemma, pos: c.pos) where !ids.contains(id) { ids.append(id) }
            }
        }
        return ids
    }

    /// The definition of the most frequent sense.
    public func definition(of lemma: String, pos: PartOfSpeech? = nil) -> String? {
        guard let id = synsetIDs(of: lemma, pos: pos).first else { return nil }
        return synset(id)?.gloss
    }

    // MARK: Data lines

    static let lexicographerFiles = [
        "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal", "noun.artifact", "noun.attribute",
        "noun.body", "noun.cognition", "noun.communication", "noun.event", "noun.feeling", "noun.food", "noun.group",
        "noun.location", "noun.motive", "noun.object", "noun.person", "noun.phenomenon", "noun.plant",
        "noun.possession", "noun.process", "noun.quantity", "noun.relation", "noun.shape", "noun.state",
        "noun.substance", "noun.time", "verb.body", "verb.change", "verb.cognition", "verb.communication",
        "verb.competition", "verb.consumption", "verb.contact", "verb.creation", "verb.emotion", "verb.motion",
        "verb.perception", "verb.possession", "verb.social", "verb.stative", "verb.weather", "adj.ppl",
    ]

    /// Reads and parses the synset at `id` (nil if the offset is not the start of a synset line).
    public func synset(_ id: SynsetID) -> Synset? {
        if let cached = synsetCache.withLock({ $0[id] }) { return cached }
        let parsed = data[id.pos.index].withUnsafeBytes { raw -> Synset? in
            WordNet.parseSynset(raw.bindMemory(to: UInt8.self), id: id, gloss: true)
        }
        if let parsed { synsetCache.withLock { $0[id] = parsed } }
        return parsed
    }

    /// The synset at `id` without its gloss and examples (empty): what relation walks need, at a fraction of the
    /// cost (splitting the gloss was most of a full parse).
    func synsetStructure(_ id: SynsetID) -> Synset? {
        data[id.pos.index].withUnsafeBytes { raw -> Synset? in
            WordNet.parseSynset(raw.bindMemory(to: UInt8.self), id: id, gloss: false)
        }
    }

    /// The lexicographer file number (0-44) of the synset at `id`, read from its data line.
    public func lexicographerFileNumber(of id: SynsetID) -> Int? {
        data[id.pos.index].withUnsafeBytes { raw -> Int? in
            let p = raw.bindMemory(to: UInt8.self)
            var i = id.offset
            guard i >= 0, i < p.count, i == 0 || p[i - 1] == 0x0A else { return nil }
            while i < p.count && p[i] != 0x20 { i += 1 }
            while i < p.count && p[i] == 0x20 { i += 1 }
            var v = 0, digits = 0
            while i < p.count, UTF8Bytes.isDigit(p[i]) { v = v * 10 + Int(p[i] - 0x30); i += 1; digits += 1 }
            return digits > 0 ? v : nil
        }
    }

    /// The topic domains of the synset at `id` (its `;c` pointers: "computer science" for the program sense of
    /// "argument"), each taken up to its broadest domain (a domain synset may itself have a `;c` domain), read
    /// from the data line once and cached per instance. Empty for most synsets.
    public func topicDomains(of id: SynsetID) -> [SynsetID] {
        if let cached = topicDomainsCache.withLock({ $0[id] }) { return cached }
        var out: [SynsetID] = []
        forEachPointer(of: id) { relation, target, _, _ in
            guard relation == .domainTopic else { return }
            let root = broadestDomain(target)
            if !out.contains(root) { out.append(root) }
        }
        topicDomainsCache.withLock { $0[id] = out }
        return out
    }

    /// The synsets that name `domain` as their topic, and those of its narrower domains (`-c` pointers, three levels
    /// down): "contract", "plaintiff", "statute" … for "law".
    public func domainMembers(of domain: SynsetID) -> [SynsetID] {
        var members: [SynsetID] = []
        var seen: Set = [domain]
        var frontier = [domain]
        for _ in 0..<3 {
            var next: [SynsetID] = []
            for id in frontier {
                forEachPointer(of: id) { relation, target, _, _ in
                    guard relation == .memberOfDomainTopic, seen.insert(target).inserted else { return }
                    members.append(target)
                    next.append(target)
                }
            }
            frontier = next
        }
        return members
    }

    /// How much of a lemma falls in each topic domain: its senses (every part of speech) in the domain — their own
    /// `topicDomains`, else their direct hypernyms' — over all its senses (senses counted, not SemCor tags:
    /// computing senses are rarely tagged). Cached per instance, like `relatives`.
    public func topicDomainShares(of lemma: String) -> [SynsetID: Double] {
        let key = WordNet.key(lemma)
        if let cached = domainSharesCache.withLock({ $0[key] }) { return cached }
        var total = 0.0
        var shares: [SynsetID: Double] = [:]
        for id in synsetIDs(ofKey: key, pos: nil) {
            total += 1
            var domains = topicDomains(of: id)
            if domains.isEmpty {
                forEachPointer(of: id) { relation, target, _, _ in
                    guard relation == .hypernym || relation == .instanceHypernym else { return }
                    for d in topicDomains(of: target) where !domains.contains(d) { domains.append(d) }
                }
            }
            for domain in domains { shares[domain, default: 0] += 1 }
        }
        if total > 0 { for d in shares.keys { shares[d]! /= total } }
        domainSharesCache.withLock { $0[key] = shares }
        return shares
    }

    /// A domain synset's broadest topic domain: its `;c` pointers followed up (at most four steps); when they
    /// loop ("computer science" and "computer" are each other's domain) the smallest id of the loop, so every
    /// way into it ends at the same synset.
    func broadestDomain(_ id: SynsetID) -> SynsetID {
        var chain = [id]
        for _ in 0..<4 {
            var up: SynsetID?
            forEachPointer(of: chain[chain.count - 1]) { relation, target, _, _ in
                if relation == .domainTopic && up == nil { up = target }
            }
            guard let next = up else { break }
            if let loop = chain.firstIndex(of: next) { return chain[loop...].min()! }
            chain.append(next)
        }
        return chain[chain.count - 1]
    }

    /// Calls `body` with each pointer of the synset at `id` (relation, target, source and target word numbers),
    /// straight from the data line: no strings are made.
    func forEachPointer(of id: SynsetID, _ body: (WordNetRelation, SynsetID, Int, Int) -> Void) {
        data[id.pos.index].withUnsafeBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            let n = p.count
            let start = id.offset
            guard start >= 0, start < n, start == 0 || p[start - 1] == 0x0A else { return }
            var i = start
            @inline(__always) func field() -> (Int, Int) {
                while i < n && p[i] == 0x20 { i += 1 }
                let s = i
                while i < n && p[i] != 0x20 && p[i] != 0x0A { i += 1 }
                return (s, i)
            }
            @inline(__always) func number(_ r: (Int, Int), radix: Int) -> Int {
                var v = 0
                for k in r.0..<r.1 {
                    let c = p[k]
                    if UTF8Bytes.isDigit(c) { v = v * radix + Int(c - 0x30) }
                    else if radix == 16, (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 { v = v * 16 + Int((c | 0x20) - 0x61 + 10) }
                    else { break }
                }
                return v
            }
            guard number(field(), radix: 10) == start else { return }
            _ = field()  // lex_filenum
            _ = field()  // ss_type
            let wordCount = number(field(), radix: 16)
            for _ in 0..<(2 * wordCount) { _ = field() }
            let pointerCount = number(field(), radix: 10)
            for _ in 0..<pointerCount {
                let sym = field(), off = field(), posField = field(), st = field()
                guard let relation = WordNet.relation(p, sym.0, sym.1), posField.1 > posField.0,
                      let tpos = PartOfSpeech(wordNetByte: p[posField.0]) else { continue }
                let stv = number(st, radix: 16)
                body(relation, SynsetID(offset: number(off, radix: 10), pos: tpos), stv >> 8, stv & 0xFF)
            }
        }
    }

    /// A pointer symbol's relation, from its bytes (`WordNetRelation(rawValue:)` without making a String).
    @inline(__always)
    static func relation(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> WordNetRelation? {
        let length = e - s
        guard length == 1 || length == 2 else { return nil }
        return relationBySymbol[Int(p[s]) << 8 | (length == 2 ? Int(p[s + 1]) : 0)]
    }

    /// The relations by their pointer symbol's one or two bytes (first << 8 | second, 0 for none), made from
    /// the raw values.
    private static let relationBySymbol: [WordNetRelation?] = {
        var table = [WordNetRelation?](repeating: nil, count: 1 << 16)
        for relation in WordNetRelation.allCases {
            let bytes = Array(relation.rawValue.utf8)
            table[Int(bytes[0]) << 8 | (bytes.count == 2 ? Int(bytes[1]) : 0)] = relation
        }
        return table
    }()

    private static func parseSynset(_ p: UnsafeBufferPointer<UInt8>, id: SynsetID, gloss withGloss: Bool) -> Synset? {
        let n = p.count
        let start = id.offset
        guard start >= 0, start < n, start == 0 || p[start - 1] == 0x0A else { return nil }
        var end = start
        while end < n && p[end] != 0x0A { end += 1 }
        var i = start
        func field() -> (Int, Int) {
            while i < end && p[i] == 0x20 { i += 1 }
            let s = i
            while i < end && p[i] != 0x20 { i += 1 }
            return (s, i)
        }
        func hex(_ r: (Int, Int)) -> Int {
            var v = 0
            for k in r.0..<r.1 {
                let c = p[k]
                let d: Int
                if UTF8Bytes.isDigit(c) { d = Int(c - 0x30) } else if (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 { d = Int((c | 0x20) - 0x61 + 10) } else { return v }
                v = v * 16 + d
            }
            return v
        }
        func dec(_ r: (Int, Int)) -> Int {
            var v = 0
            for k in r.0..<r.1 where UTF8Bytes.isDigit(p[k]) { v = v * 10 + Int(p[k] - 0x30) }
            return v
        }
        guard dec(field()) == start else { return nil }
        let lexFile = dec(field())
        let ssType = field()
        guard ssType.1 > ssType.0 else { return nil }
        let isSatellite = p[ssType.0] == UInt8(ascii: "s")
        let wordCount = hex(field())
        var words: [String] = []
        words.reserveCapacity(wordCount)
        for _ in 0..<wordCount {
            let (ws, we) = field()
            _ = field()  // lex_id
            var e = we
            // Adjective markers: word(a), word(p), word(ip)
            if e > ws && p[e - 1] == 0x29, let open = (ws..<e).last(where: { p[$0] == 0x28 }) { e = open }
            words.append(display(UTF8Bytes.string(p, ws, e)))
        }
        let pointerCount = dec(field())
        var pointers: [SynsetPointer] = []
        pointers.reserveCapacity(pointerCount)
        for _ in 0..<pointerCount {
            let sym = field(), off = field(), posField = field(), st = field()
            guard let rel = WordNet.relation(p, sym.0, sym.1),
                  posField.1 > posField.0, let tpos = PartOfSpeech(wordNetByte: p[posField.0]) else { continue }
            let stv = hex(st)
            pointers.append(SynsetPointer(relation: rel, target: SynsetID(offset: dec(off), pos: tpos),
                                          sourceWord: stv >> 8, targetWord: stv & 0xFF))
        }
        // Skip verb frames up to the gloss separator.
        while i < end && p[i] != 0x7C { i += 1 }
        var gloss = ""
        var examples: [String] = []
        if withGloss && i < end {
            var a = i + 1, b = end
            while a < b && (p[a] == 0x20 || p[a] == 0x09) { a += 1 }
            while b > a && (p[b - 1] == 0x20 || p[b - 1] == 0x09 || p[b - 1] == 0x0D) { b -= 1 }
            (gloss, examples) = splitGloss(UTF8Bytes.string(p, a, b))
        }
        return Synset(offset: start, pos: id.pos, isSatellite: isSatellite, words: words, gloss: gloss,
                      examples: examples, pointers: pointers,
                      lexicalFile: lexFile < lexicographerFiles.count ? lexicographerFiles[lexFile] : nil)
    }

    /// `definition; "example one"; "example two"` → ("definition", ["example one", "example two"]).
    static func splitGloss(_ text: String) -> (String, [String]) {
        var definition: [Substring] = []
        var examples: [String] = []
        // Split on the byte: a Character split is a third of a synset parse.
        for part in text.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true) {
            let t = trimSpaces(Substring(part))
            if t.first == "\"" {
                var ex = t.dropFirst()
                if let close = ex.lastIndex(of: "\"") { ex = ex[..<close] }
                let cleaned = trimSpaces(ex)
                if !cleaned.isEmpty { examples.append(String(cleaned)) }
            } else if examples.isEmpty {
                definition.append(t)
            } else if var last = examples.popLast() {
                // A ';' inside an example.
                last += "; " + t.filter { $0 != "\"" }
                examples.append(last)
            }
        }
        return (definition.joined(separator: "; "), examples)
    }

    /// Trims spaces and tabs (WordNet glosses are ASCII) without going through Foundation.
    @inline(__always)
    static func trimSpaces(_ s: Substring) -> Substring {
        let bytes = s.utf8
        guard let first = bytes.firstIndex(where: { !Whitespace.isBlank($0) }),
              let last = bytes.lastIndex(where: { !Whitespace.isBlank($0) }) else { return s[s.endIndex...] }
        return s[first...last]
    }

    // MARK: Relations

    /// Words of the hyponyms of this synset's hypernyms (its "sisters"), minus the synset's own words.
    public func coordinateTerms(of id: SynsetID) -> [String] {
        guard let s = synsetStructure(id) else { return [] }
        let own = Set(s.words.map { $0.lowercased() })
        var out: [String] = []
        var seen = Set<String>()
        for parent in s.hypernyms + s.instanceHypernyms {
            guard let ps = synsetStructure(parent) else { continue }
            for child in ps.hyponyms + ps.instanceHyponyms where child != id {
                guard let cs = synsetStructure(child) else { continue }
                for w in cs.words {
                    let k = w.lowercased()
                    if !own.contains(k) && seen.insert(k).inserted { out.append(w) }
                }
            }
        }
        return out
    }

    /// A sense's sisters and cousins, nearest first, each synset once: the other hyponyms of its hypernyms (`level` 1),
    /// then the other hyponyms of their hypernyms and those hyponyms' own hyponyms (`level` 2). A parent is passed over
    /// when it is too broad to make its children one kind: more than `maxChildren` hyponyms ("person": users, cowards
    /// and natives), or nearer the top than `minDepth` (`depth(of:)`; "communication": messages, languages and
    /// signals), `minDepth` + 1 for a grandparent.
    public func sisters(of id: SynsetID, maxChildren: Int, minDepth: Int) -> [(synset: SynsetID, level: Int)] {
        guard let sense = synsetStructure(id) else { return [] }
        func children(_ parent: SynsetID, level: Int = 1) -> [SynsetID]? {
            guard depth(of: parent) >= minDepth + level - 1, let synset = synsetStructure(parent) else { return nil }
            let all = synset.hyponyms + synset.instanceHyponyms
            return all.count <= maxChildren ? all : nil
        }
        var seen: Set<SynsetID> = [id]
        var out: [(synset: SynsetID, level: Int)] = []
        let parents = sense.hypernyms + sense.instanceHypernyms
        for parent in parents {
            for child in children(parent) ?? [] where seen.insert(child).inserted { out.append((child, 1)) }
        }
        seen.formUnion(parents)
        for parent in parents {
            for grandparent in synsetStructure(parent)?.hypernyms ?? [] {
                for aunt in children(grandparent, level: 2) ?? [] where seen.insert(aunt).inserted {
                    out.append((aunt, 2))
                    for cousin in children(aunt) ?? [] where seen.insert(cousin).inserted { out.append((cousin, 2)) }
                }
            }
        }
        return out
    }

    /// Steps from the synset at `id` up to the top of its hierarchy by the shortest hypernym path ("entity" is 0,
    /// "artifact" 4, "device" 6): how specific a kind it names. Cached per instance.
    public func depth(of id: SynsetID) -> Int {
        if let known = depthCache.withLock({ $0[id] }) { return known }
        let parents = synsetStructure(id).map { $0.hypernyms + $0.instanceHypernyms } ?? []
        let depth = parents.isEmpty ? 0 : 1 + parents.map { self.depth(of: $0) }.min()!
        depthCache.withLock { $0[id] = depth }
        return depth
    }

    /// Whether the sense at `id` and some sense of `word` in the same part of speech are of one specific kind: a
    /// hypernym at most `steps` above each, and at least `minDepth` below the top (`depth(of:)`). "tape" and "floppy
    /// disk" are both memory devices; "desktop" and "floppy disk" meet only at "device", four steps up.
    public func sharesKind(_ id: SynsetID, with word: String, steps: Int, minDepth: Int) -> Bool {
        let own = hypernymSteps(of: id, upTo: steps).filter { depth(of: $0.key) >= minDepth }
        guard !own.isEmpty else { return false }
        return synsetIDs(of: word, pos: id.pos).contains { other in
            hypernymSteps(of: other, upTo: steps).keys.contains { own[$0] != nil }
        }
    }

    /// The synset itself (0 steps) and its hypernyms up to `levels` steps above it, each with its fewest steps.
    func hypernymSteps(of id: SynsetID, upTo levels: Int) -> [SynsetID: Int] {
        var steps: [SynsetID: Int] = [id: 0]
        var frontier = [id]
        for level in 1...max(1, levels) {
            frontier = frontier.flatMap { synsetStructure($0).map { $0.hypernyms + $0.instanceHypernyms } ?? [] }
            for parent in frontier where steps[parent] == nil { steps[parent] = level }
        }
        return steps
    }

    /// All hypernyms (and instance hypernyms) of the given synsets, transitively.
    public func ancestors(of ids: some Sequence<SynsetID>) -> Set<SynsetID> {
        var seen = Set<SynsetID>()
        var stack = Array(ids)
        while let id = stack.popLast() {
            forEachPointer(of: id) { relation, target, _, _ in
                if (relation == .hypernym || relation == .instanceHypernym) && seen.insert(target).inserted { stack.append(target) }
            }
        }
        return seen
    }

    private static let kinship: Set<WordNetRelation> = [
        .derivationallyRelated, .pertainym, .participle, .similarTo, .attribute, .verbGroup, .alsoSee,
    ]

    /// True when the two words should not both appear as options of one question: the same word or
    /// lemma (morphological relatives: "ran"/"run"), a shared synset (synonyms), one a hypernym or
    /// hyponym of the other at any depth, or linked by a derivational / pertainym / participle /
    /// similar-to / attribute / verb-group / also-see pointer ("teach"/"teacher", "quick"/"quickly").
    public func areRelated(_ a: String, _ b: String) -> Bool {
        let ka = WordNet.key(a), kb = WordNet.key(b)
        if ka == kb { return true }
        let ra = relatives(ofKey: ka), rb = relatives(ofKey: kb)
        if !ra.lemmas.isDisjoint(with: rb.lemmas) { return true }
        if ra.synsets.isEmpty || rb.synsets.isEmpty { return false }
        return !ra.synsets.isDisjoint(with: rb.synsets)
            || !ra.kin.isDisjoint(with: rb.synsets) || !rb.kin.isDisjoint(with: ra.synsets)
            || !ra.ancestors.isDisjoint(with: rb.synsets) || !rb.ancestors.isDisjoint(with: ra.synsets)
    }

    func relatives(ofKey key: String) -> Relatives {
        if let cached = relativesCache.withLock({ $0[key] }) { return cached }
        let lemmas = Set(candidates(ofKey: key).map(\.lemma) + [key])
        var synsets = Set<SynsetID>()
        for lemma in lemmas { synsets.formUnion(synsetIDs(ofKey: lemma, pos: nil)) }
        var kin = Set<SynsetID>()
        for id in synsets {
            forEachPointer(of: id) { relation, target, _, _ in
                if WordNet.kinship.contains(relation) { kin.insert(target) }
            }
        }
        let relatives = Relatives(lemmas: lemmas, synsets: synsets, kin: kin, ancestors: ancestors(of: synsets))
        relativesCache.withLock { $0[key] = relatives }
        return relatives
    }
}
