import Foundation
import Hummingbird
import LecternLectures
import LecternJSON
import LecternModel

/// `lectern serve`: the read-only content API front ends read bundles through (OpenAPI 3.1 contract at
/// `/openapi.json`, also `docs/openapi.json`). It only reads the output folder.
public struct ContentServer: Sendable {
    let content: PublishedContent
    /// The review endpoints (`lectern serve --review`), when review is on.
    let review: ReviewRoutes?

    public init(out: URL, review: ReviewRoutes? = nil) {
        content = PublishedContent(out: out)
        self.review = review
    }

    /// Serves until the process is stopped (SIGINT or SIGTERM end it gracefully).
    public func run(host: String, port: Int) async throws {
        let app = Application(router: router(), configuration: .init(address: .hostname(host, port: port), serverName: "lectern"))
        try await app.runService()
    }

    public func router() -> Router<BasicRequestContext> {
        let router = MethodRouter()
        router.add(middleware: ProblemMiddleware())
        let content = self.content

        let contract = Contract.document(review: review != nil)
        router.get("/openapi.json") { _, _ -> Response in
            guard let contract else {
                throw ContentProblem(.notFound, code: "no-contract", detail: "The OpenAPI document is missing from this build.")
            }
            return Self.json(contract, contentType: "application/openapi+json")
        }
        router.get("/v1/items") { request, _ -> Response in
            let kind = try Self.query(request, "kind", as: ItemKind.self)
            let state = try Self.query(request, "state", as: StageState.self)
            let items = try content.index().items.filter { (kind == nil || $0.kind == kind) && (state == nil || $0.state == state) }
            return Self.json(try CanonicalJSON.encode(RunIndex(items: items)))
        }
        router.get("/v1/items/:id") { _, context -> Response in
            Self.json(try CanonicalJSON.encode(try content.item(try Self.id(context))))
        }
        router.get("/v1/bundles/:id") { request, context -> Response in
            try await Self.conditional(request, context, try content.bundle(try Self.id(context)))
        }
        router.get("/v1/wordlists/:id/tests") { request, context -> Response in
            let file = try content.bundle(try Self.id(context), kind: .wordlist)
            let bundle = try content.decoded(WordListBundle.self, file)
            return try await Self.conditional(request, context, PublishedContent.File(
                data: try CanonicalJSON.encode(bundle.tests), eTag: file.eTag))
        }
        router.get("/v1/lectures/:id") { request, context -> Response in
            let file = try content.bundle(try Self.id(context), kind: .lecture)
            guard let week = try Self.query(request, "week", as: Int.self, in: 0...1000) else {
                return try await Self.conditional(request, context, file)
            }
            let unlocked = Self.unlocked(try content.decoded(LectureBundle.self, file), inWeek: week)
            return Self.json(try CanonicalJSON.encode(unlocked))
        }
        router.get("/v1/lectures/:id/draw") { request, context -> Response in
            let id = try Self.id(context)
            let lecture = try content.decoded(LectureBundle.self, try content.bundle(id, kind: .lecture))
            let count = try Self.query(request, "count", as: Int.self, in: 1...100) ?? 5
            guard let seed = request.uri.queryParameters.get("seed"), (1...200).contains(seed.count) else {
                throw ContentProblem(.badRequest, code: "bad-parameter", detail: "seed is required: 1 to 200 characters.")
            }
            let draw = Draw(bundle: id, seed: seed, questions: PoolDraw.draw(from: lecture, count: count, seed: seed))
            return Self.json(try CanonicalJSON.encode(draw))
        }
        router.get("/media/**") { request, context -> Response in
            let path = "media/" + context.parameters.getCatchAll().joined(separator: "/")
            let file = try content.file(path)
            var response = try await Self.conditional(request, context, file)
            response.headers[.contentType] = path.hasSuffix(".png") ? "image/png" : path.hasSuffix(".jpg") || path.hasSuffix(".jpeg") ? "image/jpeg"
                : path.hasSuffix(".mp3") ? "audio/mpeg" : "application/octet-stream"
            return response
        }
        ReviewSite(content: content, inbox: review?.inbox.path).register(on: router)
        review?.register(on: router)
        return router.finish()
    }

