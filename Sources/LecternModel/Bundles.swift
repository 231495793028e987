// The bundle schemas that front ends consume. Field names are a public contract:
// add fields, never rename them. JSON Schemas for each live in docs/schemas/.

/// What a question asks; the raw values are the bundles' `kind` strings (docs/QUIZ.md, docs/LECTURES.md).
public enum QuestionKind: String, Codable, Sendable, CaseIterable {
    // Homework quizzes.
    case clozeYear = "cloze-year", clozeNumber = "cloze-number", clozeName = "cloze-name", clozeTerm = "cloze-term"
    case clozeAdjective = "cloze-adjective"
    /// "Which word means …?" (homework and word-list level tests).
    case definition
    case statement
    case vocabularyInContext = "vocabulary-in-context"
    /// "What is the second paragraph mainly about?"
    case mainIdea = "main-idea"
    // Lecture engagement questions and pool items: a highlighted term, a code name or a year of the lesson, a
    // definition the lesson gives, the lesson a sentence comes from, the sentence that says something.
    case lectureTerm = "lecture-term", lectureCode = "lecture-code", lectureYear = "lecture-year"
    case lectureDefinition = "lecture-definition", lectureTopic = "lecture-topic", lectureSentence = "lecture-sentence"

    public var isCloze: Bool {
        switch self {
        case .clozeYear, .clozeNumber, .clozeName, .clozeTerm, .clozeAdjective: return true
        default: return false
        }
    }
}

/// Where an option of a question came from; the raw values are the bundles' `optionOrigins` strings.
public enum OptionOrigin: String, Codable, Sendable, CaseIterable {
    case answer
    // Word answers: WordNet sisters of the answer's sense, terms and other words of the same text, common words
    // of the same part of speech and frequency band, another sense's gloss (vocabulary in context), another word
    // of the same script (word tests), a common word of the topic the whole text leans to (law for a licence).
    case wordnetCoordinate = "wordnet-coordinate", sameTextTerm = "same-text-term", sameTextWord = "same-text-word"
    case samePOSFrequencyBand = "same-pos-frequency-band", otherSense = "other-sense", sameSourceWord = "same-source-word"
    case frequencyListWord = "frequency-list-word", sameTopicWord = "same-topic-word"
    // Word answers of one specific kind (issue 27, item 4): WordNet sisters of the answer's sense (another child of
    // its parent) and cousins (under its grandparent), of the text's topic; the text's terms that share a specific
    // parent with it; for a main idea, another paragraph's topic.
    case wordnetSister = "wordnet-sister", wordnetCousin = "wordnet-cousin", sameTextKind = "same-text-kind"
    case otherParagraphTopic = "other-paragraph-topic"
    // Numbers, years, names and describing words.
    case sameTextYear = "same-text-year", nearbyYear = "nearby-year", nearbyNumber = "nearby-number"
    case sameTextName = "same-text-name", sameTextNameParts = "same-text-name-parts", antonym
    case sameTextAdjective = "same-text-adjective"
    // Statements made false by one change.
    case changedNumber = "changed-number", negated, swappedName = "swapped-name", swappedTerm = "swapped-term"
    // Lectures: another topic's fact, definition, title or sentence.
    case courseTerm = "course-term", courseCode = "course-code", courseYear = "course-year"
    case courseDefinition = "course-definition", courseTopic = "course-topic", courseSentence = "course-sentence"
    /// Options a teacher wrote (`lectern-reviews.yml`).
    case teacher

    /// A source that vouches only for "a word of this text" or "of the same broad kind" (a lexicographer file, a
    /// frequency band, a topic): two such options in one question are what a student rules out without reading (issue
    /// 27's blind reviews), so a question offers at most one. The text's other describing words are loose too: the
    /// reviews struck 24 of 29 describing-word clozes built on them ("a fairly available number", "at severe").
    public var isLoose: Bool {
        switch self {
        case .sameTextTerm, .sameTextWord, .samePOSFrequencyBand, .sameTopicWord, .sameTextAdjective: return true
        default: return false
        }
    }
}

public struct MultipleChoiceQuestion: Codable, Sendable, Hashable {
    public var id: String
    public var kind: QuestionKind
    public var stem: String
    public var options: [String]
    public var answerIndex: Int
    public var explanation: String
    public var level: Int
    /// Where each option came from (answer, same-text term, ...), parallel to `options`.
    public var optionOrigins: [OptionOrigin]
    public init(id: String, kind: QuestionKind, stem: String, options: [String], answerIndex: Int,
                explanation: String, level: Int, optionOrigins: [OptionOrigin]) {
        self.id = id
        self.kind = kind
        self.stem = stem
        self.options = options
        self.answerIndex = answerIndex
        self.explanation = explanation
        self.level = level
        self.optionOrigins = optionOrigins
    }
}

