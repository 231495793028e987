import Foundation
import LecternJSON
import LecternModel
import LecternPipeline
import LecternStore
import Testing

/// Whole runs through real Tesseract, libxml2, WordNet and SQLite on a small inbox.
@Suite struct PipelineRunTests {
    @Test func aFullRunPublishesBundlesOfAllThreeKinds() async throws {
        let baseline = try await Baseline.shared()
        let out = baseline.out
        let items = baseline.first.index.items

        // Every item done: one photo, one text, one course of two posts.
        #expect(items.count == 5)
        #expect(items.allSatisfy { $0.state == .done && $0.errorCode == nil }, "\(items.filter { $0.state != .done })")
        #expect(items.map(\.kind).sorted() == [.homework, .lecture, .post, .post, .wordlist])
        // ocr, quiz, words, wordtest, two parses, lecture and narrate (the voice is off: it hands the bundle on).
        #expect(baseline.first.stagesRun == 8 && baseline.first.cacheHits == 0)
        #expect(baseline.first.interrupted == false)
        #expect(baseline.statusAfterFirst.allSatisfy { $0.state == .done && $0.stages.allSatisfy { $0.willRebuild == nil } })

        // index.json on disk is the index the run returned, and names sources relative to the inbox.
        let index = try CanonicalJSON.decode(RunIndex.self, from: Data(contentsOf: out.appendingPathComponent("index.json")))
        #expect(index == baseline.first.index)
        #expect(index.schema == "lectern.index/1")
        for entry in index.items {
            #expect(!entry.source.path.hasPrefix("/"))
            let bundle = try #require(entry.bundle, "\(entry.source.path) has no bundle")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(bundle).path))
            if entry.kind != .lecture {
                let bytes = try Data(contentsOf: baseline.inbox.appendingPathComponent(entry.source.path))
                #expect(entry.source.sha256 == ContentHash.sha256(bytes))
            }
        }
        // No absolute paths in what is published (wall-clock times: see runsIntoTwoOutputFolders…).
        for (path, data) in baseline.filesAfterFirst where path.hasSuffix(".json") {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains(baseline.root.path), "\(path) contains an absolute path")
        }

        // Homework: OCR text, thumbnail, quiz.
        let photo = try #require(items.first { $0.kind == .homework })
        #expect(photo.bundle == "bundles/homework/\(photo.id).json")
        let homework = try jsonObject(out.appendingPathComponent("bundles/homework/\(photo.id).json"))
        #expect(homework["schema"] as? String == "lectern.homework/1")
        #expect(homework["id"] as? String == photo.id)
        let text = try #require(homework["text"] as? String)
        #expect(text.lowercased().contains("water cycle"), "OCR text: \(text.prefix(200))")
        #expect(text.split(separator: " ").count > 50)
        #expect((homework["title"] as? String)?.isEmpty == false)
        #expect((homework["subject"] as? String)?.isEmpty == false)
        let ocr = try #require(homework["ocr"] as? [String: Any])
        #expect((ocr["meanConfidence"] as? Double ?? 0) > 60)
        #expect(ocr["path"] as? String == "cleaned")
        let source = try #require(homework["source"] as? [String: Any])
        #expect(source["path"] as? String == "water-cycle.jpg")
        let thumbnailPath = try #require(homework["thumbnail"] as? String)
        #expect(thumbnailPath == "media/\(photo.id).jpg")
        let thumbnail = try Data(contentsOf: out.appendingPathComponent(thumbnailPath))
        #expect(thumbnail.count > 1000 && Array(thumbnail.prefix(3)) == [0xFF, 0xD8, 0xFF], "thumbnail is not a JPEG")
        let quiz = try #require(homework["quiz"] as? [String: Any])
        let questions = try #require(quiz["questions"] as? [[String: Any]])
        #expect((1...10).contains(questions.count))
        for question in questions {
            let options = try #require(question["options"] as? [String])
            #expect(options.count == 4 && Set(options.map { $0.lowercased() }).count == 4, "options \(options)")
            #expect((0..<4).contains(question["answerIndex"] as? Int ?? -1))
            #expect((question["explanation"] as? String)?.isEmpty == false)
            #expect((question["stem"] as? String)?.isEmpty == false)
        }

