import Foundation
import LecternModel
import LecternPipeline
import LecternVoice
import Testing

// The narrate stage end to end: `lectern run` on a real course with `voice: true`, real espeak-ng and LAME, and every
// MP3 decoded by a real decoder (ffprobe and ffmpeg, Debian's ffmpeg: `scripts/setup.sh --test`).

private enum VoiceInbox {
    /// The tiny course of `Inputs` (scripts, an event handler and javascript: links in its pages), read aloud.
    static func make(_ inbox: URL, courseYML: String = "voice: true\n") throws {
        try Inputs.make(inbox, course: true)
        try Data(courseYML.utf8).write(to: inbox.appendingPathComponent("tiny-python/course.yml"))
    }

    static func lecture(_ out: URL) throws -> LectureBundle {
        let folder = out.appendingPathComponent("bundles/lectures")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".json") })
        return try JSONDecoder().decode(LectureBundle.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Checks one topic's narration against its MP3 as a decoder reads it; returns the words it speaks.
    static func check(_ topic: Topic, out: URL) throws {
        let narration = try #require(topic.narration, "\(topic.title) has no narration")
        let mp3 = try Data(contentsOf: out.appendingPathComponent(narration.media))
        #expect(ContentHash.sha256(mp3) == narration.sha256)
        let decoded = try DecodedMP3(mp3)
        #expect(decoded.codec == "mp3" && decoded.sampleRate == 22050 && decoded.channels == 1)
        #expect(abs(decoded.durationMs - narration.durationMs) <= 60, "\(decoded.durationMs) decoded, \(narration.durationMs) in the bundle")
        // Every sentence the script reads has its time, in order, inside the file.
        let script = SpokenScript(topic: topic, wordLimit: 20 * 450)
        #expect(narration.sentences.map(\.text) == script.sentences.map(\.display))
        var previous = 0
        for sentence in narration.sentences {
            #expect(sentence.startMs >= previous && sentence.endMs > sentence.startMs && sentence.endMs <= decoded.durationMs,
                    "\(sentence.text): \(sentence.startMs)–\(sentence.endMs) in \(decoded.durationMs) ms")
            previous = sentence.endMs
        }
        let words = script.sentences.map { $0.spoken.split(separator: " ").count }.reduce(0, +)
        let perMinute = Double(words) / (Double(decoded.durationMs) / 60_000)
        #expect((80...250).contains(perMinute), "\(topic.title): \(perMinute) words a minute")
    }
}

