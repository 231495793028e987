import Foundation
import LecternModel
import LecternPipeline
import LecternReviews
@testable import LecternExport
import Testing

/// Issue 16, part 3: review decisions in the inbox's lectern-reviews.yml hold through reruns, `retry`, `check` and a
/// fresh clone; orphans are reported; a malformed file is a configuration error with its line. Real pipeline, real
/// SQLite, the real `lectern` executable where the command line is the contract.
@Suite(.serialized) struct ReviewTests {
    func homework(_ out: URL) throws -> HomeworkBundle {
        let folder = out.appendingPathComponent("bundles/homework")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".json") })
        return try JSONDecoder().decode(HomeworkBundle.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
    }

    func wordlist(_ out: URL) throws -> WordListBundle {
        let folder = out.appendingPathComponent("bundles/wordlists")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".json") })
        return try JSONDecoder().decode(WordListBundle.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
    }

    func bundles(_ out: URL) throws -> [String: Data] {
        try publishedSnapshot(out).filter { $0.key.hasPrefix("bundles/") }
    }

    @Test func rejectAndCorrectHoldThroughRerunRetryCheckAndAFreshClone() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try Inputs.make(inbox, photos: ["water-cycle.jpg"], story: true)
        let first = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try homework(out)
        let questions = before.quiz.questions
        try #require(questions.count >= 3)
        // Stable IDs: the item's ID and a hash, never a position.
        #expect(questions.allSatisfy { $0.id.hasPrefix(before.id + "-q-") })
        let rejected = questions[0], corrected = questions[1]
        let words = try wordlist(out)
        let word = try #require(words.words.first { $0.level != .advanced })
        let wordID = try #require(word.id)

        let reject = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "reject", rejected.id], in: folder.url)
        #expect(reject.status == 0, "\(reject.stderr)")
        let correct = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "correct", corrected.id,
                                         "--stem", "Which process returns water to the air? (teacher)",
                                         "--explanation", "Checked by the teacher."], in: folder.url)
        #expect(correct.status == 0, "\(correct.stderr)")
        let wordFix = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "word", wordID,
                                         "--level", "advanced", "--definition", "a teacher's definition"], in: folder.url)
        #expect(wordFix.status == 0, "\(wordFix.stderr)")
        // A bad ID is refused rather than written as an orphan.
        let typo = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "reject", before.id + "-q-0000000000000000"], in: folder.url)
        #expect(typo.status == 2)

        let file = try String(contentsOf: inbox.appendingPathComponent("lectern-reviews.yml"), encoding: .utf8)
        #expect(file.contains(rejected.id) && file.contains(corrected.id) && file.contains(wordID))

        let rerun = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        func checkReviewed(_ out: URL) throws {
            let after = try homework(out)
            #expect(!after.quiz.questions.contains { $0.id == rejected.id })
            // The next valid candidate takes the rejected question's place.
            #expect(after.quiz.questions.count == questions.count)
            let fixed = try #require(after.quiz.questions.first { $0.id == corrected.id })
            #expect(fixed.stem == "Which process returns water to the air? (teacher)")
            #expect(fixed.explanation == "Checked by the teacher.")
            #expect(fixed.options == corrected.options && fixed.answerIndex == corrected.answerIndex)
            #expect(after.warnings == nil)
            let list = try wordlist(out)
            let entry = try #require(list.words.first { $0.id == wordID })
            #expect(entry.level == .advanced && entry.levelSource == .teacher && entry.definition == "a teacher's definition")
        }
        try checkReviewed(out)
        let reviewed = try bundles(out)
        // Status reads the same decisions: nothing would be rebuilt.
        let status = try await statusJSON(out: out, in: folder.url)
        #expect(status.allSatisfy { $0.stages.allSatisfy { $0.willRebuild == nil } }, "\(status.flatMap(\.stages).compactMap(\.willRebuild))")
        // The reviews file is input, never an item.
        let index = try String(contentsOf: out.appendingPathComponent("index.json"), encoding: .utf8)
        #expect(!index.contains("lectern-reviews.yml"))

        let retry = try await lectern(["retry", "--out", out.path, "--stage", "quiz"], in: folder.url)
        #expect(retry.status == 0, "\(retry.stderr)")
        try checkReviewed(out)
        #expect(try bundles(out) == reviewed)
        let retryNamed = try await lectern(["retry", "--out", out.path, "--inbox", inbox.path, "--stage", "quiz"], in: folder.url)
        #expect(retryNamed.status == 0, "\(retryNamed.stderr)")
        #expect(try bundles(out) == reviewed)

        let check = try await lectern(["check", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(check.status == 0, "check: \(check.stdout) \(check.stderr)")

        // A fresh clone of the inbox (with its reviews file) gives the same reviewed bundles, byte for byte.
        let clone = folder.sub("clone"), cloneOut = folder.sub("clone-out")
        try copyFolder(inbox, to: clone)
        let fresh = try await lectern(["check", "--inbox", clone.path, "--out", out.path], in: folder.url)
        #expect(fresh.status == 0, "check of the clone: \(fresh.stdout) \(fresh.stderr)")
        let cloneRun = try await lectern(["run", "--inbox", clone.path, "--out", cloneOut.path], in: folder.url)
        #expect(cloneRun.status == 0)
        #expect(try bundles(cloneOut) == reviewed)

        let list = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "list", "--json"], in: folder.url)
        #expect(list.status == 0, "\(list.stdout) \(list.stderr)")
        let entries = try JSONDecoder().decode([ReviewEntry].self, from: Data(list.stdout.utf8))
        #expect(entries.count == 3 && entries.allSatisfy { $0.state == .applied })
    }

    @Test func aChangedDecisionRerunsOnlyItsGenerateStage() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try Inputs.make(inbox, story: true)
        _ = try await runPipeline(out: out, inbox: inbox)
        let list = try wordlist(out)
        let word = try #require(list.words.first)
        try ReviewsFile.save(ReviewDecisions(words: [word.id!: WordDecision(definition: "changed")]), inbox: inbox)
        let rerun = try await runPipeline(out: out, inbox: inbox)
        #expect(rerun.stagesRun == 1, "only wordtest reruns, words stays cached")
        #expect(try wordlist(out).words.first { $0.id == word.id }?.definition == "changed")
        let again = try await runPipeline(out: out, inbox: inbox)
        #expect(again.stagesRun == 0)
    }

    @Test func orphansAreReportedAndKept() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try Inputs.make(inbox, story: true)
        _ = try await runPipeline(out: out, inbox: inbox)
        let list = try wordlist(out)
        let orphan = ReviewID.word(itemID: list.id, lemma: "zzzgone")
        let gone = "0123456789abcdef-q-0123456789abcdef"
        try ReviewsFile.save(ReviewDecisions(questions: [gone: QuestionDecision(reject: true)],
                                             words: [orphan: WordDecision(level: .beginner)]), inbox: inbox)
        _ = try await runPipeline(out: out, inbox: inbox)
        #expect(try wordlist(out).warnings?.contains { $0.contains(orphan) } == true)
        let status = try await statusJSON(out: out, in: folder.url)
        #expect(status.contains { ($0.warnings ?? []).contains { $0.contains(orphan) } })
        let listed = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "list", "--json"], in: folder.url)
        #expect(listed.status == 1)
        let entries = try JSONDecoder().decode([ReviewEntry].self, from: Data(listed.stdout.utf8))
        #expect(Set(entries.filter { $0.state == .orphan }.map(\.id)) == [orphan, gone])
        // Never silently dropped from the file.
        let kept = try ReviewsFile.load(inbox: inbox)
        #expect(kept.words[orphan] != nil && kept.questions[gone] != nil)
    }

    /// Issue 28: the teacher picks a word's WordNet sense in one step (`review word ID --senses`, then `--sense KEY`);
    /// the pick is stored in lectern-reviews.yml, holds through a rerun, `retry`, `check` and a fresh clone, reaches the
    /// bundle (`senseSource: teacher`; a sense that is not WordNet's first moves the level up one, `teacher-sense`),
    /// its word test (of the entry's level) and the Anki notes, and a sense that is not the word's is refused.
    @Test func aTeacherPicksAWordsSense() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try Inputs.make(inbox, story: true)
        let first = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try wordlist(out)
        let unsure = before.words.filter { $0.definition != nil && !$0.senseIsSure }
        try #require(!unsure.isEmpty)
        struct Candidate: Decodable { var key: String; var partOfSpeech: String; var gloss: String; var current: Bool }
        var picked: (entry: WordEntry, sense: Candidate, isFirst: Bool)?
        for entry in unsure where picked == nil {
            let listed = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "--json", "word", entry.id!, "--senses"], in: folder.url)
            #expect(listed.status == 0, "\(listed.stderr)")
            let candidates = try JSONDecoder().decode([Candidate].self, from: Data(listed.stdout.utf8))
            #expect(candidates.filter(\.current).count == 1, "\(entry.word): \(candidates)")
            // `--senses` lists WordNet's senses in its order, so the first of a part of speech is its first sense.
            if let other = candidates.first(where: { !$0.current && $0.partOfSpeech == entry.partOfSpeech }) {
                picked = (entry, other, candidates.first { $0.partOfSpeech == entry.partOfSpeech }?.key == other.key)
            }
        }
        let (entry, sense, isFirst) = try #require(picked)
        let wordID = try #require(entry.id)
        let text = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "word", wordID, "--senses"], in: folder.url)
        #expect(text.stdout.contains("  \(sense.key)  ") && text.stdout.contains("--sense KEY"))
        // A key that is no sense of the word is refused, and nothing is written.
        let wrong = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "word", wordID, "--sense", "n:00000001"], in: folder.url)
        #expect(wrong.status == 2)
        #expect(!FileManager.default.fileExists(atPath: inbox.appendingPathComponent("lectern-reviews.yml").path))
        let pick = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "word", wordID, "--sense", sense.key], in: folder.url)
        #expect(pick.status == 0, "\(pick.stderr)")
        #expect(try ReviewsFile.load(inbox: inbox).words[wordID] == WordDecision(sense: sense.key))

        func checkPicked(_ out: URL) throws {
            let list = try wordlist(out)
            let shown = try #require(list.words.first { $0.id == wordID })
            #expect(shown.definition == sense.gloss && shown.senseSource == .teacher && shown.senseIsSure)
            #expect(list.warnings == nil)
            let levels = WordLevel.allCases, raised = !isFirst && entry.level != .advanced
            if raised {
                #expect(shown.level == levels[levels.firstIndex(of: entry.level)! + 1] && shown.levelSource == .teacherSense)
                #expect(shown.levelReason?.contains(sense.key) == true)
            } else {
                #expect(shown.level == entry.level && shown.levelSource == entry.levelSource && shown.levelReason == nil)
            }
            #expect(list.tests.filter { $0.words.contains(entry.word) }.map(\.level) == [shown.level])
            // Its word test may ask it now (when three distractors exist), and only with the teacher's sense.
            for question in list.tests.flatMap(\.questions) where question.options[question.answerIndex] == entry.word {
                #expect(question.stem == "Which word means: \(sense.gloss)?")
            }
            let note = try #require(ExportBundle.wordlist(list).ankiNotes.first { $0.fields.first == entry.word })
            #expect(note.fields.contains(Markup.html(sense.gloss)))
        }
        let rerun = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        try checkPicked(out)
        let reviewed = try bundles(out)
        let retry = try await lectern(["retry", "--out", out.path, "--inbox", inbox.path, "--stage", "wordtest"], in: folder.url)
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(try bundles(out) == reviewed)
        let check = try await lectern(["check", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(check.status == 0, "check: \(check.stdout) \(check.stderr)")
        let clone = folder.sub("clone"), cloneOut = folder.sub("clone-out")
        try copyFolder(inbox, to: clone)
        let cloneRun = try await lectern(["run", "--inbox", clone.path, "--out", cloneOut.path], in: folder.url)
        #expect(cloneRun.status == 0)
        #expect(try bundles(cloneOut) == reviewed)
        let list = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "list", "--json"], in: folder.url)
        let entries = try JSONDecoder().decode([ReviewEntry].self, from: Data(list.stdout.utf8))
        #expect(entries.count == 1 && entries[0].state == .applied && entries[0].decision == "correct sense \(sense.key)")
    }

    /// A sense key written by hand that is not the word's is reported as a correction not applied, never dropped.
    @Test func aSenseThatIsNotTheWordsIsReportedNotApplied() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try Inputs.make(inbox, story: true)
        _ = try await runPipeline(out: out, inbox: inbox)
        let entry = try #require(try wordlist(out).words.first)
        let wordID = try #require(entry.id)
        try ReviewsFile.save(ReviewDecisions(words: [wordID: WordDecision(sense: "v:00000001")]), inbox: inbox)
        _ = try await runPipeline(out: out, inbox: inbox)
        let after = try wordlist(out)
        #expect(after.warnings?.contains { $0.hasPrefix("Correction of \(wordID) not applied") } == true)
        #expect(after.words.first { $0.id == wordID }?.definition == entry.definition)
        let listed = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "list", "--json"], in: folder.url)
        #expect(listed.status == 1)
        let entries = try JSONDecoder().decode([ReviewEntry].self, from: Data(listed.stdout.utf8))
        #expect(entries.map(\.state) == [.notApplied])
        #expect(try ReviewsFile.load(inbox: inbox).words[wordID] != nil)
    }

    @Test func aMalformedReviewsFileExits2WithItsLine() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try Inputs.make(inbox, story: true)
        try Data("""
            version: 1
            words:
              abc-w-river:
                level: expert

            """.utf8).write(to: inbox.appendingPathComponent("lectern-reviews.yml"))
        let run = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("lectern-reviews.yml:4:"), "\(run.stderr)")
        try Data("questions:\n  a-q-1: [unclosed\n".utf8).write(to: inbox.appendingPathComponent("lectern-reviews.yml"))
        let yaml = try await lectern(["run", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(yaml.status == 2)
        #expect(yaml.stderr.contains("lectern-reviews.yml:"), "\(yaml.stderr)")
    }

    @Test func serveRefusesReviewWithoutAToken() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try #require(ProcessInfo.processInfo.environment["LECTERN_REVIEW_TOKEN"] == nil)
        let serve = try await lectern(["serve", "--out", out.path, "--inbox", inbox.path, "--review", "--port", "1"], in: folder.url)
        #expect(serve.status == 2)
        #expect(serve.stderr.contains("LECTERN_REVIEW_TOKEN"), "\(serve.stderr)")
    }

    @Test func theFileIsWrittenSortedAndKeepsOtherDecisions() throws {
        let folder = try TestFolder()
        let decisions = ReviewDecisions(questions: ["b-q-2": QuestionDecision(reject: true),
                                                    "a-q-1": QuestionDecision(stem: "Is it: yes? # not a comment", answerIndex: 2),
                                                    "a-q-3": QuestionDecision(options: ["no", "1990", "'quoted'", "Ünïcode — “x”"],
                                                                              explanation: "two\nlines: [x]")],
                                        words: ["a-w-river": WordDecision(level: .advanced)])
        try ReviewsFile.save(decisions, inbox: folder.url)
        let text = try String(contentsOf: folder.sub("lectern-reviews.yml"), encoding: .utf8)
        #expect(text.range(of: "a-q-1")!.lowerBound < text.range(of: "b-q-2")!.lowerBound)
        #expect(try ReviewsFile.load(inbox: folder.url) == decisions)
        let updated = try ReviewsFile.update(inbox: folder.url) { $0.words["a-w-sea"] = WordDecision(definition: "salt water") }
        #expect(updated.questions == decisions.questions && updated.words.count == 2)
        try ReviewsFile.save(updated, inbox: folder.url)
        #expect(try String(contentsOf: folder.sub("lectern-reviews.yml"), encoding: .utf8)
                == (try ReviewsFile.render(updated)))
        // Nothing but the reviews file is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["lectern-reviews.yml"])
    }
}

