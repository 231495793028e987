import Foundation
import LecternBytes
import LecternModel

/// Sentences, tokens and lemmas of a script, with counts, forms and a context sentence per lemma.
///
/// Kept: words whose lower-case form WordNet knows (through morphy). Dropped: stop words, numbers,
/// one-letter words, non-words (unknown to WordNet; an unknown hyphenated word is split into its parts)
/// and names — a word capitalised in the middle of a sentence that never appears in lower case in the
/// text ("Maria", "Paris", "NASA"); such a name is then also dropped where it starts a sentence.
/// Words in ALL-CAPS sentences are read as ordinary words.
///
/// The lemma of a form is chosen once per analysis (morphy candidates ranked by SemCor frequency, the
/// form itself favoured; after a determiner the noun reading wins: "the meeting" stays "meeting").
public struct TextAnalyzer: Sendable {
    public let wordNet: WordNet
    public var stopWords: Set<String>
    /// A context sentence of this many words (inclusive) is preferred.
    public var preferredContextLength: ClosedRange<Int> = 6...25

    public init(wordNet: WordNet, stopWords: Set<String> = StopWords.english) {
        self.wordNet = wordNet
        self.stopWords = stopWords
    }

    /// Decodes a script (`TextDecoding.decode`), strips subtitles for `srt`/`vtt` and quoted markup, and
    /// analyses it: what the `words` stage runs. Throws `.emptyFile`, `.encodingError`, or `.noTextFound` when
    /// no English word is left.
    public func analyze(data: Data, fileExtension: String) throws(LecternError) -> TextAnalysis {
        var text = try TextDecoding.decode(data)
        let ext = fileExtension.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        if ext == "srt" || ext == "vtt" { text = TextDecoding.stripSubtitles(text) }
        // A script may quote markup ("<script>…"); it is not prose, and no bundle may carry it.
        text = text.replacingOccurrences(of: #"<[A-Za-z!/][^<>]{0,500}>"#, with: " ", options: .regularExpression)
        if text.allSatisfy({ $0.isWhitespace }) {
            throw LecternError(.noTextFound, "The file contains only whitespace.")
        }
        let analysis = analyze(text)
        if analysis.words.isEmpty {
            throw LecternError(.noTextFound,
                               "No English words were found (\(analysis.tokenCount) tokens in \(analysis.sentenceCount) sentences, none a known word).")
        }
        return analysis
    }

    public func analyze(_ text: String) -> TextAnalysis {
        text.withUTF8Bytes { p in analyzeBytes(p) }
    }

    // MARK: Implementation

    /// Per distinct lower-case form.
    private struct FormStats {
        var lower: Int32 = 0        // occurrences written in lower case
        var capitalMid: Int32 = 0   // capitalised occurrences in the middle of a sentence
        var isDeterminer = false
        var cue = SentenceCue.none
    }

    /// Words that make a sentence teach a word (it defines or names it) or make it a poor context (a greeting).
    enum SentenceCue: UInt8 {
        case none
        /// "A volcano *is* a …", "Magma *means* …": the subject at the start of the sentence is being defined.
        case copula
        /// "a mountain *called* a volcano", "*known as* magma": the next word is being named.
        case naming
        /// "known" / "referred", which name the word after a following "as" ("known as magma").
        case known
        case asWord
        /// "a", "an": an appositive after a comma ("A volcano, a mountain …").
        case indefinite
        /// "*Hello* again, and welcome …": a sentence that opens so teaches nothing.
        case greeting

        static func of(_ form: String) -> SentenceCue {
            switch form {
            case "is", "are", "means", "refers": return .copula
            case "called", "named", "termed": return .naming
            case "known", "referred": return .known
            case "as": return .asWord
            case "a", "an": return .indefinite
            case "hello", "hi", "hey", "welcome", "goodbye", "bye", "thanks": return .greeting
            default: return .none
            }
        }
    }

    /// How well a sentence shows a word: it defines or names the word (+4) over a complete sentence of the
    /// preferred length (4) over one of that length (3) over a complete longer one (2) over any (1); a greeting 0.
    /// A complete sentence shorter than the preferred length is mostly a heading ("Grant of Patent License."): it
    /// ranks with fragments unless it defines the word ("Magma is molten rock.").
    private static func contextScore(complete: Bool, inRange: Bool, tooShort: Bool, greeting: Bool, defines: Bool) -> Int32 {
        if greeting { return 0 }
        let base: Int32 = inRange ? (complete ? 4 : 3) : (complete ? 2 : 1)
        if defines && base > 1 { return base + 4 }
        return tooShort ? 1 : base
    }

    /// Per form and context (after a determiner or not): how often, and the best sentence so far.
    private struct SlotStats {
        var count: Int32 = 0
        var bestScore: Int32 = -1
        var bestSentence: Int32 = 0
    }

    private static let maxTokenBytes = 64

    /// One pass over the sentences tallies every form and its best context; each form is then resolved to its
    /// lemmas once; only the chosen context sentences become strings.
    private func analyzeBytes(_ p: UnsafeBufferPointer<UInt8>) -> TextAnalysis {
        let spans = SentenceSplitter.ranges(p)
        var tally = FormTally(contextLength: preferredContextLength)
        for (index, span) in spans.enumerated() {
            tally.read(sentence: Int32(index), span, in: p)
        }
        let totals = lemmaTotals(tally)
        // Context sentences renumbered in text order.
        let chosen = Set(totals.best.map { Int($0.sentence) }).sorted()
        let position = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { ($1, $0) })
        let sentences = chosen.map { SentenceSplitter.normalizedString(p, spans[$0].start, spans[$0].end) }
        var words: [WordOccurrence] = []
        words.reserveCapacity(totals.lemmas.count)
        for (id, lemma) in totals.lemmas.enumerated() {
            words.append(WordOccurrence(lemma: lemma, forms: totals.forms[id], count: totals.counts[id],
                                        contextSentence: position[Int(totals.best[id].sentence)]!))
        }
        words.sort { $0.count != $1.count ? $0.count > $1.count : $0.lemma < $1.lemma }
        return TextAnalysis(sentences: sentences, sentenceCount: spans.count, tokenCount: tally.tokenCount, words: words)
    }

