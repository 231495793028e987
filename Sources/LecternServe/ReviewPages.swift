import Foundation
import LecternModel
import LecternText

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
        /// The item's own page: its bundle's page, or for a post its course's page.
        var link: String
        var hasLink: Bool
        /// Is it ready for a class: `ready`, `partial`, `not-ready`, `failed`, `waiting` (a CSS class), and in words.
        var readiness: String
        var readinessLabel: String
        var title: String
        var size: String
        var failures: [Failure]
        /// For a done item that is not ready as it is: the bundle's reason, and where to look.
        var happened: String
        var advice: String
        var hasAdvice: Bool
    }
    var pageTitle = "Items"
    var summary: String
    var rows: [Row]
    var hasRows: Bool

    /// The few fields of any bundle the home page shows, read without the rest of the bundle's types.
    struct BundleHead: Decodable {
        /// Any JSON object: only the number of them is read.
        struct Counted: Decodable {}
        struct Quiz: Decodable { var questions: [Counted] }
        struct Subject: Decodable { var topics: [Counted] }
        var title: String?
        var status: BundleStatus
        var statusReason: String?
        var warnings: [String]?
        var quiz: Quiz?
        var words: [Counted]?
        var tests: [Counted]?
        var subjects: [Subject]?
        var questionPool: [Counted]?

        /// The questions a homework quiz or word list is for; nil for a course, which is read even without a pool
        /// (`poolQuestionsPerTopic: 0` turns it off).
        var questions: Int? { quiz?.questions.count ?? tests?.count }

        var size: String {
            var parts: [String] = []
            if let quiz { parts.append(plural(quiz.questions.count, "question")) }
            if let words { parts.append(plural(words.count, "word")) }
            if let tests { parts.append(plural(tests.count, "level test")) }
            if let subjects { parts.append(plural(subjects.reduce(0) { $0 + $1.topics.count }, "topic")) }
            if let questionPool { parts.append(plural(questionPool.count, "pool question")) }
            return parts.joined(separator: ", ")
        }
    }

    init(index: RunIndex, head: (IndexEntry) -> BundleHead?) {
        rows = index.items.map { entry in
            let bundle = entry.state == .done ? head(entry) : nil
            let target = entry.kind.descriptor.placement == .courseMember ? entry.course : (entry.bundle != nil ? entry.id : nil)
            // The plain words of `lectern status`: what happened (the recorded message) and what to do (the code's advice).
            let failures = entry.errorCode.map { code in
                [Failure(code: code.rawValue, stage: entry.failedStage?.rawValue ?? "", hasStage: entry.failedStage != nil,
                         happened: entry.errorMessage ?? code.rawValue, advice: code.advice(for: entry.kind))]
            } ?? []
            let readiness = Readiness(entry, bundle)
            return Row(id: entry.id, kind: Self.kindName(entry.kind), source: entry.source.path,
                       link: target.map { "/items/\($0)" } ?? "", hasLink: target != nil,
                       readiness: readiness.rawValue, readinessLabel: readiness.label,
                       title: bundle?.title ?? (bundle != nil ? entry.source.path : ""), size: bundle?.size ?? "",
                       failures: failures, happened: readiness.happened(entry, bundle), advice: readiness.advice(bundle),
                       hasAdvice: !readiness.advice(bundle).isEmpty)
        }
        let rows = rows
        let count = { (readiness: Readiness) in rows.filter { $0.readiness == readiness.rawValue }.count }
        let published = rows.count - count(.inCourse)
        summary = "Ready for your class: \(count(.ready)) of \(published). Partly ready: \(count(.partial)). "
            + "Not ready: \(count(.notReady)). Failed: \(count(.failed)). Waiting for a run: \(count(.waiting))."
        hasRows = !rows.isEmpty
    }

    /// An item's kind as a teacher names it.
    static func kindName(_ kind: ItemKind) -> String { kind.descriptor.displayName }

    /// Is an item ready for a class, as the home page's first column says it.
    enum Readiness: String {
        case ready, partial, notReady = "not-ready", failed, waiting, inCourse = "in-course"

        init(_ entry: IndexEntry, _ bundle: BundleHead?) {
            switch entry.state {
            case .failed: self = .failed
            case .pending, .running: self = .waiting
            case .done where entry.kind == .post: self = .inCourse
            case .done:
                guard let bundle else { self = .notReady; return }
                if bundle.questions == 0 || bundle.status == .needsReview { self = .notReady }
                else { self = bundle.status == .partial ? .partial : .ready }
            }
        }

        var label: String {
            switch self {
            case .ready: "Ready"
            case .partial: "Partly ready"
            case .notReady: "Not ready"
            case .failed: "Failed"
            case .waiting: "Waiting"
            case .inCourse: "In its course"
            }
        }

        func happened(_ entry: IndexEntry, _ bundle: BundleHead?) -> String {
            switch self {
            case .waiting: entry.state == .running ? "A run is working on it." : "Waiting for the next `lectern run`."
            case .partial, .notReady: bundle?.statusReason ?? (bundle == nil ? "Its bundle could not be read." : "It has no questions.")
            case .ready: bundle?.warnings.map { "Ready, with \(plural($0.count, "note"))." } ?? ""
            case .failed, .inCourse: ""
            }
        }

        /// The advice for its kind is on the item's own page; here, where to find it.
        func advice(_ bundle: BundleHead?) -> String {
            switch self {
            case .partial: "Open its page: use what it has, and see how to get more."
            case .notReady: "Open its page: it says what to check and what to do."
            case .ready: bundle?.warnings == nil ? "" : "Open its page to read them."
            case .failed, .waiting, .inCourse: ""
            }
        }
    }
}

