import Foundation

/// Where a word stands in a sentence, for the question makers of every product: its whole-word occurrences, and
/// whether it is quoted or part of an address (a blank or a change there asks for a piece of a name).
package enum SentenceSearch {
    /// The words that tell places apart: "the second “is”" in a statement's note, "the third paragraph" in a stem.
    package static let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]

    /// Whether the word at `range` is part of an address, path, reference, date, time or compound written as one
    /// ("quiet@bugs.debian.org", "/etc/init.d", "§7(2)", "mount(8)", "non-free", "2038-01-19", "20:45:52"): a blank or a
    /// change there asks for a piece of a name, not a word of the text.
    package static func isPartOfAddress(_ range: Range<String.Index>, in sentence: String) -> Bool {
        let before = range.lowerBound == sentence.startIndex ? nil : sentence[sentence.index(before: range.lowerBound)]
        let after = range.upperBound == sentence.endIndex ? nil : sentence[range.upperBound]
        let next = after == nil || sentence.index(after: range.upperBound) == sentence.endIndex ? nil
            : sentence[sentence.index(after: range.upperBound)]
        if let before, "@/_-.§[".contains(before) { return true }
        // A quoted word ("tools such as 'lint', 'clang'", the "followup" feature) is a name, not a word of the text.
        if isWrappedInQuotes(range, in: sentence) { return true }
        // "20:45:52", and a number in brackets glued to a name ("§4.1(3)", "mount(8)").
        if let before, before == ":" || before == "(", range.lowerBound > sentence.index(after: sentence.startIndex) {
            let previous = sentence[sentence.index(range.lowerBound, offsetBy: -2)]
            if before == ":" ? previous.isNumber : !previous.isWhitespace { return true }
        }
        if let after, "@/_(]".contains(after) { return true }
        // A hyphen, dot or colon after the word joins it only when a letter or digit follows ("quiet.": the sentence ends).
        if let after, "-.:".contains(after), let next, next.isLetter || next.isNumber { return true }
        return false
    }

    /// The mark of a quotation opened before `range` and not closed there (curly first), nil outside quotations.
    package static func openQuotationMark(before range: Range<String.Index>, in sentence: String) -> Character? {
        let before = sentence[..<range.lowerBound]
        if before.filter({ $0 == "“" }).count > before.filter({ $0 == "”" }).count { return "“" }
        return before.filter { $0 == "\"" }.count % 2 == 1 ? "\"" : nil
    }

    /// A word with a quotation mark right before and right after it ("'lint'", "“followup”", "'stable'").
    static func isWrappedInQuotes(_ range: Range<String.Index>, in sentence: String) -> Bool {
        guard range.lowerBound > sentence.startIndex, range.upperBound < sentence.endIndex else { return false }
        return "'\"‘“".contains(sentence[sentence.index(before: range.lowerBound)]) && "'\"’”".contains(sentence[range.upperBound])
    }

    /// Whether the word at `range` is quoted, alone or within a quotation: a name or a quoted phrase ("reply to all
    /// recipients"), no claim of the text.
    static func isQuoted(_ range: Range<String.Index>, in sentence: String) -> Bool {
        openQuotationMark(before: range, in: sentence) != nil || isWrappedInQuotes(range, in: sentence)
    }

    /// The first occurrence of `word` not inside a longer word or number (or the one after `skipping` such occurrences).
    package static func wholeWordRange(of word: String, in sentence: String, skipping: Int = 0) -> Range<String.Index>? {
        var searchStart = sentence.startIndex
        var skipped = 0
        while let range = sentence.range(of: word, range: searchStart..<sentence.endIndex) {
            let before = range.lowerBound == sentence.startIndex ? nil : sentence[sentence.index(before: range.lowerBound)]
            let after = range.upperBound == sentence.endIndex ? nil : sentence[range.upperBound]
            let joins: (Character?) -> Bool = { c in c.map { $0.isLetter || $0.isNumber } ?? false }
            if !joins(before) && !joins(after) {
                if skipped == skipping { return range }
                skipped += 1
            }
            searchStart = range.upperBound
        }
        return nil
    }
}
