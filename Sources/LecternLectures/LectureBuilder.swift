import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// `course.yml`: optional settings of a course folder.
public struct CourseSettings: Codable, Sendable, Hashable {
    public struct Week: Codable, Sendable, Hashable {
        public var folder: String
        public var title: String?
        public var week: Int?
    }
    public var title: String?
    public var weeks: [Week]?
    /// An ending project per subject; on unless `project: false`.
    public var project: Bool?
    /// Read the course aloud (the `narrate` stage); off unless `voice: true` here or in the pipeline file.
    public var voice: Bool?
    /// The espeak-ng voice (`en`, `en-us`, `de`, …) and speaking rate in words a minute, over the pipeline file's.
    public var voiceName: String?
    public var rate: Int?
    public init(title: String? = nil, weeks: [Week]? = nil, project: Bool? = nil, voice: Bool? = nil,
                voiceName: String? = nil, rate: Int? = nil) {
        self.title = title
        self.weeks = weeks
        self.project = project
        self.voice = voice
        self.voiceName = voiceName
        self.rate = rate
    }
}

public struct CoursePost: Sendable {
    public var path: String
    public var sha256: String
    /// Nil when parsing failed; `error` says why.
    public var post: ParsedPost?
    public var error: LecternError?
    public init(path: String, sha256: String, post: ParsedPost?, error: LecternError?) {
        self.path = path
        self.sha256 = sha256
        self.post = post
        self.error = error
    }
}

public struct CourseInput: Sendable {
    public var id: String
    public var source: SourceRef
    public var settings: CourseSettings
    public var posts: [CoursePost]
    /// Where the publisher puts the course's media file of a name relative to the course folder; image blocks point
    /// there. By default they point at the name itself.
    public var mediaPath: @Sendable (String) -> String
    public init(id: String, source: SourceRef, settings: CourseSettings, posts: [CoursePost],
                mediaPath: @escaping @Sendable (String) -> String = { $0 }) {
        self.mediaPath = mediaPath
        self.id = id
        self.source = source
        self.settings = settings
        self.posts = posts
    }
}

/// Builds a course's lecture: subjects from its week folders, topics from its posts' sections, an
/// engagement question per topic, a levelled question pool, an ending project per subject, and the
/// review schedule. Questions come from the topics' own sentences (see `LectureQuestionMaker`).
public struct LectureBuilder: Sendable {
    let options: LectureOptions
    let wordNet: WordNet

    /// - Parameter wordNet: validates multiple-choice questions (lemmas, synonyms) and refines term facts.
    public init(options: LectureOptions, wordNet: WordNet) {
        self.options = options
        self.wordNet = wordNet
    }

    /// `reviews`: the teacher's decisions about this course's pool questions (`lectern-reviews.yml`, IDs
    /// `ReviewID.poolQuestion`): a rejected one is left out and the topic's next valid candidate takes its place.
    /// Lecture questions can only be rejected; a correction, or a decision about a question no longer made, is a warning.
    public func build(_ course: CourseInput, reviews: ReviewDecisions = ReviewDecisions()) throws(LecternError) -> LectureBundle {
        let parsed = course.posts.filter { $0.post != nil }
        guard !parsed.isEmpty else {
            throw LecternError(.noTextFound, "No post of the course \(course.source.path) could be read.")
        }
        let titles = PageTitles(parsed.compactMap(\.post))
        let title = course.settings.title ?? parsed.first?.post.map(titles.title) ?? Self.humanise(course.source.path)
        let sections = sections(of: parsed, course: course, titles: titles)

        // Questions need the whole course: distractors come from other topics.
        let contexts = sections.folders.flatMap { sections.contexts[$0]! }
        let maker = LectureQuestionMaker(wordNet: wordNet, topics: contexts)
        // Per topic in course order, the index of its context: a post copied into two folders keeps one ID, and
        // the first one's context. Indices, not copies: a context holds a dozen references.
        var firstContext: [String: Int] = [:]
        for (index, context) in contexts.enumerated() where firstContext[context.id] == nil { firstContext[context.id] = index }
        let contextIndices = sections.folders.flatMap { sections.topics[$0]! }.map { firstContext[$0.id]! }
        let rejected = Set(reviews.rejectedQuestions.compactMap { ReviewID.poolQuestionID(of: $0, courseID: course.id) })
        let questions = contextIndices.concurrentMap { topicQuestions(contexts[$0], maker: maker, rejected: rejected) }
        let reviewWarnings = Self.reviewWarnings(reviews.forItem(course.id), courseID: course.id,
                                                 candidates: Set(questions.flatMap(\.candidates)))

        let subjects = subjects(sections, course: course, title: title, engagement: questions.map(\.engagement),
                                contexts: contextIndices.map { contexts[$0] })
        let failed = course.posts.filter { $0.post == nil }
        let warnings = course.posts.flatMap { post in post.post?.textWarnings?.map { "\(post.path): \($0)" } ?? [] }
            + reviewWarnings
        return LectureBundle(
            id: course.id, source: course.source, status: failed.isEmpty ? .ok : .partial,
            statusReason: failed.isEmpty ? nil : "Some posts could not be read: " + failed.map {
                "\($0.path) (\($0.error?.code.rawValue ?? "error"))"
            }.joined(separator: ", "),
            title: title, subjects: subjects, questionPool: questions.flatMap(\.pool), schedule: .standard,
            media: sections.media.isEmpty ? nil : sections.media.values.sorted { $0.path < $1.path },
            warnings: warnings.isEmpty ? nil : warnings, lang: Self.language(of: parsed.compactMap(\.post)))
    }