func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

// MARK: Shared pieces

/// What every item page says first: is this ready for my class, and if not, what do I do?
struct VerdictView {
    /// `ready`, `partial` or `not-ready`: the box's CSS class.
    var readiness: String
    var headline: String
    var happened: String
    var hasHappened: Bool
    var advice: String
    var hasAdvice: Bool
    /// The bundle's `warnings`: review decisions not applied or about questions and words no longer made, and text
    /// a course post lost.
    var notes: [String]
    var hasNotes: Bool

    init(_ readiness: HomePage.Readiness, headline: String, happened: String? = nil, advice: String = "", warnings: [String]?) {
        self.readiness = readiness.rawValue
        self.headline = headline
        self.happened = happened ?? ""
        hasHappened = !(happened ?? "").isEmpty
        notes = warnings ?? []
        hasNotes = !notes.isEmpty
        self.advice = advice.isEmpty && hasNotes
            ? "Read the notes below; change or clear a review decision with `lectern review`." : advice
        hasAdvice = !self.advice.isEmpty
    }
}

/// Where an option came from, in a teacher's words.
func provenance(_ origin: OptionOrigin) -> String {
    switch origin {
    case .answer: "the answer"
    case .wordnetCoordinate: "a word of the same kind as the answer, from the dictionary (WordNet)"
    case .sameTextTerm: "another key term of the same text"
    case .sameTextWord: "another word of the same text"
    case .samePOSFrequencyBand: "a word of the same kind (noun, verb …) about as common as the answer"
    case .otherSense: "another meaning of the same word, from the dictionary"
    case .sameSourceWord: "another word of the same script"
    case .frequencyListWord: "a common English word about as frequent as the answer"
    case .sameTopicWord: "a common word of the text's topic"
    case .wordnetSister: "a word of the same kind as the answer on the text's topic, from the dictionary (WordNet)"
    case .wordnetCousin: "a word of a neighbouring kind on the text's topic, from the dictionary (WordNet)"
    case .sameTextKind: "another term of the text of the same kind as the answer"
    case .otherParagraphTopic: "what another paragraph of the text is about"
    case .sameTextYear: "another year of the text"
    case .nearbyYear: "a year close to the answer"
    case .nearbyNumber: "a number close to the answer"
    case .sameTextName: "another name in the text"
    case .sameTextNameParts: "a name made of parts of names in the text"
    case .antonym: "a word meaning the opposite of the answer"
    case .sameTextAdjective: "another describing word of the text"
    case .changedNumber: "a sentence of the text with a number changed, so it is false"
    case .negated: "a sentence of the text turned round to say the opposite, so it is false"
    case .swappedName: "a sentence of the text with a name swapped, so it is false"
    case .swappedTerm: "a sentence of the text with a key term swapped, so it is false"
    case .courseTerm: "a key term of another topic of the course"
    case .courseCode: "a code name of another topic of the course"
    case .courseYear: "a year of another topic of the course"
    case .courseDefinition: "a definition of another topic of the course"
    case .courseTopic: "another topic of the course"
    case .courseSentence: "a sentence of another topic of the course"
    case .teacher: "written by a teacher (a review decision)"
    }
}

