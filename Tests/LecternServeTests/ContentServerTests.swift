import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LecternJSON
import LecternModel
import LecternPipeline
import LecternServe
import Testing

/// A real output folder: the samples' course, one photo and one script run through the real pipeline once per
/// test process; the tests serve it on a loopback port and read it back over HTTP.
final class PublishedSamples: Sendable {
    let out: URL
    /// The inbox the output was made from (`lectern serve --review --inbox` writes its reviews file).
    let inbox: URL

    private init() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-serve-tests-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let samples = repo.appendingPathComponent("samples")
        for path in ["intro-to-python", "photos/water-cycle.jpg", "scripts/the-last-keeper.txt"] {
            let target = inbox.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: samples.appendingPathComponent(path), to: target)
        }
        out = root.appendingPathComponent("out")
        let result = try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
        precondition(!result.index.items.contains { $0.state == .failed }, "the samples must publish without failures")
        atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("lectern-serve-tests-\(getpid())")) }
    }

    private static let made = Result { try PublishedSamples() }
    static func shared() throws -> PublishedSamples { try made.get() }

    func index() throws -> RunIndex {
        try CanonicalJSON.decode(RunIndex.self, from: Data(contentsOf: out.appendingPathComponent("index.json")))
    }

    func id(of kind: ItemKind) throws -> String {
        try #require(try index().items.first { $0.kind == kind && $0.bundle != nil }?.id)
    }
}

private func json(_ buffer: ByteBuffer) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
}

/// Runs `body` against `lectern serve`'s router on a real loopback port.
private func serving(_ out: URL, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    let app = Application(router: ContentServer(out: out).router())
    try await app.test(.live) { client in try await body(client) }
}

@Suite("lectern serve: the content API", .serialized)
struct ContentServerTests {
    @Test("the index, filtered by kind and state; a bad filter is a 400 problem")
    func items() async throws {
        let samples = try PublishedSamples.shared()
        let all = try samples.index().items
        try await serving(samples.out) { client in
            let response = try await client.execute(uri: "/v1/items", method: .get)
            #expect(response.status == .ok)
            #expect((try json(response.body)["items"] as? [Any])?.count == all.count)
            let lectures = try await client.execute(uri: "/v1/items?kind=lecture&state=done", method: .get)
            let items = try #require(try json(lectures.body)["items"] as? [[String: Any]])
            #expect(items.count == all.filter { $0.kind == .lecture }.count && items.allSatisfy { $0["kind"] as? String == "lecture" })
            let bad = try await client.execute(uri: "/v1/items?kind=poem", method: .get)
            #expect(bad.status == .badRequest && bad.headers[.contentType] == "application/problem+json")
            #expect(try json(bad.body)["code"] as? String == "bad-parameter")
        }
    }

