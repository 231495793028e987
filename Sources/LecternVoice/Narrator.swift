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
        let encoder = try MP3Encoder(sampleRate: rate, kbps: kbps)
        // Samples are encoded as soon as no cut can fall before them: up to the last mark at or before the limit (a cut
        // is made at a sentence's mark). Only the sentence being spoken waits in `pending`.
        var pending: [Int16] = []
        var pendingStart = 0, received = 0, safe = 0
        var starts: [String: Int] = [:]
        var failure: LecternError?
        func flush(upTo position: Int) {
            let count = min(position, received) - pendingStart
            guard count > 0, failure == nil else { return }
            do throws(LecternError) {
                try pending.withUnsafeBufferPointer { samples throws(LecternError) in
                    try encoder.encode(UnsafeBufferPointer(rebasing: samples[0..<count]))
                }
            } catch { failure = error }
            pending.removeFirst(count)
            pendingStart += count
        }
        let end = try Speaker.speak(ssml: script.ssml, voice: settings.voice, rate: settings.rate, limitSamples: limit,
            onMark: { name, ms in
                let position = ms * rate / 1000
                if starts[name] == nil { starts[name] = position }
                if position <= limit { safe = max(safe, position) }
            },
            onSamples: { samples in
                pending.append(contentsOf: samples)
                received += samples.count
                flush(upTo: safe)
            })
        if let failure { throw failure }
        var kept: [(sentence: SpokenScript.Sentence, start: Int)] = []
        for (index, sentence) in script.sentences.enumerated() {
            // A sentence whose mark never came is heard inside the one before it.
            guard let start = starts[String(index)] else { continue }
            kept.append((sentence, min(start, end.samples)))
        }
        guard let first = kept.first else {
            throw LecternError(.internalError, "espeak-ng reported no sentence of a topic (voice \(settings.voice))")
        }
        // Stopped at the limit: drop the sentence it stopped in, and any that started past the limit (the cut then
        // falls at `safe`). A first sentence longer than the limit alone is cut at the limit.
        var stop = end.samples
        if end.stoppedAtLimit {
            while let last = kept.popLast() {
                stop = last.start
                if stop <= limit { break }
            }
            if kept.isEmpty {
                kept = [first]
                stop = limit
            }
        }
        flush(upTo: stop)
        if let failure { throw failure }
        let mp3 = try encoder.finish()
        func ms(_ sample: Int) -> Int { (sample + mp3.leadSamples) * 1000 / rate }
        let sentences = kept.indices.map { index in
            NarratedSentence(block: kept[index].sentence.block, text: kept[index].sentence.display,
                             startMs: ms(kept[index].start), endMs: ms(index + 1 < kept.count ? kept[index + 1].start : stop))
        }
        let audio = TopicAudio(durationMs: mp3.durationMs, sha256: sha256(mp3.bytes), sentences: sentences,
                               cut: end.stoppedAtLimit || script.truncated)
        return (audio, mp3.bytes)
    }
}
