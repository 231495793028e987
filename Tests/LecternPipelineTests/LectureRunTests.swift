import Foundation
import LecternModel
import LecternPipeline
import Testing

// End-to-end lecture tests: real libxml2 on real HTML through `lectern run` and `lectern draw`.

private enum LectureInbox {
    /// A small course with code, maths (TeX and MathML), a quote with its cite, a nested list, an image,
    /// a table and hostile bits (script, event handler, javascript: link, iframe).
    static let post = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Functions | Tiny Python</title>
        <script>document.cookie = 'x'</script><style>p { color: red }</style></head>
        <body><nav><a href="/">Home</a></nav>
        <main><article>
        <h1>Functions</h1>
        <h2>Defining a function</h2>
        <p>A <strong>function</strong> is a named block of code that runs when you call it. You define one with the
        <code>def</code> keyword and send a value back with <code>return</code>.</p>
        <pre><code class="language-python">def square(n):
            return n * n</code></pre>
        <p onmouseover="steal()">The area of a circle is \\( A = \\pi r^2 \\), and in display form:</p>
        <p>$$ A = \\pi r^2 $$</p>
        <p><math display="block"><semantics><mi>c</mi><annotation encoding="application/x-tex">c^2 = a^2 + b^2</annotation></semantics></math></p>
        <blockquote cite="https://peps.python.org/pep-0020/"><p>Simple is better than complex.</p><footer>— <cite>The Zen of Python</cite></footer></blockquote>
        <ul><li>Parameters<ul><li>positional</li><li>keyword</li></ul></li><li>Return values</li></ul>
        <p><img src="images/square.png" alt="A square with side n"> <a href="javascript:alert(1)">click</a></p>
        <iframe src="https://evil.example/"></iframe>
        <h2>Calling a function</h2>
        <p>To call a function, write its name followed by the <strong>arguments</strong> in parentheses, such as
        <code>square(4)</code>. The <code>print</code> function shows the result on the screen.</p>
        <table><tr><th>Call</th><th>Result</th></tr><tr><td>square(2)</td><td>4</td></tr></table>
        </article></main><footer>© Tiny Python</footer></body></html>

