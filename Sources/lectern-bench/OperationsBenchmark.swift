import Foundation
import Glibc

/// `lectern-bench ops`: what an operator feels. Runs the real `lectern` executable (built next to this one)
/// as a child process, so times include start-up, and reads the child's peak memory from wait4's rusage
/// (ru_maxrss covers the re-exec that sets OMP_THREAD_LIMIT).
///
/// 1. No-op rerun: `lectern run` over 1,000 small text items already done, against the first full run.
/// 2. Scale: 2,500 and 10,000 generated text items in one run with --jobs 1 and --jobs 2: items/s and
///    peak memory, which should stay flat in the number of items.
///
/// Sizes can be changed with LECTERN_BENCH_NOOP_ITEMS and LECTERN_BENCH_SCALE_ITEMS (comma-separated).
enum OperationsBenchmark {
    static func run() throws {
        let lectern = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("lectern")
        guard FileManager.default.isExecutableFile(atPath: lectern.path) else {
            throw BenchError("\(lectern.path) is missing: build the lectern product next to lectern-bench")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-ops-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ProcessInfo.processInfo.environment
        let noopItems = Int(environment["LECTERN_BENCH_NOOP_ITEMS"] ?? "") ?? 1_000
        let scaleItems = (environment["LECTERN_BENCH_SCALE_ITEMS"] ?? "2500,10000")
            .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }

        // 1. No-op rerun.
        let inbox = root.appendingPathComponent("inbox-\(noopItems)")
        try TextItems.write(count: noopItems, to: inbox)
        let out = root.appendingPathComponent("out-noop")
        let first = try Child.run(lectern, ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "2"], in: root)
        print("no-op rerun, \(noopItems) text items (--jobs 2):")
        print("  first full run:   \(first.secondsText)  (\(first.itemsPerSecond(noopItems)) items/s, peak \(first.peakMB) MB, exit \(first.status))")
        var reruns: [Child.Result] = []
        for _ in 0..<5 {
            reruns.append(try Child.run(lectern, ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "2"], in: root))
        }
        let sorted = reruns.sorted { $0.seconds < $1.seconds }
        let median = sorted[sorted.count / 2]
        print("  no-op rerun:      \(median.secondsText) median of 5 (best \(sorted[0].secondsText), worst \(sorted.last!.secondsText)), "
              + "peak \(median.peakMB) MB, exit \(median.status)  [target < 0.300 s]")
        print(String(format: "  speed-up:         %.0f×", first.seconds / max(median.seconds, 0.001)))
        let touched = try Child.run(lectern, ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "2"], in: root,
                                    before: { try TextItems.touch(inbox, count: noopItems) })
        print("  rerun after touching every file (same bytes, new mtimes: every file hashed again): \(touched.secondsText)")
        try? FileManager.default.removeItem(at: out)

        // 2. Scale.
        print("scale: one run over N generated text items (words + wordtest stages each)")
        print("  items    jobs   seconds   items/s   peak MB   exit")
        for count in scaleItems {
            let inbox = root.appendingPathComponent("inbox-\(count)")
            if !FileManager.default.fileExists(atPath: inbox.path) { try TextItems.write(count: count, to: inbox) }
            for jobs in [1, 2] {
                let out = root.appendingPathComponent("out-\(count)-\(jobs)")
                let result = try Child.run(lectern, ["run", "--inbox", inbox.path, "--out", out.path, "--jobs", "\(jobs)"], in: root)
                print(String(format: "  %6d   %4d   %7.1f   %7.1f   %7d   %4d", count, jobs, result.seconds,
                             Double(count) / result.seconds, result.peakMB, result.status))
                try? FileManager.default.removeItem(at: out)
            }
        }
        print("  [target: peak < 300 MB and flat in N]")
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Small distinct text scripts made of common words, reproducible (fixed seed).
enum TextItems {
    static let words = """
        river mountain village farmer bridge engineer storm water garden teacher student library window market \
        forest winter summer morning evening kitchen bread baker journey harbour island captain letter station \
        animal doctor hospital question answer number history science music painter picture family friend \
        careful quiet bright gentle heavy ancient modern simple strong narrow wide sudden patient honest \
        carried watched measured painted studied wrote built opened visited remembered discovered followed \
        explained repaired collected travelled listened answered planted gathered crossed climbed noticed
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    static func write(count: Int, to inbox: URL) throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for n in 0..<count {
            // 100 items per folder, as a teacher's folders would hold.
            let folder = inbox.appendingPathComponent(String(format: "class-%03d", n / 100))
            if n % 100 == 0 { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            var sentences: [String] = []
            for s in 0..<5 {
                var sentence = (0..<(8 + next() % 6)).map { _ in words[next() % words.count] }
                if s == 0 { sentence.append("number\(n)") } // every item distinct
                sentences.append("The " + sentence.joined(separator: " ") + ".")
            }
            try Data((sentences.joined(separator: " ") + "\n").utf8)
                .write(to: folder.appendingPathComponent(String(format: "script-%05d.txt", n)))
        }
    }

    /// Gives every file a new modification time without changing its bytes.
    static func touch(_ inbox: URL, count: Int) throws {
        for n in 0..<count {
            let path = inbox.appendingPathComponent(String(format: "class-%03d/script-%05d.txt", n / 100, n)).path
            guard utimes(path, nil) == 0 else { throw BenchError("cannot touch \(path)") }
        }
    }
}

/// Makes a spawned child start in `folder`, leaving this process's own folder alone: benchmarks spawn children from
/// several threads at once, and a chdir in the parent raced (the benchmark was left in a deleted folder).
/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+), which the Glibc module does not import.
func startIn(_ folder: URL, _ actions: inout posix_spawn_file_actions_t) {
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return }
    _ = folder.path.withCString { unsafeBitCast(symbol, to: AddChdir.self)(&actions, $0) }
}

/// A child process with its wall time and peak resident memory.
enum Child {
    struct Result {
        var status: Int32
        var seconds: Double
        var peakKB: Int
        /// User + system CPU seconds of the child.
        var cpuSeconds: Double
        var peakMB: Int { peakKB / 1024 }
        var secondsText: String { String(format: "%.3f s", seconds) }
        func itemsPerSecond(_ items: Int) -> String { String(format: "%.1f", Double(items) / seconds) }
    }

    /// - Parameter errors: where the child's standard error goes; `folder/child.err` by default.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL, errors: String? = nil,
                    before: () throws -> Void = {}) throws -> Result {
        try before()
        let started = DispatchTime.now()
        let pid = try spawn(executable, arguments, in: folder, errors: errors ?? folder.appendingPathComponent("child.err").path)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4 failed: \(errno)") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        func cpu(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return Result(status: exitCode(status), seconds: seconds, peakKB: usage.ru_maxrss,
                      cpuSeconds: cpu(usage.ru_utime) + cpu(usage.ru_stime))
    }

    /// Starts `executable` in `folder` (so no pipelines/default.yml of the caller's folder applies), its standard
    /// output discarded and its standard error in the file `errors`.
    static func spawn(_ executable: URL, _ arguments: [String], in folder: URL, errors: String) throws -> pid_t {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        startIn(folder, &fileActions)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &fileActions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("posix_spawn failed: \(spawned)") }
        return pid
    }

    /// A wait status as a shell reports it: the exit code, or 128 + the signal.
    static func exitCode(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
