/// The Porter (1980) stemmer, original algorithm, for lower-case a–z words ("childishness" → "childish",
/// "generalization" → "gener"). Words of one or two letters, and words with other characters, are returned as
/// they are. `scripts/calibrate-grading.py` has the same algorithm; the grading parity test checks both agree.
public enum PorterStemmer {
    public static func stem(_ word: String) -> String {
        var b = Array(word.utf8)
        guard b.count > 2, b.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        step1(&b)
        replaceFirst(&b, step2Rules)
        replaceFirst(&b, step3Rules)
        step4(&b)
        step5(&b)
        return String(decoding: b, as: UTF8.self)
    }

    // MARK: Measures

    private static func isConsonant(_ w: [UInt8], _ i: Int) -> Bool {
        switch w[i] {
        case 0x61, 0x65, 0x69, 0x6F, 0x75: return false                 // a e i o u
        case 0x79: return i == 0 || !isConsonant(w, i - 1)              // y after a consonant is a vowel
        default: return true
        }
    }

    /// m in [C](VC)^m[V] of the first `length` letters.
    private static func measure(_ w: [UInt8], _ length: Int) -> Int {
        var n = 0, i = 0
        while i < length && isConsonant(w, i) { i += 1 }
        while i < length {
            while i < length && !isConsonant(w, i) { i += 1 }
            if i >= length { break }
            while i < length && isConsonant(w, i) { i += 1 }
            n += 1
        }
        return n
    }

    private static func hasVowel(_ w: [UInt8], _ length: Int) -> Bool {
        (0..<length).contains { !isConsonant(w, $0) }
    }

    private static func endsWithDoubleConsonant(_ w: [UInt8], _ length: Int) -> Bool {
        length >= 2 && w[length - 1] == w[length - 2] && isConsonant(w, length - 1)
    }

    /// Consonant-vowel-consonant at the end, the last not w, x or y ("hop", not "snow").
    private static func endsCVC(_ w: [UInt8], _ length: Int) -> Bool {
        guard length >= 3 else { return false }
        let last = w[length - 1]
        return isConsonant(w, length - 3) && !isConsonant(w, length - 2) && isConsonant(w, length - 1)
            && last != 0x77 && last != 0x78 && last != 0x79
    }

    private static func ends(_ w: [UInt8], _ suffix: [UInt8]) -> Bool {
        w.count >= suffix.count && w[(w.count - suffix.count)...].elementsEqual(suffix)
    }

    // MARK: Steps

    private static func step1(_ b: inout [UInt8]) {
        if ends(b, Array("sses".utf8)) || ends(b, Array("ies".utf8)) { b.removeLast(2) }
        else if ends(b, Array("ss".utf8)) {}
        else if b.last == 0x73 { b.removeLast() }

        var stripped = false
        if ends(b, Array("eed".utf8)) {
            if measure(b, b.count - 3) > 0 { b.removeLast() }
        } else if ends(b, Array("ed".utf8)) && hasVowel(b, b.count - 2) {
            b.removeLast(2); stripped = true
        } else if ends(b, Array("ing".utf8)) && hasVowel(b, b.count - 3) {
            b.removeLast(3); stripped = true
        }
        if stripped {
            if ends(b, Array("at".utf8)) || ends(b, Array("bl".utf8)) || ends(b, Array("iz".utf8)) {
                b.append(0x65)
            } else if endsWithDoubleConsonant(b, b.count), let last = b.last, last != 0x6C, last != 0x73, last != 0x7A {
                b.removeLast()
            } else if measure(b, b.count) == 1 && endsCVC(b, b.count) {
                b.append(0x65)
            }
        }
        if b.last == 0x79 && hasVowel(b, b.count - 1) { b[b.count - 1] = 0x69 }
    }

    private static func rules(_ pairs: [(String, String)]) -> [(suffix: [UInt8], replacement: [UInt8])] {
        pairs.map { (Array($0.0.utf8), Array($0.1.utf8)) }
    }

    private static let step2Rules = rules([
        ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"), ("abli", "able"),
        ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"), ("ization", "ize"), ("ation", "ate"),
        ("ator", "ate"), ("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"),
        ("iviti", "ive"), ("biliti", "ble"),
    ])
    private static let step3Rules = rules([
        ("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"), ("ful", ""), ("ness", ""),
    ])
    private static let step4Suffixes = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment",
                                        "ent", "ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize"].map { Array($0.utf8) }

    /// The first rule whose suffix ends the word decides: replaced when the stem before it has m > 0.
    private static func replaceFirst(_ b: inout [UInt8], _ rules: [(suffix: [UInt8], replacement: [UInt8])]) {
        for rule in rules where ends(b, rule.suffix) {
            let stem = b.count - rule.suffix.count
            if measure(b, stem) > 0 {
                b.removeLast(rule.suffix.count)
                b.append(contentsOf: rule.replacement)
            }
            return
        }
    }

    private static func step4(_ b: inout [UInt8]) {
        for suffix in step4Suffixes where ends(b, suffix) {
            let stem = b.count - suffix.count
            let ionAllowed = suffix != Array("ion".utf8) || (stem > 0 && (b[stem - 1] == 0x73 || b[stem - 1] == 0x74))
            if measure(b, stem) > 1 && ionAllowed { b.removeLast(suffix.count) }
            return
        }
    }

    private static func step5(_ b: inout [UInt8]) {
        if b.last == 0x65 {
            let m = measure(b, b.count - 1)
            if m > 1 || (m == 1 && !endsCVC(b, b.count - 1)) { b.removeLast() }
        }
        if b.last == 0x6C && measure(b, b.count) > 1 && endsWithDoubleConsonant(b, b.count) { b.removeLast() }
    }
}
