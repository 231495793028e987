import Foundation
import LecternGenerate
import LecternModel

// What the review site's templates show, one small struct per page kind, mapped from the published index and
// bundles. Templates read these fields by name (swift-mustache reflects them), so:
// - every value from an input is a String the template prints with {{ }}, which HTML-escapes it;
// - optional fields are avoided: mustache looks a missing (nil) name up in the enclosing objects, so a nil
//   `language` inside a block could print the project's `language`. Flags (`hasX`) and empty values say
//   "absent" instead.

/// The fields the layout partial reads on every page.
protocol ReviewPage {
    var pageTitle: String { get }
}

// MARK: Home

struct HomePage: ReviewPage {
    struct Failure {
        var code: String
        var stage: String
        var hasStage: Bool
        var happened: String
        var advice: String
    }
    struct Row {
        var id: String
        var kind: String
        var source: String
        var state: String
        /// The item's own page: its bundle's page, or for a post its course's page.
        var link: String
        var hasLink: Bool
        var title: String
        var bundleStatus: String
        var hasBundleStatus: Bool
        var statusReason: String
        var hasStatusReason: Bool
        var failures: [Failure]
        var waiting: String
        var hasWaiting: Bool
    }
    var pageTitle = "Items"
    var summary: String
    var rows: [Row]
    var hasRows: Bool

    /// The few fields of any bundle the home page shows, read without the rest of the bundle's types.
    struct BundleHead: Decodable {
        var title: String?
        var status: BundleStatus
        var statusReason: String?
    }

    init(index: RunIndex, head: (IndexEntry) -> BundleHead?) {
        let counts = Dictionary(grouping: index.items, by: \.state).mapValues(\.count)
        summary = "\(index.items.count) item\(index.items.count == 1 ? "" : "s"): \(counts[.done] ?? 0) done, "
            + "\(counts[.failed] ?? 0) failed, \((counts[.pending] ?? 0) + (counts[.running] ?? 0)) waiting."
        rows = index.items.map { entry in
            let bundle = entry.state == .done ? head(entry) : nil
            let target = entry.kind.descriptor.placement == .courseMember ? entry.course : (entry.bundle != nil ? entry.id : nil)
            // The plain words of `lectern status`: what happened (the recorded message) and what to do (the code's advice).
            let failures = entry.errorCode.map { code in
                [Failure(code: code.rawValue, stage: entry.failedStage?.rawValue ?? "", hasStage: entry.failedStage != nil,
                         happened: entry.errorMessage ?? code.rawValue, advice: code.advice(for: entry.kind))]
            } ?? []
            let waiting: String? = switch entry.state {
            case .pending: "Waiting for the next `lectern run`."
            case .running: "A run is working on it."
            case .done, .failed: nil
            }
            return Row(id: entry.id, kind: entry.kind.rawValue, source: entry.source.path, state: entry.state.rawValue,
                       link: target.map { "/items/\($0)" } ?? "", hasLink: target != nil,
                       title: bundle?.title ?? "", bundleStatus: bundle?.status.rawValue ?? "",
                       hasBundleStatus: bundle != nil, statusReason: bundle?.statusReason ?? "",
                       hasStatusReason: !(bundle?.statusReason ?? "").isEmpty,
                       failures: failures, waiting: waiting ?? "", hasWaiting: waiting != nil)
        }
        hasRows = !rows.isEmpty
    }
}

// MARK: Shared pieces

/// A bundle's fitness, as every page heads it.
struct StatusView {
    var status: String
    var isOK: Bool
    var reason: String
    var hasReason: Bool

    init(_ status: BundleStatus, reason: String?) {
        self.status = status.rawValue
        isOK = status == .ok
        self.reason = reason ?? ""
        hasReason = !(reason ?? "").isEmpty
    }
}

struct OptionView {
    var letter: String
    var option: String
    var isAnswer: Bool
    /// Where a distractor came from, or what a learner who picks it is told.
    var note: String
    var hasNote: Bool

    static func list(_ options: [String], answer: Int?, notes: [String]? = nil) -> [OptionView] {
        options.enumerated().map { index, text in
            let note = notes.flatMap { index < $0.count ? $0[index] : nil } ?? ""
            return OptionView(letter: String(UnicodeScalar(UInt8(65 + index % 26))), option: text, isAnswer: index == answer,
                              note: note, hasNote: !note.isEmpty)
        }
    }
}

struct QuestionView {
    var number: Int
    var questionKind: String
    var stem: String
    var options: [OptionView]
    var answer: String
    var explanation: String
    var questionLevel: Int

