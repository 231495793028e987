import Foundation
import LecternModel
import Yams

/// A problem with `lectern-reviews.yml`: a configuration error (exit 2), naming the file and line.
public struct ReviewsFileError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int?
    public var message: String
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}

/// `lectern-reviews.yml` at the inbox root: the teacher's review decisions. Read strictly (unknown keys, wrong
/// types and impossible values are errors with their line); written only by `lectern review` and
/// `lectern serve --review`, atomically (temp file + rename) and with sorted keys so that CI diffs stay clean.
public enum ReviewsFile {
    public static func url(inbox: URL) -> URL { inbox.appendingPathComponent(ReviewDecisions.fileName) }

    /// The inbox's decisions; none when the file does not exist.
    public static func load(inbox: URL) throws(ReviewsFileError) -> ReviewDecisions {
        let url = url(inbox: inbox)
        guard FileManager.default.fileExists(atPath: url.path) else { return ReviewDecisions() }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ReviewsFileError(file: url.path, line: nil, message: "cannot read the reviews file (\(error.localizedDescription))")
        }
        return try parse(yaml: text, file: url.path)
    }

    static let questionKeys: Set<String> = ["reject", "stem", "options", "answerIndex", "explanation"]
    static let wordKeys: Set<String> = ["level", "definition", "sense"]

    public static func parse(yaml: String, file: String) throws(ReviewsFileError) -> ReviewDecisions {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
                throw ReviewsFileError(file: file, line: mark.line, message: "invalid YAML: \(problem)")
            default:
                throw ReviewsFileError(file: file, line: nil, message: "invalid YAML: \(error)")
            }
        } catch {
            throw ReviewsFileError(file: file, line: nil, message: "invalid YAML: \(error)")
        }
        guard let root else { return ReviewDecisions() }
        guard let mapping = root.mapping else {
            throw ReviewsFileError(file: file, line: root.mark?.line, message: "expected a mapping with `questions:` and/or `words:`")
        }
        var decisions = ReviewDecisions()
        for (key, value) in mapping {
            switch key.string {
            case "version":
                guard value.int == 1 else {
                    throw ReviewsFileError(file: file, line: value.mark?.line, message: "unsupported version \(value.string ?? "?"); this Lectern reads version 1")
                }
            case "questions":
                decisions.questions = try entries(value, allowed: questionKeys, what: "question", file: file) { (decision: QuestionDecision, id, node) throws(ReviewsFileError) in
                    if let options = decision.options, options.count < 2 {
                        throw ReviewsFileError(file: file, line: node.mark?.line, message: "question \(id): `options` needs at least 2 options")
                    }
                    if let index = decision.answerIndex, index < 0 || index >= (decision.options?.count ?? 4) {
                        throw ReviewsFileError(file: file, line: node.mark?.line, message: "question \(id): `answerIndex` \(index) is not an option's index")
                    }
                    if !decision.rejects && !decision.corrects {
                        throw ReviewsFileError(file: file, line: node.mark?.line, message: "question \(id): no decision (expected `reject: true` or a corrected field)")
                    }
                }
            case "words":
                decisions.words = try entries(value, allowed: wordKeys, what: "word", file: file) { (decision: WordDecision, id, node) throws(ReviewsFileError) in
                    if decision.level == nil && decision.definition == nil && decision.sense == nil {
                        throw ReviewsFileError(file: file, line: node.mark?.line, message: "word \(id): no decision (expected `level`, `sense` or `definition`)")
                    }
                }
            default:
                throw ReviewsFileError(file: file, line: key.mark?.line, message: "unknown key '\(key.string ?? "?")' (expected `version`, `questions` or `words`)")
            }
        }
        return decisions
    }

    private static func entries<T: Decodable>(_ node: Node, allowed: Set<String>, what: String, file: String,
                                              check: (T, String, Node) throws(ReviewsFileError) -> Void) throws(ReviewsFileError) -> [String: T] {
        if node.null != nil { return [:] }
        guard let mapping = node.mapping else {
            throw ReviewsFileError(file: file, line: node.mark?.line, message: "`\(what)s` must be a mapping of \(what) IDs to decisions")
        }
        var result: [String: T] = [:]
        for (key, value) in mapping {
            guard let id = key.string, !id.isEmpty, id.contains("-") else {
                throw ReviewsFileError(file: file, line: key.mark?.line, message: "'\(key.string ?? "?")' is not a \(what) ID (see `lectern review list` or the bundle's `id` fields)")
            }
            guard let fields = value.mapping else {
                throw ReviewsFileError(file: file, line: value.mark?.line, message: "\(what) \(id): expected a mapping of fields")
            }
            for (field, fieldValue) in fields {
                guard let name = field.string, allowed.contains(name) else {
                    throw ReviewsFileError(file: file, line: field.mark?.line,
                                           message: "\(what) \(id): unknown field '\(field.string ?? "?")' (known: \(allowed.sorted().joined(separator: ", ")))")
                }
                do {
                    _ = try decodeField(name, fieldValue, in: T.self)
                } catch {
                    throw ReviewsFileError(file: file, line: fieldValue.mark?.line, message: "\(what) \(id): `\(name)` has a wrong value (\(fieldValue.string ?? "a non-scalar"))")
                }
            }
            let decision: T
            do {
                decision = try YAMLDecoder().decode(T.self, from: value)
            } catch {
                throw ReviewsFileError(file: file, line: value.mark?.line, message: "\(what) \(id): \(error)")
            }
            try check(decision, id, value)
            result[id] = decision
        }
        return result
    }

    /// Decodes one field alone, so a wrong value is reported at its own line.
    private static func decodeField<T: Decodable>(_ name: String, _ value: Node, in type: T.Type) throws {
        let single = Node.mapping(Node.Mapping([(Node(name), value)]))
        if T.self == QuestionDecision.self {
            _ = try YAMLDecoder().decode(QuestionDecision.self, from: single)
        } else {
            _ = try YAMLDecoder().decode(WordDecision.self, from: single)
        }
    }

    /// The file's text: sorted keys, a header saying what it is.
    public static func render(_ decisions: ReviewDecisions) throws -> String {
        let encoder = YAMLEncoder()
        encoder.options.sortKeys = true
        encoder.options.allowUnicode = true
        encoder.options.width = -1
        let body = try encoder.encode(decisions)
        return """
            # Review decisions for the bundles of this inbox, keyed by stable question and word IDs.
            # Written by `lectern review` and `lectern serve --review`; applied by every `lectern run`.
            version: 1

            """ + body
    }

    /// Writes the decisions atomically (temp file in the inbox + rename).
    public static func save(_ decisions: ReviewDecisions, inbox: URL) throws {
        let target = url(inbox: inbox)
        let temp = inbox.appendingPathComponent(".\(ReviewDecisions.fileName).\(getpid()).\(UUID().uuidString.prefix(8)).tmp")
        try Data(try render(decisions).utf8).write(to: temp)
        if rename(temp.path, target.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temp)
            throw ReviewsFileError(file: target.path, line: nil, message: "cannot write the reviews file (\(String(cString: strerror(code))))")
        }
    }

    /// Reads, changes and writes the file under an exclusive lock, so two writers never lose each other's decisions.
    public static func update(inbox: URL, _ change: (inout ReviewDecisions) throws -> Void) throws -> ReviewDecisions {
        // The lock is on the inbox folder itself: no lock file is left in the inbox.
        let fd = open(inbox.path, O_RDONLY | O_DIRECTORY)
        if fd >= 0 { flock(fd, LOCK_EX) }
        defer {
            if fd >= 0 {
                flock(fd, LOCK_UN)
                close(fd)
            }
        }
        var decisions = try load(inbox: inbox)
        try change(&decisions)
        try save(decisions, inbox: inbox)
        return decisions
    }
}
