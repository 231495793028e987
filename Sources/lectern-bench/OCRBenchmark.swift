enum OCRBenchmark {
    static func run() throws {
        print("not measured yet")
    }
}