        // Lecture: two weekly subjects, topics with typed blocks, engagement questions and a pool.
        let course = try #require(items.first { $0.kind == .lecture })
        #expect(course.source.path == "tiny-python")
        let posts = items.filter { $0.kind == .post }
        #expect(posts.allSatisfy { $0.course == course.id && $0.bundle == course.bundle })
        let lectureData = try Data(contentsOf: out.appendingPathComponent(try #require(course.bundle)))
        let lecture = try #require(try JSONSerialization.jsonObject(with: lectureData) as? [String: Any])
        #expect(lecture["schema"] as? String == "lectern.lecture/1")
        #expect((lecture["title"] as? String)?.isEmpty == false)
        let subjects = try #require(lecture["subjects"] as? [[String: Any]])
        #expect(subjects.count == 2)
        let topics = subjects.flatMap { $0["topics"] as? [[String: Any]] ?? [] }
        #expect(topics.count >= 3)
        let topicTitles = topics.compactMap { $0["title"] as? String }
        #expect(topicTitles.contains("Printing text") && topicTitles.contains("The for loop"), "\(topicTitles)")
        let blocks = topics.flatMap { $0["blocks"] as? [[String: Any]] ?? [] }
        let allowed: Set<String> = ["paragraph", "heading", "code", "math", "quote", "list", "image", "table"]
        let types = blocks.map { $0["type"] as? String ?? "(none)" }
        #expect(Set(types).isSubset(of: allowed), "\(types)")
        for type in ["paragraph", "code", "quote", "list", "math"] {
            #expect(types.contains(type), "no \(type) block in \(types)")
        }
        #expect(blocks.contains { $0["type"] as? String == "code" && ($0["text"] as? String)?.contains("print(\"Hello, world\")") == true })
        #expect(blocks.contains { $0["type"] as? String == "math" && ($0["text"] as? String)?.contains("\\pi r^2") == true })
        #expect(topics.allSatisfy { $0["engagementQuestion"] is [String: Any] })
        // Three lessons are too few for "which lesson says this?": the pool asks which sentence each lesson makes.
        let pool = try #require(lecture["questionPool"] as? [[String: Any]])
        #expect(!pool.isEmpty)
        for item in pool {
            let renderings = try #require(item["renderings"] as? [[String: Any]])
            #expect(renderings.compactMap { $0["level"] as? Int } == [1, 2, 3, 4])
            #expect(renderings.first?["format"] as? String == "multiple-choice")
            #expect((renderings.first?["options"] as? [String])?.count == 4)
        }
        let lectureText = String(decoding: lectureData, as: UTF8.self)
        for unsafe in ["alert(", "javascript:", "onclick", "steal()", "<script"] {
            #expect(!lectureText.contains(unsafe), "the lecture bundle carries \(unsafe)")
        }

        // Word list: lemmas with levels, definitions and context sentences taken from the text.
        let script = try #require(items.first { $0.kind == .wordlist })
        let wordlist = try jsonObject(out.appendingPathComponent("bundles/wordlists/\(script.id).json"))
        #expect(wordlist["schema"] as? String == "lectern.wordlist/1")
        let words = try #require(wordlist["words"] as? [[String: Any]])
        #expect(words.count >= 10)
        let flatStory = Inputs.story.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for entry in words {
            let word = try #require(entry["word"] as? String)
            let context = try #require(entry["context"] as? String)
            #expect(flatStory.contains(context), "context of \(word) is not a sentence of the text: \(context)")
            #expect(["beginner", "intermediate", "advanced"].contains(entry["level"] as? String ?? ""))
        }
        let lemmas = words.compactMap { $0["word"] as? String }
        #expect(lemmas.contains("bridge") && lemmas.contains("engineer"), "\(lemmas)")
        let bridge = try #require(words.first { $0["word"] as? String == "bridge" })
        #expect((bridge["context"] as? String)?.contains("bridge") == true)
        #expect((bridge["definition"] as? String)?.isEmpty == false)
    }

    @Test func aSecondRunDoesNoWorkAndRewritesNothing() async throws {
        let baseline = try await Baseline.shared()
        #expect(baseline.second.stagesRun == 0)
        #expect(baseline.second.cacheHits == 0)
        #expect(baseline.second.hashedFiles == 0, "unchanged files were hashed again")
        #expect(baseline.second.index == baseline.first.index)
        #expect(baseline.filesAfterSecond == baseline.filesAfterFirst)
        #expect(baseline.modificationDatesAfterSecond == baseline.modificationDatesAfterFirst, "published files were rewritten")
        #expect(!baseline.filesAfterFirst.isEmpty)
        #expect(baseline.filesAfterFirst.keys.sorted().filter { $0.hasPrefix("bundles/") }.count == 3)
    }

    @Test func aPublishedFileChangedOrDeletedByHandIsRestoredByTheNextRun() async throws {
        let baseline = try await Baseline.shared()
        let folder = try TestFolder()
        let (inbox, out) = try baseline.copy(into: folder)
        _ = try await runPipeline(out: out, inbox: inbox, jobs: 1) // the copies' new stats are recorded
        let bundles = baseline.filesAfterFirst.keys.filter { $0.hasPrefix("bundles/") }.sorted()
        let thumbnail = try #require(baseline.filesAfterFirst.keys.first { $0.hasPrefix("media/") && $0.hasSuffix(".jpg") })
        let edited = try #require(bundles.first), deleted = try #require(bundles.last)
        // Same size, other bytes: the record's size check alone would miss it, its modification time does not.
        let original = try Data(contentsOf: out.appendingPathComponent(edited))
        try Data(repeating: UInt8(ascii: "x"), count: original.count).write(to: out.appendingPathComponent(edited))
        try FileManager.default.removeItem(at: out.appendingPathComponent(deleted))
        try FileManager.default.removeItem(at: out.appendingPathComponent(thumbnail))

        let rerun = try await runPipeline(out: out, inbox: inbox, jobs: 1)
        #expect(rerun.stagesRun == 0)
        #expect(try publishedSnapshot(out) == baseline.filesAfterFirst)
    }

    @Test func runsIntoTwoOutputFoldersPublishIdenticalFiles() async throws {
        let baseline = try await Baseline.shared()
        let folder = try TestFolder()
        // Another copy of the same inputs at another path, and another output folder.
        let inbox = folder.sub("elsewhere/inbox")
        try Inputs.make(inbox, photos: ["water-cycle.jpg"], story: true, course: true)
        let out = folder.sub("other-out")
        let result = try await runPipeline(out: out, inbox: inbox, jobs: 2)
        #expect(result.index.items.allSatisfy { $0.state == .done })
        #expect(PublishedFiles.differences(between: baseline.out, and: out) == [])
        #expect(try publishedSnapshot(out) == baseline.filesAfterFirst)
    }

    @Test func retryOfTheQuizStageRerunsQuizButNotOCR() async throws {
        let baseline = try await Baseline.shared()
        let folder = try TestFolder()
        let (inbox, out) = try baseline.copy(into: folder)
        let pipeline = try Pipeline(out: out)
        let photoID = try #require(baseline.first.index.items.first { $0.kind == .homework }?.id)

        // Nothing failed: a failed-only retry of ocr selects nothing.
        #expect(try pipeline.markForRetry(stage: .ocr, itemID: nil, failedOnly: true) == 0)
        #expect(try pipeline.markForRetry(stage: .quiz, itemID: nil, failedOnly: false) == 1)
        let marked = try pipeline.store.stageRuns(itemIDs: [photoID])
        #expect(marked.first { $0.stage == .quiz }?.state == .pending)
        #expect(marked.first { $0.stage == .quiz }?.force == true)
        #expect(marked.first { $0.stage == .ocr }?.state == .done)

        let result = try await offThread { try pipeline.run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil) }
        // Forced: recomputed although the cache holds the same result.
        #expect(result.stagesRun == 1 && result.cacheHits == 0)
        let runs = try pipeline.store.stageRuns(itemIDs: nil)
        for run in runs {
            let expected = run.itemID == photoID && run.stage == .quiz ? 2 : 1
            #expect(run.attempts == expected, "\(run.itemID)/\(run.stage) attempts \(run.attempts)")
            #expect(run.state == .done && run.force == false)
        }
        #expect(try publishedSnapshot(out) == baseline.filesAfterFirst, "a rerun quiz gave different bytes")
    }

