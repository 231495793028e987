import Foundation
import LecternWordLists
import LecternModel
import LecternText

extension Pipeline {
    /// Why each word of a stored word-list bundle has its level (`lectern show --explain`): per word, the CEFR
    /// profile's level for its part of speech and the grading model's features, expected level and probabilities.
    /// Bundles leave this out (front ends cannot use it); it is recomputed here from the word and its part of
    /// speech, which is all the level depends on. Nil when the bundle is not a word list.
    public func wordEvidence(bundle: Data, config: PipelineConfig) throws -> [(word: String, evidence: [String: Double])]? {
        guard let list = try? JSONDecoder().decode(WordListBundle.self, from: bundle) else { return nil }
        let builder = WordListBuilder(wordNet: try WordNet.shared(), options: config.wordtest)
        return list.words.map { ($0.word, builder.explanation(of: $0)) }
    }
}
