import Foundation
import LecternModel
import Testing
@testable import LecternJSON

@Suite struct CanonicalJSONTests {
    @Test func canonicalJSONSortsKeysAndOmitsNil() throws {
        let block = Block.code(text: "print(1)", language: "swift")
        let json = String(decoding: try CanonicalJSON.encode(block), as: UTF8.self)
        #expect(json == "{\n  \"language\" : \"swift\",\n  \"text\" : \"print(1)\",\n  \"type\" : \"code\"\n}\n")
    }

    /// A lecture with every field filled, and one with every optional absent: JSONEncoder's bytes.
    @Test func lecturesGiveJSONEncodersBytes() throws {
        let inlines = [Inline(text: "a", kind: .link, href: "https://x.org"), Inline(text: " b")]
        let block = Block.list(ordered: true, items: [
            [.paragraph(text: "a b", inlines: inlines), .heading(text: "h", level: 2)],
            [.code(text: "print(1)", language: "py"), .math(text: "x^2", display: true),
             .quote(text: "q", inlines: inlines, cite: "c"), .image(src: "s.png", alt: "a"), .table(rows: [["r"]])],
        ])
        let question = EngagementQuestion(format: .multipleChoice, prompt: "p", options: ["a", "b"], answerIndex: 1,
                                          expectedAnswer: "b", feedback: "f", optionFeedback: ["x", "y"],
                                          sourceSentence: "s")
        let topic = Topic(id: "t", title: "T", week: 1, source: SourceRef(path: "p", sha256: "h"), blocks: [block],
                          engagementQuestion: question)
        let project = EndingProject(title: "P", brief: "b", steps: ["s"], checklist: ["c"], starterCode: "# s",
                                    language: "python", topicIds: ["t"])
        let subject = Subject(title: "S", week: 1, topics: [topic], endingProject: project)
        let pool = PoolQuestion(id: "q", topicId: "t", renderings: [
            PoolQuestion.Rendering(level: 1, format: .multipleChoice, prompt: "p", options: ["a"], answerIndex: 0,
                                   expectedAnswer: "a", explanation: "e"),
        ])
        let lecture = LectureBundle(id: "l", source: SourceRef(path: "c", sha256: "h"), status: .ok, statusReason: "r",
                                    title: "L", subjects: [subject, subject], questionPool: [pool, pool],
                                    schedule: .standard, media: [MediaFile(path: "m", source: "s")])
        for value in [lecture as any Encodable, subject, pool] {
            #expect(try CanonicalJSON.encode(value) == CanonicalJSON.foundationEncode(value))
        }
        let sparseTopic = Topic(id: "s", title: "S", week: 2, source: SourceRef(path: "p", sha256: "h"),
                                blocks: [.paragraph(text: "", inlines: []), .list(ordered: false, items: [[], [.code(text: "", language: nil)]]),
                                         .quote(text: "q", inlines: nil, cite: nil), .image(src: "s", alt: nil),
                                         .table(rows: [[], ["a", "b"]])],
                                engagementQuestion: EngagementQuestion(format: .freeText, prompt: "p", options: nil,
                                                                       answerIndex: nil, expectedAnswer: "e", feedback: "f"))
        let sparse = LectureBundle(id: "l", source: SourceRef(path: "c", sha256: "h"), status: .partial, statusReason: nil,
                                   title: "L", subjects: [Subject(title: "S", week: 1, topics: []),
                                                          Subject(title: "T", week: 2, topics: [sparseTopic, topic])],
                                   questionPool: [PoolQuestion(id: "q", topicId: "t", renderings: []), pool, PoolQuestion(
                                       id: "r", topicId: "t", renderings: [PoolQuestion.Rendering(
                                           level: 3, format: .freeText, prompt: "p", options: nil, answerIndex: nil,
                                           expectedAnswer: "e")])])
        #expect(try CanonicalJSON.encode(sparse) == CanonicalJSON.foundationEncode(sparse))
        #expect(try CanonicalJSON.encode(lecture) == CanonicalJSON.foundationEncode(lecture))

        // A type that lists its keys out of order is still written sorted.
        struct Unsorted: Encodable { var b = 1; var a = "x" }
        #expect(String(decoding: try CanonicalJSON.encode(Unsorted()), as: UTF8.self) == "{\n  \"a\" : \"x\",\n  \"b\" : 1\n}\n")
    }

