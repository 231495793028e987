import Foundation
import LecternExport
import LecternModel
import LecternPipeline
import Testing

struct GIFTReport: Decodable {
    struct Option: Decodable { var text: String; var correct: Bool; var feedback: String; var html: RenderedHTML }
    struct Question: Decodable { var title: String; var markup: String; var html: RenderedHTML; var generalHTML: RenderedHTML; var options: [Option] }
    struct ThirdParty: Decodable { var title: String; var valid: Bool; var options: Int; var correct: Int }
    var questions: [Question]
    var pygiftparser: [ThirdParty]
}

struct MoodleReport: Decodable {
    struct Option: Decodable { var text: String; var fraction: Double; var feedback: String }
    struct Question: Decodable {
        var name: String; var text: String; var html: RenderedHTML; var idnumber: String; var files: Int
        var generalFeedback: String; var single: Bool; var options: [Option]
    }
    var categories: [String]
    var questions: [Question]
}

struct QTIReport: Decodable {
    struct Choice: Decodable { var identifier: String; var text: String }
    struct Item: Decodable {
        var identifier: String; var prompt: String; var choices: [Choice]; var correct: [String]; var feedback: [String]
        var images: [String]; var scored: Bool
    }
    var items: [Item]
}

struct AnkiReport: Decodable {
    struct Note: Decodable {
        var guid: String; var notetype: String; var fields: [String: String]; var plain: [String: String]
        var tags: [String]; var deck: String; var mod: Int64
    }
    var new: Int; var updated: Int; var duplicate: Int; var conflicting: Int; var firstFieldMatch: Int; var missingNotetype: Int
    var notes: [Note]
}

/// Every question the bundles hold, in export order, for comparing with what a consumer read.
private func expectedQuestions(_ bundles: [ExportBundle]) -> [ExportQuestion] {
    bundles.sorted { ($0.kind, $0.id) < ($1.kind, $1.id) }.flatMap { $0.questionCategories.flatMap(\.questions) }
}

private func isNCName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
    return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
}

/// A homework bundle whose questions and explanations were replaced by hostile text (as a teacher's fix could).
private func hostileHomework() throws -> ExportBundle {
    var (bundle, thumbnail) = try SampleRun.homework()
    bundle.id = "hostile-" + bundle.id
    bundle.source.path = "photos/hostile.jpg"
    for index in bundle.quiz.questions.indices {
        let text = hostileTexts[index % hostileTexts.count]
        bundle.quiz.questions[index].stem = "\(index + 1). " + text
        bundle.quiz.questions[index].explanation = "Because " + text
        bundle.quiz.questions[index].options[0] = text + " (a)"
        bundle.quiz.questions[index].options[1] = "{" + text + "}"
    }
    return .homework(bundle, thumbnail: thumbnail)
}

