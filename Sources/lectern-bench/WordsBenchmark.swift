import Foundation
import LecternGenerate
import LecternJSON
import LecternModel
import LecternText

/// `lectern-bench words`: grading agreement on the held-out CEFR split against a frequency-only baseline,
/// speed of the whole text stage against a Python script (regex tokens + wordfreq), and peak memory at 250k
/// and 1M words (each measured in a fresh child process).
enum WordsBenchmark {
    static let childVariable = "LECTERN_WORDS_BENCH_CHILD"

    static func run() throws {
        if let path = ProcessInfo.processInfo.environment[childVariable] {
            try child(path: path)
            return
        }
        let wordNet = try WordNet.shared()
        grading(wordNet: wordNet)
        try speedAndMemory(wordNet: wordNet)
    }

    // MARK: Grading

    static func grading(wordNet: WordNet) {
        let grader = WordGrader(wordNet: wordNet)
        let held = CEFRWordList.load().filter { CEFRWordList.isHeldOut($0.word) }
        var exact = 0, adjacent = 0, baseExact = 0, baseAdjacent = 0
        var confusion = [[Int]](repeating: [0, 0, 0], count: 3)
        func index(_ l: WordLevel) -> Int { WordLevel.allCases.firstIndex(of: l)! }
        for (word, cefr) in held {
            let truth = index(CEFRWordList.level(cefr: cefr))
            let grade = grader.grade(word)
            let ours = index(grade.level)
            let base = index(grader.baselineLevel(zipf: grade.features["zipf"] ?? WordFrequencies.floor))
            confusion[truth][ours] += 1
            if ours == truth { exact += 1 }
            if abs(ours - truth) <= 1 { adjacent += 1 }
            if base == truth { baseExact += 1 }
            if abs(base - truth) <= 1 { baseAdjacent += 1 }
        }
        let n = Double(held.count)
        func pct(_ x: Int) -> String { String(format: "%.1f%%", Double(x) / n * 100) }
        print("grading, held-out CEFR split (\(held.count) words, cefrpy; A1-A2 beginner, B1-B2 intermediate, C1-C2 advanced):")
        print("  Lectern model:       exact \(pct(exact)), adjacent \(pct(adjacent))")
        print("  Zipf-only baseline:  exact \(pct(baseExact)), adjacent \(pct(baseAdjacent))")
        print(String(format: "  difference:          exact %+.1f points, adjacent %+.1f points",
                     Double(exact - baseExact) / n * 100, Double(adjacent - baseAdjacent) / n * 100))
        print("  confusion (rows truth b/i/a, columns Lectern): \(confusion)")
    }

    // MARK: Speed and memory

    /// A deterministic English-like text: words drawn from the frequency list's top 30k by frequency,
    /// sentences of 6-20 words.
    static func makeText(words count: Int, seed: UInt64 = 42) -> String {
        let ranked = WordFrequencies.shared.ranked.prefix(30_000).filter { !$0.word.contains("'") }
        var cumulative: [Double] = []
        cumulative.reserveCapacity(ranked.count)
        var total = 0.0
        for entry in ranked { total += pow(10, entry.zipf - 3); cumulative.append(total) }
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var out = ""
        out.reserveCapacity(count * 7)
        var written = 0
        while written < count {
            let length = 6 + Int(next() % 15)
            for k in 0..<length {
                let r = Double(next() >> 11) / Double(1 << 53) * total
                var lo = 0, hi = cumulative.count - 1
                while lo < hi { let mid = (lo + hi) / 2; if cumulative[mid] < r { lo = mid + 1 } else { hi = mid } }
                let word = ranked[lo].word
                out += k == 0 ? word.prefix(1).uppercased() + word.dropFirst() : word
                out += k == length - 1 ? ". " : " "
            }
            written += length
            if written % 2000 < 20 { out += "\n" }
        }
        return out
    }

    /// The whole text stage as the pipeline runs it: decode, analyze, build the word list (with its tests).
    static func stage(_ data: Data, wordNet: WordNet) throws -> (WordListBundle, analyze: Double, build: Double) {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let text = try TextDecoding.decode(data)
        let analysis = TextAnalyzer(wordNet: wordNet).analyze(text)
        let t1 = DispatchTime.now().uptimeNanoseconds
        let bundle = WordListBuilder(wordNet: wordNet, options: WordTestOptions())
            .build(analysis: analysis, id: "bench", source: SourceRef(path: "bench.txt", sha256: ""))
        let t2 = DispatchTime.now().uptimeNanoseconds
        return (bundle, Double(t1 - t0) / 1e9, Double(t2 - t1) / 1e9)
    }

    /// Text sizes whose peak memory is compared; the speed run uses the largest.
    static let memorySizes = [250_000, 1_000_000]

