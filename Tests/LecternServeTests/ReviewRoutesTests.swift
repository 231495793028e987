import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LecternModel
import LecternPipeline
import LecternReviews
import LecternServe
import LecternText
import Testing

/// `lectern serve --review`: writes need the Bearer token, record decisions in the inbox's lectern-reviews.yml, and
/// the next run applies them. A real pipeline run of one script; the requests go through the real router and handlers
/// in process (`.router`): on a socket, HummingbirdTesting's fixed 20 s read timeout failed a write under the full
/// suite's load, while the serving itself is covered by ContentServerTests and the contract tests on a real port.
@Suite("lectern serve --review", .serialized)
struct ReviewRoutesTests {
    static let token = "s3cret-review-token"

    func published() throws -> (inbox: URL, out: URL) {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-review-routes-\(getpid())-\(UUID().uuidString.prefix(8))")
        let inbox = root.appendingPathComponent("inbox"), out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repo.appendingPathComponent("samples/scripts/the-last-keeper.txt"),
                                         to: inbox.appendingPathComponent("the-last-keeper.txt"))
        _ = try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
        return (inbox, out)
    }

    func wordlist(_ out: URL) throws -> WordListBundle {
        let folder = out.appendingPathComponent("bundles/wordlists")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".json") })
        return try JSONDecoder().decode(WordListBundle.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test("a bad or missing token is a 401 problem; the right one writes the reviews file; the next run applies it")
    func tokenAndWrite() async throws {
        let (inbox, out) = try published()
        defer { try? FileManager.default.removeItem(at: inbox.deletingLastPathComponent()) }
        let word = try #require(try wordlist(out).words.first { $0.level != .advanced })
        let id = try #require(word.id)
        let routes = ReviewRoutes(inbox: inbox, out: out, token: Self.token)
        let app = Application(router: ContentServer(out: out, review: routes).router())
        let body = ByteBuffer(string: #"{"level":"advanced","definition":"said by the teacher"}"#)
        try await app.test(.router) { client in
            for header in ["Bearer wrong", "", "Basic \(Self.token)", "Bearer \(Self.token)x"] {
                let headers: HTTPFields = header.isEmpty ? [:] : [.authorization: header]
                let refused = try await client.execute(uri: "/v1/reviews/words/\(id)", method: .put, headers: headers, body: body)
                #expect(refused.status == .unauthorized)
                #expect(refused.headers[.contentType] == "application/problem+json")
            }
            #expect(!FileManager.default.fileExists(atPath: ReviewsFile.url(inbox: inbox).path))
            let unknown = try await client.execute(uri: "/v1/reviews/words/\(word.id!)zz", method: .put,
                                                   headers: [.authorization: "Bearer \(Self.token)"], body: body)
            #expect(unknown.status == .notFound)
            let written = try await client.execute(uri: "/v1/reviews/words/\(id)", method: .put,
                                                   headers: [.authorization: "Bearer \(Self.token)"], body: body)
            #expect(written.status == .ok)
            let listed = try await client.execute(uri: "/v1/reviews", method: .get)
            let entries = try JSONDecoder().decode([ReviewEntry].self, from: Data(listed.body.readableBytesView))
            #expect(entries.map(\.id) == [id] && entries[0].state == .pending)
        }
        #expect(try ReviewsFile.load(inbox: inbox).words[id] == WordDecision(level: .advanced, definition: "said by the teacher"))
        _ = try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
        let entry = try #require(try wordlist(out).words.first { $0.id == id })
        #expect(entry.level == .advanced && entry.levelSource == .teacher && entry.definition == "said by the teacher")
    }

    @Test("the write endpoint takes a teacher's WordNet sense like `lectern review word --sense`; the next run applies it")
    func aSenseIsWrittenAndApplied() async throws {
        let (inbox, out) = try published()
        defer { try? FileManager.default.removeItem(at: inbox.deletingLastPathComponent()) }
        let wordNet = try WordNet.shared()
        var picked: (id: String, synset: Synset)?
        for entry in try wordlist(out).words where picked == nil && !entry.senseIsSure {
            guard let pos = entry.partOfSpeech.flatMap(PartOfSpeech.init(rawValue:)) else { continue }
            if let other = wordNet.synsets(of: entry.word, pos: pos).first(where: { $0.gloss != entry.definition }) { picked = (entry.id!, other) }
        }
        let (id, synset) = try #require(picked)
        let routes = ReviewRoutes(inbox: inbox, out: out, token: Self.token)
        let app = Application(router: ContentServer(out: out, review: routes).router())
        let auth: HTTPFields = [.authorization: "Bearer \(Self.token)"]
        try await app.test(.router) { client in
            let bad = try await client.execute(uri: "/v1/reviews/words/\(id)", method: .put, headers: auth, body: ByteBuffer(string: #"{"sense":"08517656"}"#))
            #expect(bad.status == .badRequest)
            let written = try await client.execute(uri: "/v1/reviews/words/\(id)", method: .put, headers: auth,
                                                   body: ByteBuffer(string: #"{"sense":"\#(synset.id.senseKey)"}"#))
            #expect(written.status == .ok)
        }
        #expect(try ReviewsFile.load(inbox: inbox).words[id] == WordDecision(sense: synset.id.senseKey))
        _ = try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
        let entry = try #require(try wordlist(out).words.first { $0.id == id })
        #expect(entry.definition == synset.gloss && entry.senseSource == .teacher && entry.senseIsSure)
    }

    @Test("a malformed decision is a 400 problem; DELETE removes a decision and keeps the others")
    func badBodyAndDelete() async throws {
        let (inbox, out) = try published()
        defer { try? FileManager.default.removeItem(at: inbox.deletingLastPathComponent()) }
        let words = try wordlist(out).words.compactMap(\.id)
        try #require(words.count >= 2)
        try ReviewsFile.save(ReviewDecisions(words: [words[0]: WordDecision(level: .beginner), words[1]: WordDecision(definition: "d")]),
                             inbox: inbox)
        let routes = ReviewRoutes(inbox: inbox, out: out, token: Self.token)
        let app = Application(router: ContentServer(out: out, review: routes).router())
        let auth: HTTPFields = [.authorization: "Bearer \(Self.token)"]
        try await app.test(.router) { client in
            for body in [#"{"level":"expert"}"#, #"{}"#, "not json", #"{"level":"advanced","definitoin":"x"}"#] {
                let bad = try await client.execute(uri: "/v1/reviews/words/\(words[0])", method: .put, headers: auth,
                                                   body: ByteBuffer(string: body))
                #expect(bad.status == .badRequest && bad.headers[.contentType] == "application/problem+json", "\(body)")
            }
            let deleted = try await client.execute(uri: "/v1/reviews/words/\(words[0])", method: .delete, headers: auth)
            #expect(deleted.status == .ok)
        }
        #expect(try ReviewsFile.load(inbox: inbox) == ReviewDecisions(words: [words[1]: WordDecision(definition: "d")]))
    }

    @Test("without --review the review endpoints do not exist")
    func offByDefault() async throws {
        let (inbox, out) = try published()
        defer { try? FileManager.default.removeItem(at: inbox.deletingLastPathComponent()) }
        let app = Application(router: ContentServer(out: out).router())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/v1/reviews/questions/a-q-1/reject", method: .post,
                                                    headers: [.authorization: "Bearer \(Self.token)"])
            #expect(response.status != .ok)
        }
        #expect(!FileManager.default.fileExists(atPath: ReviewsFile.url(inbox: inbox).path))
    }
}