    init(number: Int, _ question: MultipleChoiceQuestion) {
        self.number = number
        questionKind = question.kind.rawValue
        stem = question.stem
        options = OptionView.list(question.options, answer: question.answerIndex, notes: question.optionOrigins.map(\.rawValue))
        answer = question.options.indices.contains(question.answerIndex) ? question.options[question.answerIndex] : ""
        explanation = question.explanation
        questionLevel = question.level
    }
}

// MARK: Homework

struct HomeworkPage: ReviewPage {
    var pageTitle: String
    var id: String
    var source: String
    var status: StatusView
    var subject: String
    var subjectConfidence: String
    var thumbnail: String
    var hasThumbnail: Bool
    var meanConfidence: String
    var wordCount: Int
    var readPath: String
    var preprocessing: String
    /// The page's mean OCR confidence is under the quiz's threshold (or the bundle says needs-review): the whole
    /// text is marked. The bundle has no per-word confidence, so no single word can be.
    var lowConfidence: Bool
    var threshold: String
    var text: String
    var questions: [QuestionView]
    var questionCount: Int
    var hasQuestions: Bool

    init(_ bundle: HomeworkBundle) {
        let threshold = QuizOptions().minConfidence
        pageTitle = bundle.title.isEmpty ? "Homework \(bundle.id)" : bundle.title
        id = bundle.id
        source = bundle.source.path
        status = StatusView(bundle.status, reason: bundle.statusReason)
        subject = bundle.subject
        subjectConfidence = Self.percent(bundle.subjectConfidence * 100)
        thumbnail = bundle.thumbnail.map { "/" + $0 } ?? ""
        hasThumbnail = bundle.thumbnail.map { $0.hasPrefix("media/") && !$0.contains("..") } ?? false
        meanConfidence = Self.percent(bundle.ocr.meanConfidence)
        wordCount = bundle.ocr.wordCount
        readPath = bundle.ocr.path
        preprocessing = bundle.ocr.preprocessing.joined(separator: ", ")
        lowConfidence = bundle.status == .needsReview || bundle.ocr.meanConfidence < threshold
        self.threshold = Self.percent(threshold)
        text = bundle.text
        questions = bundle.quiz.questions.enumerated().map { QuestionView(number: $0 + 1, $1) }
        questionCount = questions.count
        hasQuestions = !questions.isEmpty
    }

    static func percent(_ value: Double) -> String { String(format: "%.0f%%", value) }
}

// MARK: Word list

struct WordListPage: ReviewPage {
    struct WordRow {
        var word: String
        var partOfSpeech: String
        var definition: String
        var hasDefinition: Bool
        var levelSource: String
        var senseConfidence: String
        var context: String
        var count: Int
        var forms: String
    }
    struct LevelGroup {
        var level: String
        var wordCount: Int
        var words: [WordRow]
    }
    struct TestView {
        var level: String
        var studyWords: String
        var questions: [QuestionView]
    }
    var pageTitle: String
    var id: String
    var source: String
    var status: StatusView
    var sentenceCount: Int
    var tokenCount: Int
    var levels: [LevelGroup]
    var tests: [TestView]
    var hasTests: Bool

    init(_ bundle: WordListBundle) {
        pageTitle = "Word list: \(bundle.source.path)"
        id = bundle.id
        source = bundle.source.path
        status = StatusView(bundle.status, reason: bundle.statusReason)
        sentenceCount = bundle.sentenceCount
        tokenCount = bundle.tokenCount
        levels = WordLevel.allCases.compactMap { level in
            let words = bundle.words.filter { $0.level == level }
            guard !words.isEmpty else { return nil }
            return LevelGroup(level: level.rawValue, wordCount: words.count, words: words.map { entry in
                WordRow(word: entry.word, partOfSpeech: entry.partOfSpeech ?? "", definition: entry.definition ?? "",
                        hasDefinition: entry.definition != nil, levelSource: entry.levelSource.rawValue,
                        senseConfidence: entry.senseConfidence?.rawValue ?? "—", context: entry.context, count: entry.count,
                        forms: entry.forms.joined(separator: ", "))
            })
        }
        tests = bundle.tests.map { test in
            TestView(level: test.level.rawValue, studyWords: test.words.joined(separator: ", "),
                     questions: test.questions.enumerated().map { QuestionView(number: $0 + 1, $1) })
        }
        hasTests = !tests.isEmpty
    }
}

// MARK: Lecture