@Suite struct NarrateRunTests {
    @Test func aCourseWithVoiceOnIsReadAloudTheSameTwice() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        try VoiceInbox.make(inbox)
        let first = try await lectern(["run", "--inbox", inbox.path, "--out", folder.sub("out1").path, "--jobs", "2"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let lecture = try VoiceInbox.lecture(folder.sub("out1"))
        let topics = lecture.subjects.flatMap(\.topics)
        #expect(!topics.isEmpty)
        for topic in topics { try VoiceInbox.check(topic, out: folder.sub("out1")) }
        // Nothing of the pages' scripts, handlers or links is read.
        let read = topics.flatMap { $0.narration?.sentences ?? [] }.map(\.text).joined(separator: " ")
        for markup in ["alert", "javascript", "steal", "tracking", "<", "onclick"] { #expect(!read.contains(markup), "\(markup) is read") }
        #expect(read.contains(SpokenScript.codeNotice))
        // Each topic's file is where the bundle says, under media/voice/COURSE-ID/.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.sub("out1/media/voice/\(lecture.id)").path).sorted()
        #expect(files == Set(topics.map { "\($0.id).mp3" }).sorted())

        // A second output folder: the same bytes, audio included.
        let second = try await lectern(["run", "--inbox", inbox.path, "--out", folder.sub("out2").path, "--jobs", "1"], in: folder.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try publishedSnapshot(folder.sub("out1")) == publishedSnapshot(folder.sub("out2")))
        let check = try await lectern(["check", "--inbox", inbox.path, "--out", folder.sub("out1").path], in: folder.url)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Editing a code block changes nothing a topic says: no topic is spoken again, and the published audio stays.
    @Test func aTopicIsSpokenAgainOnlyWhenWhatItSaysChanges() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try VoiceInbox.make(inbox)
        _ = try await runPipeline(out: out, inbox: inbox)
        // Audio by its bytes: a topic's ID covers its blocks, so the edited topic's file takes a new name.
        let audio = { try publishedSnapshot(out).filter { $0.key.hasPrefix("media/voice/") }.values.map(ContentHash.sha256).sorted() }
        let before = try audio()
        let audioKeys = { try sqlite(out, "SELECT count(*) FROM artifacts WHERE key LIKE 'narrate/%'") }
        let keysBefore = try audioKeys()
        let post = inbox.appendingPathComponent("tiny-python/week-01/01-post.html")
        let edited = try String(contentsOf: post, encoding: .utf8).replacingOccurrences(of: "print(\"Hello, world\")", with: "print(\"Hi\")")
        try Data(edited.utf8).write(to: post)
        let rerun = try await runPipeline(out: out, inbox: inbox)
        #expect(rerun.stagesRun >= 2)
        #expect(try audioKeys() == keysBefore, "a topic was spoken again")
        #expect(try audio() == before)

        // A changed sentence is spoken again: one topic more in the store.
        let reworded = edited.replacingOccurrences(of: "Python ignores it", with: "Python skips it")
        try Data(reworded.utf8).write(to: post)
        _ = try await runPipeline(out: out, inbox: inbox)
        #expect(try audioKeys() == keysBefore + 2)
    }

    @Test func voiceOffMakesNoAudio() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try Inputs.make(inbox, course: true)
        _ = try await runPipeline(out: out, inbox: inbox)
        #expect(try VoiceInbox.lecture(out).subjects.flatMap(\.topics).allSatisfy { $0.narration == nil })
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("media/voice").path))
    }

    /// A 200 kB paragraph between a script and a javascript: link: only its text is read, up to the limit, cut at a
    /// sentence boundary with a warning in the bundle.
    @Test func aHostileHugeTopicIsCutAtTheLimit() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        let sentence = "The archive keeps every release of the package in its own folder. "
        let huge = String(repeating: sentence, count: 200_000 / sentence.utf8.count + 1)
        let page = """
            <html><head><title>Archive</title><script>alert('x')</script></head><body><main>
            <h1>Archive</h1><p onclick="steal()">\(huge)</p><p><a href="javascript:alert(1)">Click</a> to see the list.</p>
            </main></body></html>
            """
        try FileManager.default.createDirectory(at: inbox.appendingPathComponent("archive"), withIntermediateDirectories: true)
        try Data(page.utf8).write(to: inbox.appendingPathComponent("archive/01-archive.html"))
        var config = PipelineConfig()
        config.narrate.enabled = true
        config.narrate.maxMinutes = 1
        _ = try await runPipeline(out: out, inbox: inbox, config: config)
        let lecture = try VoiceInbox.lecture(out)
        let topic = try #require(lecture.subjects.first?.topics.first)
        let narration = try #require(topic.narration)
        let decoded = try DecodedMP3(try Data(contentsOf: out.appendingPathComponent(narration.media)))
        #expect(decoded.durationMs <= 60_000 + 200)
        #expect(narration.sentences.last?.text == sentence.trimmingCharacters(in: .whitespaces))
        #expect(narration.sentences.allSatisfy { !$0.text.contains("alert") && !$0.text.contains("steal") })
        #expect(lecture.warnings?.contains { $0.contains("first 1 minutes") } == true, "\(lecture.warnings ?? [])")
    }

    /// With no voice named, a course is read in the language its posts declare; one that no installed voice speaks
    /// fails that course alone, as a missing dependency.
    @Test func aCourseIsReadInTheLanguageItsPostsDeclare() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        let pages = [
            ("donau", "de-AT", "Die Donau", "Die Donau ist der zweitlängste Fluss Europas. Sie fließt durch zehn Länder und mündet ins Schwarze Meer."),
            // qaa: a private-use language tag, which no voice can speak.
            ("private", "qaa", "Notes", "These notes are written in a language of their own. Nobody has a voice for it."),
        ]
        for (course, lang, title, text) in pages {
            try FileManager.default.createDirectory(at: inbox.appendingPathComponent(course), withIntermediateDirectories: true)
            let html = "<!DOCTYPE html><html lang=\"\(lang)\"><head><title>\(title)</title></head><body><main><h1>\(title)</h1><p>\(text)</p></main></body></html>"
            try Data(html.utf8).write(to: inbox.appendingPathComponent("\(course)/01-page.html"))
        }
        var config = PipelineConfig()
        config.narrate.enabled = true
        _ = try await runPipeline(out: out, inbox: inbox, config: config)

        let lecture = try VoiceInbox.lecture(out)
        #expect(lecture.lang == "de-at")
        let narration = try #require(lecture.subjects.first?.topics.first?.narration)
        #expect(narration.voice == "de")
        #expect(try DecodedMP3(try Data(contentsOf: out.appendingPathComponent(narration.media))).durationMs > 2000)

        let courses = try Pipeline(out: out).status(config: config).filter { $0.kind == .lecture }
        let unspoken = try #require(courses.first { $0.source.path == "private" })
        #expect(unspoken.errorCode == .missingDependency)
        #expect(unspoken.errorMessage?.contains("'qaa'") == true && unspoken.errorMessage?.contains("espeak-ng-data") == true,
                "\(unspoken.errorMessage ?? "")")
    }

    @Test func aVoiceEspeakLacksIsAConfigurationErrorWithItsLine() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox"), out = folder.sub("out")
        try VoiceInbox.make(inbox, courseYML: "title: Tiny\nvoice: true\nvoiceName: xx-nonexistent\n")
        _ = try await runPipeline(out: out, inbox: inbox)
        let course = try #require(try Pipeline(out: out).status(config: PipelineConfig()).first { $0.kind == .lecture })
        #expect(course.errorCode == .invalidCourseConfig)
        #expect(course.errorMessage?.contains("tiny-python/course.yml:3") == true, "\(course.errorMessage ?? "")")

        #expect(throws: ConfigError.self) { try PipelineConfig.parse(yaml: "version: 1\nstages:\n  narrate:\n    voice: xx-nonexistent\n", file: "p.yml") }
        do {
            _ = try PipelineConfig.parse(yaml: "version: 1\nstages:\n  narrate:\n    voice: xx-nonexistent\n", file: "p.yml")
        } catch {
            #expect(error.line == 4 && error.message.contains("xx-nonexistent"), "\(error)")
        }
    }
}