    /// Per lemma (in order of first resolution): occurrences, surface forms counted, and the best context.
    private struct LemmaTotals {
        var lemmas: [String] = []
        var counts: [Int] = []
        var forms: [[String: Int]] = []
        var best: [(score: Int32, sentence: Int32)] = []
    }

    /// Resolves each distinct (form, context) slot once and adds it to its lemmas; names are dropped here.
    private func lemmaTotals(_ tally: borrowing FormTally) -> LemmaTotals {
        var totals = LemmaTotals()
        var lemmaIDs: [String: Int] = [:]
        for k in 0..<tally.slots.count where tally.slots[k].count > 0 {
            let slot = tally.slots[k]
            let f = k / 2
            let s = tally.stats[f]
            if s.capitalMid > 0 && s.lower == 0 { continue }  // a name
            let results = lemmas(ofForm: tally.interner.string(Int32(f)), nounContext: k % 2 == 1)
            // Only ever seen capitalised at the start of sentences: keep it only if WordNet knows it
            // in lower case ("Paris" is not, "Students" is).
            if s.lower == 0 && !results.allSatisfy({ wordNet.hasLowercaseSense($0.lemma) }) { continue }
            for r in results {
                let id: Int
                if let existing = lemmaIDs[r.lemma] { id = existing } else {
                    id = totals.lemmas.count
                    lemmaIDs[r.lemma] = id
                    totals.lemmas.append(r.lemma)
                    totals.counts.append(0)
                    totals.forms.append([:])
                    totals.best.append((-1, 0))
                }
                totals.counts[id] += Int(slot.count)
                totals.forms[id][r.surface, default: 0] += Int(slot.count)
                let b = totals.best[id]
                if slot.bestScore > b.score || (slot.bestScore == b.score && slot.bestSentence < b.sentence) {
                    totals.best[id] = (slot.bestScore, slot.bestSentence)
                }
            }
        }
        return totals
    }