    /// The language most of the posts declare; of two as common, the one declared first in course order.
    static func language(of posts: [ParsedPost]) -> String? {
        let declared = posts.compactMap(\.lang)
        var counts: [String: Int] = [:]
        for lang in declared { counts[lang, default: 0] += 1 }
        // `max` keeps the first of equal elements.
        return declared.max { counts[$0]! < counts[$1]! }
    }

    /// A course's posts sorted into their subject folders: each folder's topics and their question material, the
    /// folders in unlock order, and the local images to publish.
    struct Sections {
        var folders: [String]
        var topics: [String: [Topic]]
        var contexts: [String: [LectureQuestionMaker.TopicContext]]
        var media: [String: MediaFile]
    }

    /// Each post's topics, their local images pointed at the output folder, and each topic's own question material
    /// (its facts, key sentence, …), which needs no other topic: made on all cores, gathered in path order.
    func sections(of posts: [CoursePost], course: CourseInput, titles: PageTitles) -> Sections {
        let posts = posts.sorted(by: { $0.path < $1.path })
        let folders = posts.map { Self.subjectFolder(of: $0.path, coursePath: course.source.path) }
        let topicsByPost = Array(zip(posts, folders)).concurrentMap { post, folder in
            var postMedia: [String: MediaFile] = [:]
            var topics = topics(of: post, week: Self.week(of: folder, settings: course.settings), courseID: course.id,
                                titles: titles)
            for index in topics.indices {
                topics[index].blocks = Self.localisingImages(topics[index].blocks, course: course, media: &postMedia)
            }
            let contexts = topics.map { LectureQuestionMaker.context(id: $0.id, title: $0.title, blocks: $0.blocks) }
            return (topics: topics, media: postMedia, contexts: contexts)
        }
        var sections = Sections(folders: [], topics: [:], contexts: [:], media: [:])
        for (folder, post) in zip(folders, topicsByPost) {
            sections.media.merge(post.media) { _, same in same }  // an image's output path is made from its source path
            sections.topics[folder, default: []] += post.topics
            sections.contexts[folder, default: []] += post.contexts
        }
        let weekOf = { (folder: String) in Self.week(of: folder, settings: course.settings) }
        sections.folders = sections.topics.keys.sorted { (weekOf($0), $0) < (weekOf($1), $1) }
            .filter { !(sections.topics[$0] ?? []).isEmpty }
        return sections
    }