    static func speedAndMemory(wordNet: WordNet) throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lectern-bench-words")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var files: [Int: URL] = [:]
        for n in memorySizes {
            let url = dir.appendingPathComponent("text-\(n).txt")
            if !FileManager.default.fileExists(atPath: url.path) { try Data(makeText(words: n).utf8).write(to: url) }
            files[n] = url
        }
        let data = try Data(contentsOf: files[1_000_000]!)
        _ = StemFamilies.shared  // loaded once per process (with the frequencies), like WordNet
        let cold = try stage(data, wordNet: wordNet)  // first run: WordNet pages and relatives cache are cold
        var best = (total: Double.infinity, analyze: 0.0, build: 0.0)
        var bundle: WordListBundle?
        for _ in 0..<3 {
            let (b, analyze, build) = try stage(data, wordNet: wordNet)
            if analyze + build < best.total { best = (analyze + build, analyze, build) }
            bundle = b
        }
        let tokens = bundle.map(\.tokenCount) ?? 0
        print("speed, whole text stage on a generated text of \(tokens) tokens (\(data.count / 1_000_000) MB):")
        print(String(format: "  Lectern: %.3f s (decode+analyze %.3f s = %.1fM words/s, build %d words + %d questions %.3f s)",
                     best.total, best.analyze, Double(tokens) / best.analyze / 1e6, bundle?.words.count ?? 0,
                     bundle?.tests.reduce(0) { $0 + $1.questions.count } ?? 0, best.build))
        let coldTotal = cold.analyze + cold.build
        print(String(format: "  Lectern first run in the process (cold WordNet caches): %.3f s (decode+analyze %.3f s, build %.3f s)",
                     coldTotal, cold.analyze, cold.build))
        // The most honest cold figure: a fresh process that loads WordNet, frequencies and the model, then runs the
        // stage once (the load itself is printed apart: a pipeline pays it once per process, not per item).
        let fresh = childMemory(file: files[1_000_000]!)
        if let fresh {
            print(String(format: "  Lectern in a fresh process: load %.3f s, stage %.3f s", fresh.load, fresh.seconds))
        }
        if let python = pythonBaseline(file: files[1_000_000]!) {
            print(String(format: "  Python (regex + wordfreq per token): %.3f s -> Lectern is %.1fx faster warm, %.1fx on the first run",
                         python, python / best.total, python / coldTotal)
                  + (fresh.map { String(format: ", %.1fx in a fresh process", python / $0.seconds) } ?? ""))
        } else {
            print("  Python baseline skipped: python3 with wordfreq not available (pip install wordfreq)")
        }
        print("peak memory (VmHWM of a fresh process running the stage; input file size in brackets):")
        var previous: (words: Int, stage: Int, size: Int)?
        for n in memorySizes {
            let url = files[n]!
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard let (before, after, _, _) = childMemory(file: url) else { print("  \(n) words: child failed"); continue }
            print("  \(n / 1000)k words [\(size / 1000) kB]: after loading WordNet + frequencies \(before / 1024) MB, peak \(after / 1024) MB, stage \((after - before) / 1024) MB")
            if let previous {
                print("  growth from \(previous.words / 1000)k to \(n / 1000)k words: \((after - before - previous.stage) / 1024) MB, "
                      + "of which the input itself (file bytes + decoded text) is about \(2 * (size - previous.size) / 1_000_000) MB")
            }
            previous = (n, after - before, size)
        }
    }

    static func pythonBaseline(file: URL) -> Double? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/words-bench-baseline.py")
        var best: Double?
        for _ in 0..<2 {
            guard let (_, err, status) = spawn("/usr/bin/env", ["python3", script.path, file.path], environment: [:]),
                  status == 0,
                  let line = err.split(separator: "\n").first(where: { $0.hasPrefix("seconds=") }),
                  let seconds = Double(line.dropFirst("seconds=".count)) else { return nil }
            best = min(best ?? .infinity, seconds)
        }
        return best
    }

    /// Peak memory before and after the stage (kB), the stage's seconds and the load's seconds, from a fresh child.
    static func childMemory(file: URL) -> (before: Int, after: Int, seconds: Double, load: Double)? {
        guard let (out, _, status) = spawn(CommandLine.arguments[0], ["words"], environment: [childVariable: file.path]),
              status == 0 else { return nil }
        func value(_ key: String) -> Int? {
            out.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        func seconds(_ key: String) -> Double? {
            out.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Double($0.dropFirst(key.count + 1)) }
        }
        guard let before = value("before"), let after = value("after") else { return nil }
        return (before, after, seconds("seconds") ?? .nan, seconds("load") ?? .nan)
    }

    static func child(path: String) throws {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let wordNet = try WordNet.shared()
        _ = StemFamilies.shared
        _ = WordGrader.sharedModel
        let load = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        let before = ProcessFigures.highWaterKB()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let (bundle, analyze, build) = try stage(data, wordNet: wordNet)
        _ = try CanonicalJSON.encode(bundle)
        print("before=\(before)")
        print("after=\(ProcessFigures.highWaterKB())")
        print("seconds=\(analyze + build)")
        print("load=\(load)")
    }

    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) -> (String, String, Int32)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return nil }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self), process.terminationStatus)
    }
}