    /// What the pass over the sentences gathers: the distinct lower-case forms (interned, so the loop builds no
    /// `String`), their stats, and per (form, after a determiner or not) slot its count and best context sentence.
    private struct FormTally: ~Copyable {
        var interner = ByteInterner(capacity: 1 << 12)
        let stats = PodBuffer<FormStats>(capacity: 1 << 12)
        let slots = PodBuffer<SlotStats>(capacity: 1 << 13)
        private(set) var tokenCount = 0
        private let contextLength: ClosedRange<Int32>
        // The current sentence, per token: its slot, its form, whether a comma follows it (for definitions and
        // appositives); and the forms capitalised in mid-sentence.
        private let sentenceSlots = PodBuffer<Int32>(capacity: 256)
        private let sentenceForms = PodBuffer<Int32>(capacity: 256)
        private let commaAfter = PodBuffer<Bool>(capacity: 256)
        private let capitalMidForms = PodBuffer<Int32>(capacity: 64)
        /// Padded so that eight-byte loads at any offset below the key length stay in bounds.
        private let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: TextAnalyzer.maxTokenBytes + 8)

        init(contextLength: ClosedRange<Int>) {
            self.contextLength = Int32(contextLength.lowerBound)...Int32(contextLength.upperBound)
        }

        deinit { scratch.deallocate() }

        /// Tallies one sentence's word tokens, then offers the sentence as the context of each.
        mutating func read(sentence: Int32, _ span: SentenceSplitter.Span, in p: UnsafeBufferPointer<UInt8>) {
            sentenceSlots.removeAll()
            sentenceForms.removeAll()
            commaAfter.removeAll()
            capitalMidForms.removeAll()
            var previousEnd = span.start
            var tokens: Int32 = 0
            var letterWords = 0, capsWords = 0
            var firstStartsUpper = false
            var previousIsDeterminer = false
            var cursor = Tokenizer.Cursor(p, span.start, span.end)
            while let t = cursor.next() {
                if TextAnalyzer.startsAddress(p, t, span.end) {
                    // A web or mail address is not prose: "www", "apache" and "licenses" of a URL are not the text's words.
                    cursor.i = TextAnalyzer.nextWhitespace(p, t.end, span.end)
                    continue
                }
                tokens += 1
                if commaAfter.count > 0 && TextAnalyzer.hasComma(p, previousEnd, t.start) { commaAfter[commaAfter.count - 1] = true }
                previousEnd = t.end
                if tokens == 1 { firstStartsUpper = t.firstUpper || t.isNumber }
                let length = t.end - t.start
                if t.isNumber || length > TextAnalyzer.maxTokenBytes {
                    previousIsDeterminer = false
                    continue
                }
                letterWords += 1
                if !t.hasLower && length > 1 { capsWords += 1 }
                guard let form = formID(of: t, in: p) else { continue }
                let f = Int(form)
                if !t.firstUpper {
                    stats[f].lower += 1
                } else if (tokens > 1 && !TextAnalyzer.followsOpening(p, t.start, span.start)) || (!t.hasLower && length > 1) {
                    // Capitalised mid-sentence, or an acronym anywhere ("NASA").
                    capitalMidForms.append(form)
                }
                sentenceSlots.append(form &* 2 &+ (previousIsDeterminer ? 1 : 0))
                sentenceForms.append(form)
                commaAfter.append(false)
                previousIsDeterminer = stats[f].isDeterminer
            }
            tokenCount += Int(tokens)

            // A shouted sentence (mostly ALL-CAPS words) says nothing about names.
            let shouting = letterWords >= 2 && capsWords * 5 >= letterWords * 3
            if !shouting {
                for k in 0..<capitalMidForms.count { stats[Int(capitalMidForms[k])].capitalMid += 1 }
            }
            offerContext(sentence, complete: span.terminated && firstStartsUpper, inRange: contextLength.contains(tokens),
                         tooShort: tokens < contextLength.lowerBound)
        }