public struct HomeworkBundle: Codable, Sendable, Hashable {
    public struct OCRSummary: Codable, Sendable, Hashable {
        public var meanConfidence: Double
        public var wordCount: Int
        public var preprocessing: [String]
        /// Which read was kept (`OCRPage.path`): "cleaned", "plain", "rotated-180+cleaned", …
        public var path: String
        public init(meanConfidence: Double, wordCount: Int, preprocessing: [String], path: String = "cleaned") {
            self.meanConfidence = meanConfidence
            self.wordCount = wordCount
            self.preprocessing = preprocessing
            self.path = path
        }
    }
    public struct Quiz: Codable, Sendable, Hashable {
        public var questions: [MultipleChoiceQuestion]
        /// The length-fair number of questions for the page (DESIGN.md: `min(10, max(3, words / 25))` from 60 words),
        /// so that a front end can show "Question 3/7"; absent under 60 words (no target) and when no quiz was made.
        public var questionTarget: Int?
        public init(questions: [MultipleChoiceQuestion], questionTarget: Int? = nil) {
            self.questions = questions
            self.questionTarget = questionTarget
        }
    }
    public static let schemaName = "lectern.homework/1"
    public var schema = HomeworkBundle.schemaName
    public var id: String
    public var source: SourceRef
    public var status: BundleStatus
    public var statusReason: String?
    public var title: String
    public var subject: String
    public var subjectConfidence: Double
    public var text: String
    public var ocr: OCRSummary
    /// Path of the thumbnail relative to the output folder.
    public var thumbnail: String?
    public var quiz: Quiz
    /// What the teacher should know about the bundle: review decisions that refer to questions no longer made, or
    /// corrections that were not applied because the corrected question breaks a quality rule. Absent when none.
    public var warnings: [String]?

    public init(id: String, source: SourceRef, status: BundleStatus, statusReason: String?, title: String,
                subject: String, subjectConfidence: Double, text: String, ocr: OCRSummary,
                thumbnail: String?, quiz: Quiz) {
        self.id = id
        self.source = source
        self.status = status
        self.statusReason = statusReason
        self.title = title
        self.subject = subject
        self.subjectConfidence = subjectConfidence
        self.text = text
        self.ocr = ocr
        self.thumbnail = thumbnail
        self.quiz = quiz
    }
}

