import Foundation
import LecternModel

/// A bundle to export, with the bytes of the images it shows (read by the caller: this module does no I/O).
public enum ExportBundle: Sendable {
    case homework(HomeworkBundle, thumbnail: Data?)
    case wordlist(WordListBundle)
    case lecture(LectureBundle)

    public var id: String {
        switch self {
        case .homework(let bundle, _): return bundle.id
        case .wordlist(let bundle): return bundle.id
        case .lecture(let bundle): return bundle.id
        }
    }

    /// The item kind's name, as `--kind` spells it and as the export folder is named.
    public var kind: ItemKind {
        switch self {
        case .homework: return .homework
        case .wordlist: return .wordlist
        case .lecture: return .lecture
        }
    }

    var sourcePath: String {
        switch self {
        case .homework(let bundle, _): return bundle.source.path
        case .wordlist(let bundle): return bundle.source.path
        case .lecture(let bundle): return bundle.source.path
        }
    }

    /// A readable name for the source: its file or folder name without extension.
    var sourceName: String {
        let last = (sourcePath as NSString).lastPathComponent
        return (last as NSString).deletingPathExtension.isEmpty ? last : (last as NSString).deletingPathExtension
    }

    /// The multiple-choice questions of the bundle, grouped as a question bank would file them.
    public var questionCategories: [QuestionCategory] {
        switch self {
        case .homework(let bundle, let thumbnail):
            let questions = bundle.quiz.questions
            let ids = StableID.questions(source: bundle.source.path, stems: questions.map(\.stem), prefix: "lectern-hw")
            let image = thumbnail.map { ExportImage(fileName: "\(bundle.id).jpg", data: $0) }
            let tags = ["subject-\(Self.tagSafe(bundle.subject))"]
            let exported = zip(ids, questions).enumerated().map { index, pair in
                ExportQuestion(id: pair.0, name: "\(bundle.title) \(index + 1)", stem: pair.1.stem, options: pair.1.options,
                               answerIndex: pair.1.answerIndex, optionFeedback: [], explanation: pair.1.explanation,
                               tags: tags + ["level-\(pair.1.level)"], image: image)
            }
            return exported.isEmpty ? [] : [QuestionCategory(path: ["Lectern", "Homework", bundle.title], questions: exported)]
        case .wordlist(let bundle):
            return bundle.tests.compactMap { test in
                let ids = StableID.questions(source: bundle.source.path + "#" + test.level.rawValue,
                                             stems: test.questions.map(\.stem), prefix: "lectern-wt")
                let exported = zip(ids, test.questions).enumerated().map { index, pair in
                    ExportQuestion(id: pair.0, name: "\(sourceName) \(test.level.rawValue) \(index + 1)", stem: pair.1.stem,
                                   options: pair.1.options, answerIndex: pair.1.answerIndex, optionFeedback: [],
                                   explanation: pair.1.explanation, tags: ["level-\(test.level.rawValue)"])
                }
                return exported.isEmpty ? nil : QuestionCategory(path: ["Lectern", "Word lists", sourceName, test.level.rawValue],
                                                                 questions: exported)
            }
        case .lecture(let bundle):
            return Self.poolCategories(bundle)
        }
    }

    /// One category per topic; each pool question is asked by its first multiple-choice rendering.
    private static func poolCategories(_ bundle: LectureBundle) -> [QuestionCategory] {
        let pool = Dictionary(grouping: bundle.questionPool, by: \.topicId)
        var categories: [QuestionCategory] = []
        for subject in bundle.subjects {
            for topic in subject.topics {
                let asked = (pool[topic.id] ?? []).compactMap { question -> (PoolQuestion, PoolQuestion.Rendering)? in
                    guard let rendering = question.renderings.first(where: { $0.format == .multipleChoice && ($0.options?.count ?? 0) >= 2 }),
                          let answer = rendering.answerIndex, answer < rendering.options!.count else { return nil }
                    return (question, rendering)
                }
                let ids = StableID.questions(source: bundle.source.path + "#" + topic.title, stems: asked.map(\.1.prompt),
                                             prefix: "lectern-lp")
                let code = topic.blocks.filter { $0.type == .code || $0.type == .math }.compactMap(\.text)
                let questions = zip(ids, asked).enumerated().map { index, pair in
                    let (question, rendering) = pair.1
                    return ExportQuestion(id: pair.0, name: "\(topic.title) \(index + 1)", stem: rendering.prompt,
                                          codeBlocks: Self.blocksQuoted(by: rendering.prompt + " " + (rendering.explanation ?? ""), from: code),
                                          options: rendering.options!, answerIndex: rendering.answerIndex!, optionFeedback: [],
                                          explanation: rendering.explanation ?? rendering.expectedAnswer,
                                          tags: ["subject-\(tagSafe(subject.title))", "level-\(rendering.level)", "pool-\(question.id)"])
                }
                if !questions.isEmpty {
                    categories.append(QuestionCategory(path: ["Lectern", bundle.title, subject.title, topic.title], questions: questions))
                }
            }
        }
        return categories
    }

    /// The code or maths blocks of a topic that a question quotes from (a line of the block appears in it).
    static func blocksQuoted(by text: String, from blocks: [String]) -> [String] {
        blocks.filter { block in
            block.split(separator: "\n").contains { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.count >= 4 && text.contains(trimmed)
            }
        }
    }

    /// Tags are single words in every format: spaces and the separators formats use become `_`.
    static func tagSafe(_ text: String) -> String {
        String(text.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }
}
