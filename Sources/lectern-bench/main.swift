import Foundation

// `make bench` runs every benchmark; `lectern-bench NAME` runs one. Each prints its figures.
let benchmarks: [String: () throws -> Void] = [
    "ocr": OCRBenchmark.run,
    "words": WordsBenchmark.run,
    "word-senses-dev": WordsBenchmark.developmentSenses,
    "word-senses": WordsBenchmark.allSenses,
    "lecture": LectureBenchmark.run,
    "ops": OperationsBenchmark.run,
    "export": ExportBenchmark.run,
    "quiz": QuizBenchmark.run,
    "serve": ServeBenchmark.run,
    "narrate": NarrateBenchmark.run,
]

let requested = Array(CommandLine.arguments.dropFirst())
let names = requested.isEmpty ? benchmarks.keys.sorted() : requested
for name in names {
    guard let benchmark = benchmarks[name] else {
        FileHandle.standardError.write(Data("unknown benchmark '\(name)'; known: \(benchmarks.keys.sorted().joined(separator: ", "))\n".utf8))
        exit(2)
    }
    print("== \(name)")
    do {
        try benchmark()
    } catch {
        FileHandle.standardError.write(Data("benchmark \(name) failed: \(error)\n".utf8))
        exit(1)
    }
}
