/// A compact English stop-word list: function words, pronouns, auxiliaries, common contractions, a few very
/// frequent verbs/adverbs that never make useful vocabulary items, and the participles only ever read as part of a
/// preposition ("according to", "owing to": not the verbs "accord" and "owe").
public enum StopWords {
    public static let english: Set<String> = [
        "a", "about", "above", "according", "after", "again", "against", "ago", "all", "almost", "also", "although", "always", "am",
        "among", "an", "and", "another", "any", "anybody", "anyone", "anything", "anyway", "anywhere", "are", "around", "as", "at",
        "be", "because", "been", "before", "behind", "being", "below", "beneath", "beside", "besides", "between", "beyond", "both",
        "but", "by", "can", "cannot", "could", "did", "do", "does", "doing", "done", "down", "during", "each", "either",
        "else", "enough", "etc", "even", "ever", "every", "everybody", "everyone", "everything", "everywhere", "few",
        "for", "from", "further", "get", "gets", "got", "had", "has", "have", "having", "he", "her", "here", "hers",
        "herself", "him", "himself", "his", "how", "however", "i", "if", "in", "inside", "into", "is", "it", "its",
        "itself", "just", "least", "less", "let", "like", "many", "may", "me", "might", "mine", "more", "most", "much",
        "must", "my", "myself", "neither", "never", "no", "nobody", "none", "nor", "not", "nothing", "now", "nowhere",
        "of", "off", "often", "oh", "ok", "okay", "on", "once", "one", "only", "onto", "or", "other", "others",
        "otherwise", "ought", "our", "ours", "ourselves", "out", "outside", "over", "owing", "own", "per", "perhaps", "plus", "minus", "quite",
        "rather", "really", "same", "shall", "she", "should", "since", "so", "some", "somebody", "someone", "something",
        "sometimes", "somewhere", "such", "than", "that", "the", "their", "theirs", "them", "themselves", "then",
        "there", "therefore", "these", "they", "this", "those", "though", "through", "throughout", "thus", "till", "to",
        "too", "toward", "towards", "under", "unless", "until", "up", "upon", "us", "very", "via", "was", "we", "well",
        "were", "what", "whatever", "when", "whenever", "where", "whereas", "wherever", "whether", "which", "while",
        "who", "whoever", "whom", "whose", "why", "will", "with", "within", "without", "would", "yeah", "yes", "yet",
        "you", "your", "yours", "yourself", "yourselves", "mr", "mrs", "ms", "dr", "st", "vs", "ie", "eg", "ll", "re",
        "ve", "don", "isn", "aren", "wasn", "weren", "doesn", "didn", "hasn", "haven", "hadn", "won", "wouldn",
        "couldn", "shouldn", "mustn", "can't", "cannot", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't",
        "weren't", "hasn't", "haven't", "hadn't", "won't", "wouldn't", "couldn't", "shouldn't", "mustn't", "shan't",
        "needn't", "mightn't", "ain't", "i'm", "i've", "i'd", "i'll", "you're", "you've", "you'd", "you'll", "he's",
        "he'd", "he'll", "she's", "she'd", "she'll", "it's", "it'd", "it'll", "we're", "we've", "we'd", "we'll",
        "they're", "they've", "they'd", "they'll", "that's", "that'd", "that'll", "there's", "there'd", "there'll",
        "here's", "what's", "what'd", "what'll", "who's", "who'd", "who'll", "where's", "when's", "why's", "how's",
        "let's", "y'all", "o'clock",
    ]

    /// Words that start sentences after an ambiguous abbreviation ("... in the U.S. The ...").
    static func isSentenceStarter(_ lowercased: String) -> Bool { english.contains(lowercased) }
}