@Suite(.serialized) struct ExportTests {
    @Test func identifiersSurviveWordingFixesAndChangeForNewQuestions() throws {
        let (homework, thumbnail) = try SampleRun.homework()
        let original = ExportBundle.homework(homework, thumbnail: thumbnail).questionCategories.flatMap(\.questions)
        var fixed = homework
        fixed.quiz.questions[0].stem = fixed.quiz.questions[0].stem.uppercased() + "  "
        fixed.quiz.questions[0].explanation += " (checked)"
        fixed.quiz.questions[0].options.reverse()
        // A question whose stem no other shares ("Which of these statements does the text support?" is shared, and
        // such questions are told apart by their order).
        let stems = homework.quiz.questions.map(\.stem)
        let renamed = try #require(stems.indices.dropFirst().first { index in stems.filter { $0 == stems[index] }.count == 1 })
        fixed.quiz.questions[renamed].stem = "Which river is the longest in the world?"
        let after = ExportBundle.homework(fixed, thumbnail: thumbnail).questionCategories.flatMap(\.questions)
        #expect(original.count == homework.quiz.questions.count && original.count >= 2)
        #expect(after[0].id == original[0].id)
        #expect(after[renamed].id != original[renamed].id)
        for index in original.indices where index != renamed { #expect(after[index].id == original[index].id) }
        let all = try expectedQuestions(SampleRun.bundles()).map(\.id)
        #expect(Set(all).count == all.count)
        for id in all { #expect(isNCName(id) && id.count <= 100, "\(id)") }
    }

    @Test func exportsAreDeterministic() throws {
        let bundles = try SampleRun.bundles()
        for format in ExportFormat.allCases {
            var first = AnkiNoteTimes()
            var second = AnkiNoteTimes()
            let a = try Exporter.export(bundles, format: format, noteTimes: &first, now: 1_800_000_000)
            let b = try Exporter.export(bundles, format: format, noteTimes: &second, now: 1_800_000_000)
            #expect(!a.isEmpty && a == b, "\(format)")
        }
    }

    @Test func giftFollowsMoodlesRulesAndPygiftparserReadsEveryQuestion() throws {
        var times = AnkiNoteTimes()
        let bundles = try SampleRun.bundles() + [try hostileHomework()]
        let expected = expectedQuestions(bundles)
        var read: [GIFTReport.Question] = []
        for file in try exportFiles(bundles, .gift, times: &times) {
            let report = try Checker.run(GIFTReport.self, ["gift", file.path])
            read += report.questions
            #expect(report.pygiftparser.count == report.questions.count)
            // pygiftparser ends an answer block at the first `}` even when it is escaped (Moodle does not), so it
            // reads the hostile bundle's `\}` options wrongly; it must read every real sample question.
            if file.lastPathComponent.hasPrefix("hostile-") { continue }
            for question in report.pygiftparser {
                #expect(question.valid && question.options == 4 && question.correct == 1, "\(question.title)")
            }
        }
        try #require(read.count == expected.count)
        for (question, want) in zip(read, expected) {
            #expect(question.markup == "html")
            #expect(question.html.first == want.stem)
            #expect(question.html.pre == want.codeBlocks)
            #expect(question.generalHTML.plain == want.explanation)
            #expect(question.options.map(\.html.plain) == want.options)
            #expect(question.options.map(\.correct) == want.options.indices.map { $0 == want.answerIndex })
            #expect(Set(question.html.elements).isSubset(of: ["p", "pre"]), "\(question.html.elements)")
        }
    }

    @Test func moodleXMLIsValidAndReadBackWithFeedback() throws {
        var times = AnkiNoteTimes()
        let bundles = try SampleRun.bundles() + [try hostileHomework()]
        let expected = expectedQuestions(bundles)
        var read: [MoodleReport.Question] = []
        var categories: [String] = []
        for file in try exportFiles(bundles, .moodleXML, times: &times) {
            let report = try Checker.run(MoodleReport.self, ["moodle", file.path, Paths.moodleSchema.path])
            read += report.questions
            categories += report.categories
        }
        try #require(read.count == expected.count)
        #expect(categories.contains { $0.hasPrefix("$course$/top/Lectern/Homework/") })
        for (question, want) in zip(read, expected) {
            #expect(question.idnumber == want.id)
            #expect(question.single)
            #expect(question.html.first == want.stem)
            #expect(question.files == (want.image == nil ? 0 : 1))
            #expect(question.html.elements.contains("img") == (want.image != nil))
            #expect(Set(question.html.elements).isSubset(of: ["p", "pre", "img"]), "\(question.html.elements)")
            #expect(question.text.hasPrefix("<p>" + want.stem + "</p>"))
            #expect(question.generalFeedback == want.explanation)
            #expect(question.options.map(\.text) == want.options)
            #expect(question.options.map(\.fraction) == want.options.indices.map { $0 == want.answerIndex ? 100 : 0 })
            #expect(question.options.allSatisfy { !$0.feedback.isEmpty })
        }
    }

    @Test func qtiPackageIsReadByAnIndependentLibrary() throws {
        var times = AnkiNoteTimes()
        let bundles = try SampleRun.bundles() + [try hostileHomework()]
        let expected = expectedQuestions(bundles)
        var read: [QTIReport.Item] = []
        for file in try exportFiles(bundles, .qti21, times: &times) {
            read += try Checker.run(QTIReport.self, ["qti", file.path]).items
        }
        try #require(read.count == expected.count)
        for (item, want) in zip(read, expected) {
            #expect(item.identifier == want.id)
            #expect(item.prompt.hasPrefix(want.stem))
            #expect(item.choices.map(\.text) == want.options)
            #expect(item.correct == [item.choices[want.answerIndex].identifier])
            #expect(item.feedback == [want.explanation])
            #expect(item.scored)
            #expect(item.images.count == (want.image == nil ? 0 : 1))
        }
    }

    @Test func ankiImportsReimportsAndUpdatesAChangedNote() throws {
        let wordlist = try SampleRun.wordlist()
        let lecture = try SampleRun.lecture()
        let collection = try Paths.temporaryFolder("anki").appendingPathComponent("collection.anki2").path
        var times = AnkiNoteTimes()
        let bundles: [ExportBundle] = [.wordlist(wordlist), .lecture(lecture)]
        let expectedNotes = bundles.flatMap(\.ankiNotes)
        let files = try exportFiles(bundles, .anki, times: &times, now: 1_800_000_000, folder: "first")
        var imported: AnkiReport?
        for file in files { imported = try Checker.run(AnkiReport.self, ["anki", collection, file.path]) }
        let first = try #require(imported)
        #expect(first.notes.count == expectedNotes.count)
        let byGUID = Dictionary(uniqueKeysWithValues: first.notes.map { ($0.guid, $0) })
        // A card teaches its definition: only words whose sense is sure (high, or picked by a teacher) get one.
        #expect(wordlist.words.contains { !$0.senseIsSure } && wordlist.words.contains(where: \.senseIsSure))
        for entry in wordlist.words {
            let guid = StableID.make("lectern-w", [wordlist.source.path, entry.word])
            guard entry.senseIsSure else {
                #expect(byGUID[guid] == nil, "\(entry.word) (\(entry.senseConfidence?.rawValue ?? "no sense")) has a card")
                continue
            }
            let note = try #require(byGUID[guid], "\(entry.word)")
            #expect(note.notetype == "Lectern word")
            #expect(note.plain["Word"] == entry.word && note.plain["Level"] == entry.level.rawValue)
            #expect(note.plain["Definition"] == (entry.definition ?? "") && note.plain["POS"] == (entry.partOfSpeech ?? ""))
            #expect(note.plain["Context"] == entry.context && note.fields["Context"]!.contains("<b>"))
            #expect(note.tags.contains("level::\(entry.level.rawValue)"))
            #expect(note.deck == "Lectern::Words::why-bread-rises")
        }
        let poolDecks = Set(first.notes.filter { $0.notetype == "Lectern question" }.map(\.deck))
        let topicDecks = Set(lecture.subjects.flatMap { subject in subject.topics.map { "\(lecture.title)::\(subject.title)::\($0.title)" } })
        #expect(!poolDecks.isEmpty && poolDecks.isSubset(of: topicDecks))

        // The same export again: nothing new, updated or in conflict, and no note twice in the collection
        // (Anki's log counts each note it skipped as already present under `duplicate`).
        for file in files {
            let again = try Checker.run(AnkiReport.self, ["anki", collection, file.path])
            #expect(again.new == 0 && again.updated == 0 && again.conflicting == 0 && again.firstFieldMatch == 0)
            #expect(again.notes.count == expectedNotes.count && Set(again.notes.map(\.guid)).count == expectedNotes.count)
        }

        // One definition fixed: that note (and only it) is updated, with no conflict.
        var fixed = wordlist
        let sure = try #require(fixed.words.firstIndex { $0.senseIsSure })
        fixed.words[sure].definition = "A corrected definition & <more>"
        let changed = try exportFiles([.wordlist(fixed)], .anki, times: &times, now: 1_800_000_000, folder: "second")
        let update = try Checker.run(AnkiReport.self, ["anki", collection, changed[0].path])
        #expect(update.new == 0 && update.updated == 1 && update.conflicting == 0 && update.missingNotetype == 0)
        let note = try #require(update.notes.first { $0.guid == StableID.make("lectern-w", [wordlist.source.path, fixed.words[sure].word]) })
        #expect(note.plain["Definition"] == "A corrected definition & <more>")
    }

    @Test func hostileWordsSurviveAnki() throws {
        var wordlist = try SampleRun.wordlist()
        // Words with a card: those whose sense is sure.
        let carded = Array(wordlist.words.indices.filter { wordlist.words[$0].senseIsSure }.prefix(hostileTexts.count))
        #expect(carded.count == hostileTexts.count)
        for (index, text) in zip(carded, hostileTexts) {
            wordlist.words[index].definition = text
            wordlist.words[index].context = text + " " + wordlist.words[index].word
        }
        var times = AnkiNoteTimes()
        let file = try exportFiles([.wordlist(wordlist)], .anki, times: &times)[0]
        let collection = try Paths.temporaryFolder("anki-hostile").appendingPathComponent("collection.anki2").path
        let report = try Checker.run(AnkiReport.self, ["anki", collection, file.path])
        for entry in carded.map({ wordlist.words[$0] }) {
            let note = try #require(report.notes.first { $0.guid == StableID.make("lectern-w", [wordlist.source.path, entry.word]) })
            #expect(note.plain["Definition"] == entry.definition && note.plain["Context"] == entry.context)
            #expect(!note.fields["Definition"]!.contains("<script"))
        }
    }

    @Test func pipelineFileRejectsAnUnknownExportFormatWithItsLine() throws {
        let yaml = "version: 1\nexports:\n  - gift\n  - scorm\n"
        #expect(throws: ConfigError.self) { try PipelineConfig.parse(yaml: yaml, file: "p.yml") }
        do {
            _ = try PipelineConfig.parse(yaml: yaml, file: "p.yml")
        } catch {
            #expect(error.line == 4 && error.message.contains("scorm"))
        }
        #expect(try PipelineConfig.parse(yaml: "exports: [anki, gift]\n", file: "p.yml").exports == [.anki, .gift])
    }

    @Test func runKeepsExportsCurrentAndCheckSeesNoDrift() throws {
        let root = try Paths.temporaryFolder("run-exports")
        var config = PipelineConfig()
        config.exports = ExportFormat.allCases
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.repoRoot.appendingPathComponent("samples/scripts/why-bread-rises.txt"),
                                         to: inbox.appendingPathComponent("scripts/why-bread-rises.txt"))
        let published = root.appendingPathComponent("published")
        _ = try Pipeline(out: published).run(inbox: inbox, config: config, jobs: 2, progress: nil)
        let files = PublishedFiles.list(in: published, exports: config.exports).keys.filter { $0.hasPrefix("exports/") }.sorted()
        #expect(files.contains { $0.hasPrefix("exports/anki/wordlist/") && $0.hasSuffix(".apkg") })
        #expect(files.contains { $0.hasPrefix("exports/gift/wordlist/") })
        #expect(files.contains(OutputLayout.ankiNoteTimes))
        // What `lectern check` does: a fresh build, seeded with the published note times, compared file by file.
        let fresh = root.appendingPathComponent("fresh")
        try ExportPublisher.copyNoteTimes(from: published, to: fresh)
        _ = try Pipeline(out: fresh).run(inbox: inbox, config: config, jobs: 2, progress: nil)
        #expect(PublishedFiles.differences(between: published, and: fresh, exports: config.exports) == [])
        // An export file removed by hand is drift, like a bundle.
        try FileManager.default.removeItem(at: published.appendingPathComponent(files.first { $0.hasPrefix("exports/gift/") }!))
        #expect(PublishedFiles.differences(between: published, and: fresh, exports: config.exports).count == 1)
    }
}

@Suite(.serialized) struct LectureCodeExportTests {
    /// A lecture whose first pool question (a multiple-choice rendering) quotes a line of its topic's code block.
    private func lectureQuotingCode() throws -> (LectureBundle, code: String, poolIndex: Int) {
        var lecture = try SampleRun.lecture()
        for (index, question) in lecture.questionPool.enumerated() {
            let topic = lecture.subjects.flatMap(\.topics).first { $0.id == question.topicId }
            guard let code = topic?.blocks.first(where: { $0.type == .code && ($0.text?.contains("\n") ?? false) })?.text,
                  let rendering = question.renderings.firstIndex(where: { $0.format == .multipleChoice }) else { continue }
            let line = String(code.split(separator: "\n").first(where: { $0.count >= 4 })!)
            lecture.questionPool[index].renderings[rendering].prompt = "What does `\(line)` do in this program {x}?"
            return (lecture, code, index)
        }
        throw CheckerFailure(description: "no pool question in a topic with a multi-line code block")
    }