private func sqlite(_ out: URL, _ query: String) throws -> Int {
    let output = try runTool("/usr/bin/sqlite3", [out.appendingPathComponent("lectern.sqlite").path, query])
    return Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
}

private func runTool(_ tool: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(tool) \(arguments) failed")
    return data
}

/// An MP3 as ffprobe describes it and ffmpeg decodes it (the whole file, not the header's estimate).
struct DecodedMP3 {
    var codec: String
    var sampleRate: Int
    var channels: Int
    var durationMs: Int

    init(_ mp3: Data) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-\(UUID().uuidString).mp3")
        try mp3.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = try runTool("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,sample_rate,channels",
                                                     "-of", "default=noprint_wrappers=1", file.path])
        var fields: [String: String] = [:]
        for line in String(decoding: probe, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        codec = fields["codec_name"] ?? ""
        sampleRate = Int(fields["sample_rate"] ?? "") ?? 0
        channels = Int(fields["channels"] ?? "") ?? 0
        try #require(sampleRate > 0 && channels > 0, "ffprobe found no audio stream")
        let pcm = try runTool("/usr/bin/ffmpeg", ["-v", "error", "-i", file.path, "-f", "s16le", "-acodec", "pcm_s16le", "-"])
        durationMs = pcm.count / 2 / channels * 1000 / sampleRate
    }
}
