import CLame
import Foundation
import LecternModel
import Synchronization

/// One MP3 made by LAME: constant bit rate, mono, no Xing/LAME tag and no ID3 tag, so the same samples give the
/// same bytes.
public struct MP3Audio: Sendable {
    public var bytes: Data
    /// The decoded length: whole MPEG frames, the encoder's delay and padding included.
    public var durationMs: Int
    /// Samples a decoder plays before the first input sample: LAME's encoder delay plus the MP3 decoder's 529.
    /// Without a LAME tag no player trims it, so times in the input move this much later in the file.
    public var leadSamples: Int
}

/// A LAME handle, owned: made for one file and closed in `deinit`.
public final class MP3Encoder {
    /// lame_init fills shared tables the first time it runs.
    private static let initLock = Mutex(())
    private let handle: OpaquePointer
    private let sampleRate: Int
    private var bytes = Data()
    /// LAME's output for one call, reused.
    private var scratch: [UInt8] = []

    public init(sampleRate: Int, kbps: Int) throws(LecternError) {
        guard let handle = Self.initLock.withLock({ _ in lame_init() }) else {
            throw LecternError(.internalError, "LAME could not start an encoder")
        }
        self.handle = handle
        self.sampleRate = sampleRate
        lame_set_in_samplerate(handle, Int32(sampleRate))
        lame_set_out_samplerate(handle, Int32(sampleRate))
        lame_set_num_channels(handle, 1)
        lame_set_mode(handle, MONO)
        lame_set_VBR(handle, vbr_off)
        lame_set_brate(handle, Int32(kbps))
        // 7: LAME's fast noise shaping. Encoding, not synthesis, is most of a topic's time (a 22-minute chapter: espeak-ng
        // 1.4 s, LAME 5.4 s at quality 5, 3.0 s at 7), and speech at 64 kbps sounds the same.
        lame_set_quality(handle, 7)
        // The Xing/LAME tag is written over the first frame after encoding and names the encoder; CBR needs none.
        lame_set_bWriteVbrTag(handle, 0)
        lame_set_write_id3tag_automatic(handle, 0)
        guard lame_init_params(handle) >= 0 else {
            lame_close(handle)
            throw LecternError(.internalError, "LAME refused the settings \(kbps) kbps mono at \(sampleRate) Hz")
        }
    }

    deinit { lame_close(handle) }

    /// Encodes the next samples (mono, 16 bit) of the file.
    public func encode(_ samples: UnsafeBufferPointer<Int16>) throws(LecternError) {
        // LAME's documented worst case: 1.25 × samples + 7200 bytes.
        let needed = samples.count * 5 / 4 + 7200
        if scratch.count < needed { scratch = [UInt8](repeating: 0, count: needed) }
        let written = scratch.withUnsafeMutableBufferPointer { out in
            lame_encode_buffer(handle, samples.baseAddress, nil, Int32(samples.count), out.baseAddress, Int32(out.count))
        }
        guard written >= 0 else { throw LecternError(.internalError, "LAME failed to encode (\(written))") }
        bytes.append(contentsOf: scratch[0..<Int(written)])
    }

    /// Ends the file; the encoder cannot be used again.
    public func finish() throws(LecternError) -> MP3Audio {
        if scratch.count < 7200 { scratch = [UInt8](repeating: 0, count: 7200) }
        let flushed = scratch.withUnsafeMutableBufferPointer { lame_encode_flush(handle, $0.baseAddress, Int32($0.count)) }
        guard flushed >= 0 else { throw LecternError(.internalError, "LAME failed to finish a file (\(flushed))") }
        bytes.append(contentsOf: scratch[0..<Int(flushed)])
        let frames = Int(lame_get_frameNum(handle)) * Int(lame_get_framesize(handle))
        return MP3Audio(bytes: bytes, durationMs: frames * 1000 / sampleRate,
                        leadSamples: Int(lame_get_encoder_delay(handle)) + 529)
    }
}