    /// One topic's engagement question and pool items, and the IDs of every pool candidate considered (for the
    /// review report). Independent of the other topics' questions.
    func topicQuestions(_ context: LectureQuestionMaker.TopicContext, maker: LectureQuestionMaker, rejected: Set<String>)
        -> (engagement: EngagementQuestion?, pool: [PoolQuestion], candidates: [String]) {
        let poolPerTopic = options.poolQuestionsPerTopic
        // More candidates only when the teacher rejected some: the choice is greedy, so the first ones are the same.
        let choices = maker.bestChoices(context, limit: max(1, poolPerTopic) + rejected.count)
        var candidates: [String] = []
        func kept(_ item: PoolQuestion?) -> PoolQuestion? {
            guard let item else { return nil }
            candidates.append(item.id)
            return rejected.contains(item.id) ? nil : item
        }
        var items = Array(choices.compactMap { kept(maker.poolQuestion($0, topic: context)) }.prefix(poolPerTopic))
        if poolPerTopic > 0, let item = kept(maker.definitionPoolQuestion(context)) { items.append(item) }
        if poolPerTopic > 0 {
            // A list of names with their descriptions: up to two of them, each among the list's other names.
            let entryItems = min(2, poolPerTopic)
            items += maker.describedNamePoolQuestions(context, limit: entryItems + rejected.count).compactMap(kept).prefix(entryItems)
        }
        if poolPerTopic > 0, let item = kept(maker.statementPoolQuestion(context)) { items.append(item) }
        if poolPerTopic > 0, let item = kept(maker.formulaStatementPoolQuestion(context)) { items.append(item) }
        if items.isEmpty, poolPerTopic > 0, let item = kept(maker.titlePoolQuestion(context)) {
            items.append(item)
        }
        // A topic with fewer than two items gets one on which statement it supports, else one on its next most central
        // point that makes a valid question.
        if items.count < 2, poolPerTopic > 1, let item = kept(maker.supportedStatementPoolQuestion(context)) {
            items.append(item)
        }
        if items.count == 1, poolPerTopic > 1,
           let item = context.otherPoints.lazy.compactMap({ kept(maker.titlePoolQuestion(context, secondPoint: $0)) }).first {
            items.append(item)
        }
        return (maker.engagementQuestion(context, choice: choices.first), items, candidates)
    }

    /// The subjects in unlock order, each topic with its engagement question (`engagement` and `contexts` are per
    /// topic in course order) and each subject with its ending project when the course has them.
    func subjects(_ sections: Sections, course: CourseInput, title: String, engagement: [EngagementQuestion?],
                  contexts: [LectureQuestionMaker.TopicContext]) -> [Subject] {
        let titles = sections.folders.map { Self.subjectTitle($0, settings: course.settings, fallback: title) }
        var start = 0
        let topicRanges = sections.folders.map { folder in
            defer { start += sections.topics[folder]!.count }
            return start..<(start + sections.topics[folder]!.count)
        }
        let projects = options.endingProjects && course.settings.project != false
        let endingProjects = !projects ? sections.folders.map { _ in nil } : Array(zip(titles, topicRanges)).concurrentMap {
            EndingProjectBuilder.project(subjectTitle: $0, topics: Array(contexts[$1]))
        }
        return sections.folders.indices.map { index -> Subject in
            var topics = sections.topics[sections.folders[index]]!
            for (topic, position) in zip(topics.indices, topicRanges[index]) {
                topics[topic].engagementQuestion = engagement[position]
            }
            return Subject(title: titles[index], week: Self.week(of: sections.folders[index], settings: course.settings),
                           topics: topics, endingProject: endingProjects[index])
        }
    }

    /// What the teacher should know about the course's review decisions: corrections (lecture questions can only be
    /// rejected) and rejections of questions that are no longer candidates.
    static func reviewWarnings(_ reviews: ReviewDecisions, courseID: String, candidates: Set<String>) -> [String] {
        var warnings: [String] = []
        for (id, decision) in reviews.questions.sorted(by: { $0.key < $1.key }) {
            if !decision.rejects {
                warnings.append("Correction of \(id) not applied: lecture questions can only be rejected.")
            } else if !(ReviewID.poolQuestionID(of: id, courseID: courseID).map(candidates.contains) ?? false) {
                warnings.append("Review decision \(id) rejects a question that no longer exists.")
            }
        }
        for id in reviews.words.keys.sorted() {
            warnings.append("Review decision \(id) refers to a word that no longer exists (a lecture has no word list).")
        }
        return warnings
    }