    @Test("a bundle is the published bytes with an ETag; If-None-Match gives 304")
    func bundleAndETag() async throws {
        let samples = try PublishedSamples.shared()
        let id = try samples.id(of: .homework)
        let onDisk = try Data(contentsOf: samples.out.appendingPathComponent("bundles/homework/\(id).json"))
        try await serving(samples.out) { client in
            let first = try await client.execute(uri: "/v1/bundles/\(id)", method: .get)
            #expect(first.status == .ok && Data(first.body.readableBytesView) == onDisk)
            let eTag = try #require(first.headers[.eTag])
            let again = try await client.execute(uri: "/v1/bundles/\(id)", method: .get, headers: [.ifNoneMatch: eTag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            let stale = try await client.execute(uri: "/v1/bundles/\(id)", method: .get, headers: [.ifNoneMatch: "\"0000\""])
            #expect(stale.status == .ok)
        }
    }

    @Test("a bundle published by another run is served at once, with a new ETag, without a restart")
    func picksUpNewlyPublishedBundles() async throws {
        let samples = try PublishedSamples.shared()
        let id = try samples.id(of: .wordlist)
        let file = samples.out.appendingPathComponent("bundles/wordlists/\(id).json")
        let original = try Data(contentsOf: file)
        defer { try? original.write(to: file, options: .atomic) }
        try await serving(samples.out) { client in
            let before = try await client.execute(uri: "/v1/bundles/\(id)", method: .get)
            var changed = try JSONSerialization.jsonObject(with: original) as! [String: Any]
            changed["statusReason"] = "republished"
            try JSONSerialization.data(withJSONObject: changed).write(to: file, options: .atomic)
            let after = try await client.execute(uri: "/v1/bundles/\(id)", method: .get)
            #expect(after.status == .ok && after.headers[.eTag] != before.headers[.eTag])
            #expect(try json(after.body)["statusReason"] as? String == "republished")
        }
    }

    @Test("what the server keeps is dropped at once when a file is rewritten in place: same size, same inode, new bytes")
    func picksUpFilesRewrittenInPlace() async throws {
        let samples = try PublishedSamples.shared()
        let id = try samples.id(of: .homework)
        let file = samples.out.appendingPathComponent("bundles/homework/\(id).json")
        let indexFile = samples.out.appendingPathComponent("index.json")
        let original = try Data(contentsOf: file)
        let originalIndex = try Data(contentsOf: indexFile)
        defer {
            try? original.write(to: file)
            try? originalIndex.write(to: indexFile)
        }
        try await serving(samples.out) { client in
            let before = try await client.execute(uri: "/v1/bundles/\(id)", method: .get)
            #expect(Data(before.body.readableBytesView) == original)
            // One byte changed, written over the same file (no rename): the size stays, only the mtime moves.
            var changed = original
            let space = try #require(changed.firstIndex(of: UInt8(ascii: " ")))
            changed[space] = UInt8(ascii: "\t")
            let handle = try FileHandle(forWritingTo: file)
            try handle.write(contentsOf: changed)
            try handle.close()
            let after = try await client.execute(uri: "/v1/bundles/\(id)", method: .get)
            #expect(Data(after.body.readableBytesView) == changed && after.headers[.eTag] != before.headers[.eTag])
            // The index rewritten in place without the homework: the item is gone at once.
            var index = try samples.index()
            index.items.removeAll { $0.id == id }
            try CanonicalJSON.encode(index).write(to: indexFile)
            #expect(try await client.execute(uri: "/v1/items/\(id)", method: .get).status == .notFound)
        }
    }

    @Test("a lecture in week 1 shows only what is unlocked by then, and only those topics' pool items")
    func weekUnlocks() async throws {
        let samples = try PublishedSamples.shared()
        let id = try samples.id(of: .lecture)
        let full = try CanonicalJSON.decode(LectureBundle.self, from: Data(contentsOf: samples.out.appendingPathComponent("bundles/lectures/\(id).json")))
        #expect(full.subjects.contains { $0.week > 1 }, "the sample course has more than one week")
        try await serving(samples.out) { client in
            let response = try await client.execute(uri: "/v1/lectures/\(id)?week=1", method: .get)
            let lecture = try CanonicalJSON.decode(LectureBundle.self, from: Data(response.body.readableBytesView))
            #expect(!lecture.subjects.isEmpty && lecture.subjects.allSatisfy { $0.week <= 1 })
            let topics = Set(lecture.subjects.flatMap { $0.topics.map(\.id) })
            #expect(!lecture.questionPool.isEmpty && lecture.questionPool.allSatisfy { topics.contains($0.topicId) })
            #expect(lecture.questionPool.count < full.questionPool.count)
            let none = try await client.execute(uri: "/v1/lectures/\(id)?week=0", method: .get)
            #expect(try CanonicalJSON.decode(LectureBundle.self, from: Data(none.body.readableBytesView)).subjects.isEmpty)
            let bad = try await client.execute(uri: "/v1/lectures/\(id)?week=-3", method: .get)
            #expect(bad.status == .badRequest)
            let notALecture = try await client.execute(uri: "/v1/lectures/\(try samples.id(of: .homework))", method: .get)
            #expect(notALecture.status == .notFound)
        }
    }

    @Test("a seeded pool draw is the same questions in the same order on every request")
    func seededDraws() async throws {
        let samples = try PublishedSamples.shared()
        let id = try samples.id(of: .lecture)
        try await serving(samples.out) { client in
            func ids(_ query: String) async throws -> [String] {
                let response = try await client.execute(uri: "/v1/lectures/\(id)/draw?\(query)", method: .get)
                #expect(response.status == .ok)
                return try #require(try json(response.body)["questions"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            }
            let duel = try await ids("count=5&seed=duel-42")
            #expect(duel.count == 5 && Set(duel).count == 5)
            #expect(try await ids("count=5&seed=duel-42") == duel)
            #expect(try await ids("count=5&seed=duel-43") != duel)
            for query in ["count=5", "count=0&seed=x", "count=abc&seed=x", "count=5&seed=" + String(repeating: "s", count: 201)] {
                let response = try await client.execute(uri: "/v1/lectures/\(id)/draw?\(query)", method: .get)
                #expect(response.status == .badRequest, "\(query)")
            }
        }
    }

    @Test("media are served; paths that leave the published folders, unknown IDs and routes are 404 problems, never 500")
    func mediaAndRefusals() async throws {
        let samples = try PublishedSamples.shared()
        let id = try samples.id(of: .homework)
        try await serving(samples.out) { client in
            let thumbnail = try await client.execute(uri: "/media/\(id).jpg", method: .get)
            #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg")
            #expect(Array(thumbnail.body.readableBytesView.prefix(2)) == [0xFF, 0xD8])
            for uri in ["/media/../lectern.sqlite", "/media/%2e%2e/lectern.sqlite", "/media/..%2Flectern.sqlite",
                        "/media/.runners", "/v1/bundles/0000000000000000", "/v1/nothing", "/v1/items/a%2Fb",
                        "/v1/bundles/" + String(repeating: "a", count: 5000)] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect([.notFound, .badRequest].contains(response.status), "\(uri): \(response.status)")
                #expect(response.headers[.contentType] == "application/problem+json", "\(uri)")
            }
        }
    }

    @Test("a known path asked with a method it lacks is a 405 naming its methods in Allow; OPTIONS says them; an unknown method is a 501")
    func methods() async throws {
        let samples = try PublishedSamples.shared()
        let lecture = try samples.id(of: .lecture)
        let app = Application(router: ContentServer(out: samples.out, review: ReviewRoutes(inbox: samples.inbox, out: samples.out, token: "t")).router())
        try await app.test(.live) { client in
            for (uri, allow) in [("/v1/items", "GET, HEAD, OPTIONS"), ("/v1/lectures/\(lecture)/draw", "GET, HEAD, OPTIONS"),
                                 ("/media/x.png", "GET, HEAD, OPTIONS"), ("/", "GET, HEAD, OPTIONS"),
                                 ("/v1/reviews/questions/x-q-1", "PUT, DELETE, OPTIONS"),
                                 ("/v1/reviews/questions/x-q-1/reject", "POST, OPTIONS")] {
                for method in [HTTPRequest.Method.trace, .delete, .patch, .post, .put, .get, HTTPRequest.Method("QUERY")!]
                where !allow.contains(method.rawValue) {
                    let response = try await client.execute(uri: uri, method: method)
                    #expect(response.status.code == 405, "\(method) \(uri): \(response.status)")
                    #expect(response.headers[.allow] == allow, "\(method) \(uri)")
                    #expect(try json(response.body)["code"] as? String == "method-not-allowed")
                }
                let options = try await client.execute(uri: uri, method: .options)
                #expect(options.status == .noContent && options.headers[.allow] == allow, "OPTIONS \(uri)")
            }
            let head = try await client.execute(uri: "/v1/items", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            let unknown = try await client.execute(uri: "/v1/items", method: HTTPRequest.Method("PROPFIND")!)
            let problem = try json(unknown.body)
            #expect(unknown.status.code == 501 && problem["code"] as? String == "unknown-method")
        }
        // Without --review the review paths are not known paths: 404, whatever the method.
        try await serving(samples.out) { client in
            for method in [HTTPRequest.Method.get, .put, .delete] {
                let response = try await client.execute(uri: "/v1/reviews/questions/x-q-1", method: method)
                #expect(response.status == .notFound, "\(method): \(response.status)")
            }
        }
    }

    @Test("the OpenAPI 3.1 contract is served: docs/ as it is with --review; without, less the review paths and what only they use")
    func contract() async throws {
        let samples = try PublishedSamples.shared()
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try Data(contentsOf: repo.appendingPathComponent("docs/openapi.json"))
        let fullPaths = try #require((try JSONSerialization.jsonObject(with: docs) as? [String: Any])?["paths"] as? [String: Any])
        let readOnlyPaths = Set(fullPaths.keys.filter { !$0.hasPrefix("/v1/reviews") })
        let review = ContentServer(out: samples.out, review: ReviewRoutes(inbox: samples.inbox, out: samples.out, token: "t"))
        try await Application(router: review.router()).test(.router) { client in
            let response = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(Data(response.body.readableBytesView) == docs)
        }
        try await serving(samples.out) { client in
            let response = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(response.headers[.contentType] == "application/openapi+json")
            let document = try json(response.body)
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: Any])
            #expect(Set(paths.keys) == readOnlyPaths)
            let body = String(decoding: response.body.readableBytesView, as: UTF8.self)
            for gone in ["QuestionDecision", "WordDecision", "ReviewEntry", "reviewToken", "putQuestionDecision", "rejectQuestion"] {
                #expect(!body.contains(gone), "\(gone) is still in the read-only contract")
            }
            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
            #expect(Set(schemas.keys) == ["Draw", "Index", "IndexEntry", "Problem"])
            // The links among the read operations stay.
            let item = try #require((paths["/v1/items/{id}"] as? [String: Any])?["get"] as? [String: Any])
            let links = try #require(((item["responses"] as? [String: Any])?["200"] as? [String: Any])?["links"] as? [String: Any])
            #expect(links["GetWordTests"] != nil)
        }
    }
}