    @Test func codeBlocksAreKeptVerbatimInEveryFormat() throws {
        let (lecture, code, _) = try lectureQuotingCode()
        var times = AnkiNoteTimes()
        let gift = try exportFiles([.lecture(lecture)], .gift, times: &times)[0]
        let giftQuestions = try Checker.run(GIFTReport.self, ["gift", gift.path]).questions
        #expect(giftQuestions.filter { $0.html.pre == [code] }.count == 1)
        let moodle = try exportFiles([.lecture(lecture)], .moodleXML, times: &times)[0]
        let moodleQuestions = try Checker.run(MoodleReport.self, ["moodle", moodle.path, Paths.moodleSchema.path]).questions
        #expect(moodleQuestions.filter { $0.html.pre == [code] }.count == 1)
        let qti = try exportFiles([.lecture(lecture)], .qti21, times: &times)[0]
        #expect(try Checker.run(QTIReport.self, ["qti", qti.path]).items.filter { $0.prompt.contains(code) }.count == 1)
        let anki = try exportFiles([.lecture(lecture)], .anki, times: &times)[0]
        let collection = try Paths.temporaryFolder("anki-code").appendingPathComponent("collection.anki2").path
        let notes = try Checker.run(AnkiReport.self, ["anki", collection, anki.path]).notes
        #expect(notes.filter { $0.plain["Question"]!.hasSuffix(code) }.count == 1)
    }
}

@Suite struct ExportCommandTests {
    private func lectern(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let executable = Paths.repoRoot.appendingPathComponent(".build/debug/lectern")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func exportWritesFilesAndRefusesBadRequestsWithExitTwo() throws {
        let out = try SampleRun.output().path
        let destination = try Paths.temporaryFolder("cli")
        let written = try lectern(["export", "--format", "gift", "--kind", "wordlist", "--out", out, "--to", destination.path])
        #expect(written.status == 0, "\(written.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: destination.appendingPathComponent("gift/wordlist").path)
        #expect(files.count == 1 && files[0].hasSuffix(".gift.txt"))
        #expect(try lectern(["export", "--format", "scorm", "--out", out]).status == 2)
        #expect(try lectern(["export", "--format", "anki", "--kind", "post", "--out", out]).status == 2)
        let unknown = try lectern(["export", "--format", "anki", "--item", "no-such-item", "--out", out, "--to", destination.path])
        #expect(unknown.status == 2 && unknown.output.contains("nothing-to-export"))
        let noIndex = try lectern(["export", "--format", "gift", "--out", destination.path])
        #expect(noIndex.status == 2 && noIndex.output.contains("run `lectern run` first"))
    }
}

@Suite struct HostileCorpusExportTests {
    /// The items of scripts/make-hostile-corpus.py that become bundles (pages with scripts, event handlers and
    /// `javascript:` links, odd encodings) go through every exporter and every consumer.
    @Test func bundlesOfTheHostileCorpusExportAndReadBack() throws {
        let root = try Paths.temporaryFolder("hostile-corpus")
        let inbox = root.appendingPathComponent("inbox")
        let maker = Process()
        maker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        maker.arguments = ["python3", Paths.repoRoot.appendingPathComponent("scripts/make-hostile-corpus.py").path, inbox.path]
        try maker.run()
        maker.waitUntilExit()
        try #require(maker.terminationStatus == 0)
        let out = root.appendingPathComponent("out")
        _ = try Pipeline(out: out).run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil)
        let destination = root.appendingPathComponent("exports")
        let publisher = ExportPublisher(out: out)
        let collection = root.appendingPathComponent("collection.anki2").path
        var questions = 0
        for format in ExportFormat.allCases {
            for path in try publisher.export(formats: [format], to: destination) {
                let file = destination.appendingPathComponent(path).path
                switch format {
                case .gift: questions += try Checker.run(GIFTReport.self, ["gift", file]).questions.count
                case .moodleXML:
                    let report = try Checker.run(MoodleReport.self, ["moodle", file, Paths.moodleSchema.path])
                    #expect(report.questions.allSatisfy { Set($0.html.elements).isSubset(of: ["p", "pre", "img"]) })
                case .qti21: _ = try Checker.run(QTIReport.self, ["qti", file])
                case .anki: #expect(try Checker.run(AnkiReport.self, ["anki", collection, file]).conflicting == 0)
                }
            }
        }
        #expect(questions > 0)
    }
}
