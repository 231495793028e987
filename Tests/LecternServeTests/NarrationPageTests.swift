import Foundation
import Hummingbird
import HummingbirdTesting
import LecternModel
import LecternPipeline
import LecternServe
import Testing

/// A course read aloud on the review site: an `<audio>` player per topic playing the published MP3 (served as
/// audio/mpeg and allowed by the page's Content-Security-Policy), and the sentences read with their times.
@Suite("lectern serve: a narrated lecture's page")
struct NarrationPageTests {
    @Test("each narrated topic has a player for its MP3 and the list of its sentences in order")
    func narratedLecture() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-narration-page-\(getpid())-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: root) }
        let course = root.appendingPathComponent("inbox/voice-course")
        try FileManager.default.createDirectory(at: course, withIntermediateDirectories: true)
        try "voice: true\n".write(to: course.appendingPathComponent("course.yml"), atomically: true, encoding: .utf8)
        try """
        <html><head><title>Tides</title><script>alert(1)</script></head><body><main><h1>Tides</h1>
        <p>The sea rises and falls twice a day. The moon pulls the water toward it, and the earth turns beneath.</p>
        <pre><code>print("high tide")</code></pre>
        <p onclick="alert(1)">Spring tides come when the sun and the moon pull together. <a href="javascript:alert(1)">More</a></p>
        </main></body></html>
        """.write(to: course.appendingPathComponent("01-tides.html"), atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("out")
        _ = try Pipeline(out: out).run(inbox: root.appendingPathComponent("inbox"), config: PipelineConfig(), jobs: 1, progress: nil)
        let folder = out.appendingPathComponent("bundles/lectures")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let lecture = try JSONDecoder().decode(LectureBundle.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
        let topic = try #require(lecture.subjects.first?.topics.first)
        let narration = try #require(topic.narration)

        let app = Application(router: ContentServer(out: out).router())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/items/\(lecture.id)", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentSecurityPolicy]?.contains("media-src 'self'") == true)
            let html = String(decoding: response.body.readableBytesView, as: UTF8.self)
            #expect(html.contains("<audio controls preload=\"none\" src=\"/\(narration.media)\"></audio>"))
            var rest = html[...]
            for sentence in narration.sentences {
                let text = sentence.text.replacingOccurrences(of: "\"", with: "&quot;")
                let range = try #require(rest.range(of: text), "\(sentence.text) is not listed in order")
                rest = rest[range.upperBound...]
            }
            #expect(!html.contains("javascript:") && !html.contains("<script"))

            let audio = try await client.execute(uri: "/" + narration.media, method: .get)
            #expect(audio.status == .ok)
            #expect(audio.headers[.contentType] == "audio/mpeg")
            #expect(Data(audio.body.readableBytesView) == (try Data(contentsOf: out.appendingPathComponent(narration.media))))
        }
    }
}
