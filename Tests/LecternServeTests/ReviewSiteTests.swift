import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LecternJSON
import LecternModel
import LecternPipeline
@testable import LecternServe
import LecternText
import Testing

/// A real output folder for the review site: the samples' course, one photo and one script, plus hostile inputs
/// (a script and a course post whose text is markup and script, a course title with a script, and an empty photo
/// whose name is an attribute break-out, which fails) and a script with no words (which fails too), run through the
/// real pipeline once per test process.
final class ReviewSamples: Sendable {
    static let hostileScript = "<script>document.title='pwned'</script>"
    static let hostileAttribute = "\"><img src=x onerror=alert(1)>"
    static let hostilePhoto = hostileAttribute + ".jpg"

    let out: URL
    let repo: URL

    private init() throws {
        repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-review-site-tests-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox.appendingPathComponent("hostile-course"), withIntermediateDirectories: true)
        let samples = repo.appendingPathComponent("samples")
        for path in ["intro-to-python", "photos/water-cycle.jpg", "scripts/the-last-keeper.txt"] {
            let target = inbox.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: samples.appendingPathComponent(path), to: target)
        }
        try Data().write(to: inbox.appendingPathComponent(Self.hostilePhoto))
        try "... !!! ??? --- 123 456\n".write(to: inbox.appendingPathComponent("only marks.txt"), atomically: true, encoding: .utf8)
        try """
        The lighthouse keeper wrote \(Self.hostileScript) in the margin of his log every night.
        Visitors who climbed the stairs saw the words \(Self.hostileAttribute) painted on the iron door.
        The keeper said the strange marks were a warning about the storms that broke ships on the reef.
        Every morning he polished the great lens, wound the clock and wrote the weather in the book.
        When the fog came, he listened to the horn and counted the seconds between the waves.

        """.write(to: inbox.appendingPathComponent("hostile <b>notes.txt"), atomically: true, encoding: .utf8)
        try "title: Hostile \(Self.hostileScript) course\n"
            .write(to: inbox.appendingPathComponent("hostile-course/course.yml"), atomically: true, encoding: .utf8)
        try """
        <!doctype html>
        <html><head><title>Escaping lesson</title><script>document.title='pwned'</script></head>
        <body><article>
        <h1>Escaping lesson</h1>
        <p>A page that prints <code>&lt;script&gt;document.title='pwned'&lt;/script&gt;</code> without escaping it runs the script. The attribute trick "&gt;&lt;img src=x onerror=alert(1)&gt; breaks out of a quoted value.</p>
        <p onclick="alert(1)">Escaping turns every less-than sign into an entity, so the browser shows the text instead of running it. <a href="javascript:alert(1)">This link</a> is dropped.</p>
        <pre><code class="language-html">&lt;script&gt;document.title='pwned'&lt;/script&gt;
        &lt;p&gt;Hello&lt;/p&gt;</code></pre>
        <blockquote><p>Never trust input: &lt;script&gt;alert(1)&lt;/script&gt; is text until a page makes it code.</p></blockquote>
        <img src="x" onerror="alert(1)" alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">
        <p>Servers escape output by default in good template engines, which print every value as text.</p>
        </article></body></html>

        """.write(to: inbox.appendingPathComponent("hostile-course/01-hostile.html"), atomically: true, encoding: .utf8)
        out = root.appendingPathComponent("out")
        _ = try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
        atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("lectern-review-site-tests-\(getpid())")) }
    }

    private static let made = Result { try ReviewSamples() }
    static func shared() throws -> ReviewSamples { try made.get() }

    func index() throws -> RunIndex {
        try CanonicalJSON.decode(RunIndex.self, from: Data(contentsOf: out.appendingPathComponent("index.json")))
    }

    func entry(_ kind: ItemKind, source: String) throws -> IndexEntry {
        try #require(try index().items.first { $0.kind == kind && $0.source.path == source }, "no \(kind) item from \(source)")
    }

    func bundle<T: Decodable>(_ type: T.Type, _ entry: IndexEntry) throws -> T {
        try CanonicalJSON.decode(type, from: Data(contentsOf: out.appendingPathComponent(try #require(entry.bundle))))
    }
}

/// Text as the site's templates print it: swift-mustache's HTML escaping.
func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;")
}

/// Markup that would run or load something if the site printed an input unescaped.
let liveMarkup = ["<script", "<img src=x", "<img src=\"x\"", "onerror=\"", "onclick=", "javascript:"]

private func page(_ client: some TestClientProtocol, _ uri: String, status: HTTPResponse.Status = .ok) async throws -> String {
    let response = try await client.execute(uri: uri, method: .get)
    #expect(response.status == status, "\(uri): \(response.status)")
    #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(uri)")
    let policy = try #require(response.headers[.contentSecurityPolicy], "\(uri) has no Content-Security-Policy")
    #expect(policy.contains("script-src 'none'") && policy.contains("default-src 'none'"), "\(uri): \(policy)")
    let body = String(decoding: response.body.readableBytesView, as: UTF8.self)
    for markup in liveMarkup {
        #expect(!body.contains(markup), "\(uri) contains live markup \(markup)")
    }
    return body
}

/// Every string of `parts` is in `text`, in that order.
private func inOrder(_ parts: [String], in text: String) -> Bool {
    var rest = text[...]
    for part in parts {
        guard let range = rest.range(of: part) else { return false }
        rest = rest[range.upperBound...]
    }
    return true
}

private func serving(_ out: URL, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    let app = Application(router: ContentServer(out: out).router())
    try await app.test(.router) { client in try await body(client) }
}

@Suite("lectern serve: the review site's pages", .serialized)
struct ReviewSiteTests {
    @Test("home says first whether each item is ready for a class, with its title and size, and what failed in lectern status's words")
    func home() async throws {
        let samples = try ReviewSamples.shared()
        let index = try samples.index()
        let failed = try samples.entry(.homework, source: ReviewSamples.hostilePhoto)
        #expect(failed.state == .failed && failed.errorCode == .emptyFile)
        let lecture = try samples.entry(.lecture, source: "intro-to-python")
        try await serving(samples.out) { client in
            let body = try await page(client, "/")
            for item in index.items {
                #expect(body.contains("id=\"item-\(item.id)\""), "\(item.source.path)")
                #expect(body.contains(escaped(item.source.path)), "\(item.source.path)")
            }
            #expect(body.contains("<a href=\"/items/\(lecture.id)\">intro-to-python</a>"))
            #expect(body.contains("Failed: 2."))
            #expect(body.contains("<span class=\"readiness readiness-failed\">Failed</span>"))
            #expect(body.contains("<p class=\"failure\">\(escaped(try #require(failed.errorMessage))) <code>[empty-file]</code> (in the ocr stage)</p>"))
            #expect(body.contains("<p class=\"advice\">\(escaped(ErrorCode.emptyFile.advice(for: .homework)))</p>"))
            // A done item says whether it is ready, not "done" beside its bundle's status.
            #expect(!body.contains(">done<") && !body.contains(">ok<"))
            let script = try samples.entry(.wordlist, source: "scripts/the-last-keeper.txt")
            let words = try samples.bundle(WordListBundle.self, script)
            let scriptRow = try #require(body.components(separatedBy: "id=\"item-\(script.id)\"").last?.components(separatedBy: "</tr>").first)
            #expect(scriptRow.contains("<span class=\"readiness readiness-ready\">Ready</span>"))
            #expect(scriptRow.contains("<span class=\"kind\">Word list</span> scripts/the-last-keeper.txt"
                + "<div class=\"size\">\(words.words.count) words, \(words.tests.count) level tests</div>"), "\(scriptRow)")
            let photo = try samples.entry(.homework, source: "photos/water-cycle.jpg")
            let quiz = try samples.bundle(HomeworkBundle.self, photo)
            let photoRow = try #require(body.components(separatedBy: "id=\"item-\(photo.id)\"").last?.components(separatedBy: "</tr>").first)
            #expect(photoRow.contains("<div class=\"size\">\(quiz.quiz.questions.count) questions</div>"))
            if quiz.status == .partial {
                let reason = try #require(quiz.statusReason)
                #expect(photoRow.contains("Partly ready") && photoRow.contains(escaped(reason)))
            }
            #expect(body.contains(escaped(ReviewSamples.hostileAttribute)))
            #expect(body.contains("Introduction to Python"), "a done item shows its bundle's title")
            // The advice fits the item's kind, as in `lectern status`: a script with no words is not told to photograph a page.
            let wordless = try samples.entry(.wordlist, source: "only marks.txt")
            #expect(wordless.errorCode == .noTextFound)
            let row = try #require(body.components(separatedBy: "id=\"item-\(wordless.id)\"").last?.components(separatedBy: "</tr>").first)
            #expect(row.contains("<p class=\"advice\">\(escaped(ErrorCode.noTextFound.advice(for: .wordlist)))</p>"))
            #expect(!row.contains(escaped(ErrorCode.noTextFound.advice)))
        }
    }

    @Test("a homework page: thumbnail, OCR text and figures, and every question with its options, answer and explanation")
    func homework() async throws {
        let samples = try ReviewSamples.shared()
        let entry = try samples.entry(.homework, source: "photos/water-cycle.jpg")
        let bundle = try samples.bundle(HomeworkBundle.self, entry)
        // The sample page supports 4 good questions since quiz 19 (no swapped terms in statements).
        #expect(bundle.quiz.questions.count >= 4)
        try await serving(samples.out) { client in
            let body = try await page(client, "/items/\(entry.id)")
            #expect(body.contains("<title>\(escaped(bundle.title)) · Lectern review</title>"))
            #expect(body.contains("<img class=\"thumbnail\" src=\"/media/\(entry.id).jpg\""))
            #expect(body.contains("<pre class=\"ocr-text\">\(escaped(bundle.text))</pre>"))
            #expect(!body.contains("low-confidence"), "an ok page is not marked")
            #expect(body.contains(String(format: "%.0f%% on average over %d words", bundle.ocr.meanConfidence, bundle.ocr.wordCount)))
            // First of all: ready or not, before the quiz and the text.
            let verdict = bundle.status == .ok ? "Ready for your class: \(bundle.quiz.questions.count) questions"
                : "Partly ready: \(bundle.quiz.questions.count) questions"
            #expect(inOrder(["<section class=\"verdict", "<strong>\(verdict)</strong>", "<h2>Quiz", "<h2>Text read from the photo"], in: body))
            #expect(body.contains("<strong>level 1</strong> asks to recall") || body.contains("<strong>level 2</strong> asks to understand"))
            #expect(body.contains(escaped(bundle.subject)))
            #expect(body.contains("Quiz (\(bundle.quiz.questions.count) questions)"))
            for question in bundle.quiz.questions {
                let answer = question.options[question.answerIndex]
                var expected = ["<p class=\"stem\">\(escaped(question.stem))</p>"]
                expected += question.options.map { "\(escaped($0))" }
                expected += ["<strong>Answer:</strong> \(escaped(answer))", "<strong>Explanation:</strong> \(escaped(question.explanation))"]
                #expect(inOrder(expected, in: body), "\(question.stem)")
                #expect(body.contains("<li class=\"option answer\">\(escaped(answer)) <span class=\"mark\">✓ answer</span>"))
                // Where the options came from: in plain words, in a closed <details>, never the bundle's tags.
                let origins = question.optionOrigins.enumerated().map { index, origin in
                    "<li><span class=\"letter\">\(["A", "B", "C", "D"][index])</span> \(escaped(provenance(origin)))</li>"
                }
                #expect(inOrder(["<p class=\"stem\">\(escaped(question.stem))</p>", "<details class=\"origins\"><summary>Where the options came from</summary>"]
                    + origins, in: body), "\(question.stem)")
                for origin in question.optionOrigins { #expect(!body.contains("(\(origin.rawValue))") && !body.contains(">\(origin.rawValue)<")) }
                let level = question.level <= 1 ? "level 1, recall" : "level \(question.level), understanding"
                #expect(inOrder(["<p class=\"stem\">\(escaped(question.stem))</p>", "<p class=\"meta\">", level], in: body))
            }
            #expect(!body.contains("<details class=\"origins\" open"))
            #expect(body.components(separatedBy: "✓ answer").count - 1 == bundle.quiz.questions.count)
        }
    }

    @Test("a needs-review homework page marks its low-confidence text and says why")
    func lowConfidenceHomework() async throws {
        let samples = try ReviewSamples.shared()
        let entry = try samples.entry(.homework, source: "photos/water-cycle.jpg")
        // A copy of the output folder with the page's bundle made poor, as the quiz stage writes one.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-review-site-low-\(getpid())")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: samples.out, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let file = copy.appendingPathComponent(try #require(entry.bundle))
        var bundle = try CanonicalJSON.decode(HomeworkBundle.self, from: Data(contentsOf: file))
        bundle.status = .needsReview
        bundle.statusReason = "mean OCR confidence 41 is under 60: check the photo"
        bundle.ocr.meanConfidence = 41
        bundle.quiz.questions = []
        try CanonicalJSON.encode(bundle).write(to: file)
        let poor = bundle
        try await serving(copy) { client in
            let body = try await page(client, "/items/\(entry.id)")
            #expect(inOrder(["<strong>Not ready: the photo could not be read well enough</strong>",
                             "<strong>What happened:</strong> \(escaped(poor.statusReason ?? ""))", "<strong>What to do:</strong>"], in: body))
            #expect(body.contains("<pre class=\"ocr-text\"><mark class=\"low-confidence\">\(escaped(poor.text))</mark></pre>"))
            #expect(body.contains("the bundle does not record each word's confidence"))
            #expect(body.contains("No questions"))
        }
    }

    @Test("a doubtful read is flagged by the run's own quiz.minConfidence (the pipeline file's), not by the default")
    func pipelineFileThreshold() async throws {
        let samples = try ReviewSamples.shared()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-review-site-threshold-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samples.repo.appendingPathComponent("samples/photos/water-cycle.jpg"),
                                         to: inbox.appendingPathComponent("water-cycle.jpg"))
        // The photo reads at a mean confidence over the default 60 (the homework test's page is not marked); a
        // pipeline file asking for 99 makes the same read doubtful.
        let config = try PipelineConfig.parse(yaml: "version: 1\nstages:\n  quiz:\n    minConfidence: 99\n", file: "strict.yml")
        let out = root.appendingPathComponent("out")
        let index = try Pipeline(out: out).run(inbox: inbox, config: config, jobs: 2, progress: nil).index
        let entry = try #require(index.items.first { $0.kind == .homework })
        let bundle = try CanonicalJSON.decode(HomeworkBundle.self, from: Data(contentsOf: out.appendingPathComponent(try #require(entry.bundle))))
        #expect(bundle.status == .needsReview && bundle.ocr.meanConfidence >= 60 && bundle.ocr.meanConfidence < 99)
        try await serving(out) { client in
            let body = try await page(client, "/items/\(entry.id)")
            #expect(body.contains("<pre class=\"ocr-text\"><mark class=\"low-confidence\">\(escaped(bundle.text))</mark></pre>"))
            #expect(inOrder(["<strong>Not ready: the photo could not be read well enough</strong>",
                             "<strong>What happened:</strong> \(escaped(try #require(bundle.statusReason)))"], in: body))
            let home = try await page(client, "/")
            let row = try #require(home.components(separatedBy: "id=\"item-\(entry.id)\"").last?.components(separatedBy: "</tr>").first)
            #expect(row.contains("<span class=\"readiness readiness-not-ready\">Not ready</span>"))
            #expect(row.contains(escaped(try #require(bundle.statusReason))), "What happened: the bundle's reason")
            #expect(row.contains("<div class=\"size\">0 questions</div>"))
        }
        // And the other way: a read under the default 60 that the run accepted (a pipeline file asking less) is not marked.
        var accepted = bundle
        accepted.status = .ok
        accepted.statusReason = nil
        accepted.ocr.meanConfidence = 41
        #expect(!HomeworkPage(accepted).lowConfidence)
    }

    @Test("a word list page: ready or not first; words by level with meaning, how sure, where the level came from in plain words, and the word marked in its sentence; the level tests")
    func wordList() async throws {
        let samples = try ReviewSamples.shared()
        let entry = try samples.entry(.wordlist, source: "scripts/the-last-keeper.txt")
        let bundle = try samples.bundle(WordListBundle.self, entry)
        #expect(!bundle.words.isEmpty && !bundle.tests.isEmpty)
        try await serving(samples.out) { client in
            let body = try await page(client, "/items/\(entry.id)")
            #expect(inOrder(["<strong>Ready for your class: \(bundle.words.count) words in", "<section class=\"level\""], in: body))
            #expect(!body.contains("cefr-profile"), "the level's source is said in plain words")
            let levels = WordLevel.allCases.filter { level in bundle.words.contains { $0.level == level } }
            #expect(inOrder(levels.map { "<section class=\"level\" id=\"level-\($0.rawValue)\">" }, in: body))
            var shown = Set<String>()
            for level in levels {
                let section = try #require(body.components(separatedBy: "id=\"level-\(level.rawValue)\">").last?
                    .components(separatedBy: "</section>").first)
                let rows = section.components(separatedBy: "<tr class=\"word-entry\">").dropFirst()
                let words = bundle.words.filter { $0.level == level }
                #expect(rows.count == words.count)
                for (word, row) in zip(words, rows) {
                    var expected = ["<strong>\(escaped(word.word))</strong>",
                                    "<div class=\"level-source\">Level \(escaped(WordListPage.levelSource(word.levelSource)))</div>"]
                    if let definition = word.definition { expected.append("<td class=\"definition\">\(escaped(definition))") }
                    if let sense = word.senseConfidence { expected.append("class=\"sense sense-\(sense.rawValue)\"") }
                    // Issue 28: an entry whose sense is not sure lists the word's other senses, each with the exact
                    // command that picks it; a sure one lists none.
                    let others = word.senseIsSure ? [] : try WordNet.shared().synsets(of: word.word)
                        .filter { !($0.gloss == word.definition && $0.pos.rawValue == word.partOfSpeech) }
                    for other in others {
                        expected.append(escaped(other.gloss))
                        expected.append("<code>\(escaped("lectern review --inbox inbox word \(word.id!) --sense \(other.id.senseKey)"))</code>")
                    }
                    #expect(row.contains("class=\"other-senses\"") == !others.isEmpty, "\(word.word)")
                    expected.append("<td class=\"context\">")
                    #expect(inOrder(expected, in: row), "\(word.word) under \(level)")
                    // The word (one of its forms) is marked in its sentence; a sentence shown before says so, cut short.
                    let cell = try #require(row.components(separatedBy: "<td class=\"context\">").last?.components(separatedBy: "</td>").first)
                    let marked = try #require(cell.components(separatedBy: "<mark>").dropFirst().first?.components(separatedBy: "</mark>").first,
                                              "\(word.word) is not marked in \(cell)")
                    #expect(([word.word] + word.forms).contains { $0.lowercased() == marked.lowercased() }, "\(word.word): marked \(marked)")
                    let plain = cell.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
                    if shown.insert(word.context).inserted {
                        #expect(plain == escaped(word.context), "\(word.word)")
                    } else {
                        #expect(cell.hasPrefix("<span class=\"same\">Same sentence as “"), "\(word.word): \(cell)")
                        #expect(plain.count < escaped(word.context).count + 60, "\(word.word): a repeated sentence is cut short")
                    }
                }
            }
            for test in bundle.tests {
                #expect(body.contains("<h3>\(test.level.rawValue) test</h3>"))
                for question in test.questions {
                    #expect(body.contains("<p class=\"stem\">\(escaped(question.stem))</p>"))
                }
            }
        }
    }

    @Test("a word's sentence: its form marked whole-word and case-insensitively; a repeat cut to the words around it")
    func markingInContext() {
        let entry = WordEntry(word: "keep", level: .beginner, levelSource: .model, partOfSpeech: "verb", definition: nil,
                              senseConfidence: nil, context: "The keeper kept the light: Kept lights keep ships safe.", count: 2,
                              forms: ["kept", "keep"])
        let (before, marked, after) = WordListPage.mark(entry, in: entry.context)
        #expect(before == "The keeper " && marked == "kept" && after == " the light: Kept lights keep ships safe.")
        let missing = WordListPage.mark(entry, in: "Nothing here.")
        #expect(missing == ("Nothing here.", "", ""))
        #expect(WordListPage.tail(of: "one two three four five six seven eight ") == "… four five six seven eight ")
        #expect(WordListPage.head(of: " two three four five six seven eight") == " two three four five six …")
    }

    @Test("a lecture page: subjects and topics in order with unlock weeks, blocks as they look, engagement, pool by level, projects")
    func lecture() async throws {
        let samples = try ReviewSamples.shared()
        let entry = try samples.entry(.lecture, source: "intro-to-python")
        let bundle = try samples.bundle(LectureBundle.self, entry)
        try await serving(samples.out) { client in
            let body = try await page(client, "/items/\(entry.id)")
            let articles = try #require(body.components(separatedBy: "<nav class=\"toc\">").last)
            var headings: [String] = []
            for subject in bundle.subjects {
                headings.append("<h2>\(escaped(subject.title)) <span class=\"week\">unlocks in week \(subject.week)</span></h2>")
                for topic in subject.topics {
                    headings.append("<h3>\(escaped(topic.title)) <span class=\"week\">unlocks in week \(topic.week)</span></h3>")
                    if let question = topic.engagementQuestion {
                        headings.append("<p class=\"prompt\">\(escaped(question.prompt))</p>")
                        headings.append("<strong>Expected answer:</strong> \(escaped(question.expectedAnswer))")
                    }
                }
                if let project = subject.endingProject {
                    headings.append("<h3>Ending project: \(escaped(project.title))</h3>")
                }
            }
            #expect(inOrder(headings, in: articles), "subjects, topics, engagement questions and projects in the bundle's order")
            let blocks = bundle.subjects.flatMap { $0.topics.flatMap(\.blocks) }
            let code = try #require(blocks.first { if case .code(_, language: "python") = $0 { true } else { false } })
            #expect(body.contains("<pre class=\"code\" data-language=\"python\"><code class=\"language-python\">\(escaped(try #require(code.text)))</code></pre>"))
            let math = try #require(blocks.first { $0.type == .math })
            #expect(body.contains("<pre class=\"math math-display\" data-language=\"TeX\"><code class=\"language-latex\">\(escaped(try #require(math.text)))</code></pre>"))
            let quote = try #require(blocks.first { $0.type == .quote })
            #expect(body.contains("<blockquote><p>"))
            if case .quote(_, _, let cite?) = quote { #expect(body.contains("<footer>— <cite>\(escaped(cite))</cite></footer></blockquote>")) }
            let table = try #require(blocks.lazy.compactMap { if case .table(let rows) = $0 { rows } else { nil } }.first)
            #expect(body.contains("<thead><tr>" + table[0].map { "<th>\(escaped($0))</th>" }.joined() + "</tr></thead>"))
            #expect(body.contains("<tr>" + table[1].map { "<td>\(escaped($0))</td>" }.joined() + "</tr>"))
            let image = try #require(blocks.lazy.compactMap { if case .image(let src, let alt) = $0 { (src, alt) } else { nil } }.first)
            #expect(body.contains("<img src=\"/\(image.0)\" alt=\"\(escaped(image.1 ?? ""))\">"))
            #expect(image.0.hasPrefix("media/lectures/"))
            let levels = Set(bundle.questionPool.flatMap { $0.renderings.map(\.level) }).sorted()
            #expect(levels == [1, 2, 3, 4])
            #expect(inOrder(["<h3>Level 1: basic", "<h3>Level 2: intermediate", "<h3>Level 3: advanced", "<h3>Level 4: master"], in: body))
            #expect(body.components(separatedBy: "<li class=\"pool-item\">").count - 1 == bundle.questionPool.flatMap(\.renderings).count)
            let level4 = try #require(body.components(separatedBy: "<h3>Level 4: master").last)
            for question in bundle.questionPool {
                for rendering in question.renderings where rendering.level == 4 {
                    #expect(level4.contains("<p class=\"stem\">\(escaped(rendering.prompt))"), "\(rendering.prompt)")
                }
            }
        }
    }

    @Test("inputs that look like markup or script are shown as text, never run")
    func hostileInputIsEscaped() async throws {
        let samples = try ReviewSamples.shared()
        let course = try samples.entry(.lecture, source: "hostile-course")
        let script = try samples.entry(.wordlist, source: "hostile <b>notes.txt")
        try await serving(samples.out) { client in
            // page() also checks that no page holds live markup (<script, <img src=x, onerror=", javascript:).
            let lecture = try await page(client, "/items/\(course.id)")
            #expect(lecture.contains("<title>Hostile &lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt; course · Lectern review</title>"))
            #expect(lecture.contains("<code>\(escaped(ReviewSamples.hostileScript))</code>"))
            #expect(lecture.contains("The attribute trick \(escaped(ReviewSamples.hostileAttribute)) breaks out"))
            #expect(lecture.contains("<code class=\"language-html\">\(escaped(ReviewSamples.hostileScript))\n&lt;p&gt;Hello&lt;/p&gt;</code>"))
            #expect(lecture.contains("Never trust input: &lt;script&gt;alert(1)&lt;/script&gt; is text"))
            #expect(lecture.contains("alt=\"\(escaped(ReviewSamples.hostileAttribute))\""))
            let words = try await page(client, "/items/\(script.id)")
            #expect(words.contains("<title>Word list: hostile &lt;b&gt;notes.txt · Lectern review</title>"))
            #expect(words.contains("document.title=&#39;pwned&#39;"))
            _ = try await page(client, "/")
        }
    }

    @Test("unknown IDs are an HTML 404 page; an item without a bundle says why; a post leads to its course")
    func missing() async throws {
        let samples = try ReviewSamples.shared()
        let failed = try samples.entry(.homework, source: ReviewSamples.hostilePhoto)
        let post = try #require(try samples.index().items.first { $0.kind == .post && $0.course != nil })
        let course = try #require(post.course)
        try await serving(samples.out) { client in
            let unknown = try await page(client, "/items/0000000000000000", status: .notFound)
            #expect(unknown.contains("<h1>Not found</h1>") && unknown.contains("No item has the ID 0000000000000000."))
            let noBundle = try await page(client, "/items/\(failed.id)", status: .notFound)
            #expect(noBundle.contains("has no bundle: it is failed."))
            #expect(noBundle.contains("<strong>What to do:</strong> \(escaped(ErrorCode.emptyFile.advice(for: .homework)))"))
            _ = try await page(client, "/items/bad%3Cid%3E", status: .badRequest)
            let redirect = try await client.execute(uri: "/items/\(post.id)", method: .get)
            #expect(redirect.status == .seeOther && redirect.headers[.location] == "/items/\(course)")
            let css = try await client.execute(uri: "/site/style.css", method: .get)
            #expect(css.status == .ok && css.headers[.contentType] == "text/css; charset=utf-8")
            let api = try await client.execute(uri: "/v1/bundles/0000000000000000", method: .get)
            #expect(api.headers[.contentType] == "application/problem+json", "the API keeps its problem+json errors")
        }
    }
}

