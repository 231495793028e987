import Foundation
import Testing
import LecternHTML
import LecternModel
import LecternText
import LecternLectures
import LecternQuestions

/// The lecture stage on the real sample course through the real parser (libxml2), end to end.
@Suite struct LectureFromHTMLTests {
    /// Review questions ("What does the `print` function do?") are not facts: the real sample course, parsed by the
    /// real parser, gets no multiple-choice or pool question built on a sentence ending in "?".
    @Test func noQuestionIsBuiltOnAQuestionSentence() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let course = root.appendingPathComponent("samples/intro-to-python")
        HTMLParser.initialize()
        var posts: [CoursePost] = []
        for week in ["week-01", "week-02"] {
            let folder = course.appendingPathComponent(week)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".html") {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                let path = "intro-to-python/\(week)/\(name)"
                let post = try HTMLParser.parse(data, sourcePath: path, options: HTMLOptions())
                posts.append(CoursePost(path: path, sha256: name, post: post, error: nil))
            }
        }
        #expect(posts.count == 4)
        // The sample really has a review list, so the test would see the bug.
        let blocks = posts.flatMap { $0.post?.blocks ?? [] }
        func texts(_ blocks: [Block]) -> [String] { blocks.flatMap { [$0.plainText] + texts($0.children) } }
        #expect(texts(blocks).contains { $0.contains("What does the print function do?") })
        let lecture = try LectureBuilder(options: LectureOptions(), wordNet: try WordNet.shared()).build(CourseInput(
            id: "intro", source: SourceRef(path: "intro-to-python", sha256: "s"),
            settings: CourseSettings(title: "Introduction to Python"), posts: posts))

        func endsInQuestionMark(_ sentence: String) -> Bool {
            sentence.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "”’\"')"))).hasSuffix("?")
        }
        /// The cloze sentence after "… this sentence from “Title”? ".
        func cloze(_ prompt: String) -> String? {
            guard prompt.hasPrefix("Which "), let range = prompt.range(of: "”? ") else { return nil }
            return String(prompt[range.upperBound...])
        }
        /// The quoted sentence of "The lesson says: “…”" (and "“Title” says: “…”").
        func quoted(_ text: String?) -> String? {
            guard let text, let range = text.range(of: "says: “"), text.hasSuffix("”") else { return nil }
            return String(text[range.upperBound...].dropLast())
        }
        var checked = 0, reviewTopics = 0
        for topic in lecture.subjects.flatMap(\.topics) {
            let q = try #require(topic.engagementQuestion, "“\(topic.title)” has no engagement question")
            if q.prompt.hasPrefix("Answer the question “") {
                // A review-only topic poses its own question; it is asked, not used as a fact.
                #expect(q.format == .freeText && q.sourceSentence == nil && q.options == nil)
                reviewTopics += 1
                continue
            }
            var sentences = [q.sourceSentence, quoted(q.feedback)]
            if q.format == .multipleChoice { sentences += [cloze(q.prompt), q.expectedAnswer] }
            for sentence in sentences.compactMap({ $0 }) {
                checked += 1
                #expect(!endsInQuestionMark(sentence), "engagement question of “\(topic.title)” built on “\(sentence)”")
            }
            #expect(!q.prompt.contains("_____ function do?"))
        }
        for item in lecture.questionPool {
            for rendering in item.renderings {
                var sentences = [quoted(rendering.explanation), cloze(rendering.prompt)]
                if rendering.level >= 2 { sentences.append(rendering.expectedAnswer) }
                for sentence in sentences.compactMap({ $0 }) {
                    checked += 1
                    #expect(!endsInQuestionMark(sentence), "pool item \(item.id) level \(rendering.level) built on “\(sentence)”")
                }
                if rendering.level == 2 { #expect(!rendering.prompt.hasSuffix("?"), "\(rendering.prompt)") }
            }
        }
        #expect(checked > 20)
        #expect(reviewTopics == 1) // "Check yourself"
        #expect(lecture.questionPool.contains { $0.renderings.first?.format == .multipleChoice })
    }
}