        /// The interned id of a word token's lower-case form; nil when its Unicode lower case is too long to intern.
        private mutating func formID(of t: Tokenizer.RawToken, in p: UnsafeBufferPointer<UInt8>) -> Int32? {
            let length = t.end - t.start
            if !t.nonASCII {
                // ASCII words hold only letters, ' and -, so `| 0x20` lower-cases them.
                if length <= 8 && t.start + 8 <= p.count {
                    let x = UTF8Bytes.load8(p, t.start) | 0x2020_2020_2020_2020
                    let word = length == 8 ? x : x & ((1 << UInt64(length &* 8)) &- 1)
                    UnsafeMutableRawPointer(scratch.baseAddress!).storeBytes(of: word.littleEndian, as: UInt64.self)
                } else {
                    for k in 0..<length { scratch[k] = p[t.start + k] | 0x20 }
                }
                let (id, isNew) = interner.intern(scratch, length)
                if isNew { addForm(interner.string(id)) }
                return id
            }
            let lowered = TextAnalyzer.lowercaseForm(UTF8Bytes.string(p, t.start, t.end))
            let n = lowered.utf8.count
            guard n <= TextAnalyzer.maxTokenBytes else { return nil }
            lowered.withUTF8Bytes { b in
                for k in 0..<n { scratch[k] = b[k] }
            }
            let (id, isNew) = interner.intern(scratch, n)
            if isNew { addForm(lowered) }
            return id
        }

        @inline(never)
        private func addForm(_ form: String) {
            stats.append(FormStats(isDeterminer: WordClasses.determiners.contains(form), cue: SentenceCue.of(form)))
            slots.append(SlotStats())
            slots.append(SlotStats())
        }

