import Foundation
import LecternExport
import LecternHTML
import LecternModel
import LecternOCR
import LecternHomework
import LecternLectures
import LecternWordLists
import LecternJSON
import LecternText
import Yams

/// The options of one stage as they appear under `stages.<name>` in a pipeline file.
public protocol StageOptions: Codable, Sendable, Hashable {
    init()
    /// The first bad value, or nil when all values are acceptable.
    func problem() -> OptionProblem?
}

extension StageOptions {
    /// The option names a pipeline file may set, anything else being an error: the options' stored properties
    /// of a single value (a nested value, such as OCR's clean-up switches for the benchmark, is not a pipeline
    /// option). Codable's keys are these same names.
    static var optionNames: [String] {
        Mirror(reflecting: Self()).children.compactMap { child in
            switch child.value {
            case is Int, is Double, is Bool, is String, is String?: return child.label
            default: return nil
            }
        }
    }
}

/// A configuration problem: exits 2, naming the file and line.
public struct ConfigError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int?
    public var message: String
    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}

/// The stages and their options, read from a pipeline YAML file (pipelines/default.yml).
public struct PipelineConfig: Sendable {
    public var file: String
    /// The pipeline file's text, kept with the run so that fleet workers read the same options (`RunConfiguration`).
    public private(set) var yaml = ""
    public var ocr = OCROptions()
    public var quiz = QuizOptions()
    public var words = WordsOptions()
    public var wordtest = WordTestOptions()
    public var parse = HTMLOptions()
    public var lecture = LectureOptions()
    public var narrate = NarrateOptions()
    /// Formats `lectern run` keeps current under OUT/exports (`exports:` in the pipeline file).
    public var exports: [ExportFormat] = []
    /// The content store's address (`store:`), below `--store` and `LECTERN_STORE` (`StoreAddress`).
    public var store: String?
    /// The teacher's review decisions, from the inbox's `lectern-reviews.yml` (`Pipeline.run` reads them; not part
    /// of any stage's options: each item's own decisions are part of its generate stage's input hash).
    public var reviews = ReviewDecisions()

    public init(file: String = "(defaults)") {
        self.file = file
    }

    /// Canonical hash of one stage's options: part of every cache key of that stage.
    public func optionsHash(_ stage: StageID) -> String {
        Stages.stage(stage).optionsHash(self)
    }