/// A course of Node.js' `path` reference (excerpts of nodejs-doc's api/path.html, MIT licence) through libxml2: clean
/// titles, and a definition item built from "The `path.x()` method returns …" with other methods' predicates as options.
@Suite struct RealReferencePageTests {
    static let sections = [
        ("path.basename(path[, suffix])", "path-basename",
         "<p>The <code>path.basename()</code> method returns the last portion of a <code>path</code>, similar to\nthe Unix <code>basename</code> command. Trailing <a href=\"#pathsep\">directory separators</a> are\nignored.</p>"),
        ("path.dirname(path)", "path-dirname",
         "<p>The <code>path.dirname()</code> method returns the directory name of a <code>path</code>, similar to\nthe Unix <code>dirname</code> command. Trailing directory separators are ignored, see\n<a href=\"#pathsep\"><code>path.sep</code></a>.</p>"),
        ("path.parse(path)", "path-parse",
         "<p>The <code>path.parse()</code> method returns an object whose properties represent\nsignificant elements of the <code>path</code>. Trailing directory separators are ignored,\nsee <a href=\"#pathsep\"><code>path.sep</code></a>.</p>"),
        ("path.format(pathObject)", "path-format",
         "<p>The <code>path.format()</code> method returns a path string from an object. This is the\nopposite of <a href=\"#pathparsepath\"><code>path.parse()</code></a>.</p>"),
    ]