/// A lecture's pool questions can be rejected (the topic's next candidate takes the place), not corrected.
@Suite(.serialized) struct LectureReviewTests {
    func lecture(_ out: URL) throws -> LectureBundle {
        let folder = out.appendingPathComponent("bundles/lectures")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".json") })
        return try JSONDecoder().decode(LectureBundle.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func rejectingAPoolQuestionHoldsAndCorrectingIsRefused() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try Inputs.make(inbox, course: true)
        _ = try await runPipeline(out: out, inbox: inbox)
        let before = try lecture(out)
        let pool = try #require(before.questionPool.first)
        let id = ReviewID.poolQuestion(courseID: before.id, poolID: pool.id)
        let correct = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "correct", id, "--stem", "x"], in: folder.url)
        #expect(correct.status == 2 && correct.stderr.contains("rejected, not corrected"), "\(correct.stderr)")
        let reject = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "reject", id], in: folder.url)
        #expect(reject.status == 0, "\(reject.stderr)")
        let rerun = try await runPipeline(out: out, inbox: inbox)
        #expect(rerun.stagesRun == 2, "only the lecture stage reruns, and narrate, which passes its new bundle on")
        let after = try lecture(out)
        #expect(!after.questionPool.contains { $0.id == pool.id })
        #expect(after.warnings == nil)
        // Every other pool question stays as it was.
        let kept = Set(after.questionPool.map(\.id))
        #expect(before.questionPool.filter { $0.id != pool.id }.allSatisfy { kept.contains($0.id) })
        let list = try await lectern(["review", "--inbox", inbox.path, "--out", out.path, "list", "--json"], in: folder.url)
        let entries = try JSONDecoder().decode([ReviewEntry].self, from: Data(list.stdout.utf8))
        #expect(entries.map(\.state) == [.applied])
        let check = try await lectern(["check", "--inbox", inbox.path, "--out", out.path], in: folder.url)
        #expect(check.status == 0, "\(check.stdout)")
    }
}