        /// Counts the sentence's slots and keeps it as a slot's context where it scores best so far.
        private func offerContext(_ sentence: Int32, complete: Bool, inRange: Bool, tooShort: Bool) {
            let greeting = sentenceForms.count > 0 && stats[Int(sentenceForms[0])].cue == .greeting
            let score = TextAnalyzer.contextScore(complete: complete, inRange: inRange, tooShort: tooShort, greeting: greeting, defines: false)
            let definingScore = TextAnalyzer.contextScore(complete: complete, inRange: inRange, tooShort: tooShort, greeting: greeting, defines: true)
            for j in 0..<sentenceSlots.count {
                let k = Int(sentenceSlots[j])
                let score = definingScore > score && TextAnalyzer.defines(j, sentenceForms, commaAfter, stats) ? definingScore : score
                slots[k].count += 1
                if score > slots[k].bestScore {
                    slots[k].bestScore = score
                    slots[k].bestSentence = sentence
                }
            }
        }
    }

    /// Whether the sentence defines or names its `j`-th token: "A volcano is a …" / "Volcanoes are …" (the subject
    /// among the first three words, right before the copula), "… called magma", "… known as magma", or an
    /// appositive "A volcano, a mountain that …".
    private static func defines(_ j: Int, _ forms: PodBuffer<Int32>, _ commaAfter: PodBuffer<Bool>,
                                _ stats: PodBuffer<FormStats>) -> Bool {
        @inline(__always) func cue(_ k: Int) -> SentenceCue { k >= 0 && k < forms.count ? stats[Int(forms[k])].cue : .none }
        if j <= 2 && cue(j + 1) == (commaAfter[j] ? .indefinite : .copula) { return true }
        return cue(j - 1) == .naming || (cue(j - 1) == .asWord && cue(j - 2) == .known)
    }

    /// Whether the word token `t` starts a URL or mail address: a scheme before "://", a "www." host, or the
    /// user part before "@".
    @inline(__always)
    static func startsAddress(_ p: UnsafeBufferPointer<UInt8>, _ t: Tokenizer.RawToken, _ end: Int) -> Bool {
        guard t.end < end, !t.isNumber else { return false }
        switch p[t.end] {
        case 0x40: return t.end + 1 < end && UTF8Bytes.isASCIILetter(p[t.end + 1])  // user@host
        case 0x3A: return t.end + 2 < end && p[t.end + 1] == 0x2F && p[t.end + 2] == 0x2F  // scheme://
        case 0x2E: return t.end - t.start == 3 && p[t.start] | 0x20 == 0x77 && p[t.start + 1] | 0x20 == 0x77
            && p[t.start + 2] | 0x20 == 0x77  // www.
        default: return false
        }
    }

    /// The index of the first ASCII whitespace byte at or after `from`, or `end`.
    @inline(__always)
    static func nextWhitespace(_ p: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        var k = from
        while k < end && !Whitespace.isASCII(p[k]) { k += 1 }
        return k
    }

    /// Whether the bytes between two tokens hold a comma.
    @inline(__always)
    private static func hasComma(_ p: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        var k = from
        while k < to {
            if p[k] == 0x2C { return true }
            k += 1
        }
        return false
    }

    /// The capitalised token at `start` follows an opening quote, bracket, colon or dash (it starts a
    /// quotation or a clause, so its capital says nothing about a name).
    @inline(__always)
    private static func followsOpening(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ sentenceStart: Int) -> Bool {
        var j = start - 1
        while j >= sentenceStart && p[j] == 0x20 { j -= 1 }
        guard j >= sentenceStart else { return true }
        let c = p[j]
        if c == 0x22 || c == 0x27 || c == 0x28 || c == 0x3A || c == 0x2D || c == 0x5B { return true }
        // “ ‘ — –
        if c >= 0x80 && j >= 2 && p[j - 2] == 0xE2 && p[j - 1] == 0x80 {
            return c == 0x9C || c == 0x98 || c == 0x94 || c == 0x93
        }
        return false
    }

    static func lowercaseForm(_ s: String) -> String {
        var lowered = s.lowercased()
        if lowered.utf8.contains(where: { $0 >= 0x80 }) {
            lowered = lowered.replacingOccurrences(of: "\u{2019}", with: "'")
                .replacingOccurrences(of: "\u{02BC}", with: "'")
                .replacingOccurrences(of: "\u{2010}", with: "-")
                .replacingOccurrences(of: "\u{2011}", with: "-")
        }
        return lowered
    }

    private static let clitics = ["'s", "'ll", "'re", "'ve", "'d", "'m", "n't"]
    /// Prefixes written with a hyphen that WordNet also lists as words of another meaning ("non", "anti", "sub" a
    /// submarine, "pre", "post" the mail).
    static let boundPrefixes: Set<String> = [
        "non", "anti", "semi", "multi", "pre", "post", "sub", "co", "re", "un", "inter", "pro", "micro", "mini", "pseudo",
        "quasi", "ultra", "mega", "meta", "neo",
    ]

    /// Lemmas of one lower-case form: usually one, none for stop words and non-words, one per known part
    /// of an unknown hyphenated word. Each is (lemma, surface form as counted).
    func lemmas(ofForm form: String, nounContext: Bool) -> [(lemma: String, surface: String)] {
        if stopWords.contains(form) || form.utf8.count < 2 { return [] }
        let candidates = wordNet.candidates(ofKey: form)
        if let best = WordNet.bestCandidate(candidates, surface: form, nounContext: nounContext) {
            return [(WordNet.display(best.lemma), form)]
        }
        if form.utf8.contains(0x27) {
            for clitic in TextAnalyzer.clitics where form.hasSuffix(clitic) {
                let stem = String(form.dropLast(clitic.count))
                return lemmas(ofForm: stem, nounContext: nounContext)
            }
            if form.hasSuffix("'") { return lemmas(ofForm: String(form.dropLast()), nounContext: nounContext) }
            return []
        }
        if form.utf8.contains(0x2D) {
            let parts = form.split(separator: "-")
            // A bound prefix is not a word of the text: "non-free" is about "free", not the adverb "non".
            let words = parts.count > 1 && TextAnalyzer.boundPrefixes.contains(String(parts[0])) ? parts.dropFirst() : parts[...]
            return words.flatMap { lemmas(ofForm: String($0), nounContext: false) }
        }
        return []
    }

}

