enum WordsBenchmark {
    static func run() throws {
        print("not measured yet")
    }
}