public enum WordLevel: String, Codable, Sendable, CaseIterable, Comparable {
    case beginner, intermediate, advanced
    public static func < (lhs: WordLevel, rhs: WordLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Where a word's level came from: a published CEFR word profile (by lemma and part of speech), the grading
/// model (words the profile lacks), the teacher's own level (the pipeline file or a review decision), or one level
/// above the profile's or the model's because a teacher picked a rarer WordNet sense (`teacher-sense`, issue 28:
/// those grade the word's everyday sense; `levelReason` says which sense).
public enum LevelSource: String, Codable, Sendable, CaseIterable {
    case cefrProfile = "cefr-profile"
    case model
    case teacher
    case teacherSense = "teacher-sense"
}

/// How sure the definition's sense is (docs/GRADING.md, issue 28): `high` when choices like it were right at least
/// 85 % of the time on the development sense sets (the only sense, WordNet's dominant first sense with nothing in the
/// text against it, or another sense the text points to plainly), `medium` (WordNet's first sense, leading the
/// others), `low` (a close call: a teacher should check it).
public enum SenseConfidence: String, Codable, Sendable, CaseIterable {
    case high, medium, low

    /// The one rule of what may be taught as a word's meaning (a word-test question, a homework definition or
    /// vocabulary-in-context question): a sense of `high` confidence, or one a teacher chose.
    public static func isSure(_ confidence: SenseConfidence?, source: SenseSource?) -> Bool {
        confidence == .high || source == .teacher
    }
}

/// Who chose a word entry's sense when it was not Lectern: `teacher` (a definition or a WordNet sense chosen in
/// `lectern-reviews.yml`). Absent for Lectern's own choice.
public enum SenseSource: String, Codable, Sendable, CaseIterable {
    case teacher
}

public struct WordEntry: Codable, Sendable, Hashable, ConcurrentlyEncodable {
    /// The stable ID a review decision names (`ReviewID.word`: item ID and lemma).
    public var id: String?
    public var word: String
    public var level: WordLevel
    public var levelSource: LevelSource
    /// Why the level is not the profile's or the model's, in plain words; only with `levelSource: teacher-sense`.
    public var levelReason: String?
    public var partOfSpeech: String?
    public var definition: String?
    public var senseConfidence: SenseConfidence?
    /// `teacher` when a teacher chose the sense or wrote the definition; absent otherwise.
    public var senseSource: SenseSource?
    public var context: String
    public var count: Int
    public var forms: [String]
    public init(word: String, level: WordLevel, levelSource: LevelSource, partOfSpeech: String?, definition: String?,
                senseConfidence: SenseConfidence?, context: String, count: Int, forms: [String], id: String? = nil) {
        self.id = id
        self.word = word
        self.level = level
        self.levelSource = levelSource
        self.partOfSpeech = partOfSpeech
        self.definition = definition
        self.senseConfidence = senseConfidence
        self.context = context
        self.count = count
        self.forms = forms
    }

    /// Whether the definition may be taught (`SenseConfidence.isSure`): tests and homework questions use it only then.
    public var senseIsSure: Bool { SenseConfidence.isSure(senseConfidence, source: senseSource) }
}

public struct WordTest: Codable, Sendable, Hashable, ConcurrentlyEncodable {
    public var level: WordLevel
    /// Lemmas in study order.
    public var words: [String]
    public var questions: [MultipleChoiceQuestion]
    public init(level: WordLevel, words: [String], questions: [MultipleChoiceQuestion]) {
        self.level = level
        self.words = words
        self.questions = questions
    }
}

public struct WordListBundle: Codable, Sendable, Hashable {
    public static let schemaName = "lectern.wordlist/1"
    public var schema = WordListBundle.schemaName
    public var id: String
    public var source: SourceRef
    public var status: BundleStatus
    public var statusReason: String?
    public var sentenceCount: Int
    public var tokenCount: Int
    public var words: [WordEntry]
    public var tests: [WordTest]
    /// Review decisions about words no longer in the list, and corrections not applied. Absent when none.
    public var warnings: [String]?
    public init(id: String, source: SourceRef, status: BundleStatus, statusReason: String?, sentenceCount: Int,
                tokenCount: Int, words: [WordEntry], tests: [WordTest]) {
        self.id = id
        self.source = source
        self.status = status
        self.statusReason = statusReason
        self.sentenceCount = sentenceCount
        self.tokenCount = tokenCount
        self.words = words
        self.tests = tests
    }
}

public struct EngagementQuestion: Codable, Sendable, Hashable {
    public enum Format: String, Codable, Sendable {
        case multipleChoice = "multiple-choice"
        case freeText = "free-text"
    }
    public var format: Format
    public var prompt: String
    public var options: [String]?
    public var answerIndex: Int?
    public var expectedAnswer: String
    public var feedback: String
    /// Multiple choice: what to tell a learner who picks each option, parallel to `options`.
    public var optionFeedback: [String]?
    /// The lesson's sentence the question is built on.
    public var sourceSentence: String?
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case answerIndex, expectedAnswer, feedback, format, optionFeedback, options, prompt, sourceSentence }
    public init(format: Format, prompt: String, options: [String]?, answerIndex: Int?, expectedAnswer: String,
                feedback: String, optionFeedback: [String]? = nil, sourceSentence: String? = nil) {
        self.format = format
        self.prompt = prompt
        self.options = options
        self.answerIndex = answerIndex
        self.expectedAnswer = expectedAnswer
        self.feedback = feedback
        self.optionFeedback = optionFeedback
        self.sourceSentence = sourceSentence
    }
}

public struct Topic: Codable, Sendable, Hashable {
    public var id: String
    public var title: String
    public var week: Int
    public var source: SourceRef
    public var blocks: [Block]
    public var engagementQuestion: EngagementQuestion?
    /// The topic read aloud (the `narrate` stage, when the course's voice is on); absent otherwise, and for a topic
    /// with nothing to read.
    public var narration: Narration?
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case blocks, engagementQuestion, id, narration, source, title, week }
    public init(id: String, title: String, week: Int, source: SourceRef, blocks: [Block],
                engagementQuestion: EngagementQuestion?, narration: Narration? = nil) {
        self.narration = narration
        self.id = id
        self.title = title
        self.week = week
        self.source = source
        self.blocks = blocks
        self.engagementQuestion = engagementQuestion
    }
}

public struct Subject: Codable, Sendable, Hashable, ConcurrentlyEncodable {
    public var title: String
    public var week: Int
    public var topics: [Topic]
    /// A practical exercise built from the subject's topics; absent when course.yml says `project: false`.
    public var endingProject: EndingProject?
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case endingProject, title, topics, week }
    public init(title: String, week: Int, topics: [Topic], endingProject: EndingProject? = nil) {
        self.title = title
        self.week = week
        self.topics = topics
        self.endingProject = endingProject
    }
}