    /// A draw from a lecture's pool: the same bundle and seed give the same questions in the same order.
    struct Draw: Encodable {
        var bundle: String
        var seed: String
        var questions: [PoolQuestion]
    }

    /// The lecture as a learner sees it in `week`: the subjects and topics unlocked by then, and their pool items.
    static func unlocked(_ lecture: LectureBundle, inWeek week: Int) -> LectureBundle {
        var lecture = lecture
        lecture.subjects = lecture.subjects.filter { $0.week <= week }.map { subject in
            var subject = subject
            subject.topics = subject.topics.filter { $0.week <= week }
            return subject
        }
        let topics = Set(lecture.subjects.flatMap { $0.topics.map(\.id) })
        lecture.questionPool = lecture.questionPool.filter { topics.contains($0.topicId) }
        return lecture
    }

    // MARK: Requests and responses

    static func id(_ context: BasicRequestContext) throws(ContentProblem) -> String {
        guard let id = context.parameters.get("id"), (1...64).contains(id.count),
              id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw ContentProblem(.badRequest, code: "bad-parameter", detail: "An item ID is 1 to 64 letters, digits, - or _.")
        }
        return id
    }

    static func query<T: RawRepresentable>(_ request: Request, _ name: String, as type: T.Type) throws(ContentProblem) -> T?
    where T.RawValue == String {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let value = T(rawValue: text) else {
            throw ContentProblem(.badRequest, code: "bad-parameter", detail: "\(name) cannot be \(text.prefix(40)).")
        }
        return value
    }

    static func query(_ request: Request, _ name: String, as type: Int.Type, in range: ClosedRange<Int>) throws(ContentProblem) -> Int? {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ContentProblem(.badRequest, code: "bad-parameter",
                                 detail: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    static func decode<T: Decodable>(_ type: T.Type, _ file: PublishedContent.File) throws(ContentProblem) -> T {
        do { return try CanonicalJSON.decode(type, from: file.data) } catch {
            throw ContentProblem(.serviceUnavailable, code: "unreadable-bundle", detail: "The bundle could not be read: \(error)")
        }
    }

    static func conditional(_ request: Request, _ context: BasicRequestContext, _ file: PublishedContent.File) async throws -> Response {
        try await request.ifNoneMatch(eTag: file.eTag, context: context) {
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: file.body))
        }
    }

    static func json(_ data: Data, contentType: String = "application/json") -> Response {
        Response(status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Every failure as `application/problem+json` with a stable code: unknown routes and methods included, and
/// never a stack trace or a 500 from a request a client got wrong.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A malformed percent-escape (`%zz`, a lone `%`) would otherwise reach a handler as literal text.
        if request.uri.path.removingPercentEncoding == nil || request.uri.query.map({ $0.removingPercentEncoding == nil }) == true {
            return Self.response(ContentProblem(.badRequest, code: "bad-request", detail: "The request target has a malformed percent-escape."))
        }
        do {
            return try await next(request, context)
        } catch let problem as ContentProblem {
            return Self.response(problem)
        } catch let error as HTTPError where error.status == .notFound {
            // A method no path has is not implemented (RFC 9110 §15.6.2); a known one on a known path is a 405 (`MethodRouter`).
            guard MethodRouter.recognised.contains(request.method) else {
                return Self.response(ContentProblem(.notImplemented, code: "unknown-method",
                                                    detail: "This server does not implement \(request.method.rawValue.prefix(40))."))
            }
            return Self.response(ContentProblem(.notFound, code: "unknown-route", detail: "No such resource: \(request.uri.path)."))
        } catch {
            return Self.response(ContentProblem(.badRequest, code: "bad-request", detail: "The request could not be answered: \(error)"))
        }
    }

    struct Body: Encodable {
        var type = "about:blank"
        var title: String
        var status: Int
        var detail: String
        var code: String
    }

    static func response(_ problem: ContentProblem) -> Response {
        let body = Body(title: problem.title, status: problem.status.rawValue, detail: problem.detail, code: problem.code)
        let data = (try? CanonicalJSON.encode(body)) ?? Data()
        return Response(status: .init(code: problem.status.rawValue), headers: [.contentType: "application/problem+json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