// MARK: - A real browser

/// Headless Chromium (Debian's `chromium`, installed by scripts/setup.sh --test) loading the pages from a live server.
enum Chromium {
    static func path() -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin"]
        for folder in folders {
            for name in ["chromium", "chromium-browser"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// Runs Chromium headless with `arguments` and returns what it printed on stdout; coreutils' `timeout` ends it
    /// after `seconds`.
    static func run(_ chromium: String, _ arguments: [String], profile: URL, seconds: Int = 120) async throws -> String {
        let output = profile.appendingPathComponent("stdout-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close(); try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["--kill-after=10", String(seconds), chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                             "--user-data-dir=\(profile.path)"] + arguments
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        #expect(status == 0, "chromium \(arguments.joined(separator: " ")) exited with \(status)")
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}

@Suite("lectern serve: the review site in a real browser", .serialized)
struct ReviewSiteBrowserTests {
    @Test("headless Chromium shows every page kind from a live server; screenshots in .build/test-artifacts; hostile input has no effect")
    func browser() async throws {
        let chromium = try #require(Chromium.path(), "chromium is not installed: run scripts/setup.sh --test (it installs Debian's chromium)")
        let samples = try ReviewSamples.shared()
        let artefacts = samples.repo.appendingPathComponent(".build/test-artifacts/review-site")
        try FileManager.default.createDirectory(at: artefacts, withIntermediateDirectories: true)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-review-chromium-\(getpid())")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }

        let homework = try samples.entry(.homework, source: "photos/water-cycle.jpg")
        let homeworkBundle = try samples.bundle(HomeworkBundle.self, homework)
        let wordlist = try samples.entry(.wordlist, source: "scripts/the-last-keeper.txt")
        let words = try samples.bundle(WordListBundle.self, wordlist)
        let lecture = try samples.entry(.lecture, source: "intro-to-python")
        let lectureBundle = try samples.bundle(LectureBundle.self, lecture)
        let hostile = try samples.entry(.lecture, source: "hostile-course")
        let failed = try samples.entry(.homework, source: ReviewSamples.hostilePhoto)
        // What the DOM must show (as Chromium serialises text: <, > and & escaped), page by page.
        let pages: [(name: String, path: String, title: String, expected: [String])] = [
            ("home", "/", "Items · Lectern review",
             ["<h1>Items</h1>", "<th>Ready?</th>", "<th>What happened</th>", domText(try #require(failed.errorMessage)),
              domText(ErrorCode.emptyFile.advice(for: .homework))]),
            ("homework", "/items/\(homework.id)", "\(homeworkBundle.title) · Lectern review",
             [domText(homeworkBundle.quiz.questions[0].stem), "<img class=\"thumbnail\" src=\"/media/\(homework.id).jpg\"", "✓ answer",
              "<section class=\"verdict verdict-", "<details class=\"origins\"><summary>Where the options came from</summary>"]),
            ("wordlist", "/items/\(wordlist.id)", "Word list: scripts/the-last-keeper.txt · Lectern review",
             ["<section class=\"verdict verdict-ready\">", "<mark>", "\(words.tests[0].level.rawValue) test",
              domText(try #require(words.tests.first?.questions.first?.stem))]),
            ("lecture", "/items/\(lecture.id)", "\(lectureBundle.title) · Lectern review",
             [domText(lectureBundle.subjects[0].topics[0].title), "<code class=\"language-python\">", "class=\"math math-display\"",
              "Level 4: master", "Ending project:"]),
            ("hostile-lecture", "/items/\(hostile.id)", "Hostile <script>document.title='pwned'</script> course · Lectern review",
             [domText(ReviewSamples.hostileScript), domText(ReviewSamples.hostileAttribute)]),
        ]
        let app = Application(router: ContentServer(out: samples.out).router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            for page in pages {
                let url = "http://127.0.0.1:\(port)\(page.path)"
                let dom = try await Chromium.run(chromium, ["--dump-dom", url], profile: profile)
                #expect(dom.contains("<title>\(domText(page.title))</title>"), "\(page.name): the title as text, unchanged by any script")
                #expect(!dom.contains("pwned</title>") && !dom.contains("<title>pwned"), "\(page.name): a script changed the title")
                for text in page.expected {
                    #expect(dom.contains(text), "\(page.name) shows \(text)")
                }
                for markup in liveMarkup {
                    #expect(!dom.contains(markup), "\(page.name): the DOM holds live markup \(markup)")
                }
                let shot = artefacts.appendingPathComponent("\(page.name).png")
                try? FileManager.default.removeItem(at: shot)
                _ = try await Chromium.run(chromium, ["--screenshot=\(shot.path)", "--window-size=1200,1600", "--hide-scrollbars", url],
                                           profile: profile)
                let png = try Data(contentsOf: shot)
                #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && png.count > 10_000,
                        "\(page.name): a screenshot at \(shot.path)")
            }
        }
    }

    /// Text as Chromium's DOM serialisation prints it.
    func domText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\u{00A0}", with: "&nbsp;")
    }
}
