/// Closed classes of English words, kept once for every rule that reads a sentence's grammar (issue 27, item 5).
/// A rule that needs part of a class names a subset of it here.
public enum WordClasses {
    public static let articles: Set<String> = ["a", "an", "the"]
    public static let demonstratives: Set<String> = ["this", "that", "these", "those"]
    public static let possessives: Set<String> = ["my", "your", "his", "her", "its", "our", "their"]

    /// Words that make the noun reading of the next word likely ("the meeting", "her building", "whose files").
    public static let determiners: Set<String> = articles.union(demonstratives).union(possessives)
        .union(["every", "each", "no", "some", "any", "another", "whose", "which", "what"])

    /// The determiners and quantifiers a subject's or an object's noun phrase opens with before its noun ("the sort
    /// program", "many files"): no interrogatives, and "many" as a quantifier.
    public static let nounPhraseOpeners: Set<String> = articles.union(demonstratives).union(possessives)
        .union(["some", "many", "each", "every", "no"])

    /// Words that start a verb's object noun phrase and never follow a noun directly.
    public static let objectStarters: Set<String> = articles.union(possessives).union(["these", "those"])

    /// `objectStarters`, "this" and the object pronouns: what may follow a verb directly ("protects them").
    public static let objectOpeners: Set<String> = objectStarters.union(["this", "them", "him", "us", "me"])

    /// Words that join two words or phrases of one kind ("before and after", "files or folders").
    public static let coordinators: Set<String> = ["and", "or", "nor"]

    /// Prepositions a noun phrase follows ("from all countries", "by default").
    public static let prepositions: Set<String> = [
        "about", "above", "across", "after", "against", "along", "among", "around", "at", "before", "behind", "below",
        "beneath", "beside", "between", "beyond", "by", "despite", "during", "for", "from", "in", "inside", "into", "near",
        "of", "off", "on", "onto", "out", "outside", "over", "through", "throughout", "to", "toward", "towards", "under",
        "until", "upon", "via", "with", "within", "without",
    ]

    /// Adverbs that hedge or grade a claim: after a negation they make a weaker claim or none ("is not quite possibly
    /// the most …", "is not necessarily"), not a contradiction.
    public static let hedges: Set<String> = ["quite", "possibly", "probably", "perhaps", "certainly", "necessarily", "surely",
                                             "definitely", "really"]
}
