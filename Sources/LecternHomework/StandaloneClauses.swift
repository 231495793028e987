import Foundation
import LecternText

/// Parts of a long sentence that the text still supports when read alone, cut verbatim at a clause boundary:
/// each side of a semicolon, the main clause after a leading "Whereas/Although/While …," and the clause
/// before ", but". Conditions ("if …", "when …") are never cut off: without them the rest may be false.
/// Statements are made from these when a sentence is too long to show whole.
enum StandaloneClauses {
    static let concessive: Set<String> = ["whereas", "although", "though", "while"]
    /// A clause that opens with one of these leans on the sentence before it ("they're intended …").
    static let dependentOpeners: Set<String> = [
        "it", "its", "they", "they're", "them", "their", "this", "these", "those", "that", "he", "she", "which", "who",
        "and", "or", "but", "so", "then", "otherwise", "if", "when", "unless", "because", "as",
    ]
    /// Finite verbs that show a stretch of words is a clause, not a list item or a phrase.
    static let finiteVerbs: Set<String> = [
        "is", "are", "was", "were", "has", "have", "had", "can", "cannot", "will", "would", "should", "must", "may",
        "might", "does", "do", "did", "shall",
    ]

    /// The clauses of `sentence` that stand alone, as written (no final punctuation), each of `words` words.
    static func cuts(of sentence: String, words: ClosedRange<Int>) -> [String] {
        var parts: [Substring] = []
        for part in sentence.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces)[...] }) {
            let main = mainClause(of: part)
            parts.append(main)
            if let contrast = main.range(of: ", but ") { parts.append(main[..<contrast.lowerBound]) }
        }
        var out: [String] = []
        for part in parts {
            let clause = String(part).trimmingCharacters(in: CharacterSet(charactersIn: " .,:"))
            let tokens = Tokenizer.words(in: clause)
            guard words.contains(tokens.count), clause != sentence.trimmingCharacters(in: CharacterSet(charactersIn: " .")),
                  let first = tokens.first?.text.lowercased(), !dependentOpeners.contains(first),
                  tokens.contains(where: { finiteVerbs.contains($0.text.lowercased()) }), isBalanced(clause),
                  !out.contains(clause) else { continue }
            out.append(clause)
        }
        return out
    }

    /// The main clause of a part that opens with a concession ("Whereas many distributions are made by
    /// vendors, Debian is …"): what follows the first comma whose next stretch has a finite verb.
    static func mainClause(of part: Substring) -> Substring {
        guard let first = Tokenizer.words(in: String(part)).first?.text.lowercased(), concessive.contains(first) else { return part }
        var searchStart = part.startIndex
        while let comma = part.range(of: ", ", range: searchStart..<part.endIndex) {
            let rest = part[comma.upperBound...]
            let stretch = rest.prefix { $0 != "," }
            let stretchWords = Tokenizer.words(in: String(stretch)).map { $0.text.lowercased() }
            if let opener = stretchWords.first, !dependentOpeners.contains(opener), stretchWords.contains(where: finiteVerbs.contains) {
                return rest
            }
            searchStart = comma.upperBound
        }
        return part
    }

    /// Brackets and quotation marks a cut must not leave open (an apostrophe inside a word is no quotation mark).
    static func isBalanced(_ clause: String) -> Bool {
        let characters = Array(clause)
        let quotes = characters.indices.filter { index in
            guard characters[index] == "'" else { return false }
            let inWord = index > 0 && index + 1 < characters.count && characters[index - 1].isLetter && characters[index + 1].isLetter
            return !inWord
        }
        func count(_ mark: Character) -> Int { characters.filter { $0 == mark }.count }
        return count("(") == count(")") && count("“") == count("”") && count("\"") % 2 == 0 && quotes.count % 2 == 0
    }
}
