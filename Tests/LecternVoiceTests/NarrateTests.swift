import Foundation
import LecternModel
import LecternVoice
import XCTest

/// Real espeak-ng, real LAME, and a real decoder (ffprobe/ffmpeg from Debian's ffmpeg, `scripts/setup.sh --test`).
final class NarrateTests: XCTestCase {
    static let settings = VoiceSettings(voice: "en", rate: 175, maxMinutes: 20)

    static func topic(_ blocks: [Block], question: EngagementQuestion? = nil) -> Topic {
        Topic(id: "t", title: "T", week: 1, source: SourceRef(path: "c/p.html", sha256: "0"), blocks: blocks, engagementQuestion: question)
    }

    static let prose = topic([
        .heading(text: "Package management", level: 2),
        .paragraph("Debian keeps a list of the packages installed on a system. The apt tool reads it, e.g. when you upgrade."),
        .code(text: "apt-get install espeak-ng\nlame --help", language: "sh"),
        .paragraph("About 90% of users never edit sources.list by hand; the rest use version 2.6.1 of apt."),
        .math(text: "x^2 + 1", display: true),
        .math(text: "\\int_0^\\infty e^{-x^2} dx = \\frac{\\sqrt{\\pi}}{2}", display: true),
        .image(src: "media/x.png", alt: "A terminal showing apt upgrading three packages."),
    ], question: EngagementQuestion(format: .multipleChoice, prompt: "Which tool reads the list of packages?",
                                    options: ["apt", "lame"], answerIndex: 0, expectedAnswer: "apt", feedback: ""))

    static func sha(_ data: Data) -> String { String(data.hashValue) }

    func testScriptReadsProseAnnouncesCodeAndSaysShortFormulas() {
        let script = SpokenScript(topic: Self.prose, wordLimit: Self.settings.wordLimit)
        let spoken = script.sentences.map(\.spoken)
        XCTAssertTrue(spoken.contains(SpokenScript.codeNotice))
        XCTAssertTrue(spoken.contains(SpokenScript.formulaNotice))
        XCTAssertTrue(spoken.contains("x squared plus 1"), "\(spoken)")
        XCTAssertTrue(spoken.contains { $0.contains("for example") && !$0.contains("e.g.") })
        XCTAssertTrue(spoken.contains { $0.contains("90 percent") && $0.contains("sources dot list") && $0.contains("2 point 6 point 1") }, "\(spoken)")
        XCTAssertTrue(spoken.contains("Image: A terminal showing apt upgrading three packages."))
        XCTAssertFalse(spoken.contains { $0.contains("apt-get install") })
        XCTAssertEqual(script.sentences.last?.block, .engagement)
        XCTAssertEqual(script.sentences.first?.display, "Package management")
    }

    func testTopicAudioDecodesWithTimingsInsideTheFileAndTheSameBytesTwice() throws {
        let script = SpokenScript(topic: Self.prose, wordLimit: Self.settings.wordLimit)
        let first = try Narrator.narrate(script, settings: Self.settings, sha256: Self.sha)
        let second = try Narrator.narrate(script, settings: Self.settings, sha256: Self.sha)
        XCTAssertEqual(first.mp3, second.mp3, "two syntheses of one text differ")
        XCTAssertFalse(first.audio.cut)
        XCTAssertEqual(first.audio.sentences.count, script.sentences.count, "every sentence has its time")

        let decoded = try Decoder.decode(first.mp3)
        XCTAssertEqual(decoded.codec, "mp3")
        XCTAssertEqual(decoded.sampleRate, 22050)
        XCTAssertEqual(decoded.channels, 1)
        XCTAssertEqual(Double(decoded.durationMs), Double(first.audio.durationMs), accuracy: 60)
        var previous = 0
        for sentence in first.audio.sentences {
            XCTAssertGreaterThanOrEqual(sentence.startMs, previous)
            XCTAssertGreaterThan(sentence.endMs, sentence.startMs, sentence.text)
            XCTAssertLessThanOrEqual(sentence.endMs, decoded.durationMs + 30)
            previous = sentence.endMs
        }
        let words = script.sentences.map { $0.spoken.split(separator: " ").count }.reduce(0, +)
        let perMinute = Double(words) / (Double(decoded.durationMs) / 60_000)
        XCTAssertTrue((80...250).contains(perMinute), "\(perMinute) words a minute")
        // The first sentence starts after LAME's delay and is heard: the decoded audio is silent before it.
        XCTAssertGreaterThan(first.audio.sentences[0].startMs, 40)
    }

    func testLengthLimitCutsAtASentenceBoundary() throws {
        let long = Self.topic([.paragraph(Array(repeating: "The archive holds one more package for the release.", count: 40).joined(separator: " "))])
        let script = SpokenScript(topic: long, wordLimit: 450)
        let audio = try Narrator.narrate(script, settings: VoiceSettings(voice: "en", rate: 175, maxMinutes: 1), sha256: Self.sha)
        XCTAssertTrue(audio.audio.cut)
        XCTAssertLessThan(audio.audio.sentences.count, script.sentences.count)
        let decoded = try Decoder.decode(audio.mp3)
        XCTAssertLessThanOrEqual(decoded.durationMs, 60_000 + 200)
        XCTAssertEqual(audio.audio.sentences.last?.text, "The archive holds one more package for the release.")
    }

    func testVoicesEspeakLacksAreNamed() throws {
        XCTAssertTrue(Speaker.hasVoice("en"))
        XCTAssertTrue(Speaker.hasVoice("en-us"))
        XCTAssertFalse(Speaker.hasVoice("xx-nonexistent"))
        XCTAssertThrowsError(try Speaker.speak(ssml: "<speak>Hello.</speak>", voice: "xx-nonexistent", rate: 175, limitSamples: 1000,
                                               onMark: { _, _ in }, onSamples: { _ in })) {
            XCTAssertEqual(($0 as? LecternError)?.code, .missingDependency)
        }
        XCTAssertEqual(Speaker.package(of: "mb-en1"), "mbrola-en1")
    }
}

/// ffprobe for the stream's facts, ffmpeg for the decoded length (a full decode, not the header's estimate).
enum Decoder {
    struct Facts {
        var codec: String
        var sampleRate: Int
        var channels: Int
        var durationMs: Int
    }

    static func decode(_ mp3: Data) throws -> Facts {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-\(UUID().uuidString).mp3")
        try mp3.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = try run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,sample_rate,channels",
                                                 "-of", "default=noprint_wrappers=1", file.path])
        var fields: [String: String] = [:]
        for line in String(decoding: probe, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        let pcm = try run("/usr/bin/ffmpeg", ["-v", "error", "-i", file.path, "-f", "s16le", "-acodec", "pcm_s16le", "-"])
        let rate = Int(fields["sample_rate"] ?? "") ?? 0
        let channels = Int(fields["channels"] ?? "") ?? 0
        guard rate > 0, channels > 0 else { throw CocoaError(.fileReadCorruptFile) }
        return Facts(codec: fields["codec_name"] ?? "", sampleRate: rate, channels: channels,
                     durationMs: pcm.count / 2 / channels * 1000 / rate)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return data
    }
}
