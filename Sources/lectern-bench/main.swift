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
    "scale": { try ScaleBenchmark.run(); try FleetBenchmark.run() },
    "narrate": NarrateBenchmark.run,
]

// `scale` runs its worker processes as this executable again.
if CommandLine.arguments.dropFirst().first == "scale-worker" {
    do {
        try ScaleBenchmark.worker(Array(CommandLine.arguments.dropFirst(2)))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("scale-worker failed: \(error)\n".utf8))
        exit(1)
    }
}

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