struct OptionView {
    var letter: String
    var option: String
    var isAnswer: Bool
    /// What a learner who picks it is told (lecture engagement questions).
    var note: String
    var hasNote: Bool
    /// Where it came from, in plain words; empty when the bundle does not say.
    var origin: String

    static func list(_ options: [String], answer: Int?, notes: [String]? = nil, origins: [OptionOrigin] = []) -> [OptionView] {
        options.enumerated().map { index, text in
            let note = notes.flatMap { index < $0.count ? $0[index] : nil } ?? ""
            return OptionView(letter: String(UnicodeScalar(UInt8(65 + index % 26))), option: text, isAnswer: index == answer,
                              note: note, hasNote: !note.isEmpty,
                              origin: index < origins.count ? provenance(origins[index]) : "")
        }
    }
}

struct QuestionView {
    var number: Int
    var questionKind: String
    var stem: String
    var options: [OptionView]
    var hasOrigins: Bool
    var answer: String
    var explanation: String
    var questionLevel: Int
    var levelMeaning: String

    init(number: Int, _ question: MultipleChoiceQuestion) {
        self.number = number
        questionKind = Self.kindName(question.kind)
        stem = question.stem
        options = OptionView.list(question.options, answer: question.answerIndex, origins: question.optionOrigins)
        hasOrigins = !question.optionOrigins.isEmpty
        answer = question.options.indices.contains(question.answerIndex) ? question.options[question.answerIndex] : ""
        explanation = question.explanation
        questionLevel = question.level
        levelMeaning = question.level <= 1 ? "recall: a fact the text states" : "understanding: what a word or the text means"
    }

    /// What a question asks, in a teacher's words.
    static func kindName(_ kind: QuestionKind) -> String {
        switch kind {
        case .clozeYear: "Fill in the year"
        case .clozeNumber: "Fill in the number"
        case .clozeName: "Fill in the name"
        case .clozeTerm: "Fill in the key term"
        case .clozeAdjective: "Fill in the describing word"
        case .definition: "Which word has this meaning"
        case .statement: "Which statement the text supports"
        case .vocabularyInContext: "What a word means in the text"
        case .mainIdea: "What a paragraph is mainly about"
        case .lectureTerm: "A key term of the lesson"
        case .lectureCode: "A code name of the lesson"
        case .lectureYear: "A year of the lesson"
        case .lectureDefinition: "A definition the lesson gives"
        case .lectureTopic: "Which lesson a sentence comes from"
        case .lectureSentence: "Which sentence the lesson says"
        }
    }
}

// MARK: Homework

struct HomeworkPage: ReviewPage {
    var pageTitle: String
    var id: String
    var source: String
    var verdict: VerdictView
    var subject: String
    var subjectConfidence: String
    var thumbnail: String
    var hasThumbnail: Bool
    var meanConfidence: String
    var wordCount: Int
    var readPath: String
    var preprocessing: String
    /// The run judged the read doubtful (`needs-review`: under the pipeline file's `quiz.minConfidence` or
    /// `minWords`, the bundle's status is the one place that judgement is kept): the whole text is marked. The
    /// bundle has no per-word confidence, so no single word can be.
    var lowConfidence: Bool
    var text: String
    var questions: [QuestionView]
    var questionCount: Int
    var hasQuestions: Bool
    var hasRecall: Bool
    var hasUnderstanding: Bool

