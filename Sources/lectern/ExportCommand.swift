import ArgumentParser
import Foundation
import LecternExport
import LecternModel
import LecternPipeline

extension ExportFormat: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export done items to Moodle (XML or GIFT), another LMS (QTI 2.1) or Anki.",
        discussion: """
        Homework quizzes and word tests go to question banks (moodle-xml, gift, qti21); word lists and lecture \
        question pools go to Anki (one deck per word list, decks Course::Subject::Topic for pools); pools also go \
        to moodle-xml, gift and qti21. Files are written to DIR/FORMAT/KIND/ID.EXT. Question and note \
        identifiers stay the same when a question's wording is fixed: see docs/EXPORTS.md (and why to replace \
        a Moodle category rather than import into it again).
        Exit 2 on a usage error or when nothing matches.

        Example: lectern export --format moodle-xml --kind homework --to exports
        """)

    @Option(help: "moodle-xml, gift, qti21 or anki.") var format: ExportFormat
    @Option(help: "Only items of this kind: homework, wordlist or lecture.") var kind: String?
    @Option(help: "Only this item (an ID, a unique ID prefix or its source path). Default: every done item.") var item: String?
    @Option(help: "The folder to write to. Default: OUT/exports.") var to: String?
    @OptionGroup var out: OutOptions

    func validate() throws {
        if let kind, ItemKind(rawValue: kind).flatMap { OutputLayout.bundle(kind: $0, id: "") } == nil {
            throw ValidationError("--kind must be homework, wordlist or lecture, not '\(kind)'")
        }
    }

    func run() throws {
        let destination = to.map { URL(fileURLWithPath: $0) } ?? out.url.appendingPathComponent(OutputLayout.exports)
        do {
            let written = try ExportPublisher(out: out.url).export(formats: [format], kind: kind.flatMap(ItemKind.init(rawValue:)),
                                                                   item: item, to: destination)
            print("\(written.count) file\(written.count == 1 ? "" : "s") written to \(destination.path):")
            for path in written { print("  \(path)") }
        } catch let error as ExportError {
            FileHandle.standardError.write(Data("lectern export: \(error)\n".utf8))
            throw ExitCode(error.code == .writeFailed ? 1 : 2)
        }
    }
}
