import HTTPTypes
import Hummingbird

/// The server's router, remembering which methods each path answers. Hummingbird answers a known path asked with
/// another method by 404; RFC 9110 (§15.5.6) asks for 405 with an `Allow` header naming the methods the path has,
/// and (§9.3.7) for OPTIONS to say the same. `finish()` adds both to every path, once every route is registered.
final class MethodRouter: RouterMethods {
    typealias Context = BasicRequestContext

    /// The methods a path is told apart by; any other method is not implemented anywhere (501, `ProblemMiddleware`).
    static let recognised: [HTTPRequest.Method] = [
        .get, .head, .post, .put, .delete, .patch, .options, .trace, .connect, HTTPRequest.Method("QUERY")!,
    ]

    let router = Router(options: .autoGenerateHeadEndpoints)
    /// Paths in the order of registration (so `finish()` registers deterministically), with their methods.
    private var paths: [(path: RouterPath, methods: Set<HTTPRequest.Method>)] = []

    @discardableResult
    func on<Responder: HTTPResponder>(_ path: RouterPath, method: HTTPRequest.Method, responder: Responder) -> Self
    where Responder.Context == Context {
        router.on(path, method: method, responder: responder)
        if let known = paths.firstIndex(where: { $0.path.description == path.description }) {
            paths[known].methods.insert(method)
        } else {
            paths.append((path, [method]))
        }
        return self
    }

    @discardableResult
    func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        router.add(middleware: middleware)
        return self
    }

    /// Registers OPTIONS (204) and 405 for every other recognised method on every path, and returns the router.
    func finish() -> Router<Context> {
        for (path, methods) in paths {
            // HEAD comes with GET (`autoGenerateHeadEndpoints`), OPTIONS from here.
            let allowed = methods.union(methods.contains(.get) ? [.head] : []).union([.options])
            let allow = Self.recognised.filter(allowed.contains).map(\.rawValue).joined(separator: ", ")
            router.on(path, method: .options) { _, _ in
                Response(status: .noContent, headers: [.allow: allow])
            }
            for method in Self.recognised where !allowed.contains(method) {
                router.on(path, method: method) { request, _ in
                    var response = ProblemMiddleware.response(ContentProblem(
                        .methodNotAllowed, code: "method-not-allowed", detail: "\(request.uri.path) answers \(allow)."))
                    response.headers[.allow] = allow
                    return response
                }
            }
        }
        return router
    }
}
