import LecternModel

/// What a course's posts are called. A post's `<title>` usually ends with the site's name ("Loops | Pythonic
/// Perambulations", "Models — Django 3.2.25 documentation"), which would otherwise show on the course and on its
/// topics. In order: the post's `<h1>`; its `<title>` without the ending the course's titles share; for a course
/// of one post, its `<title>` without what follows the last " | " or " — ".
struct PageTitles {
    /// The longest ending, from a separator on, that the most titles share (two at least); nil when none do.
    let sharedSuffix: String?
    let singlePost: Bool

    /// Separators that set a site's name apart in titles (rustdoc, mdBook and MkDocs use " - ").
    static let separators = [" | ", " — ", " – ", " - ", " · "]
    /// Alone, a title's ending is taken for a site's name only after these: " - " and " – " join words too
    /// ("1990 – 2000").
    static let singlePostSeparators = [" | ", " — "]

    init(_ posts: [ParsedPost]) {
        singlePost = posts.count == 1
        // Every post's title counts, with an <h1> or not: a post without one shares its ending with those that have one.
        var counts: [String: Int] = [:]
        for title in Set(posts.map(\.title)) {
            for suffix in Set(Self.suffixes(of: title, separators: Self.separators)) { counts[String(suffix), default: 0] += 1 }
        }
        sharedSuffix = counts.filter { $0.value >= 2 }
            .max { ($0.value, $0.key.count, $0.key) < ($1.value, $1.key.count, $1.key) }?.key
    }

    /// The post's first `<h1>` in its blocks, which names its first topic and is left out of that topic's blocks.
    static func headingBlock(of post: ParsedPost) -> Block? {
        post.blocks.first { if case .heading(_, level: 1) = $0 { true } else { false } }
    }

    func title(of post: ParsedPost) -> String {
        if let heading = Self.headingBlock(of: post)?.text ?? post.heading { return heading }
        if let sharedSuffix, post.title.hasSuffix(sharedSuffix) { return String(post.title.dropLast(sharedSuffix.count)) }
        if singlePost, let last = Self.suffixes(of: post.title, separators: Self.singlePostSeparators).last {
            return String(post.title.dropLast(last.count))
        }
        return post.title
    }

    /// Every ending of `title` that starts at a separator with words before it, longest first.
    static func suffixes(of title: String, separators: [String]) -> [Substring] {
        separators.flatMap { separator in
            title.ranges(of: separator).filter { $0.lowerBound > title.startIndex }.map { title[$0.lowerBound...] }
        }.sorted { $0.count > $1.count }
    }
}