    init(_ bundle: HomeworkBundle) {
        pageTitle = bundle.title.isEmpty ? "Homework \(bundle.id)" : bundle.title
        id = bundle.id
        source = bundle.source.path
        subject = bundle.subject
        subjectConfidence = Self.percent(bundle.subjectConfidence * 100)
        thumbnail = bundle.thumbnail.map { "/" + $0 } ?? ""
        hasThumbnail = bundle.thumbnail.map { $0.hasPrefix("media/") && !$0.contains("..") } ?? false
        meanConfidence = Self.percent(bundle.ocr.meanConfidence)
        wordCount = bundle.ocr.wordCount
        readPath = bundle.ocr.path
        preprocessing = bundle.ocr.preprocessing.joined(separator: ", ")
        lowConfidence = bundle.status == .needsReview
        text = bundle.text
        questions = bundle.quiz.questions.enumerated().map { QuestionView(number: $0 + 1, $1) }
        questionCount = questions.count
        hasQuestions = !questions.isEmpty
        hasRecall = questions.contains { $0.questionLevel <= 1 }
        hasUnderstanding = questions.contains { $0.questionLevel > 1 }
        let count = plural(questionCount, "question")
        verdict = switch bundle.status {
        case .needsReview:
            VerdictView(.notReady, headline: "Not ready: the photo could not be read well enough", happened: bundle.statusReason,
                        advice: "Compare the text read from the photo below with the page. Take a clearer photo (flat, "
                            + "well lit, the whole page in view) and drop it in the inbox: it gets a quiz of its own.",
                        warnings: bundle.warnings)
        case .partial where questionCount == 0:
            VerdictView(.notReady, headline: "Not ready: no questions", happened: bundle.statusReason,
                        advice: "Photograph the text the exercises are about, or a longer passage, and drop the photo in the inbox.",
                        warnings: bundle.warnings)
        case .partial:
            VerdictView(.partial, headline: "Partly ready: \(count)", happened: bundle.statusReason,
                        advice: "Check the questions below and use them as they are. For more, photograph a longer text: "
                            + "a full page (about 250 words) gives 10.", warnings: bundle.warnings)
        case .ok:
            VerdictView(.ready, headline: "Ready for your class: \(count)", warnings: bundle.warnings)
        }
    }

    static func percent(_ value: Double) -> String { String(format: "%.0f%%", value) }
}

// MARK: Word list

struct WordListPage: ReviewPage {
    /// A sense a teacher can pick for a word (`lectern review word ID --sense KEY`).
    struct SenseOption {
        var partOfSpeech: String
        var gloss: String
        var command: String
    }

    /// The senses of `entry`'s word other than the one it shows, when its sense is not sure, with the exact command
    /// that picks each (`inbox`: the inbox folder the teacher's decisions go to).
    static func otherSenses(of entry: WordEntry, among senses: [Synset], inbox: String) -> [SenseOption] {
        guard !entry.senseIsSure, let id = entry.id else { return [] }
        return senses.filter { !($0.gloss == entry.definition && $0.pos.rawValue == entry.partOfSpeech) }.map { synset in
            SenseOption(partOfSpeech: synset.pos.rawValue, gloss: synset.gloss,
                        command: "lectern review --inbox \(inbox) word \(id) --sense \(synset.id.senseKey)")
        }
    }

    struct WordRow {
        var word: String
        var partOfSpeech: String
        var definition: String
        var hasDefinition: Bool
        var levelSource: String
        var sense: String
        var senseClass: String
        /// For an entry whose sense is not sure: the word's other WordNet senses, each with the command that picks it.
        var otherSenses: [SenseOption]
        var hasOtherSenses: Bool
        /// The context sentence in three parts, the word's form in it marked; a sentence an entry above already
        /// showed is cut to the words around this one, with `sameAs` naming that entry.
        var before: String
        var marked: String
        var hasMark: Bool
        var after: String
        var sameAs: String
        var isRepeat: Bool
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
    var verdict: VerdictView
    var sentenceCount: Int
    var tokenCount: Int
    var levels: [LevelGroup]
    var tests: [TestView]
    var hasTests: Bool

