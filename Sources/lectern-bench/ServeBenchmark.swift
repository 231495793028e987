import Foundation
import Glibc

/// `lectern-bench serve`: `lectern serve` (the release build next to this one) under wrk, against nginx serving the
/// same output folder as static files, in the same run.
///
/// 1. Bundle GETs: `wrk -t2 -c64 -d10s --latency` on /v1/bundles/ID (lectern) and /bundles/lectures/ID.json
///    (nginx: the same bytes); requests/s, p99 and the ratio. Target: lectern ≥ 50% of nginx, p99 < 50 ms.
/// 2. Pool draws (lectern only: nginx has no draw): /v1/lectures/ID/draw?count=5&seed=…; requests/s and p99.
/// 3. Memory: 60 s of mixed bundle GETs and draws with a new seed each request, lectern's VmRSS sampled from
///    /proc/PID/status every second; first, last and peak. Target: flat.
///
/// The output folder is a real pipeline run over the samples' course, one photo and one script.
/// LECTERN_BENCH_SERVE_SECONDS (default 10) and LECTERN_BENCH_SERVE_MEMORY_SECONDS (default 60) change the durations.
enum ServeBenchmark {
    static func run() throws {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let lectern = here.appendingPathComponent("lectern")
        guard FileManager.default.isExecutableFile(atPath: lectern.path) else {
            throw BenchError("\(lectern.path) is missing: build the lectern product next to lectern-bench")
        }
        let wrk = try tool("wrk", ["/usr/bin/wrk"])
        let nginx = try tool("nginx", ["/usr/sbin/nginx"])
        let environment = ProcessInfo.processInfo.environment
        let seconds = Int(environment["LECTERN_BENCH_SERVE_SECONDS"] ?? "") ?? 10
        let memorySeconds = Int(environment["LECTERN_BENCH_SERVE_MEMORY_SECONDS"] ?? "") ?? 60

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-serve-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // Readable by nginx's workers, which drop root privileges when it is started as root.
        chmod(root.path, 0o755)

        // The output folder: a real run over part of samples/.
        let samples = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("samples")
        let inbox = root.appendingPathComponent("inbox")
        for path in ["intro-to-python", "photos/water-cycle.jpg", "scripts/the-last-keeper.txt"] {
            let target = inbox.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: samples.appendingPathComponent(path), to: target)
        }
        let out = root.appendingPathComponent("out")
        let run = try Child.run(lectern, ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "2"], in: root)
        guard run.status == 0 else { throw BenchError("lectern run over the samples exited \(run.status): see \(root.path)/child.err") }
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("index.json"))) as? [String: Any]
        let items = index?["items"] as? [[String: Any]] ?? []
        guard let lecture = items.first(where: { $0["kind"] as? String == "lecture" && $0["bundle"] != nil }),
              let id = lecture["id"] as? String, let bundlePath = lecture["bundle"] as? String else {
            throw BenchError("the samples published no lecture")
        }
        let bundleBytes = (try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(bundlePath).path)[.size] as? Int) ?? 0
        makeReadable(out)

        // The two servers.
        let lecternPort = 18000 + Int(getpid() % 1000)
        let nginxPort = lecternPort + 1000
        let server = try Server(lectern.path, ["serve", "--out", out.path, "--host", "127.0.0.1", "--port", "\(lecternPort)"],
                                log: root.appendingPathComponent("serve.err"))
        defer { server.stop() }
        let nginxFolder = root.appendingPathComponent("nginx")
        try FileManager.default.createDirectory(at: nginxFolder, withIntermediateDirectories: true)
        let config = nginxFolder.appendingPathComponent("nginx.conf")
        try nginxConfig(folder: nginxFolder, root: out, port: nginxPort).write(to: config, atomically: true, encoding: .utf8)
        let staticServer = try Server(nginx, ["-p", nginxFolder.path, "-c", config.path, "-e", nginxFolder.appendingPathComponent("error.log").path],
                                      log: nginxFolder.appendingPathComponent("stderr.log"))
        defer { staticServer.stop() }
        let bundleURL = "http://127.0.0.1:\(lecternPort)/v1/bundles/\(id)"
        let staticURL = "http://127.0.0.1:\(nginxPort)/\(bundlePath)"
        let drawURL = "http://127.0.0.1:\(lecternPort)/v1/lectures/\(id)/draw?count=5&seed=duel-42"
        try waitUntilAnswering(bundleURL, server)
        try waitUntilAnswering(staticURL, staticServer)

        print("lectern serve (release) and nginx \(version(nginx)) on loopback, same output folder; wrk -t2 -c64 -d\(seconds)s --latency")
        print("load average before: \(loadAverage()) (2 cores, shared: figures are noisy when other builds run)")
        print("bundle: the sample lecture, \(bundleBytes) bytes")
        let wrkArguments = ["-t2", "-c64", "-d\(seconds)s", "--latency"]
        let lecternBundles = try Wrk.run(wrk, wrkArguments + [bundleURL])
        let nginxBundles = try Wrk.run(wrk, wrkArguments + [staticURL])
        let draws = try Wrk.run(wrk, wrkArguments + [drawURL])
        print("                          requests/s     p50 ms     p99 ms   non-2xx   errors")
        for (name, figures) in [("lectern bundle GET", lecternBundles), ("nginx   bundle (static)", nginxBundles), ("lectern pool draw", draws)] {
            print("  " + name.padding(toLength: 24, withPad: " ", startingAt: 0) + String(format: "%10.0f %10.2f %10.2f %9d %8d",
                  figures.requestsPerSecond, figures.p50ms, figures.p99ms, figures.non2xx, figures.socketErrors))
        }
        let ratio = lecternBundles.requestsPerSecond / max(nginxBundles.requestsPerSecond, 1)
        print(String(format: "  lectern / nginx on bundle GETs: %.0f%%", ratio * 100) + "  [target ≥ 50%: \(ratio >= 0.5 ? "met" : "MISSED")]")
        let p99 = max(lecternBundles.p99ms, draws.p99ms)
        print(String(format: "  lectern p99, worst of bundle and draw: %.2f ms", p99) + "  [target < 50 ms: \(p99 < 50 ? "met" : "MISSED")]")

        // Memory over a longer mixed run, a new seed every draw.
        let script = root.appendingPathComponent("mixed.lua")
        try """
        counter = 0
        request = function()
          counter = counter + 1
          if counter % 2 == 0 then
            return wrk.format("GET", "/v1/bundles/\(id)")
          end
          return wrk.format("GET", "/v1/lectures/\(id)/draw?count=5&seed=s" .. counter)
        end
        """.write(to: script, atomically: true, encoding: .utf8)
        let sampler = RSSSampler(pid: server.pid)
        sampler.start()
        let mixed = try Wrk.run(wrk, ["-t2", "-c64", "-d\(memorySeconds)s", "--latency", "-s", script.path, "http://127.0.0.1:\(lecternPort)/"])
        let rss = sampler.stop()
        guard let first = rss.first, let last = rss.last, let peak = rss.max() else { throw BenchError("no VmRSS rss") }
        // Flat: the second half of the run grows by less than 10% over the first half's peak (warm-up excluded).
        let firstHalfPeak = rss.prefix(max(1, rss.count / 2)).max() ?? first
        let growth = Double(last - firstHalfPeak) / Double(max(firstHalfPeak, 1))
        print(String(format: "memory: %d s mixed bundle GETs and draws (new seed each), %.0f requests/s, p99 %.2f ms, non-2xx %d",
                     memorySeconds, mixed.requestsPerSecond, mixed.p99ms, mixed.non2xx))
        print(String(format: "  lectern VmRSS: first %.1f MB, last %.1f MB, peak %.1f MB (%d samples, 1/s); last vs first-half peak %+.1f%%",
                     mb(first), mb(last), mb(peak), rss.count, growth * 100) + "  [target flat: \(growth < 0.10 ? "met" : "MISSED")]")
        print("  VmRSS every 5 s (MB): " + stride(from: 0, to: rss.count, by: 5).map { String(format: "%.0f", mb(rss[$0])) }.joined(separator: " "))
        print("load average after: \(loadAverage())")
    }

    static func mb(_ kb: Int) -> Double { Double(kb) / 1024 }

    static func tool(_ name: String, _ candidates: [String]) throws -> String {
        for path in candidates where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw BenchError("\(name) is not installed: run scripts/setup.sh --bench (make bench does)")
    }

    @discardableResult static func makeReadable(_ folder: URL) -> Bool {
        // The publisher writes private temp files and renames them; nginx's unprivileged workers must read them.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/chmod")
        p.arguments = ["-R", "a+rX", folder.path]
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    static func nginxConfig(folder: URL, root: URL, port: Int) -> String {
        let temp = folder.path
        return """
        worker_processes auto;
        daemon off;
        pid \(temp)/nginx.pid;
        error_log \(temp)/error.log warn;
        events { worker_connections 1024; }
        http {
          access_log off;
          sendfile on;
          tcp_nopush on;
          keepalive_requests 1000000;
          client_body_temp_path \(temp)/client_body;
          proxy_temp_path \(temp)/proxy;
          fastcgi_temp_path \(temp)/fastcgi;
          uwsgi_temp_path \(temp)/uwsgi;
          scgi_temp_path \(temp)/scgi;
          types { application/json json; image/jpeg jpg jpeg; image/png png; }
          default_type application/octet-stream;
          etag on;
          server {
            listen 127.0.0.1:\(port);
            root \(root.path);
            location / { try_files $uri =404; }
          }
        }

        """
    }

    static func version(_ nginx: String) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: nginx)
        p.arguments = ["-v"]
        let pipe = Pipe()
        p.standardError = pipe
        p.standardOutput = pipe
        guard (try? p.run()) != nil else { return "?" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return text.split(separator: "/").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
    }

    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }

    static func waitUntilAnswering(_ url: String, _ server: Server) throws {
        for _ in 0..<200 {
            guard server.process.isRunning else { throw BenchError("\(server.process.executableURL?.lastPathComponent ?? "server") exited: \(server.logText())") }
            if let status = try? curlStatus(url), status == 200 { return }
            usleep(100_000)
        }
        throw BenchError("\(url) did not answer 200 within 20 s: \(server.logText())")
    }

    /// The status of one GET over a plain socket.
    static func curlStatus(_ url: String) throws -> Int {
        guard let components = URLComponents(string: url), let port = components.port else { return 0 }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return 0 }
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n > 12 else { return 0 }
        return Int(String(decoding: buffer[9..<12], as: UTF8.self)) ?? 0
    }

    /// A long-running server child, stopped with SIGTERM (then SIGKILL) when the benchmark ends.
    final class Server {
        let process = Process()
        let log: URL
        var pid: Int32 { process.processIdentifier }

        init(_ executable: String, _ arguments: [String], log: URL) throws {
            self.log = log
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        func logText() -> String { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(2000).description }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGTERM)
            for _ in 0..<50 where process.isRunning { usleep(100_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// Samples a process's VmRSS (kB) once a second on a background thread.
    final class RSSSampler: @unchecked Sendable {
        let pid: Int32
        private let lock = NSLock()
        private var samples: [Int] = []
        private var running = true
        private var thread: Thread?

        init(pid: Int32) { self.pid = pid }

        func start() {
            let thread = Thread { [self] in
                while lock.withLock({ running }) {
                    if let kb = Self.rss(pid) { lock.withLock { samples.append(kb) } }
                    Thread.sleep(forTimeInterval: 1)
                }
            }
            self.thread = thread
            thread.start()
        }

        func stop() -> [Int] {
            lock.withLock { running = false }
            if let kb = Self.rss(pid) { lock.withLock { samples.append(kb) } }
            return lock.withLock { samples }
        }

        static func rss(_ pid: Int32) -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        }
    }

    /// One wrk run's figures, parsed from its --latency report.
    struct Wrk {
        var requestsPerSecond: Double
        var p50ms: Double
        var p99ms: Double
        var non2xx: Int
        var socketErrors: Int

        static func run(_ wrk: String, _ arguments: [String]) throws -> Wrk {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: wrk)
            p.arguments = arguments
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = pipe
            try p.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { throw BenchError("wrk \(arguments.joined(separator: " ")) exited \(p.terminationStatus): \(text)") }
            func field(_ prefix: String) -> String? {
                text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix) }
                    .map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
            }
            func milliseconds(_ value: String?) -> Double {
                guard let value else { return .nan }
                for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0), ("m", 60_000.0)] where value.hasSuffix(unit) {
                    return (Double(value.dropLast(unit.count)) ?? .nan) * scale
                }
                return .nan
            }
            var errors = 0
            if let line = field("Socket errors:") {
                errors = line.split(separator: ",").compactMap { Int($0.split(separator: " ").last ?? "") }.reduce(0, +)
            }
            guard let rps = field("Requests/sec:").flatMap(Double.init) else { throw BenchError("unexpected wrk output: \(text)") }
            return Wrk(requestsPerSecond: rps, p50ms: milliseconds(field("50%")), p99ms: milliseconds(field("99%")),
                       non2xx: Int(field("Non-2xx or 3xx responses:") ?? "") ?? 0, socketErrors: errors)
        }
    }
}