struct InlineView {
    var text: String
    var isPlain: Bool
    var isEmphasis: Bool
    var isStrong: Bool
    var isCode: Bool
    var isLink: Bool
    var href: String

    init(_ inline: Inline) {
        text = inline.text
        let kind = inline.kind
        let href = inline.href.flatMap(Self.safeHref)
        isEmphasis = kind == .emphasis
        isStrong = kind == .strong
        isCode = kind == .code
        isLink = kind == .link && href != nil
        isPlain = !isEmphasis && !isStrong && !isCode && !isLink
        self.href = href ?? ""
    }

    /// Links a reviewer may follow: web and mail addresses, and the page's own anchors. Anything else is shown as text.
    static func safeHref(_ href: String) -> String? {
        let lower = href.lowercased()
        return ["http://", "https://", "mailto:", "#"].contains(where: lower.hasPrefix) ? href : nil
    }
}

struct BlockView {
    struct ListItem { var itemBlocks: [BlockView] }
    struct Row { var cells: [String] }

    var isParagraph = false
    var isHeading = false
    var isCode = false
    var isMath = false
    var isDisplayMath = false
    var isQuote = false
    var isList = false
    var isOrdered = false
    var isImage = false
    var isTable = false
    var inlines: [InlineView] = []
    var text = ""
    var headingTag = "h4"
    var codeClass = ""
    var languageLabel = ""
    var cite = ""
    var hasCite = false
    var items: [ListItem] = []
    /// A published image (under /media); remote or unpublished images are shown as their address and alt text.
    var imageURL = ""
    var hasImageURL = false
    var imageLink = ""
    var hasImageLink = false
    var alt = ""
    var headerCells: [String] = []
    var hasHeader = false
    var bodyRows: [Row] = []

    init(_ block: Block) {
        text = block.text ?? ""
        switch block {
        case .paragraph(_, let paragraphInlines):
            isParagraph = true
            inlines = paragraphInlines.map(InlineView.init)
        case .heading(_, let level):
            isHeading = true
            // Topic titles are h3 on the page; a post's own headings sit below them.
            headingTag = "h" + String(min(6, max(4, level + 2)))
        case .code(_, let language):
            isCode = true
            let token = Self.token(language ?? "")
            codeClass = token.isEmpty ? "code" : "language-\(token)"
            languageLabel = language ?? ""
        case .math(_, let display):
            isMath = true
            isDisplayMath = display
        case .quote(_, let quoteInlines, let quoteCite):
            isQuote = true
            inlines = (quoteInlines ?? []).map(InlineView.init)
            cite = quoteCite ?? ""
            hasCite = !cite.isEmpty
        case .list(let ordered, let listItems):
            isList = true
            isOrdered = ordered
            items = listItems.map { ListItem(itemBlocks: $0.map(BlockView.init)) }
        case .image(let src, let imageAlt):
            isImage = true
            alt = imageAlt ?? ""
            if src.hasPrefix("media/") && !src.split(separator: "/").contains("..") {
                imageURL = "/" + src
                hasImageURL = true
            } else if let link = InlineView.safeHref(src), !src.hasPrefix("#") {
                imageLink = link
                hasImageLink = true
            }
        case .table(let rows):
            isTable = true
            if rows.count > 1, let first = rows.first {
                headerCells = first
                hasHeader = true
                bodyRows = rows.dropFirst().map { Row(cells: $0) }
            } else {
                bodyRows = rows.map { Row(cells: $0) }
            }
        }
        // Headings, and quotes of more than paragraphs, are shown as their plain text.
        if inlines.isEmpty && !text.isEmpty { inlines = [InlineView(Inline(text: text))] }
    }

    /// A class-name-safe form of a language label (letters, digits, -, +, #).
    static func token(_ text: String) -> String {
        String(text.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-+#".contains($0)) }.prefix(40))
    }
}

struct LecturePage: ReviewPage {
    struct EngagementView {
        var format: String
        var prompt: String
        var isMultipleChoice: Bool
        var options: [OptionView]
        var expectedAnswer: String
        var feedback: String
        var sourceSentence: String
        var hasSourceSentence: Bool
    }
    struct TopicView {
        var anchor: String
        var topicTitle: String
        var topicWeek: Int
        var topicSource: String
        var blocks: [BlockView]
        var engagement: [EngagementView]
    }
    struct ProjectView {
        var projectTitle: String
        var brief: String
        var steps: [String]
        var checklist: [String]
        var starterCode: String
        var hasStarterCode: Bool
        var starterClass: String
        var projectTopics: String
    }
    struct SubjectView {
        var subjectTitle: String
        var subjectWeek: Int
        var topics: [TopicView]
        var projects: [ProjectView]
    }
    struct PoolItem {
        var topic: String
        var topicAnchor: String
        var format: String
        var prompt: String
        var isMultipleChoice: Bool
        var options: [OptionView]
        var expectedAnswer: String
        var explanation: String
        var hasExplanation: Bool
    }
    struct PoolLevel {
        var poolLevel: Int
        var levelName: String
        var interval: String
        var itemCount: Int
        var poolItems: [PoolItem]
    }
    var pageTitle: String
    var id: String
    var source: String
    var status: StatusView
    var warnings: [String]
    var hasWarnings: Bool
    var subjects: [SubjectView]
    var poolLevels: [PoolLevel]
    var poolSize: Int
    var schedule: String