/// An open-addressing hash set of short byte strings (at most 64 bytes) that hands out dense ids, so
/// the hot loop never builds a `String`. Keys are hashed and compared eight bytes at a time.
struct ByteInterner {
    private let arena = PodBuffer<UInt8>(capacity: 1 << 15)
    private let starts = PodBuffer<Int32>(capacity: 1 << 12)
    private let lengths = PodBuffer<Int32>(capacity: 1 << 12)
    private let heads = PodBuffer<UInt64>(capacity: 1 << 12)   // first eight bytes, zero-padded
    private let hashes = PodBuffer<UInt64>(capacity: 1 << 12)
    private var table: PodBuffer<Int32>
    private var mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        table = PodBuffer(repeating: -1, count: size)
        mask = size - 1
    }

    var count: Int { starts.count }

    @inline(__always)
    private static func chunk(_ key: UnsafeMutableBufferPointer<UInt8>, _ offset: Int, _ length: Int) -> UInt64 {
        let x = UInt64(littleEndian: UnsafeRawPointer(key.baseAddress! + offset).loadUnaligned(as: UInt64.self))
        let remaining = length - offset
        return remaining >= 8 ? x : x & ((1 << UInt64(remaining &* 8)) &- 1)
    }

    /// Interns `key[0..<length]`; `key` must have eight readable bytes past any offset below `length`.
    @inline(__always)
    mutating func intern(_ key: UnsafeMutableBufferPointer<UInt8>, _ length: Int) -> (id: Int32, isNew: Bool) {
        let head = length == 0 ? 0 : ByteInterner.chunk(key, 0, length)
        var h = (head ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
        var offset = 8
        while offset < length {
            h = (h ^ (h >> 29) ^ ByteInterner.chunk(key, offset, length)) &* 0xBF58_476D_1CE4_E5B9
            offset += 8
        }
        h ^= h >> 32
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let id = table[slot]
            if id < 0 { break }
            let i = Int(id)
            if hashes[i] == h && heads[i] == head && Int(lengths[i]) == length {
                if length <= 8 { return (id, false) }
                let s = Int(starts[i])
                var equal = true
                for k in 8..<length where arena[s + k] != key[k] { equal = false; break }
                if equal { return (id, false) }
            }
            slot = (slot + 1) & mask
        }
        let id = Int32(starts.count)
        starts.append(Int32(arena.count))
        lengths.append(Int32(length))
        heads.append(head)
        hashes.append(h)
        arena.append(contentsOf: UnsafeBufferPointer(rebasing: key[0..<length]))
        table[slot] = id
        if starts.count * 2 > mask + 1 { grow() }
        return (id, true)
    }

    private mutating func grow() {
        let size = table.count * 2
        table = PodBuffer(repeating: -1, count: size)
        mask = size - 1
        for i in 0..<hashes.count {
            let h = hashes[i]
            var slot = Int(truncatingIfNeeded: h) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(i)
        }
    }

    func string(_ id: Int32) -> String {
        let i = Int(id)
        return String(decoding: UnsafeBufferPointer(start: arena.base + Int(starts[i]), count: Int(lengths[i])), as: UTF8.self)
    }
}
