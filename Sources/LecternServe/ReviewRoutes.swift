import Crypto
import Foundation
import Hummingbird
import LecternJSON
import LecternModel
import LecternReviews

/// `lectern serve --review`: the endpoints a review site records a teacher's decisions through. They write the inbox's
/// `lectern-reviews.yml` (atomically, sorted keys, other decisions kept); the next `lectern run` applies them.
/// Writes need `Authorization: Bearer TOKEN` with the token `lectern serve` was started with (LECTERN_REVIEW_TOKEN);
/// reads of the decisions do not. Registered by `ContentServer` only when review is on.
public struct ReviewRoutes: Sendable {
    public let inbox: URL
    let out: URL
    private let tokenDigest: [UInt8]

    public init(inbox: URL, out: URL, token: String) {
        self.inbox = inbox
        self.out = out
        tokenDigest = Array(SHA256.hash(data: Data(token.utf8)))
    }

    func register(on router: some RouterMethods<BasicRequestContext>) {
        let routes = self
        router.get("/v1/reviews") { _, _ -> Response in
            try routes.answer { ReviewReport.entries(try routes.decisions(), out: routes.out) }
        }
        router.put("/v1/reviews/questions/:id") { request, context -> Response in
            try await routes.write(request, context) { id, body in
                let decision = try routes.decode(QuestionDecision.self, body)
                try routes.check(decision)
                try routes.requireExists(ReviewReport.exists(questionID: id, out: routes.out), id: id, what: "question",
                                         correcting: decision.corrects)
                return { $0.questions[id] = decision }
            }
        }
        router.post("/v1/reviews/questions/:id/reject") { request, context -> Response in
            try await routes.write(request, context) { id, _ in
                try routes.requireExists(ReviewReport.exists(questionID: id, out: routes.out), id: id, what: "question")
                return { $0.questions[id] = QuestionDecision(reject: true) }
            }
        }
        router.put("/v1/reviews/words/:id") { request, context -> Response in
            try await routes.write(request, context) { id, body in
                let decision = try routes.decode(WordDecision.self, body)
                guard decision.level != nil || decision.definition != nil || decision.sense != nil else {
                    throw ReviewProblem(400, code: "bad-decision", detail: "A word decision needs `level`, `sense` or `definition`.")
                }
                if let sense = decision.sense, sense.range(of: #"^[nvasr]:[0-9]{8}$"#, options: .regularExpression) == nil {
                    throw ReviewProblem(400, code: "bad-decision", detail: "`sense` is a part-of-speech letter and an 8-digit synset offset, e.g. n:08517656.")
                }
                try routes.requireExists(ReviewReport.exists(wordID: id, out: routes.out), id: id, what: "word", correcting: true)
                return { $0.words[id] = decision }
            }
        }
        router.delete("/v1/reviews/questions/:id") { request, context -> Response in
            try await routes.write(request, context) { id, _ in { $0.questions[id] = nil } }
        }
        router.delete("/v1/reviews/words/:id") { request, context -> Response in
            try await routes.write(request, context) { id, _ in { $0.words[id] = nil } }
        }
    }

    // MARK: Handling

    /// Authorises, reads the body, applies the change to the reviews file and answers with the decision's state.
    private func write(_ request: Request, _ context: BasicRequestContext,
                       _ change: @Sendable (String, Data) throws -> (inout ReviewDecisions) -> Void) async throws -> Response {
        do {
            try authorise(request)
            let id = try Self.reviewID(context)
            let buffer = try await request.body.collect(upTo: 1 << 20)
            let body = Data(buffer.readableBytesView)
            let apply = try change(id, body)
            _ = try decisions()
            let written: ReviewDecisions
            do {
                written = try ReviewsFile.update(inbox: inbox) { apply(&$0) }
            } catch {
                throw ReviewProblem(503, code: "reviews-not-written", detail: "\(ReviewDecisions.fileName) could not be written: \(error)")
            }
            let entry = ReviewReport.entries(written, out: out).first { $0.id == id }
            return Self.json(try CanonicalJSON.encode(entry.map { [$0] } ?? []))
        } catch let problem as ReviewProblem {
            return problem.response()
        }
    }

    private func answer<T: Encodable>(_ body: () throws -> T) throws -> Response {
        do {
            return Self.json(try CanonicalJSON.encode(try body()))
        } catch let problem as ReviewProblem {
            return problem.response()
        }
    }

    func decisions() throws(ReviewProblem) -> ReviewDecisions {
        do {
            return try ReviewsFile.load(inbox: inbox)
        } catch {
            throw ReviewProblem(409, code: "invalid-reviews-file", detail: error.description)
        }
    }