public struct PoolQuestion: Codable, Sendable, Hashable, ConcurrentlyEncodable {
    public struct Rendering: Codable, Sendable, Hashable {
        public var level: Int
        public var format: EngagementQuestion.Format
        public var prompt: String
        public var options: [String]?
        public var answerIndex: Int?
        public var expectedAnswer: String
        /// Feedback shown after answering: why the expected answer is right, quoting the lesson.
        public var explanation: String?
        /// In the order of their names: the canonical JSON writer then has no entry to move.
        enum CodingKeys: String, CodingKey, CaseIterable { case answerIndex, expectedAnswer, explanation, format, level, options, prompt }
        public init(level: Int, format: EngagementQuestion.Format, prompt: String, options: [String]?,
                    answerIndex: Int?, expectedAnswer: String, explanation: String? = nil) {
            self.level = level
            self.format = format
            self.prompt = prompt
            self.options = options
            self.answerIndex = answerIndex
            self.expectedAnswer = expectedAnswer
            self.explanation = explanation
        }
    }
    public var id: String
    public var topicId: String
    public var renderings: [Rendering]
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case id, renderings, topicId }
    public init(id: String, topicId: String, renderings: [Rendering]) {
        self.id = id
        self.topicId = topicId
        self.renderings = renderings
    }
}

public struct LectureBundle: Codable, Sendable, Hashable {
    public static let schemaName = "lectern.lecture/1"
    public var schema = LectureBundle.schemaName
    public var id: String
    public var source: SourceRef
    public var status: BundleStatus
    public var statusReason: String?
    public var title: String
    public var subjects: [Subject]
    public var questionPool: [PoolQuestion]
    /// The spaced-repetition schedule apps apply to `questionPool`.
    public var schedule: ReviewSchedule?
    /// Local images the topics show, copied into the output folder by the publisher.
    public var media: [MediaFile]?
    /// How the posts' text was read when that changes what a learner sees, each "post path: warning" (a
    /// contradicted charset, a cut-off file).
    public var warnings: [String]?
    /// The language the course's posts declare (`<html lang>`, lower-cased), the most common one when they differ;
    /// absent when none declares one.
    public var lang: String?
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey { case id, lang, media, questionPool, schedule, schema, source, status, statusReason, subjects, title, warnings }
    public init(id: String, source: SourceRef, status: BundleStatus, statusReason: String?, title: String,
                subjects: [Subject], questionPool: [PoolQuestion], schedule: ReviewSchedule? = nil,
                media: [MediaFile]? = nil, warnings: [String]? = nil, lang: String? = nil) {
        self.lang = lang
        self.id = id
        self.source = source
        self.status = status
        self.statusReason = statusReason
        self.title = title
        self.subjects = subjects
        self.questionPool = questionPool
        self.schedule = schedule
        self.media = media
        self.warnings = warnings
    }
}

/// A topic's audio: one MP3 and, for each sentence read, where it is in that file.
public struct Narration: Codable, Sendable, Hashable {
    /// The MP3's path in the output folder (`media/voice/COURSE-ID/TOPIC-ID.mp3`).
    public var media: String
    public var durationMs: Int
    /// SHA-256 of the MP3's bytes.
    public var sha256: String
    /// The espeak-ng voice and speaking rate (words a minute), e.g. "en" and 175.
    public var voice: String
    public var rate: Int
    public var sentences: [NarratedSentence]
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case durationMs, media, rate, sentences, sha256, voice }
    public init(media: String, durationMs: Int, sha256: String, voice: String, rate: Int, sentences: [NarratedSentence]) {
        self.media = media
        self.durationMs = durationMs
        self.sha256 = sha256
        self.voice = voice
        self.rate = rate
        self.sentences = sentences
    }
}

/// One sentence read aloud: the block it belongs to, its text as the block shows it, and when it is heard.
public struct NarratedSentence: Codable, Sendable, Hashable {
    public var block: NarrationBlock
    public var text: String
    /// Milliseconds from the start of the MP3 (the encoder's delay included).
    public var startMs: Int
    public var endMs: Int
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case block, endMs, startMs, text }
    public init(block: NarrationBlock, text: String, startMs: Int, endMs: Int) {
        self.block = block
        self.text = text
        self.startMs = startMs
        self.endMs = endMs
    }
}

/// Where a narrated sentence comes from: a block's index in its topic (JSON: the number), or the topic's engagement
/// question (JSON: "engagement").
public enum NarrationBlock: Codable, Sendable, Hashable {
    case index(Int)
    case engagement

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let index = try? value.decode(Int.self) {
            self = .index(index)
        } else if try value.decode(String.self) == "engagement" {
            self = .engagement
        } else {
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "a block index or \"engagement\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case .index(let index): try value.encode(index)
        case .engagement: try value.encode("engagement")
        }
    }
}
