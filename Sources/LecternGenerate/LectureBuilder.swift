import Foundation
import LecternModel
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
    public init(title: String? = nil, weeks: [Week]? = nil) {
        self.title = title
        self.weeks = weeks
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
    public init(id: String, source: SourceRef, settings: CourseSettings, posts: [CoursePost]) {
        self.id = id
        self.source = source
        self.settings = settings
        self.posts = posts
    }
}

/// Builds a course's lecture: subjects from its week folders, topics from its posts' sections,
/// an engagement question per topic and a question pool drawn from the topics' own sentences.
public struct LectureBuilder: Sendable {
    let options: LectureOptions

    public init(options: LectureOptions) {
        self.options = options
    }

    public func build(_ course: CourseInput) throws(LecternError) -> LectureBundle {
        let parsed = course.posts.filter { $0.post != nil }
        guard !parsed.isEmpty else {
            throw LecternError(.noTextFound, "No post of the course \(course.source.path) could be read.")
        }
        let title = course.settings.title ?? parsed.first?.post?.title ?? Self.humanise(course.source.path)

        var subjectsByFolder: [String: [Topic]] = [:]
        for coursePost in parsed {
            let folder = Self.subjectFolder(of: coursePost.path, coursePath: course.source.path)
            let week = Self.week(of: folder, settings: course.settings)
            subjectsByFolder[folder, default: []] += topics(of: coursePost, week: week, courseID: course.id)
        }
        let weekOf = { (folder: String) in Self.week(of: folder, settings: course.settings) }
        let subjects = subjectsByFolder.keys.sorted { (weekOf($0), $0) < (weekOf($1), $1) }.compactMap { folder -> Subject? in
            guard let topics = subjectsByFolder[folder], !topics.isEmpty else { return nil }
            return Subject(title: Self.subjectTitle(folder, settings: course.settings, fallback: title),
                           week: weekOf(folder), topics: topics)
        }
        let pool = subjects.flatMap(\.topics).compactMap(Self.poolQuestion)

        let failed = course.posts.filter { $0.post == nil }
        return LectureBundle(
            id: course.id, source: course.source, status: failed.isEmpty ? .ok : .partial,
            statusReason: failed.isEmpty ? nil : "Some posts could not be read: " + failed.map {
                "\($0.path) (\($0.error?.code.rawValue ?? "error"))"
            }.joined(separator: ", "),
            title: title, subjects: subjects, questionPool: pool)
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
    private func topics(of coursePost: CoursePost, week: Int, courseID: String) -> [Topic] {
        guard let post = coursePost.post else { return [] }
        // The post's own h1 names it better than <title>, which often carries the site's name too.
        let heading = post.blocks.first { $0.type == .heading && $0.level == 1 }
        var sections: [(title: String, blocks: [Block])] = [(heading?.text ?? post.title, [])]
        for block in post.blocks {
            if block == heading { continue }
            if options.splitAtH2, block.type == .heading, block.level == 2, let text = block.text {
                sections.append((text, []))
            } else {
                sections[sections.count - 1].blocks.append(block)
            }
        }
        let source = SourceRef(path: coursePost.path, sha256: coursePost.sha256)
        return sections.enumerated().compactMap { index, section -> Topic? in
            guard section.blocks.contains(where: { $0.type != .heading }) else { return nil }
            let id = StableID.make(courseID, coursePost.sha256, String(index))
            return Topic(id: id, title: section.title, week: week, source: source, blocks: section.blocks,
                         engagementQuestion: Self.engagementQuestion(title: section.title, blocks: section.blocks))
        }
    }

    /// The topic's first explanatory sentence, which its questions are built on.
    static func keySentence(_ blocks: [Block]) -> String? {
        for block in blocks where block.type == .paragraph {
            if let sentence = SentenceSplitter.split(block.plainText).first(where: {
                Tokenizer.words(in: $0).count >= 6
            }) { return sentence }
        }
        return nil
    }

    static func engagementQuestion(title: String, blocks: [Block]) -> EngagementQuestion? {
        guard let key = keySentence(blocks) else { return nil }
        return EngagementQuestion(
            format: .freeText, prompt: "In your own words: what is the main idea of “\(title)”?", options: nil,
            answerIndex: nil, expectedAnswer: key,
            feedback: "Compare your answer with the lesson, which puts it this way: “\(key)”")
    }

    static func poolQuestion(_ topic: Topic) -> PoolQuestion? {
        guard let key = keySentence(topic.blocks) else { return nil }
        return PoolQuestion(id: topic.id + "-p", topicId: topic.id, renderings: [
            .init(level: 3, format: .freeText, prompt: "Explain “\(topic.title)” in your own words.", options: nil,
                  answerIndex: nil, expectedAnswer: key),
            .init(level: 4, format: .freeText, prompt: "Describe a situation where you would use what “\(topic.title)” teaches, and why.",
                  options: nil, answerIndex: nil, expectedAnswer: key),
        ])
    }
}

/// Short IDs for parts of a bundle, derived from the content hashes they belong to.
enum StableID {
    static func make(_ parts: String...) -> String {
        var generator = SeededGenerator(seed: parts.joined(separator: "|"))
        return String(format: "%016llx", generator.next())
    }
}
