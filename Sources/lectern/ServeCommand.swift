import ArgumentParser
import Foundation
import LecternServe

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the published bundles to front ends: a read-only HTTP API.",
        discussion: """
        Reads OUT/index.json, OUT/bundles and OUT/media as they are at each request, so bundles that a \
        `lectern run` or `lectern watch` in another process publishes are served without a restart. The API's \
        contract is an OpenAPI 3.1 document, served at /openapi.json and kept in docs/openapi.json. Errors are \
        application/problem+json with a stable code. Ctrl-C stops it.

        Example: lectern serve --out output --port 8080, then GET /v1/items?kind=lecture
        """)

    @Option(help: "The output folder to serve (what `lectern run --out` wrote).") var out = "output"
    @Option(help: "The address to listen on; 127.0.0.1 keeps it on this machine.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @Flag(help: ArgumentHelp("Also accept teachers' review decisions (writes need LECTERN_REVIEW_TOKEN as a Bearer token).",
                             discussion: "Needs --inbox: the decisions are written to its lectern-reviews.yml. See docs/REVIEWS.md."))
    var review = false
    @Option(help: "The inbox whose lectern-reviews.yml --review writes.") var inbox: String?

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be between 1 and 65535") }
        guard FileManager.default.fileExists(atPath: out) else {
            throw ValidationError("the output folder '\(out)' does not exist: run `lectern run --out \(out)` first")
        }
        if review {
            guard let token = ProcessInfo.processInfo.environment["LECTERN_REVIEW_TOKEN"], !token.isEmpty else {
                throw ValidationError("--review needs a token: set LECTERN_REVIEW_TOKEN (teachers' writes must send it as a Bearer token)")
            }
            guard let inbox else { throw ValidationError("--review needs --inbox: the decisions go to its lectern-reviews.yml") }
            _ = try existingFolder(inbox)
        } else if inbox != nil {
            throw ValidationError("--inbox is only used with --review")
        }
    }

    func run() async throws {
        FileHandle.standardError.write(Data("lectern: serving \(out) on http://\(host):\(port) (Ctrl-C stops)\n".utf8))
        let token = ProcessInfo.processInfo.environment["LECTERN_REVIEW_TOKEN"] ?? ""
        let routes = review ? ReviewRoutes(inbox: URL(fileURLWithPath: inbox ?? "inbox"), out: URL(fileURLWithPath: out), token: token) : nil
        try await ContentServer(out: URL(fileURLWithPath: out), review: routes).run(host: host, port: port)
    }
}
