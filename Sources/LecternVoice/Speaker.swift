import CEspeakNG
import Foundation
import Glibc
import LecternModel
import Synchronization

/// How a synthesis ended: how many samples it made, and whether it stopped at the sample limit before the text's end.
public struct SpeechEnd: Sendable {
    public var samples: Int
    public var stoppedAtLimit: Bool
}

/// espeak-ng through its C API. The library keeps global state, so the process initialises it once and every
/// synthesis runs in a child forked from that untouched state (`lectern_espeak_fork` in the CEspeakNG shim): the
/// same text gives the same samples whatever was spoken before, and workers speak side by side.
public enum Speaker {
    /// espeak-ng's output rate for its own voices.
    public static let sampleRate = 22050

    private static let initialised = Mutex<Int32?>(nil)

    /// Loads espeak-ng's data once per process; a missing data folder is `missing-dependency`.
    private static func initialise() throws(LecternError) {
        let rate = initialised.withLock { rate -> Int32 in
            if let rate { return rate }
            // DONT_EXIT: without it espeak-ng ends the whole process when its data is missing.
            let found = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, espeakINITIALIZE_DONT_EXIT)
            rate = found
            return found
        }
        guard rate == Int32(sampleRate) else {
            throw LecternError(.missingDependency, "espeak-ng could not load its voices (install the Debian package espeak-ng-data).")
        }
    }

    /// Whether espeak-ng can speak with `voice` (a name, identifier or language such as `en`, `en-us`, `gmw/en`).
    public static func hasVoice(_ voice: String) -> Bool {
        guard (try? initialise()) != nil else { return false }
        let pid = voice.withCString { lectern_espeak_fork(nil, $0, 0, 0, -1) }
        return pid > 0 && exitStatus(of: pid) == 0
    }

    /// The Debian package that provides `voice`: MBROLA voices (`mb-en1`) come in their own packages.
    public static func package(of voice: String) -> String {
        voice.hasPrefix("mb-") ? "mbrola-" + voice.dropFirst(3) : "espeak-ng-data"
    }

    /// Speaks `ssml` (a `<speak>` document) at `rate` words a minute, stopping after `limitSamples`. The samples
    /// (mono, 16 bit, `sampleRate`) come to `onSamples` in pieces as the child makes them, never whole: a long topic
    /// is not held in memory twice; each SSML mark comes to `onMark` with its time in milliseconds.
    public static func speak(ssml: String, voice: String, rate: Int, limitSamples: Int,
                             onMark: (String, Int) -> Void, onSamples: (UnsafeBufferPointer<Int16>) -> Void) throws(LecternError) -> SpeechEnd {
        try initialise()
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw LecternError(.internalError, "no pipe for espeak-ng: errno \(errno)") }
        // Not inherited by programs other workers start (the forked child closes it in any case).
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let pid = ssml.withCString { text in voice.withCString { lectern_espeak_fork(text, $0, Int32(rate), Int64(limitSamples), fds[1]) } }
        close(fds[1])
        guard pid > 0 else {
            close(fds[0])
            throw LecternError(.internalError, "could not start an espeak-ng synthesis: errno \(errno)")
        }
        // Read while the child speaks (a pipe holds 64 kB).
        let speech = Result { () throws(LecternError) -> SpeechEnd in
            var reader = PipeReader(fd: fds[0])
            return try decode(&reader, limitSamples: limitSamples, onMark: onMark, onSamples: onSamples)
        }
        close(fds[0])
        switch exitStatus(of: pid) {
        case 0: break
        case 3: throw LecternError(.missingDependency, "espeak-ng has no voice '\(voice)' (install the Debian package \(package(of: voice))).")
        default: throw LecternError(.internalError, "espeak-ng failed to speak a text with the voice '\(voice)'.")
        }
        return try speech.get()
    }

    private static func exitStatus(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }

    /// The child's records (see the shim) back into samples and marks.
    private static func decode(_ reader: inout PipeReader, limitSamples: Int, onMark: (String, Int) -> Void,
                               onSamples: (UnsafeBufferPointer<Int16>) -> Void) throws(LecternError) -> SpeechEnd {
        var piece = [Int16](repeating: 0, count: 8192)
        var total = 0
        let cut = LecternError(.internalError, "espeak-ng's child stopped before the end of its text")
        while true {
            guard let type = reader.int32() else { throw cut }
            switch type {
            case 1:
                guard var remaining = reader.int32().map(Int.init), remaining >= 0 else { throw cut }
                while remaining > 0 {
                    let count = min(remaining, piece.count)
                    guard piece.withUnsafeMutableBytes({ reader.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<(count * 2)])) }) else { throw cut }
                    piece.withUnsafeBufferPointer { onSamples(UnsafeBufferPointer(rebasing: $0[0..<count])) }
                    remaining -= count
                    total += count
                }
            case 2:
                guard let ms = reader.int32(), let length = reader.int32().map(Int.init), (0...4096).contains(length) else { throw cut }
                var name = [UInt8](repeating: 0, count: length)
                guard name.withUnsafeMutableBytes({ reader.read(into: $0) }) else { throw cut }
                onMark(String(decoding: name, as: UTF8.self), Int(ms))
            case 3:
                return SpeechEnd(samples: total, stoppedAtLimit: total > limitSamples)
            default:
                throw LecternError(.internalError, "espeak-ng's child sent an unreadable record")
            }
        }
    }
}

/// Reads a pipe through a 64 kB buffer.
private struct PipeReader {
    let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    init(fd: Int32) { self.fd = fd }

    /// Fills `target` whole; false at the end of the stream before it is full.
    mutating func read(into target: UnsafeMutableRawBufferPointer) -> Bool {
        var filled = 0
        while filled < target.count {
            if start == end {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                start = 0
                end = count
            }
            let take = min(end - start, target.count - filled)
            buffer.withUnsafeBytes { source in
                target.baseAddress!.advanced(by: filled).copyMemory(from: source.baseAddress!.advanced(by: start), byteCount: take)
            }
            start += take
            filled += take
        }
        return true
    }

    mutating func int32() -> Int32? {
        var value: Int32 = 0
        return withUnsafeMutableBytes(of: &value) { read(into: $0) } ? value : nil
    }
}
