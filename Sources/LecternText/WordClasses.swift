/// Closed classes of English words, kept once for every rule that reads a sentence's grammar (issue 27, item 5).
/// A rule that needs part of a class names a subset of it here.
public enum WordClasses {
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
