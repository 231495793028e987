import LecternText

/// Guesses a worksheet's school subject from its vocabulary.
public enum SubjectClassifier {
    static let keywords: [String: Set<String>] = [
        "maths": ["equation", "fraction", "multiply", "divide", "sum", "angle", "triangle", "number", "calculate",
                  "percent", "area", "perimeter", "algebra", "geometry", "decimal", "graph", "solve", "total", "average"],
        "science": ["energy", "cell", "water", "plant", "animal", "force", "heat", "light", "atom", "experiment",
                    "evaporation", "condensation", "oxygen", "gas", "liquid", "temperature", "photosynthesis", "molecule",
                    "gravity", "electricity", "organism", "vapour", "vapor", "cloud", "precipitation", "species",
                    "volcano", "magma", "lava", "planet", "orbit", "telescope", "astronomer", "biologist", "scientist",
                    "geologist", "ecosystem", "predator", "nutrient", "carbon", "dioxide", "mineral", "sunlight", "comet",
                    "asteroid", "satellite", "insect", "fungus", "mass", "eruption", "earthquake", "solar"],
        "history": ["king", "queen", "war", "century", "empire", "revolution", "ancient", "medieval", "history",
                    "battle", "treaty", "printing", "invention", "built", "canal", "colony", "reign", "historian",
                    "castle", "siege", "knight", "lord", "peasant", "medieval", "merchant", "industrial", "railway",
                    "press", "printer", "pamphlet", "scribe", "engineer", "toll", "barge", "mason", "keep", "chapel",
                    "governor", "freight", "trade", "building", "bible", "monastery", "goldsmith", "dollar"],
        "geography": ["river", "mountain", "continent", "climate", "ocean", "country", "population", "map", "desert",
                      "valley", "coast", "region", "capital", "kilometre", "kilometer", "delta", "lake", "border",
                      "basin", "tributary", "meander", "rainfall", "weather", "pressure", "barometer", "wind",
                      "meteorologist", "maritime", "flood", "explorer", "mouth", "source", "plain", "sediment"],
        "English": ["poem", "poet", "novel", "verb", "noun", "adjective", "sentence", "paragraph", "author",
                    "character", "metaphor", "grammar", "story", "rhyme", "stanza", "chapter"],
        "languages": ["french", "spanish", "german", "vocabulary", "translate", "translation", "pronunciation",
                      "conjugate", "bonjour", "hola", "language"],
    ]

    /// The best subject and a confidence between 0 and 1 (its share of the keyword hits); "other" when nothing matches.
    /// Words of the title count three times: a worksheet's title names its topic.
    public static func classify(_ text: String, title: String = "") -> (subject: String, confidence: Double) {
        var hits: [String: Int] = [:]
        for (part, weight) in [(title, 3), (text, 1)] {
            for sentence in SentenceSplitter.split(part) {
                for token in Tokenizer.words(in: sentence) {
                    let word = token.text.lowercased()
                    for (subject, words) in keywords where words.contains(word) || words.contains(singular(word)) {
                        hits[subject, default: 0] += weight
                    }
                }
            }
        }
        let total = hits.values.reduce(0, +)
        guard total >= 2, let best = hits.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else {
            return ("other", 0)
        }
        return (best.key, (Double(best.value) / Double(total) * 100).rounded() / 100)
    }

    private static func singular(_ word: String) -> String {
        word.hasSuffix("s") ? String(word.dropLast()) : word
    }
}