    /// Local images (inbox-relative paths inside the course folder) are media named by their path in the course
    /// folder; the image blocks point where `course.mediaPath` says and `media` lists what to copy.
    static func localisingImages(_ blocks: [Block], course: CourseInput, media: inout [String: MediaFile]) -> [Block] {
        blocks.map { block in
            switch block {
            case .image(let src, let alt) where !src.hasPrefix("http://") && !src.hasPrefix("https://")
                && src.hasPrefix(course.source.path + "/"):
                let relative = src.dropFirst(course.source.path.count + 1)
                let path = course.mediaPath(String(relative))
                media[path] = MediaFile(path: path, source: src)
                return .image(src: path, alt: alt)
            case .list(let ordered, let items):
                return .list(ordered: ordered, items: items.map { localisingImages($0, course: course, media: &media) })
            default:
                return block
            }
        }
    }

    static func languageName(_ code: String) -> String {
        let names = ["python": "Python", "py": "Python", "javascript": "JavaScript", "js": "JavaScript",
                     "typescript": "TypeScript", "ts": "TypeScript", "swift": "Swift", "java": "Java", "c": "C",
                     "cpp": "C++", "c++": "C++", "csharp": "C#", "c#": "C#", "go": "Go", "rust": "Rust", "ruby": "Ruby",
                     "bash": "Bash", "sh": "shell", "shell": "shell", "sql": "SQL", "html": "HTML", "css": "CSS",
                     "r": "R", "kotlin": "Kotlin", "php": "PHP", "haskell": "Haskell", "lua": "Lua"]
        return names[code.lowercased()] ?? code
    }

    /// The first folder below the course folder; "" for posts directly in it.
    static func subjectFolder(of path: String, coursePath: String) -> String {
        guard path.hasPrefix(coursePath + "/") else { return "" }
        let rest = path.dropFirst(coursePath.count + 1).split(separator: "/")
        return rest.count >= 2 ? String(rest[0]) : ""
    }

    /// The week a subject folder unlocks: from course.yml, else the number in its name ("week-02"), else 1.
    static func week(of folder: String, settings: CourseSettings) -> Int {
        let weeks = settings.weeks ?? []
        if let position = weeks.firstIndex(where: { $0.folder == folder }) {
            return weeks[position].week ?? position + 1
        }
        return Int(folder.filter(\.isNumber)) ?? 1
    }

    static func subjectTitle(_ folder: String, settings: CourseSettings, fallback: String) -> String {
        if let configured = settings.weeks?.first(where: { $0.folder == folder })?.title { return configured }
        return folder.isEmpty ? fallback : humanise(folder)
    }

    static func humanise(_ name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
            .split(separator: " ").map { word -> String in
                if let number = Int(word) { return String(number) }
                return word.prefix(1).uppercased() + word.dropFirst()
            }
        return words.joined(separator: " ")
    }

    /// A post is one topic, or one per `h2` section when splitting is on.
    private func topics(of coursePost: CoursePost, week: Int, courseID: String, titles: PageTitles) -> [Topic] {
        guard let post = coursePost.post else { return [] }
        let heading = PageTitles.headingBlock(of: post)
        var sections: [(title: String, blocks: [Block])] = [(titles.title(of: post), [])]
        for block in post.blocks {
            if block == heading { continue }
            if options.splitAtH2, case .heading(let text, level: 2) = block {
                sections.append((text, []))
            } else {
                sections[sections.count - 1].blocks.append(block)
            }
        }
        let source = SourceRef(path: coursePost.path, sha256: coursePost.sha256)
        return sections.enumerated().compactMap { index, section -> Topic? in
            guard section.blocks.contains(where: { $0.type != .heading }) else { return nil }
            // The bit before the first h2 is often only a byline ("Week 1, post 1 · 10 minutes"): not a topic.
            if index == 0, sections.count > 1, section.blocks.allSatisfy({ $0.type == .paragraph || $0.type == .heading }),
               Self.keySentence(section.blocks, title: section.title) == nil,
               section.blocks.reduce(0, { $0 + FactFinder.wordCount($1.plainText) }) < 20 { return nil }
            let id = StableID.make(courseID, coursePost.sha256, String(index))
            return Topic(id: id, title: section.title, week: week, source: source, blocks: section.blocks,
                         engagementQuestion: nil)
        }
    }