    /// `senses`: a word's WordNet senses (for the entries whose sense is not sure); `inbox`: where decisions go.
    init(_ bundle: WordListBundle, senses: (String) -> [Synset] = { _ in [] }, inbox: String = "inbox") {
        pageTitle = "Word list: \(bundle.source.path)"
        id = bundle.id
        source = bundle.source.path
        sentenceCount = bundle.sentenceCount
        tokenCount = bundle.tokenCount
        var shown: [String: String] = [:]   // context sentence → the first word shown with it
        levels = WordLevel.allCases.compactMap { level in
            let words = bundle.words.filter { $0.level == level }
            guard !words.isEmpty else { return nil }
            return LevelGroup(level: level.rawValue, wordCount: words.count, words: words.map { entry in
                let first = shown[entry.context]
                if first == nil { shown[entry.context] = entry.word }
                var (before, marked, after) = Self.mark(entry, in: entry.context)
                if first != nil {
                    before = Self.tail(of: before)
                    after = Self.head(of: after)
                }
                let sense: (String, String) = switch (entry.senseSource, entry.senseConfidence) {
                case (.teacher, _): ("chosen by a teacher", "high")
                case (nil, .high): ("sure", "high")
                case (nil, .medium): ("likely; check it", "medium")
                case (nil, .low): ("not sure: check it", "low")
                case (nil, nil): ("", "none")
                }
                let others = Self.otherSenses(of: entry, among: entry.senseIsSure ? [] : senses(entry.word), inbox: inbox)
                return WordRow(word: entry.word, partOfSpeech: entry.partOfSpeech ?? "", definition: entry.definition ?? "",
                               hasDefinition: entry.definition != nil, levelSource: Self.levelSource(entry.levelSource),
                               sense: sense.0, senseClass: sense.1, otherSenses: others, hasOtherSenses: !others.isEmpty, before: before, marked: marked, hasMark: !marked.isEmpty, after: after,
                               sameAs: first ?? "", isRepeat: first != nil, count: entry.count, forms: entry.forms.joined(separator: ", "))
            })
        }
        tests = bundle.tests.map { test in
            TestView(level: test.level.rawValue, studyWords: test.words.joined(separator: ", "),
                     questions: test.questions.enumerated().map { QuestionView(number: $0 + 1, $1) })
        }
        hasTests = !tests.isEmpty
        let unsure = bundle.words.filter { $0.definition != nil && !$0.senseIsSure }.count
        let size = "\(plural(bundle.words.count, "word")) in \(plural(levels.count, "level")), "
            + (tests.isEmpty ? "no level tests" : "a test for each of \(plural(tests.count, "level"))")
        verdict = switch bundle.status {
        case .ok:
            VerdictView(.ready, headline: "Ready for your class: \(size)",
                        advice: unsure == 0 ? "" : "Check the \(plural(unsure, "meaning")) marked “check it”: the text did not "
                            + "settle which sense is meant, so no test asks them. Pick the sense with the command shown under each.", warnings: bundle.warnings)
        case .partial, .needsReview:
            VerdictView(.partial, headline: "Partly ready: \(size)", happened: bundle.statusReason,
                        advice: "Check the words below before using them.", warnings: bundle.warnings)
        }
    }

    /// Where a word's level came from, in a teacher's words.
    static func levelSource(_ source: LevelSource) -> String {
        switch source {
        case .cefrProfile: "from a published list of English word levels (CEFR)"
        case .model: "estimated from how common the word is"
        case .teacher: "set by a teacher"
        case .teacherSense: "one above the word's usual level: a teacher chose a rarer sense"
        }
    }

