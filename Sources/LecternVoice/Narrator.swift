import Foundation
import LecternModel

/// How a course is read: the espeak-ng voice, its rate in words a minute, and the longest a topic's audio may be.
public struct VoiceSettings: Codable, Sendable, Hashable {
    public var voice: String
    public var rate: Int
    public var maxMinutes: Int
    public init(voice: String, rate: Int, maxMinutes: Int) {
        self.voice = voice
        self.rate = rate
        self.maxMinutes = maxMinutes
    }

    /// Words given to espeak-ng at most: the limit at the fastest rate espeak-ng speaks (450), so the cut is made by
    /// the audio's length, never by this bound.
    public var wordLimit: Int { maxMinutes * 450 }
}

/// A topic read aloud: the MP3 and the sentences' times in it.
public struct TopicAudio: Codable, Sendable, Hashable {
    public var durationMs: Int
    public var sha256: String
    public var sentences: [NarratedSentence]
    /// The topic was cut at a sentence boundary by the length limit.
    public var cut: Bool
}

public enum Narrator {
    /// Bit rate of the MP3s: speech at espeak-ng's 22,050 Hz, mono.
    public static let kbps = 64

    /// Speaks `script` and encodes it. Sentence times come from the marks espeak-ng reports, moved by the MP3's lead
    /// (`MP3Audio.leadSamples`); a topic longer than `settings.maxMinutes` stops at the last sentence that fits.
    /// `sha256` hashes the MP3's bytes (the caller's hash function: this module has no crypto dependency).
    public static func narrate(_ script: SpokenScript, settings: VoiceSettings,
                               sha256: (Data) -> String) throws(LecternError) -> (audio: TopicAudio, mp3: Data) {
        let rate = Speaker.sampleRate
        let limit = settings.maxMinutes * 60 * rate
        let speech = try Speaker.speak(ssml: script.ssml, voice: settings.voice, rate: settings.rate, limitSamples: limit)
        let starts = Dictionary(speech.marks.map { ($0.name, $0.ms * rate / 1000) }, uniquingKeysWith: { first, _ in first })
        var kept: [(sentence: SpokenScript.Sentence, start: Int)] = []
        for (index, sentence) in script.sentences.enumerated() {
            // A sentence whose mark never came is heard inside the one before it.
            guard let start = starts[String(index)] else { continue }
            kept.append((sentence, min(start, speech.samples.count)))
        }
        // Stopped at the limit: drop the sentence it stopped in, and any that started past the limit.
        var end = speech.samples.count
        if speech.stoppedAtLimit {
            while let last = kept.popLast() {
                end = last.start
                if end <= limit { break }
            }
        }
        guard !kept.isEmpty else {
            throw LecternError(.internalError, "espeak-ng reported no sentence of a topic (voice \(settings.voice))")
        }
        let mp3 = try MP3Encoder(sampleRate: rate, kbps: kbps).encode(speech.samples[0..<end])
        func ms(_ sample: Int) -> Int { (sample + mp3.leadSamples) * 1000 / rate }
        let sentences = kept.indices.map { index in
            NarratedSentence(block: kept[index].sentence.block, text: kept[index].sentence.display,
                             startMs: ms(kept[index].start), endMs: ms(index + 1 < kept.count ? kept[index + 1].start : end))
        }
        let audio = TopicAudio(durationMs: mp3.durationMs, sha256: sha256(mp3.bytes), sentences: sentences,
                               cut: speech.stoppedAtLimit || script.truncated)
        return (audio, mp3.bytes)
    }
}
