import Foundation
import Hummingbird
import LecternModel
import LecternText
import Mustache

/// The review site of `lectern serve`: server-rendered HTML for teachers, no JavaScript needed to read it.
///
/// - `/`: every item of the index with its state, and each failure in the words `lectern status` uses;
/// - `/items/ID`: the item's bundle as a page of its kind (homework, word list, lecture); a post's page is its
///   course's; an unknown ID, or an item without a bundle, is an HTML 404 page;
/// - `/site/style.css`: the one stylesheet.
///
/// Pages are swift-mustache templates (`Resources/templates`) filled from small view structs (`ReviewPages.swift`).
/// Templates print every input with `{{ }}`, which escapes it; the Content-Security-Policy header forbids scripts
/// (inline or not) as a second wall.
struct ReviewSite: Sendable {
    let content: PublishedContent
    let templates: Result<MustacheLibrary, TemplatesMissing>
    /// The inbox the review decisions go to (`serve --inbox`), for the commands a word page prints.
    let inbox: String?

    struct TemplatesMissing: Error, CustomStringConvertible {
        var description: String
    }

    /// No script at all, no plugins, no framing; images, narration audio and styles only from this server.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'none'; img-src 'self'; media-src 'self'; style-src 'self'; object-src 'none'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    init(content: PublishedContent, inbox: String? = nil) {
        self.content = content
        self.inbox = inbox
        templates = Self.loadTemplates()
    }

    func register(on router: some RouterMethods<BasicRequestContext>) {
        let site = self
        router.get("/") { _, _ -> Response in
            site.respond { try site.render(HomePage(index: try site.content.index(), head: site.head), template: "home") }
        }
        router.get("/items/:id") { _, context -> Response in
            site.respond { try site.item(try ContentServer.id(context)) }
        }
        router.get("/site/style.css") { _, _ -> Response in
            guard let url = Self.resources?.appendingPathComponent("site/style.css"), let data = try? Data(contentsOf: url) else {
                throw ContentProblem(.notFound, code: "no-stylesheet", detail: "The stylesheet is missing from this build.")
            }
            return Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8", .xContentTypeOptions: "nosniff"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }

    // MARK: Pages

    func item(_ id: String) throws -> Response {
        let entry = try content.item(id)
        if entry.kind.descriptor.placement == .courseMember, let course = entry.course {
            return Response(status: .seeOther, headers: [.location: "/items/\(course)"])
        }
        let file: PublishedContent.File
        do {
            file = try content.bundle(id)
        } catch {
            let failures = HomePage(index: RunIndex(items: [entry]), head: { _ in nil }).rows.flatMap(\.failures)
            let detail = "\(entry.source.path) has no bundle: it is \(entry.state.rawValue)."
            return try render(MessagePage(pageTitle: "No bundle for \(id)", detail: detail, failures: failures),
                              template: "message", status: .notFound)
        }
        guard let template = entry.kind.descriptor.reviewPage else {
            throw ContentProblem(.notFound, code: "no-bundle", detail: "Item \(id) has no page of its own.")
        }
        switch entry.kind {
        case .homework: return try render(HomeworkPage(try ContentServer.decode(HomeworkBundle.self, file)), template: template)
        case .wordlist:
            let wordNet = try? WordNet.shared()
            return try render(WordListPage(try ContentServer.decode(WordListBundle.self, file),
                                           senses: { wordNet?.synsets(of: $0) ?? [] }, inbox: inbox ?? "inbox"), template: template)
        case .lecture: return try render(LecturePage(try ContentServer.decode(LectureBundle.self, file)), template: template)
        default: return try render(try BundlePage(file), template: template)
        }
    }

    /// The page of a kind without a view of its own: its template reads the bundle's JSON as it is (`bundle.title`, …).
    struct BundlePage: ReviewPage {
        var pageTitle: String
        var bundle: [String: Any]
        init(_ file: PublishedContent.File) throws {
            guard let object = try? JSONSerialization.jsonObject(with: file.data) as? [String: Any] else {
                throw ContentProblem(.serviceUnavailable, code: "unreadable-bundle", detail: "The bundle could not be read.")
            }
            bundle = object
            pageTitle = object["title"] as? String ?? "Bundle"
        }
    }

    /// The title and status of a done item's bundle, for the home page; nil when it cannot be read.
    func head(_ entry: IndexEntry) -> HomePage.BundleHead? {
        guard entry.kind.descriptor.reviewPage != nil, let file = try? content.bundle(entry.id) else { return nil }
        return try? JSONDecoder().decode(HomePage.BundleHead.self, from: file.data)
    }

    // MARK: Rendering

    /// A page, or the HTML page for the problem that stopped it: never problem+json on the site.
    func respond(_ page: () throws -> Response) -> Response {
        do {
            return try page()
        } catch let problem as ContentProblem {
            return message(problem)
        } catch {
            return message(ContentProblem(.serviceUnavailable, code: "unreadable", detail: "The page could not be made: \(error)"))
        }
    }

    func message(_ problem: ContentProblem) -> Response {
        let page = MessagePage(pageTitle: problem.title, detail: problem.detail, failures: [])
        let status = HTTPResponse.Status(code: problem.status.rawValue)
        if let response = try? render(page, template: "message", status: status) { return response }
        return Self.html("<!doctype html><title>\(problem.title)</title><p>\(problem.title)</p>", status: status)
    }

    func render(_ page: some ReviewPage, template: String, status: HTTPResponse.Status = .ok) throws -> Response {
        let library = try templates.get()
        guard let text = library.render(page, withTemplate: template) else {
            throw TemplatesMissing(description: "the template \(template) is missing from this build")
        }
        return Self.html(text, status: status)
    }

    static func html(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy: contentSecurityPolicy,
            .xContentTypeOptions: "nosniff",
            .cacheControl: "no-cache",
        ], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    // MARK: Resources

    /// The copied `Resources` folder of this module.
    static let resources: URL? = {
        guard let root = Bundle.module.resourceURL else { return nil }
        for candidate in [root.appendingPathComponent("Resources"), root]
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("templates").path) {
            return candidate
        }
        return nil
    }()

    static func loadTemplates() -> Result<MustacheLibrary, TemplatesMissing> {
        guard let folder = resources?.appendingPathComponent("templates") else {
            return .failure(TemplatesMissing(description: "the review site's templates are missing from this build"))
        }
        do {
            var library = MustacheLibrary()
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
            for file in files.sorted() {
                var text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                // A file's final newline is not part of its template: partials are also used inside a line of text.
                if text.hasSuffix("\n") { text.removeLast() }
                try library.register(text, named: String(file.dropLast(".mustache".count)))
            }
            return .success(library)
        } catch {
            return .failure(TemplatesMissing(description: "the review site's templates could not be read: \(error)"))
        }
    }
}