    /// The topic's main idea, which its questions are built on: of its explanatory sentences, the one that shares
    /// most words with the topic's other sentences and its title (not simply the first: "Finally, while display
    /// equations look good …"); a question (a review item such as "What does the print function do?") only when
    /// the topic has no statement at all.
    static func keySentence(_ blocks: [Block], title: String) -> String? {
        keySentences(blocks, title: title).main
    }

    /// The key sentence and the next three most central statements (a topic's other points), most central first.
    static func keySentences(_ blocks: [Block], title: String) -> (main: String?, others: [String]) {
        var question: String?
        var statements: [(sentence: String, words: Set<String>)] = []
        for block in blocks where block.type == .paragraph || block.type == .quote {
            // The cheap test first: tokenizing is most of the work.
            for sentence in SentenceSplitter.split(block.plainText) where [".", "!", "?", ":", "…"].contains(sentence.last ?? " ") {
                let tokens = Tokenizer.words(in: sentence)
                guard tokens.count >= 6 else { continue }
                if FactFinder.isQuestion(sentence) {
                    if question == nil { question = sentence }
                } else if statements.count < 40 {
                    statements.append((sentence, contentWords(tokens.map(\.text))))
                }
            }
        }
        guard statements.count > 1 else { return (statements.first?.sentence ?? question, []) }
        var sentencesWith: [String: Int] = [:]
        for statement in statements { for word in statement.words { sentencesWith[word, default: 0] += 1 } }
        let titleWords = contentWords(Tokenizer.words(in: title).map(\.text))
        var scored: [(sentence: String, score: Double)] = []
        for statement in statements {
            // Words the other sentences share, per word of this one (smoothed so a short sentence is not favoured
            // for one shared word), plus the title's words.
            let shared = statement.words.reduce(0) { $0 + (sentencesWith[$1]! - 1) }
            var score = Double(shared) / Double(statement.words.count + 3)
                + Double(statement.words.intersection(titleWords).count)
            // Leaning on the sentence before it ("However, …") or introducing what follows ("… like this:") is
            // not the point itself.
            if startsWithConnective(statement.sentence) || statement.sentence.hasSuffix(":") { score /= 2 }
            scored.append((statement.sentence, score))
        }
        // Highest score first; ties go to the earlier sentence (the sort is stable).
        let ranked = scored.enumerated().sorted { ($0.element.score, $1.offset) > ($1.element.score, $0.offset) }
        return (ranked[0].element.sentence, ranked[1...].prefix(3).map(\.element.sentence))
    }

    /// Lower-cased words of four letters or more that carry meaning, a final plural "s" dropped.
    static func contentWords(_ words: [String]) -> Set<String> {
        var out = Set<String>()
        for word in words where word.count >= 4 {
            var lower = word.lowercased()
            guard !functionWords.contains(lower) else { continue }
            if lower.count > 4, lower.hasSuffix("s"), !lower.hasSuffix("ss") { lower.removeLast() }
            out.insert(lower)
        }
        return out
    }

    private static let functionWords: Set<String> = [
        "that", "this", "with", "from", "have", "has", "there", "which", "when", "what", "your", "will", "they",
        "them", "then", "than", "also", "into", "more", "some", "such", "only", "each", "these", "those", "about",
        "would", "could", "should", "their", "were", "been", "does", "here", "just", "like", "very", "most", "other",
        "where", "while", "because", "before", "after", "same", "many", "much", "even", "well", "make", "can't",
        "don't", "it's", "let's", "using", "used", "example", "following", "below", "above",
    ]

    /// "Finally, …", "However, …", "So …": a sentence that continues the one before it.
    static func startsWithConnective(_ sentence: String) -> Bool {
        let firstWord = sentence.prefix { $0.isLetter }.lowercased()
        return ["finally", "however", "but", "so", "also", "then", "thus", "therefore", "instead", "otherwise",
                "similarly", "likewise", "additionally", "furthermore", "moreover", "and", "or", "now", "next"]
            .contains(firstWord)
    }
}

/// Short IDs for parts of a bundle, derived from the content hashes they belong to.
enum StableID {
    static func make(_ parts: String...) -> String {
        var generator = SeededGenerator(seed: parts.joined(separator: "|"))
        // `String(format: "%016llx")` without Foundation's formatter (a course makes thousands of IDs).
        let digits = String(generator.next(), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
