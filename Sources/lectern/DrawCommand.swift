import ArgumentParser
import Foundation
import LecternLectures
import LecternJSON
import LecternModel

struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Draw questions from a lecture's question pool, reproducibly.",
        discussion: """
        The same bundle and seed always give the same questions in the same order, on every machine: an \
        optional quiz, or a duel where both players get the same questions. Reads OUT/bundles/lectures/ID.json.
        Exit 2 when the bundle does not exist.

        Example: lectern draw --bundle 3f2a… --count 5 --seed duel-42 --json
        """)

    @Option(help: "The lecture bundle's ID (its file name in OUT/bundles/lectures without .json).")
    var bundle: String
    @Option(help: "How many pool questions to draw.") var count = 5
    @Option(help: "Any text; the same seed gives the same draw.") var seed: String
    @Option(help: "Which rendering to show: 1 basic multiple choice … 4 master free text.") var level = 1
    @Option(help: "The output folder the bundle was published to.") var out = "output"
    @Flag(help: "Print the draw as JSON on stdout.") var json = false

    struct Drawn: Codable {
        var position: Int
        var id: String
        var topicId: String
        var topicTitle: String?
        var rendering: PoolQuestion.Rendering
        var renderings: [PoolQuestion.Rendering]
    }

    struct Draw: Codable {
        var bundle: String
        var seed: String
        var count: Int
        var level: Int
        var poolSize: Int
        var questions: [Drawn]
    }

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard (1...4).contains(level) else { throw ValidationError("--level must be 1, 2, 3 or 4") }
        guard !bundle.isEmpty, !bundle.contains("/"), !bundle.hasPrefix(".") else {
            throw ValidationError("--bundle takes a bundle ID, not a path")
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: out).appendingPathComponent(OutputLayout.bundle(kind: .lecture, id: bundle)!)
        guard let data = try? Data(contentsOf: url) else {
            FileHandle.standardError.write(Data("lectern draw: no lecture bundle '\(bundle)' in \(out)/bundles/lectures (run `lectern status --out \(out)` for the IDs)\n".utf8))
            throw ExitCode(2)
        }
        let lecture: LectureBundle
        do {
            lecture = try CanonicalJSON.decode(LectureBundle.self, from: data)
        } catch {
            FileHandle.standardError.write(Data("lectern draw: \(url.path) is not a lecture bundle: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let titles = Dictionary(lecture.subjects.flatMap(\.topics).map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let drawn = PoolDraw.draw(from: lecture, count: count, seed: seed).enumerated().map { index, item in
            Drawn(position: index + 1, id: item.id, topicId: item.topicId, topicTitle: titles[item.topicId],
                  rendering: item.renderings.first { $0.level == level } ?? item.renderings[0], renderings: item.renderings)
        }
        let result = Draw(bundle: lecture.id, seed: seed, count: drawn.count, level: level,
                          poolSize: lecture.questionPool.count, questions: drawn)
        if json {
            FileHandle.standardOutput.write(try CanonicalJSON.encode(result))
            print()
            return
        }
        print("\(lecture.title): \(drawn.count) of \(lecture.questionPool.count) pool questions, seed \"\(seed)\", level \(level)")
        for question in drawn {
            let r = question.rendering
            print("\n\(question.position). [\(question.id)] \(question.topicTitle ?? question.topicId) (level \(r.level), \(r.format.rawValue))")
            print("   \(r.prompt)")
            for (index, option) in (r.options ?? []).enumerated() {
                let letter = String(UnicodeScalar(UInt8(65 + index)))
                print("   \(letter)) \(option)")
            }
        }
        if drawn.count < count {
            print("\nThe pool has only \(lecture.questionPool.count) questions.")
        }
    }
}