    public static func load(path: String) throws(ConfigError) -> PipelineConfig {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(file: path, line: nil, message: "cannot read the pipeline file (\(error.localizedDescription))")
        }
        return try parse(yaml: text, file: path)
    }

    public static func parse(yaml: String, file: String) throws(ConfigError) -> PipelineConfig {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw ConfigError(file: file, line: Self.line(of: error), message: "invalid YAML: \(Self.summary(of: error))")
        } catch {
            throw ConfigError(file: file, line: nil, message: "invalid YAML: \(error)")
        }
        var config = PipelineConfig(file: file)
        config.yaml = yaml
        guard let root else { return config }
        guard let top = root.mapping else {
            throw ConfigError(file: file, line: Self.line(root), message: "expected a mapping with a `stages:` key")
        }
        for (key, value) in top {
            switch key.string {
            case "version":
                guard value.int == 1 else {
                    throw ConfigError(file: file, line: Self.line(value), message: "unsupported version \(value.string ?? "?"); this Lectern reads version 1")
                }
            case "stages":
                guard let stages = value.mapping else {
                    throw ConfigError(file: file, line: Self.line(value), message: "`stages` must be a mapping of stage names to options")
                }
                for (stageKey, options) in stages {
                    guard let name = stageKey.string, let stage = StageID(rawValue: name) else {
                        let known = StageID.allCases.map(\.rawValue).joined(separator: ", ")
                        throw ConfigError(file: file, line: Self.line(stageKey), message: "unknown stage '\(stageKey.string ?? "?")' (known stages: \(known))")
                    }
                    try Stages.stage(stage).applyOptions(options, to: &config)
                }
            case "exports":
                config.exports = try Self.exportFormats(value, file: file)
            case "store":
                guard let address = value.string, StoreAddress(address) != nil else {
                    throw ConfigError(file: file, line: Self.line(value), message: "`store` must be a postgres://USER@HOST:PORT/DB address")
                }
                config.store = address
            default:
                throw ConfigError(file: file, line: Self.line(key), message: "unknown key '\(key.string ?? "?")' (expected `version`, `stages`, `exports` or `store`)")
            }
        }
        return config
    }

    private static func exportFormats(_ node: Node, file: String) throws(ConfigError) -> [ExportFormat] {
        if node.null != nil { return [] }
        let known = ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        guard let list = node.sequence else {
            throw ConfigError(file: file, line: line(node), message: "`exports` must be a list of formats (\(known))")
        }
        var formats: [ExportFormat] = []
        for entry in list {
            guard let name = entry.string, let format = ExportFormat(rawValue: name) else {
                throw ConfigError(file: file, line: line(entry), message: "unknown export format '\(entry.string ?? "?")' (known formats: \(known))")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }

    /// Overlays the file's values on the defaults, so an option left out keeps its default.
    typealias OptionsNode = Node

    func decodeOptions<T: StageOptions>(_ node: Node, stage: StageID) throws(ConfigError) -> T {
        if node.null != nil { return T() }
        guard let mapping = node.mapping else {
            throw ConfigError(file: file, line: Self.line(node), message: "options of stage '\(stage.rawValue)' must be a mapping")
        }
        // The defaults as a YAML mapping, with the file's values laid over them.
        guard let defaultsYAML = try? YAMLEncoder().encode(T()),
              var merged = (try? Yams.compose(yaml: defaultsYAML))??.mapping else {
            throw ConfigError(file: file, line: nil, message: "internal error: cannot encode the defaults of stage '\(stage.rawValue)'")
        }
        var lines: [String: Int] = [:]
        for (key, value) in mapping {
            guard let name = key.string, T.optionNames.contains(name) else {
                throw ConfigError(file: file, line: Self.line(key),
                                  message: "unknown option '\(key.string ?? "?")' for stage '\(stage.rawValue)' (known: \(T.optionNames.joined(separator: ", ")))")
            }
            guard value.scalar != nil, value.null == nil else {
                throw ConfigError(file: file, line: Self.line(value), message: "option '\(name)' of stage '\(stage.rawValue)' needs a single value")
            }
            merged[name] = value
            lines[name] = Self.line(value)
        }
        let options: T
        do {
            options = try YAMLDecoder().decode(T.self, from: Node.mapping(merged))
        } catch let DecodingError.typeMismatch(type, context) {
            let name = context.codingPath.first?.stringValue ?? "?"
            throw ConfigError(file: file, line: lines[name], message: "option '\(name)' of stage '\(stage.rawValue)' must be \(Self.describe(type))")
        } catch {
            let name = Self.optionName(of: error)
            throw ConfigError(file: file, line: name.flatMap { lines[$0] } ?? Self.line(node),
                              message: "options of stage '\(stage.rawValue)': \(error)")
        }
        if let problem = options.problem() {
            throw ConfigError(file: file, line: lines[problem.option] ?? Self.line(node),
                              message: "stage '\(stage.rawValue)': \(problem)")
        }
        return options
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is String.Type: return "a text value"
        default: return "of type \(type)"
        }
    }

    private static func line(_ node: Node) -> Int? { node.mark.map { $0.line } }

    /// The option a decoding error is about, from its coding path.
    private static func optionName(of error: any Error) -> String? {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath.first?.stringValue
        case .keyNotFound(let key, let context):
            return context.codingPath.first?.stringValue ?? key.stringValue
        default:
            return nil
        }
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _): return mark.line
        default: return nil
        }
    }

    private static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _): return problem
        default: return "\(error)"
        }
    }
}
