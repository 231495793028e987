import LecternOCR
import LecternText

/// The OCR's dictionary (`OCRLexicon`): a word is English when it is common in the frequency list (wordfreq) or has a
/// WordNet entry (inflections through morphy). Words of three letters or fewer must be common (Zipf 3.3, about 2 in
/// a million words): WordNet lists many short abbreviations ("ord", "ife" are not English, "ore" and "ire" are).
public struct TextLexicon: OCRLexicon {
    let wordNet: WordNet
    let frequencies: WordFrequencies

    public init(wordNet: WordNet, frequencies: WordFrequencies = .shared) {
        self.wordNet = wordNet
        self.frequencies = frequencies
    }

    public func contains(_ word: String) -> Bool {
        let zipf = frequencies.listedZipf(word)
        if word.count <= 3 { return (zipf ?? 0) >= 3.3 }
        if let zipf, zipf >= 2.5 { return true }
        return wordNet.isKnown(word)
    }
}