    /// Containers written in unusual ways: nested containers, a second request for the same container, a value
    /// that encodes nothing, keys written twice.
    @Test func unusualContainersGiveJSONEncodersBytes() throws {
        struct Nested: Encodable {
            enum Keys: String, CodingKey { case z, a, m }
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.container(keyedBy: Keys.self)
                try outer.encode(1, forKey: .z)
                var inner = outer.nestedContainer(keyedBy: Keys.self, forKey: .m)
                try inner.encode("deep", forKey: .a)
                var list = outer.nestedUnkeyedContainer(forKey: .a)
                try list.encode(true)
                try list.encodeNil()
                var again = encoder.container(keyedBy: Keys.self)
                try again.encode(2, forKey: .z)
            }
        }
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        // A value that swallows an encoding error after its key was written: JSONEncoder's bytes, not a broken stream.
        struct Swallowing: Encodable {
            enum Keys: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try? container.encode([Double.nan], forKey: .a)
                try container.encode(1, forKey: .b)
            }
        }
        #expect(try CanonicalJSON.encode(Swallowing()) == CanonicalJSON.foundationEncode(Swallowing()))
        struct Holder: Encodable { var nested = Nested(); var nothing = Nothing(); var list = [Nothing()] }
        #expect(try CanonicalJSON.encode(Holder()) == CanonicalJSON.foundationEncode(Holder()))
    }

    /// Strings are scanned for escapes eight bytes at a time: every byte that needs one, at every position of
    /// a string longer than two words, next to bytes that must not be escaped (0x20, 0x7F, `/`, UTF-8 of é and “).
    @Test func escapesAtEveryPositionGiveJSONEncodersBytes() throws {
        let special = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) } + ["\"", "\\"]
        let neighbours: [Character] = [" ", "\u{7F}", "/", "é", "“", "!", "#", "[", "]", "~"]
        var strings: [String] = []
        for character in special + neighbours {
            for position in 0..<20 {
                var text = Array("abcdefghij klmnopqrst")
                text[position] = character
                strings.append(String(text))
            }
        }
        strings.append(String(repeating: "\\\"\n", count: 9))
        #expect(try CanonicalJSON.encode(strings) == CanonicalJSON.foundationEncode(strings))
    }
}

@Suite struct OtherBundlesJSONTests {
    /// Homework and word-list bundles go through the streaming encoder's generic path (dictionaries of doubles,
    /// nested optionals, concurrently written word entries and tests): JSONEncoder's bytes too.
    @Test func homeworkAndWordListBundlesGiveJSONEncodersBytes() throws {
        let question = MultipleChoiceQuestion(id: "q", kind: .clozeTerm, stem: "A _____ \"quoted\" / slash", options: ["a", "b", "c", "d"],
                                              answerIndex: 2, explanation: "é “curly”\n", level: 1,
                                              optionOrigins: [.answer, .wordnetCoordinate, .sameTextTerm, .teacher])
        let homework = HomeworkBundle(id: "h", source: SourceRef(path: "p.jpg", sha256: "s"), status: .needsReview,
                                      statusReason: "low confidence", title: "T", subject: "geography",
                                      subjectConfidence: 0.8125, text: "Text\twith\u{1}control",
                                      ocr: .init(meanConfidence: 91.3, wordCount: 120, preprocessing: ["deskew", "sauvola"]),
                                      thumbnail: nil, quiz: .init(questions: [question, question]))
        #expect(try CanonicalJSON.encode(homework) == CanonicalJSON.foundationEncode(homework))
        let entries = (0..<5).map { (index: Int) -> WordEntry in
            let level: WordLevel = WordLevel.allCases[index % WordLevel.allCases.count]
            return WordEntry(word: "word\(index)", level: level, levelSource: LevelSource.allCases[index % 3],
                             partOfSpeech: index == 0 ? nil : "noun", definition: index == 1 ? nil : "a definition",
                             senseConfidence: index == 1 ? nil : SenseConfidence.allCases[index % 3],
                             context: "The word\(index) in context.", count: index, forms: index == 2 ? [] : ["words"])
        }
        let words = WordListBundle(id: "w", source: SourceRef(path: "s.txt", sha256: "s"), status: .ok, statusReason: nil,
                                   sentenceCount: 3, tokenCount: 40, words: entries,
                                   tests: [WordTest(level: .allCases[0], words: ["a", "b"], questions: [question]),
                                           WordTest(level: .allCases[1], words: [], questions: [])])
        #expect(try CanonicalJSON.encode(words) == CanonicalJSON.foundationEncode(words))
    }
}