    init(_ bundle: LectureBundle) {
        pageTitle = bundle.title.isEmpty ? "Lecture \(bundle.id)" : bundle.title
        id = bundle.id
        source = bundle.source.path
        status = StatusView(bundle.status, reason: bundle.statusReason)
        warnings = bundle.warnings ?? []
        hasWarnings = !warnings.isEmpty
        var titles: [String: String] = [:]
        subjects = bundle.subjects.map { subject in
            for topic in subject.topics { titles[topic.id] = topic.title }
            return SubjectView(
                subjectTitle: subject.title, subjectWeek: subject.week,
                topics: subject.topics.map { topic in
                    TopicView(anchor: "topic-" + BlockView.token(topic.id), topicTitle: topic.title, topicWeek: topic.week,
                              topicSource: topic.source.path, blocks: topic.blocks.map(BlockView.init),
                              engagement: topic.engagementQuestion.map { [Self.engagement($0)] } ?? [])
                },
                projects: subject.endingProject.map { project in
                    let language = BlockView.token(project.language ?? "")
                    return [ProjectView(projectTitle: project.title, brief: project.brief, steps: project.steps,
                                        checklist: project.checklist, starterCode: project.starterCode ?? "",
                                        hasStarterCode: project.starterCode != nil,
                                        starterClass: language.isEmpty ? "code" : "language-\(language)",
                                        projectTopics: project.topicIds.map { titles[$0] ?? $0 }.joined(separator: ", "))]
                } ?? [])
        }
        let schedule = bundle.schedule ?? .standard
        let names = Dictionary(schedule.levels.map { ($0.level, $0) }, uniquingKeysWith: { first, _ in first })
        let renderings = bundle.questionPool.flatMap { question in question.renderings.map { (question, $0) } }
        poolLevels = Set(renderings.map(\.1.level)).sorted().map { level in
            let items = renderings.filter { $0.1.level == level }.map { question, rendering in
                PoolItem(topic: titles[question.topicId] ?? question.topicId, topicAnchor: "topic-" + BlockView.token(question.topicId),
                         format: rendering.format.rawValue, prompt: rendering.prompt,
                         isMultipleChoice: rendering.format == .multipleChoice,
                         options: OptionView.list(rendering.options ?? [], answer: rendering.answerIndex),
                         expectedAnswer: rendering.expectedAnswer, explanation: rendering.explanation ?? "",
                         hasExplanation: !(rendering.explanation ?? "").isEmpty)
            }
            let named = names[level]
            return PoolLevel(poolLevel: level, levelName: named?.name ?? "level \(level)",
                             interval: named.map { "every \($0.minDays)–\($0.maxDays) days" } ?? "",
                             itemCount: items.count, poolItems: items)
        }
        poolSize = bundle.questionPool.count
        self.schedule = "\(schedule.correctAnswersToAdvance) correct answers move a question up a level; "
            + "mastered questions come back every \(schedule.masteredIntervalDays) days."
    }

    static func engagement(_ question: EngagementQuestion) -> EngagementView {
        EngagementView(format: question.format.rawValue, prompt: question.prompt, isMultipleChoice: question.format == .multipleChoice,
                       options: OptionView.list(question.options ?? [], answer: question.answerIndex, notes: question.optionFeedback),
                       expectedAnswer: question.expectedAnswer, feedback: question.feedback,
                       sourceSentence: question.sourceSentence ?? "", hasSourceSentence: question.sourceSentence != nil)
    }
}

// MARK: Errors

/// An unknown ID, an item without a bundle, a bundle that cannot be read: an HTML page saying so.
struct MessagePage: ReviewPage {
    var pageTitle: String
    var detail: String
    var failures: [HomePage.Failure]
}
