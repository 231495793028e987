enum OperationsBenchmark {
    static func run() throws {
        print("not measured yet")
    }
}