    /// `context` split around the first whole-word occurrence of the entry's lemma or one of its forms (the longest
    /// that starts there); the whole sentence and nothing to mark when none is found.
    static func mark(_ entry: WordEntry, in context: String) -> (String, String, String) {
        let candidates = Set([entry.word] + entry.forms).filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        var best: Range<String.Index>?
        for form in candidates {
            var from = context.startIndex
            while let range = context.range(of: form, options: [.caseInsensitive], range: from..<context.endIndex) {
                let startsWord = range.lowerBound == context.startIndex || !context[context.index(before: range.lowerBound)].isLetter
                let endsWord = range.upperBound == context.endIndex || !context[range.upperBound].isLetter
                if startsWord && endsWord {
                    if best.map({ range.lowerBound < $0.lowerBound }) ?? true { best = range }
                    break
                }
                from = range.upperBound
            }
        }
        guard let best else { return (context, "", "") }
        return (String(context[..<best.lowerBound]), String(context[best]), String(context[best.upperBound...]))
    }

    /// The last few words of `text`, after an ellipsis when some were cut.
    static func tail(of text: String, words: Int = 5) -> String {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        return parts.count > words + 1 ? "… " + parts.suffix(words + 1).joined(separator: " ") : text
    }

    /// The first few words of `text`, before an ellipsis when some were cut.
    static func head(of text: String, words: Int = 5) -> String {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        return parts.count > words + 1 ? parts.prefix(words + 1).joined(separator: " ") + " …" : text
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
        /// The topic read aloud: one entry, or none.
        var narration: [NarrationView]
    }
    /// A topic's audio player and the sentences it reads, each with its time.
    struct NarrationView {
        struct SentenceView {
            var time: String
            var place: String
            var text: String
        }
        var audioSource: String
        var duration: String
        var voice: String
        var sentences: [SentenceView]
        var sentenceCount: Int

        init?(_ narration: Narration) {
            // Only a published file of ours is played (the bundle is input like any other).
            guard narration.media.hasPrefix("media/voice/"), !narration.media.split(separator: "/").contains("..") else { return nil }
            audioSource = "/" + narration.media
            duration = Self.clock(narration.durationMs)
            voice = "\(narration.voice), \(narration.rate) words a minute"
            sentences = narration.sentences.map { sentence in
                let place: String
                switch sentence.block {
                case .index(let index): place = "block \(index + 1)"
                case .engagement: place = "engagement question"
                }
                return SentenceView(time: Self.clock(sentence.startMs), place: place, text: sentence.text)
            }
            sentenceCount = sentences.count
        }

        /// 83250 ms → "1:23".
        static func clock(_ ms: Int) -> String {
            let seconds = ms / 1000
            return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        }
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
    var verdict: VerdictView
    var subjects: [SubjectView]
    var poolLevels: [PoolLevel]
    var poolSize: Int
    var schedule: String

    init(_ bundle: LectureBundle) {
        pageTitle = bundle.title.isEmpty ? "Lecture \(bundle.id)" : bundle.title
        id = bundle.id
        source = bundle.source.path
        var titles: [String: String] = [:]
        subjects = bundle.subjects.map { subject in
            for topic in subject.topics { titles[topic.id] = topic.title }
            return SubjectView(
                subjectTitle: subject.title, subjectWeek: subject.week,
                topics: subject.topics.map { topic in
                    TopicView(anchor: "topic-" + BlockView.token(topic.id), topicTitle: topic.title, topicWeek: topic.week,
                              topicSource: topic.source.path, blocks: topic.blocks.map(BlockView.init),
                              engagement: topic.engagementQuestion.map { [Self.engagement($0)] } ?? [],
                              narration: topic.narration.flatMap(NarrationView.init).map { [$0] } ?? [])
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
        let topics = bundle.subjects.reduce(0) { $0 + $1.topics.count }
        let size = "\(plural(bundle.subjects.count, "subject")), \(plural(topics, "topic")), \(plural(poolSize, "pool question"))"
        verdict = switch bundle.status {
        case .ok:
            VerdictView(.ready, headline: "Ready for your class: \(size)", warnings: bundle.warnings)
        case .partial, .needsReview:
            VerdictView(.partial, headline: "Partly ready: \(size)", happened: bundle.statusReason,
                        advice: "The topics below can be used. Fix the posts named (the home page says why each failed) "
                            + "and run Lectern again.", warnings: bundle.warnings)
        }
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