    /// Bearer token, compared in constant time (over SHA-256 digests, so the length of the token does not leak either).
    func authorise(_ request: Request) throws(ReviewProblem) {
        let header = request.headers[.authorization] ?? ""
        let prefix = "Bearer "
        let given = header.hasPrefix(prefix) ? String(header.dropFirst(prefix.count)) : ""
        let digest = Array(SHA256.hash(data: Data(given.utf8)))
        var difference: UInt8 = header.hasPrefix(prefix) ? 0 : 1
        for (a, b) in zip(digest, tokenDigest) { difference |= a ^ b }
        guard difference == 0 else {
            throw ReviewProblem(401, code: "unauthorized", detail: "Recording a review decision needs `Authorization: Bearer` with the review token.")
        }
    }

    static func reviewID(_ context: BasicRequestContext) throws(ReviewProblem) -> String {
        let raw = context.parameters.get("id") ?? ""
        let id = raw.removingPercentEncoding ?? raw
        // The rule is the contract's pattern for `id` (3 to 200 code points, a "-", no "/", no control or line
        // separator characters: it becomes a key of the reviews file); an ID it lets through that no bundle has is a 404.
        let scalars = id.unicodeScalars
        guard (3...200).contains(scalars.count), id.contains("-"), !id.contains("/"),
              !scalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) else {
            throw ReviewProblem(400, code: "bad-parameter", detail: "A question or word ID is ITEM-q-HASH or ITEM-w-WORD.")
        }
        return id
    }

    func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws(ReviewProblem) -> T {
        // Strict like the file: a misspelt field must not pass as "no change".
        let allowed: Set<String> = T.self == WordDecision.self ? ["level", "definition", "sense"]
            : ["reject", "stem", "options", "answerIndex", "explanation"]
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw ReviewProblem(400, code: "bad-decision",
                                    detail: "Unknown field '\(unknown)' (known: \(allowed.sorted().joined(separator: ", "))).")
            }
            // JSONDecoder reads null as absent; the contract has no nullable field, so null is refused, not ignored.
            if let null = object.keys.sorted().first(where: { object[$0] is NSNull }) {
                throw ReviewProblem(400, code: "bad-decision", detail: "`\(null)` is null: leave a field out instead.")
            }
        }
        do { return try JSONDecoder().decode(type, from: body) } catch {
            throw ReviewProblem(400, code: "bad-decision", detail: "The body is not a decision: \(error)")
        }
    }

    func check(_ decision: QuestionDecision) throws(ReviewProblem) {
        if !decision.rejects && !decision.corrects {
            throw ReviewProblem(400, code: "bad-decision", detail: "A question decision needs `reject: true` or a corrected field.")
        }
        // A homework question has 4 options: a correction with another number could never be applied.
        if let options = decision.options, options.count != 4 {
            throw ReviewProblem(400, code: "bad-decision", detail: "`options` needs 4 options, not \(options.count).")
        }
        if let index = decision.answerIndex, index < 0 || index >= (decision.options?.count ?? 4) {
            throw ReviewProblem(400, code: "bad-decision", detail: "`answerIndex` \(index) is not an option's index.")
        }
    }

    func requireExists(_ exists: Bool?, id: String, what: String, correcting: Bool = false) throws(ReviewProblem) {
        if correcting, ReviewReport.isLecture(id, out: out) {
            throw ReviewProblem(400, code: "not-correctable", detail: "\(id) belongs to a lecture: lecture questions can be rejected, not corrected.")
        }
        if exists == false {
            throw ReviewProblem(404, code: "unknown-\(what)", detail: "No published bundle has the \(what) \(id).")
        }
    }

    static func json(_ data: Data) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// A review request that cannot be answered, as problem+json (the same shape as the read API's problems).
struct ReviewProblem: Error, Sendable {
    var status: Int
    var code: String
    var detail: String
    init(_ status: Int, code: String, detail: String) {
        self.status = status
        self.code = code
        self.detail = detail
    }

    func response() -> Response {
        let titles = [400: "Bad request", 401: "Unauthorized", 404: "Not found", 409: "Conflict", 503: "The reviews file could not be written"]
        let body = ProblemMiddleware.Body(title: titles[status] ?? "Error", status: status, detail: detail, code: code)
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if status == 401 { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: .init(code: status), headers: headers,
                        body: .init(byteBuffer: ByteBuffer(bytes: (try? CanonicalJSON.encode(body)) ?? Data())))
    }
}
