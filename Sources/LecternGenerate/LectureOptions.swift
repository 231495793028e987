import LecternModel

/// Options of the `lecture` stage (courses).
public struct LectureOptions: Codable, Sendable, Hashable {
    /// Split a post into one topic per `h2` section.
    public var splitAtH2 = true

    public init() {}

    public static let optionNames = ["splitAtH2"]

    public func problem() -> String? { nil }
}
