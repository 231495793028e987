import Foundation
import LecternJSON
import LecternModel
import Testing

#if canImport(Glibc)
import Glibc
#endif

// The OpenAPI contract checked by real peers: openapi-spec-validator validates docs/openapi.json as OpenAPI 3.1,
// and schemathesis fuzzes the real `lectern serve` binary (spawned on a loopback port over a real pipeline run
// of the samples) against it. Both live in the virtual environment scripts/setup.sh --test makes; a missing one is a
// failure that says so, never a skip.

enum ContractPaths {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let venv = repoRoot.appendingPathComponent(".build/venv/bin")
    static let python = venv.appendingPathComponent("python")
    static let schemathesis = venv.appendingPathComponent("schemathesis")
    static let contract = repoRoot.appendingPathComponent("docs/openapi.json")

    /// The `lectern` executable `swift build` puts next to the test bundle (.build/<triple>/debug).
    static let lectern: URL? = {
        let starts = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments.first ?? ""),
                      repoRoot.appendingPathComponent(".build/debug/x")]
        for start in starts {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("lectern")
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()

    static func tool(_ url: URL) throws -> URL {
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw ContractFailure("no \(url.path): run scripts/setup.sh --test (make test does) to install the contract checkers")
        }
        return url
    }
}

struct ContractFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A child process whose end is awaited without blocking a thread, killed when it outlives `timeout`.
final class Child: @unchecked Sendable {
    let process = Process()
    let log: URL
    private let lock = NSLock()
    private var done = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-contract-\(getpid())-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [weak self] _ in self?.exited() }
        try process.run()
    }

    private func exited() {
        let toResume = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            done = true
            defer { waiters = [] }
            return waiters
        }
        toResume.forEach { $0.resume() }
    }

    func stop(_ signal: Int32 = SIGKILL) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Waits for the end (killing it after `timeout`); returns its exit status, whether it timed out, and its output.
    func finish(timeout: Duration) async -> (status: Int32, timedOut: Bool, output: String) {
        let watchdog = Task { [self] in
            try await Task.sleep(for: timeout)
            stop()
            return true
        }
        await withCheckedContinuation { continuation in
            let now = lock.withLock { () -> Bool in
                if done { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        watchdog.cancel()
        let timedOut = (try? await watchdog.value) ?? false
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: log)
        return (process.terminationStatus, timedOut, output)
    }
}

/// `lectern serve --out OUT` as its own process on a free loopback port, answering when `start` returns.
final class LiveServer: @unchecked Sendable {
    let child: Child
    let port: Int
    var base: String { "http://127.0.0.1:\(port)" }

    private init(child: Child, port: Int) {
        self.child = child
        self.port = port
    }

    static func start(out: URL, review: (inbox: URL, token: String)? = nil) async throws -> LiveServer {
        let lectern = try #require(ContractPaths.lectern, "the lectern executable was not found next to the tests; run `swift build` first")
        for _ in 0..<5 {
            let port = Int.random(in: 20000...50000)
            let reviewArguments = review.map { ["--review", "--inbox", $0.inbox.path] } ?? []
            let child = try Child(lectern, ["serve", "--out", out.path, "--host", "127.0.0.1", "--port", String(port)] + reviewArguments,
                                  environment: review.map { ["LECTERN_REVIEW_TOKEN": $0.token] } ?? [:])
            for _ in 0..<150 where child.process.isRunning {
                try await Task.sleep(for: .milliseconds(100))
                if let answer = try? rawGET(port: port, target: "/v1/items"), answer.status == 200 {
                    return LiveServer(child: child, port: port)
                }
            }
            child.stop()
            _ = await child.finish(timeout: .seconds(5))   // the port was taken, or it did not start: another port
        }
        throw ContractFailure("lectern serve did not start on a loopback port")
    }

    func stop() async {
        child.stop(SIGINT)
        _ = await child.finish(timeout: .seconds(10))
    }
}

/// One HTTP/1.1 GET with the request target sent exactly as given (URLSession would normalise `..` away).
struct RawAnswer {
    var status: Int
    var headers: [String: String]
    var body: Data
}

func rawGET(port: Int, target: String, extraHeaders: String = "") throws -> RawAnswer {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ContractFailure("socket: \(errno)") }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw ContractFailure("connect: \(errno)") }
    let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extraHeaders)Connection: close\r\n\r\n".utf8)
    var sent = 0
    while sent < request.count {
        let n = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw ContractFailure("send: \(errno)") }
        sent += n
    }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = recv(fd, &buffer, buffer.count, 0)
        if n <= 0 { break }
        received.append(contentsOf: buffer[0..<n])
    }
    guard let split = received.range(of: Data("\r\n\r\n".utf8)) else { throw ContractFailure("no HTTP answer to \(target.prefix(80))") }
    let head = String(decoding: received[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return RawAnswer(status: status, headers: headers, body: Data(received[split.upperBound...]))
}

@Suite("lectern serve: the OpenAPI contract, checked by real peers", .serialized)
struct ContractTests {
    @Test("docs/openapi.json is a valid OpenAPI 3.1 document (openapi-spec-validator)")
    func specIsValid() async throws {
        let python = try ContractPaths.tool(ContractPaths.python)
        let script = """
        import json, sys
        from openapi_spec_validator import OpenAPIV31SpecValidator
        from openapi_spec_validator.readers import read_from_filename
        spec, _ = read_from_filename(sys.argv[1])
        assert spec.get("openapi", "").startswith("3.1"), "not an OpenAPI 3.1 document"
        errors = [e.message for e in OpenAPIV31SpecValidator(spec).iter_errors()]
        print("\\n".join(errors) if errors else "valid")
        sys.exit(1 if errors else 0)
        """
        let check = try Child(python, ["-c", script, ContractPaths.contract.path])
        let result = await check.finish(timeout: .seconds(120))
        let hint = result.output.contains("ModuleNotFoundError") ? " (run scripts/setup.sh --test to install the contract checkers)" : ""
        #expect(result.status == 0 && !result.timedOut, "openapi-spec-validator: \(result.output)\(hint)")
    }

    /// The seed of every schemathesis run: the same seed, server and samples give the same requests.
    static let seed = "31"

    @Test("schemathesis --checks all against `lectern serve`, every phase: zero failures, and every operation past its 404s")
    func schemathesisFindsNoMismatch() async throws {
        let samples = try PublishedSamples.shared()
        let server = try await LiveServer.start(out: samples.out)
        // The contract as this server serves it (no review paths), with the run's real IDs as examples so that the
        // fuzzer reaches the success paths and not only 404s.
        let served = try rawGET(port: server.port, target: "/openapi.json").body
        let spec = try contractWithExamples(served, readOnlyExamples(index: try samples.index(), out: samples.out))
        let output = try await schemathesis(spec: spec, server: server, maxExamples: 60, [])
        #expect(!output.contains("/v1/reviews"), "the read-only contract names review paths:\n\(output.suffix(4000))")
        #expect(!output.contains("Missing test data"), "schemathesis reached only 404s somewhere:\n\(output.suffix(4000))")
    }

    /// `lectern serve --review` with a token: the whole contract, review endpoints included, answers as documented to
    /// good and bad requests alike, and the links lead the stateful phase from a bundle to its review operations
    /// (the decisions go to a copy of the samples' inbox).
    @Test("schemathesis --checks all against `lectern serve --review`, every phase: zero failures")
    func schemathesisOnReviewEndpoints() async throws {
        let samples = try PublishedSamples.shared()
        let inbox = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-contract-inbox-\(getpid())")
        try? FileManager.default.removeItem(at: inbox)
        try FileManager.default.copyItem(at: samples.inbox, to: inbox)
        defer { try? FileManager.default.removeItem(at: inbox) }
        let token = "contract-\(UUID().uuidString)"
        let server = try await LiveServer.start(out: samples.out, review: (inbox, token))
        let served = try rawGET(port: server.port, target: "/openapi.json").body
        #expect(served == (try Data(contentsOf: ContractPaths.contract)), "with --review the server serves docs/openapi.json as it is")
        var examples = readOnlyExamples(index: try samples.index(), out: samples.out)
        examples.merge(try reviewExamples(index: try samples.index(), out: samples.out)) { $1 }
        let spec = try contractWithExamples(served, examples)
        let output = try await schemathesis(spec: spec, server: server, maxExamples: 30, ["--header", "Authorization: Bearer \(token)"])
        #expect(!output.contains("Missing test data"), "schemathesis reached only 404s somewhere:\n\(output.suffix(4000))")
    }

    /// Runs schemathesis with every check and every phase on `spec` against `server` (seeded, one worker, no example
    /// database, bounded in examples and time), stops the server, expects zero failures and returns the report.
    private func schemathesis(spec: URL, server: LiveServer, maxExamples: Int, _ arguments: [String]) async throws -> String {
        let run = try Child(try ContractPaths.tool(ContractPaths.schemathesis), [
            "--no-color", "run", spec.path, "--url", server.base, "--checks", "all",
            "--phases", "examples,coverage,fuzzing,stateful",
            "--max-examples", String(maxExamples), "--seed", Self.seed, "--workers", "1",
            "--generation-database", "none", "--request-timeout", "10",
        ] + arguments, environment: ["SCHEMATHESIS_HOOKS": "", "NO_COLOR": "1"])
        let result = await run.finish(timeout: .seconds(600))
        await server.stop()
        try? FileManager.default.removeItem(at: spec)
        #expect(!result.timedOut, "schemathesis ran longer than 600 s: \(result.output.suffix(4000))")
        #expect(result.status == 0, "schemathesis found contract violations:\n\(result.output.suffix(12000))")
        #expect(result.output.contains("No issues found"), "\(result.output.suffix(2000))")
        return result.output
    }

    @Test("a seeded draw is the same bytes from two separate server processes")
    func seededDrawsAgreeAcrossProcesses() async throws {
        let samples = try PublishedSamples.shared()
        let lecture = try samples.id(of: .lecture)
        let first = try await LiveServer.start(out: samples.out)
        let second = try await LiveServer.start(out: samples.out)
        defer { first.child.stop(); second.child.stop() }
        for query in ["count=5&seed=duel-42", "count=5&seed=%C3%A9l%C3%A8ve", "count=1&seed=x", "count=100&seed=all", "seed=default-count"] {
            let target = "/v1/lectures/\(lecture)/draw?\(query)"
            let a = try rawGET(port: first.port, target: target)
            let b = try rawGET(port: second.port, target: target)
            #expect(a.status == 200 && b.status == 200, "\(query): \(a.status) \(b.status)")
            #expect(a.body == b.body && !a.body.isEmpty, "\(query): the two processes drew differently")
        }
        let other = try rawGET(port: second.port, target: "/v1/lectures/\(lecture)/draw?count=5&seed=duel-43")
        #expect(other.body != (try rawGET(port: first.port, target: "/v1/lectures/\(lecture)/draw?count=5&seed=duel-42")).body)
        await first.stop()
        await second.stop()
    }

    @Test("path traversal, absolute paths, huge and malformed parameters are 4xx problems from the live server, never a file outside media/")
    func hostileRequestsAreRefused() async throws {
        let samples = try PublishedSamples.shared()
        let lecture = try samples.id(of: .lecture)
        let homework = try samples.id(of: .homework)
        let server = try await LiveServer.start(out: samples.out)
        defer { server.child.stop() }
        let huge = String(repeating: "a", count: 10_000)
        let absolute = samples.out.appendingPathComponent("lectern.sqlite").path
        let encodedAbsolute = absolute.replacingOccurrences(of: "/", with: "%2F")
        let targets = [
            "/media/../lectern.sqlite", "/media/../../../../etc/passwd", "/media/%2e%2e/lectern.sqlite", "/media/%2E%2E/lectern.sqlite",
            "/media/%2e%2e%2flectern.sqlite", "/media/..%2Flectern.sqlite", "/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "/media/.%2e/index.json", "/media//etc/passwd", "/media/\(absolute.dropFirst())", "/media/%2F\(encodedAbsolute.dropFirst(3))",
            "/media\(absolute)", "/media/%00", "/media/\(homework).jpg%00.png", "/media/\(huge)",
            "/v1/bundles/..%2F..%2Flectern.sqlite", "/v1/bundles/%2e%2e", "/v1/items/..", "/v1/items/%2Fetc%2Fpasswd",
            "/v1/bundles/\(huge)", "/v1/items/\(huge)", "/v1/items/%zz", "/v1/items/%", "/v1/items/%00", "/v1/items/%ff%fe",
            "/v1/items?kind=\(huge)", "/v1/items?state=%zz", "/v1/items?kind=%ff",
            "/v1/lectures/\(lecture)?week=\(huge)", "/v1/lectures/\(lecture)?week=1e3", "/v1/lectures/\(lecture)?week=99999999999999999999999",
            "/v1/lectures/\(lecture)?week=%zz", "/v1/lectures/\(lecture)/draw?count=5&seed=\(huge)",
            "/v1/lectures/\(lecture)/draw?count=\(huge)&seed=x", "/v1/lectures/\(lecture)/draw?count=-1&seed=x",
            "/v1/lectures/\(lecture)/draw?count=5&seed=", "/v1/lectures/\(lecture)/draw?count=5&seed=%zz%",
            "/v1/wordlists/\(lecture)/tests", "/v1/wordlists/\(huge)/tests", "/\(huge)", "/../lectern.sqlite",
        ]
        for target in targets {
            let answer = try rawGET(port: server.port, target: target)
            let shown = target.count > 100 ? "\(target.prefix(60))… (\(target.count) characters)" : target
            #expect((400...499).contains(answer.status), "\(shown): \(answer.status)")
            #expect(answer.headers["content-type"] == "application/problem+json", "\(shown): \(answer.headers["content-type"] ?? "no content type")")
            let problem = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
            #expect(problem?["code"] is String && problem?["status"] as? Int == answer.status, "\(shown): \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
            #expect(answer.body.range(of: Data("SQLite format".utf8)) == nil && answer.body.range(of: Data("root:".utf8)) == nil, "\(shown) leaked a file")
        }
        // A 10 kB header value is refused as a problem too, or answered normally; never a 500.
        let bigHeader = try rawGET(port: server.port, target: "/v1/bundles/\(homework)", extraHeaders: "If-None-Match: \(huge)\r\n")
        #expect(bigHeader.status == 200 || (400...499).contains(bigHeader.status), "10 kB If-None-Match: \(bigHeader.status)")
        // The server is still answering after all of them.
        #expect(try rawGET(port: server.port, target: "/v1/items").status == 200)
        await server.stop()
    }
}

/// Path parameter examples for the read-only API: the published items' IDs and media paths.
private func readOnlyExamples(index: RunIndex, out: URL) -> [String: [String]] {
    let published = index.items.filter { $0.bundle != nil }
    func ids(_ kind: ItemKind?) -> [String] { published.filter { kind == nil || $0.kind == kind }.map(\.id) }
    let media = (FileManager.default.enumerator(atPath: out.appendingPathComponent("media").path)?.allObjects as? [String] ?? [])
        .filter { !$0.hasPrefix(".") && $0.contains(".") }.sorted().prefix(3)
    return [
        "/v1/items/{id}": index.items.map(\.id), "/v1/bundles/{id}": ids(nil), "/v1/lectures/{id}": ids(.lecture),
        "/v1/lectures/{id}/draw": ids(.lecture), "/v1/wordlists/{id}/tests": ids(.wordlist), "/media/{path}": Array(media),
    ]
}

/// Path parameter examples for the review endpoints: the published questions' and words' IDs.
private func reviewExamples(index: RunIndex, out: URL) throws -> [String: [String]] {
    var questionIDs: [String] = []
    var wordIDs: [String] = []
    for entry in index.items {
        guard let bundle = entry.bundle else { continue }
        let data = try Data(contentsOf: out.appendingPathComponent(bundle))
        switch entry.kind {
        case .homework: questionIDs += try CanonicalJSON.decode(HomeworkBundle.self, from: data).quiz.questions.map(\.id)
        case .wordlist: wordIDs += try CanonicalJSON.decode(WordListBundle.self, from: data).words.compactMap(\.id)
        default: break
        }
    }
    return ["/v1/reviews/questions/{id}": questionIDs, "/v1/reviews/questions/{id}/reject": questionIDs, "/v1/reviews/words/{id}": wordIDs]
}

/// Writes a copy of `contract` whose path parameters offer `examples` (by path) to every operation.
private func contractWithExamples(_ contract: Data, _ examples: [String: [String]]) throws -> URL {
    var document = try #require(try JSONSerialization.jsonObject(with: contract) as? [String: Any])
    var paths = try #require(document["paths"] as? [String: Any])
    for (path, values) in examples where !values.isEmpty {
        var item = try #require(paths[path] as? [String: Any], "\(path) is not in the contract")
        for method in ["get", "put", "post", "delete"] {
            guard var operation = item[method] as? [String: Any], var parameters = operation["parameters"] as? [[String: Any]] else { continue }
            for i in parameters.indices where parameters[i]["in"] as? String == "path" {
                parameters[i]["examples"] = Dictionary(uniqueKeysWithValues: values.prefix(5).enumerated().map { ("published\($0.offset)", ["value": $0.element]) })
            }
            operation["parameters"] = parameters
            item[method] = operation
        }
        paths[path] = item
    }
    document["paths"] = paths
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-contract-\(getpid())-\(UUID().uuidString.prefix(8)).json")
    try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: copy)
    return copy
}