    @Test func titlesAreCleanAndDefinitionsAreAsked() throws {
        HTMLParser.initialize()
        var posts: [CoursePost] = []
        for (index, section) in Self.sections.enumerated() {
            let html = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Path | Node.js v18 Documentation</title></head>
            <body><div id="apicontent"><h2>\(section.0)<span><a class="mark" href="#\(section.1)" id="\(section.1)">#</a></span></h2>
            \(section.2)</div></body></html>
            """
            let path = "node/path-\(index).html"
            posts.append(CoursePost(path: path, sha256: "\(index)", post: try HTMLParser.parse(Data(html.utf8), sourcePath: path, options: HTMLOptions()), error: nil))
        }
        let lecture = try LectureBuilder(options: LectureOptions(), wordNet: try WordNet.shared()).build(CourseInput(
            id: "node", source: SourceRef(path: "node", sha256: "s"), settings: CourseSettings(title: "Path"), posts: posts))
        let titles = lecture.subjects.flatMap(\.topics).map(\.title)
        #expect(titles == Self.sections.map(\.0))
        let definition = try #require(lecture.questionPool.first { $0.renderings[0].prompt == "According to “path.dirname(path)”, what does `path.dirname()` do?" })
        let basic = definition.renderings[0]
        let options = try #require(basic.options)
        #expect(basic.expectedAnswer == "returns the directory name of a path, similar to the Unix dirname command")
        #expect(options[try #require(basic.answerIndex)] == basic.expectedAnswer)
        #expect(options.allSatisfy { $0.hasPrefix("returns ") })
        #expect(Set(options.map(QuestionValidator.comparisonKey)).count == 4)
        #expect(definition.renderings.map(\.level) == [1, 2, 3, 4])
        for item in lecture.questionPool {
            for rendering in item.renderings {
                #expect(!rendering.prompt.contains("#") && !(rendering.options ?? []).contains { $0.hasSuffix("#") })
            }
        }
    }

    /// Two real Sphinx pages (Jinja's "Switching From Other Template Engines" and "Sandbox", read by libxml2): every
    /// topic of real prose gets at least two pool items; "Mako", whose first sentence only introduces an example, is
    /// asked about its point, not that sentence; and "Sandbox" gets a "which statement does the lesson support" item:
    /// one statement of the lesson and three made false in one place each.
    @Test func proseTopicsOfRealPagesGetTwoItemsAndAStatementToJudge() throws {
        HTMLParser.initialize()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let posts = try ["switching", "sandbox"].map { name in
            let path = "jinja/\(name).html"
            let post = try HTMLParser.parse(Data(contentsOf: fixtures.appendingPathComponent("jinja-\(name).html")),
                                            sourcePath: path, options: HTMLOptions())
            return CoursePost(path: path, sha256: name, post: post, error: nil)
        }
        let lecture = try LectureBuilder(options: LectureOptions(), wordNet: try WordNet.shared()).build(CourseInput(
            id: "jinja", source: SourceRef(path: "jinja", sha256: "s"), settings: CourseSettings(title: "Jinja"), posts: posts))
        let topics = lecture.subjects.flatMap(\.topics)
        let prose = topics.filter { topic in
            topic.blocks.filter { $0.type == .paragraph }.reduce(0) { $0 + $1.plainText.split(separator: " ").count } >= 60
        }
        #expect(prose.count >= 5)
        for topic in prose {
            #expect(lecture.questionPool.filter { $0.topicId == topic.id }.count >= 2, "\(topic.title) has fewer than 2 items")
        }
        let mako = try #require(topics.first { $0.title == "Mako" })
        for item in lecture.questionPool where item.topicId == mako.id {
            #expect(!item.renderings.contains { $0.expectedAnswer.hasSuffix("like Mako:") })
        }

        let sandbox = try #require(topics.first { $0.title == "Sandbox" })
        let text = sandbox.blocks.map(\.plainText).joined(separator: "\n")
        let item = try #require(lecture.questionPool.first {
            $0.topicId == sandbox.id && $0.renderings[0].prompt == "Which of these statements does “Sandbox” support?"
        })
        let basic = item.renderings[0]
        let options = try #require(basic.options)
        let answer = options[try #require(basic.answerIndex)]
        #expect(answer == basic.expectedAnswer && text.contains(answer))
        let answerWords = answer.split(separator: " ")
        var places: [Int] = []
        for option in options where option != answer {
            #expect(!text.contains(option), "\(option) is in the lesson: two right answers")
            let optionWords = option.split(separator: " ")
            let place = zip(answerWords, optionWords).prefix { $0 == $1 }.count
            // One change: the rest of the sentence is the lesson's.
            #expect(place < answerWords.count && answerWords.suffix(answerWords.count - place - 2).elementsEqual(
                optionWords.suffix(answerWords.count - place - 2)))
            places.append(place)
        }
        // Each false statement changes the lesson's in another place, so no two say the same wrong thing.
        #expect(places.allSatisfy { place in places.filter { abs($0 - place) < 2 }.count == 1 })
        #expect(Set(options.map(QuestionValidator.comparisonKey)).count == 4)
        #expect(basic.explanation?.contains("“Sandbox” says: “\(answer)”") == true)
        #expect(item.renderings.map(\.level) == [1, 2, 3, 4])
        let correction = item.renderings[1]
        #expect(correction.prompt.hasPrefix("This statement gets “Sandbox” wrong: “") && correction.expectedAnswer == answer)
        #expect(options.contains { $0 != answer && correction.prompt.contains("“\($0)”") })
    }

    /// SymPy's tutorial on powers (python-sympy-doc, BSD-3-Clause; Sphinx imgmath, read by libxml2): the sentence that
    /// says when an identity holds becomes a statement item on the formulas, made false outside the formulas.
    @Test func aSentenceOnWhenAFormulaHoldsIsAStatementToJudge() throws {
        HTMLParser.initialize()
        let html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>Simplification</title></head><body><div class="body">
            <section id="powers"><h2>Powers</h2>
            <p>Identity 2 is not always true.  For example, if <img class="math" src="../../_images/math/626e.png" alt="x = y = -1"/> and
            <img class="math" src="../../_images/math/a98f.png" alt="a =\n\\frac{1}{2}"/>, then <img class="math" src="../../_images/math/86f7.png"
            alt="x^ay^a = \\sqrt{-1}\\sqrt{-1} = i\\cdot i = -1"/>, whereas
            <img class="math" src="../../_images/math/4824.png" alt="(xy)^a = \\sqrt{-1\\cdot-1} = \\sqrt{1} = 1"/>.  However, identity 2 is true at
            least if <img class="math" src="../../_images/math/888f.png" alt="x"/> and <img class="math" src="../../_images/math/1b5e.png" alt="y"/>
            are nonnegative and <img class="math" src="../../_images/math/b3e6.png" alt="a"/> is real (it may also be true
            under other conditions as well).</p></section></div></body></html>
            """
        let path = "sympy/simplification.html"
        let post = try HTMLParser.parse(Data(html.utf8), sourcePath: path, options: HTMLOptions())
        let lecture = try LectureBuilder(options: LectureOptions(), wordNet: try WordNet.shared()).build(CourseInput(
            id: "sympy", source: SourceRef(path: "sympy", sha256: "s"), settings: CourseSettings(title: "SymPy"),
            posts: [CoursePost(path: path, sha256: "a", post: post, error: nil)]))
        let item = try #require(lecture.questionPool.first {
            $0.renderings[0].prompt == "Which of these statements about the formulas of “Powers” is right?"
        })
        let basic = item.renderings[0]
        let options = try #require(basic.options)
        let answer = options[try #require(basic.answerIndex)]
        #expect(answer == "However, identity 2 is true at least if \\(x\\) and \\(y\\) are nonnegative and \\(a\\) is real (it may also be true under other conditions as well).")
        let formulas = ["\\(x\\)", "\\(y\\)", "\\(a\\)"]
        for option in options where option != answer {
            // Changed in its words, never in its formulas.
            #expect(formulas.allSatisfy(option.contains), "\(option) changes a formula")
            #expect(!(lecture.subjects.flatMap(\.topics).flatMap(\.blocks).map(\.plainText).joined().contains(option)))
        }
        #expect(Set(options.map(QuestionValidator.comparisonKey)).count == 4)
        #expect(item.renderings.map(\.level) == [1, 2, 3, 4])
    }