        """

    static func make(_ inbox: URL, courseYML: String? = nil, samples: Bool = false) throws {
        let files = FileManager.default
        if samples {
            try files.createDirectory(at: inbox, withIntermediateDirectories: true)
            try files.copyItem(at: Paths.samples.appendingPathComponent("intro-to-python"),
                               to: inbox.appendingPathComponent("intro-to-python"))
            return
        }
        let week = inbox.appendingPathComponent("tiny-functions/week-03")
        try files.createDirectory(at: week.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data(post.utf8).write(to: week.appendingPathComponent("01-functions.html"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: week.appendingPathComponent("images/square.png"))
        if let courseYML {
            try Data(courseYML.utf8).write(to: inbox.appendingPathComponent("tiny-functions/course.yml"))
        }
    }

    static func lecture(_ out: URL) throws -> (url: URL, json: [String: Any], bundle: LectureBundle) {
        let folder = out.appendingPathComponent("bundles/lectures")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".json") })
        let url = folder.appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        return (url, try jsonObject(url), try JSONDecoder().decode(LectureBundle.self, from: data))
    }
}

/// One pipeline run over samples/intro-to-python, shared by the tests that only read its output: the folder
/// holding `inbox/` and `out/`.
private let sampleCourseRun = SharedOnce<URL> {
    let root = Paths.testRoot.appendingPathComponent("sample-course")
    try? FileManager.default.removeItem(at: root)
    let inbox = root.appendingPathComponent("inbox")
    try LectureInbox.make(inbox, samples: true)
    _ = try await runPipeline(out: root.appendingPathComponent("out"), inbox: inbox)
    return root
}

@Suite struct LectureRunTests {
    /// A real UTF-8 page labelled windows-1252 (as a misconfigured server serves it): read as UTF-8, and the
    /// contradiction recorded in the bundle and shown by `lectern status`.
    /// A page of nothing but menus fails as no-text-found; the teacher is told about the page, not about photos.
    @Test func aPageWithoutTextGetsAdviceAboutPages() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        let out = folder.sub("out")
        try LectureInbox.make(inbox)
        let menu = "<html><body><nav><a href='/'>Home</a> <a href='/a'>About</a></nav><footer>(c) us</footer></body></html>"
        try Data(menu.utf8).write(to: inbox.appendingPathComponent("tiny-functions/week-03/02-menu.html"))
        _ = try await runPipeline(out: out, inbox: inbox)
        let page = try #require(try Pipeline(out: out).status(config: PipelineConfig()).first { $0.source.path.hasSuffix("02-menu.html") })
        #expect(page.errorCode == .noTextFound)
        let advice = try #require(page.advice)
        #expect(advice.contains("page") && !advice.contains("Photograph"), "\(advice)")
    }

    @Test func relabelledPageIsReadRightAndWarned() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try LectureInbox.make(inbox)
        let page = inbox.appendingPathComponent("tiny-functions/week-03/01-functions.html")
        let relabelled = try String(contentsOf: page, encoding: .utf8)
            .replacingOccurrences(of: "<meta charset=\"utf-8\">", with: "<meta charset=\"windows-1252\">")
            .replacingOccurrences(of: "<h2>Calling a function</h2>", with: "<h2>Calling a function<a class=\"headerlink\" href=\"#calling\">¶</a></h2>")
            .replacingOccurrences(of: "in parentheses, such as", with: "in parentheses (a naïve café example), such as")
        try Data(relabelled.utf8).write(to: page)
        _ = try await runPipeline(out: out, inbox: inbox)
        let (url, _, lecture) = try LectureInbox.lecture(out)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.contains("Â") && !text.contains("¶") && text.contains("a naïve café example"))
        #expect(lecture.subjects.flatMap(\.topics).map(\.title) == ["Defining a function", "Calling a function"])
        let warning = "tiny-functions/week-03/01-functions.html: The page declares the character encoding \"windows-1252\" but its bytes are UTF-8"
        #expect(lecture.warnings?.count == 1 && lecture.warnings?.first?.hasPrefix(warning) == true)
        let status = try Pipeline(out: out).status(config: PipelineConfig())
        let item = try #require(status.first { $0.kind == .lecture })
        #expect(item.warnings == lecture.warnings)
    }

    @Test func runGivesTopicsWithBlocksIntactAndNothingExecutable() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try LectureInbox.make(inbox)
        let result = try await runPipeline(out: out, inbox: inbox)
        #expect(result.index.items.allSatisfy { $0.state == .done }, "\(result.index.items.map { ($0.source.path, $0.errorMessage) })")
        let (url, _, lecture) = try LectureInbox.lecture(out)

        #expect(lecture.subjects.map(\.week) == [3])
        let topics = lecture.subjects.flatMap(\.topics)
        #expect(topics.map(\.title) == ["Defining a function", "Calling a function"])
        let blocks = topics[0].blocks
        let code = try #require(blocks.first { $0.type == .code })
        #expect(code == .code(text: "def square(n):\n    return n * n", language: "python"))
        let maths = blocks.filter { $0.type == .math }.compactMap(\.text)
        #expect(maths.contains("A = \\pi r^2"))
        #expect(maths.contains("c^2 = a^2 + b^2"))
        #expect(blocks.contains { $0.type == .paragraph && ($0.text ?? "").contains("\\( A = \\pi r^2 \\)") })
        let quote = try #require(blocks.first { $0.type == .quote })
        #expect(quote.text == "Simple is better than complex.")
        guard case .quote(_, _, cite: "The Zen of Python") = quote else { Issue.record("cite: \(quote)"); return }
        guard case .list(_, let items) = try #require(blocks.first { $0.type == .list }) else { return }
        #expect(items.first?.contains { $0.type == .list } == true)
        let image = try #require(blocks.first { $0.type == .image })
        #expect(image == .image(src: "media/lectures/\(lecture.id)/week-03/images/square.png", alt: "A square with side n"))
        #expect(lecture.media?.first?.source == "tiny-functions/week-03/images/square.png")
        #expect(topics[1].blocks.contains { if case .table(let rows) = $0 { rows.first == ["Call", "Result"] } else { false } })

        // Nothing executable reaches the bundle.
        let text = try String(contentsOf: url, encoding: .utf8)
        for unsafe in ["<script", "document.cookie", "javascript:", "onmouseover", "steal()", "<iframe", "evil.example", "color: red"] {
            #expect(!text.contains(unsafe), "the lecture bundle carries \(unsafe)")
        }

        // Questions, pool, schedule and project.
        #expect(topics.allSatisfy { $0.engagementQuestion != nil })
        #expect(lecture.questionPool.allSatisfy { $0.renderings.map(\.level) == [1, 2, 3, 4] })
        #expect(lecture.schedule == ReviewSchedule.standard)
        #expect(lecture.subjects[0].endingProject?.topicIds == topics.map(\.id))
    }

    @Test func courseYMLTurnsTheEndingProjectOff() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try LectureInbox.make(inbox, courseYML: "title: Tiny functions\nproject: false\n")
        _ = try await runPipeline(out: out, inbox: inbox)
        let (_, json, lecture) = try LectureInbox.lecture(out)
        #expect(lecture.title == "Tiny functions")
        #expect(lecture.subjects.allSatisfy { $0.endingProject == nil })
        let subjects = try #require(json["subjects"] as? [[String: Any]])
        #expect(subjects.allSatisfy { $0["endingProject"] == nil })
    }

    @Test func sampleCourseHasMultipleChoiceEngagementAndAFullPool() async throws {
        let out = try await sampleCourseRun.value().appendingPathComponent("out")
        let (_, _, lecture) = try LectureInbox.lecture(out)
        let topics = lecture.subjects.flatMap(\.topics)
        let questions = topics.compactMap(\.engagementQuestion)
        #expect(questions.count == topics.count)
        let multipleChoice = questions.filter { $0.format == .multipleChoice }
        #expect(multipleChoice.count * 2 >= topics.count, "\(multipleChoice.count) of \(topics.count)")
        for question in multipleChoice {
            #expect(question.options?.count == 4)
            #expect(question.optionFeedback?.count == 4)
        }
        #expect(lecture.questionPool.count >= topics.count)
        #expect(lecture.subjects.allSatisfy { $0.endingProject != nil })
    }

    @Test func drawIsReproducibleFromTheCommandLine() async throws {
        let folder = try await sampleCourseRun.value()
        let out = folder.appendingPathComponent("out")
        let (_, _, lecture) = try LectureInbox.lecture(out)

        func draw(_ seed: String) async throws -> [String] {
            let result = try await lectern(["draw", "--bundle", lecture.id, "--count", "5", "--seed", seed,
                                            "--out", out.path, "--json"], in: folder)
            #expect(result.status == 0, "draw exited \(result.status): \(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let questions = try #require(json["questions"] as? [[String: Any]])
            return questions.compactMap { $0["id"] as? String }
        }
        let first = try await draw("duel-7")
        #expect(first.count == 5 && Set(first).count == 5)
        #expect(try await draw("duel-7") == first)
        var differs = false
        for seed in ["duel-8", "duel-9", "quiz-1"] where try await draw(seed) != first { differs = true }
        #expect(differs)

        let text = try await lectern(["draw", "--bundle", lecture.id, "--seed", "duel-7", "--out", out.path], in: folder)
        #expect(text.status == 0)
        #expect(text.stdout.contains("1. [\(first[0])]"))

        let unknown = try await lectern(["draw", "--bundle", "nope", "--seed", "1", "--out", out.path], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no lecture bundle"))
    }
}