    @Test func changingAnOptionRerunsOnlyTheStageThatUsesIt() async throws {
        let baseline = try await Baseline.shared()
        let folder = try TestFolder()
        let (inbox, out) = try baseline.copy(into: folder)
        let pipeline = try Pipeline(out: out)
        let photoID = try #require(baseline.first.index.items.first { $0.kind == .homework }?.id)
        let threeQuestions = try PipelineConfig.parse(yaml: "version: 1\nstages:\n  quiz:\n    questions: 3\n", file: "three.yml")
        #expect(threeQuestions.quiz.questions == 3)
        #expect(threeQuestions.optionsHash(.quiz) != PipelineConfig().optionsHash(.quiz))
        #expect(threeQuestions.optionsHash(.ocr) == PipelineConfig().optionsHash(.ocr))

        // Before the run, status says what will be rebuilt and why.
        let before = try pipeline.status(config: threeQuestions)
        for item in before {
            for stage in item.stages {
                if item.id == photoID && stage.name == .quiz {
                    #expect(stage.willRebuild?.contains("quiz options changed") == true, "\(stage.willRebuild ?? "nil")")
                    #expect(stage.willRebuild?.contains("three.yml") == true)
                } else {
                    #expect(stage.willRebuild == nil, "\(item.source.path)/\(stage.name): \(stage.willRebuild ?? "")")
                }
            }
        }

        let changed = try await offThread { try pipeline.run(inbox: inbox, config: threeQuestions, jobs: 2, progress: nil) }
        #expect(changed.stagesRun == 1 && changed.cacheHits == 0)
        let homework = try jsonObject(out.appendingPathComponent("bundles/homework/\(photoID).json"))
        let questions = (homework["quiz"] as? [String: Any])?["questions"] as? [Any]
        #expect(questions?.count == 3)
        #expect(try pipeline.status(config: threeQuestions).allSatisfy { $0.stages.allSatisfy { $0.willRebuild == nil } })
        let ocr = try pipeline.store.stageRuns(itemIDs: [photoID]).first { $0.stage == .ocr }
        #expect(ocr?.attempts == 1)

        // Going back to the defaults takes the earlier quiz from the cache: same bytes as before.
        let back = try await offThread { try pipeline.run(inbox: inbox, config: PipelineConfig(), jobs: 2, progress: nil) }
        #expect(back.stagesRun == 0 && back.cacheHits == 1)
        #expect(try publishedSnapshot(out) == baseline.filesAfterFirst)
    }
}