    /// rustdoc's page of `std::cmp` (rust-doc, MIT or Apache-2.0; read by libxml2): its "Functions" section lists six
    /// names, each with a one-sentence description that does not open with the name, so it had no fact to ask about
    /// and a single pool item. Now it gets two items that ask which listed name a description is of, among names of
    /// the same list; `max` is not asked ("… returns the maximum …" gives it away) and no option holds the answer.
    @Test func aListOfNamesWithDescriptionsAsksWhichNameIsDescribed() throws {
        HTMLParser.initialize()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let path = "rustdoc/cmp.html"
        let post = try HTMLParser.parse(Data(contentsOf: fixtures.appendingPathComponent("rustdoc-cmp.html")),
                                        sourcePath: path, options: HTMLOptions())
        let lecture = try LectureBuilder(options: LectureOptions(), wordNet: try WordNet.shared()).build(CourseInput(
            id: "rustdoc", source: SourceRef(path: "rustdoc", sha256: "s"), settings: CourseSettings(title: "std::cmp"),
            posts: [CoursePost(path: path, sha256: "cmp", post: post, error: nil)]))
        let topics = lecture.subjects.flatMap(\.topics)
        for topic in topics where topic.blocks.filter({ $0.type == .paragraph })
            .reduce(0, { $0 + $1.plainText.split(separator: " ").count }) >= 60 {
            #expect(lecture.questionPool.filter { $0.topicId == topic.id }.count >= 2, "\(topic.title) has fewer than 2 items")
        }
        let functions = try #require(topics.first { $0.title == "Functions" })
        let opening = "Which of these does “Functions” describe this way? “"
        let items = lecture.questionPool.filter { $0.topicId == functions.id && $0.renderings[0].prompt.hasPrefix(opening) }
        let descriptions = [
            "max_by": "Returns the maximum of two values with respect to the specified comparison function.",
            "max_by_key": "Returns the element that gives the maximum value from the specified function.",
        ]
        #expect(items.map { $0.renderings[0].expectedAnswer } == ["max_by", "max_by_key"])
        let names: Set<String> = ["max", "max_by", "max_by_key", "min", "min_by", "min_by_key"]
        for item in items {
            let basic = item.renderings[0]
            let options = try #require(basic.options)
            let answer = options[try #require(basic.answerIndex)]
            #expect(answer == basic.expectedAnswer)
            #expect(basic.prompt == opening + (descriptions[answer] ?? "") + "”")
            #expect(Set(options).isSubset(of: names) && Set(options.map(QuestionValidator.comparisonKey)).count == 4)
            // "max" would be right too for "the maximum of two values"; no option is part of another.
            #expect(options.allSatisfy { $0 == answer || (!$0.contains(answer) && !answer.contains($0)) })
            #expect(item.renderings.map(\.level) == [1, 2, 3, 4])
            #expect(item.renderings[1].expectedAnswer == descriptions[answer])
        }
    }

    /// The list of std::sync's module page (rust-doc, MIT or Apache-2.0; read by libxml2), whose items open with a name
    /// and a colon: "`Arc`: Atomically Reference-Counted pointer, …". Its first two items are asked, each among three
    /// other names of the same list.
    @Test func aListWhoseItemsOpenWithANameAsksWhichNameIsDescribed() throws {
        HTMLParser.initialize()
        let items = [
            ("struct.Arc.html", "Arc", "Atomically Reference-Counted pointer, which can be used\nin multithreaded environments to prolong the lifetime of some\ndata until all the threads have finished using it."),
            ("struct.Barrier.html", "Barrier", "Ensures multiple threads will wait for each other\nto reach a point in the program, before continuing execution all\ntogether."),
            ("struct.Condvar.html", "Condvar", "Condition Variable, providing the ability to block\na thread while waiting for an event to occur."),
            ("mpsc/index.html", "mpsc", "Multi-producer, single-consumer queues, used for\nmessage-based communication. Can provide a lightweight\ninter-thread synchronisation mechanism, at the cost of some\nextra memory."),
            ("struct.Mutex.html", "Mutex", "Mutual Exclusion mechanism, which ensures that at\nmost one thread at a time is able to access some data."),
            ("struct.Once.html", "Once", "Used for thread-safe, one-time initialization of a\nglobal variable."),
            ("struct.RwLock.html", "RwLock", "Provides a mutual exclusion mechanism which allows\nmultiple readers at the same time, while allowing only one\nwriter at a time. In some cases, this can be more efficient than\na mutex."),
        ]
        let html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>std::sync - Rust</title></head><body><main>
            <h1>Module std::sync</h1><h2>Higher-level synchronization objects</h2>
            <p>The following is an overview of the available synchronization\nobjects:</p>
            <ul>\(items.map { "<li>\n<p><a href=\"\($0.0)\"><code>\($0.1)</code></a>: \($0.2)</p>\n</li>" }.joined(separator: "\n"))</ul>
            </main></body></html>
            """
        let path = "rustdoc/sync.html"
        let post = try HTMLParser.parse(Data(html.utf8), sourcePath: path, options: HTMLOptions())
        let lecture = try LectureBuilder(options: LectureOptions(), wordNet: try WordNet.shared()).build(CourseInput(
            id: "rustdoc", source: SourceRef(path: "rustdoc", sha256: "s"), settings: CourseSettings(title: "std::sync"),
            posts: [CoursePost(path: path, sha256: "sync", post: post, error: nil)]))
        let opening = "Which of these does “Higher-level synchronization objects” describe this way? “"
        let asked = lecture.questionPool.filter { $0.renderings[0].prompt.hasPrefix(opening) }
        #expect(asked.map { $0.renderings[0].expectedAnswer } == ["Arc", "Barrier"])
        let names = Set(items.map(\.1))
        for item in asked {
            let basic = item.renderings[0]
            let options = try #require(basic.options)
            #expect(options[try #require(basic.answerIndex)] == basic.expectedAnswer)
            #expect(Set(options).isSubset(of: names) && Set(options.map(QuestionValidator.comparisonKey)).count == 4)
            #expect(basic.prompt.hasSuffix(basic.expectedAnswer == "Arc"
                ? "“Atomically Reference-Counted pointer, which can be used in multithreaded environments to prolong the lifetime of some data until all the threads have finished using it.”"
                : "“Ensures multiple threads will wait for each other to reach a point in the program, before continuing execution all together.”"))
        }
    }
}
