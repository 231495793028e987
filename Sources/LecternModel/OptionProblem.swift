/// A stage option whose value cannot be used: which option, and why, in words a pipeline file's author reads.
public struct OptionProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var option: String
    public var message: String

    public init(_ option: String, _ message: String) {
        self.option = option
        self.message = message
    }

    public var description: String { "\(option) \(message)" }
}
