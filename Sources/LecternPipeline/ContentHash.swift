import Crypto
import Foundation

/// SHA-256 content hashes: the identity of items, the keys of the stage cache and the IDs in bundles.
public enum ContentHash {
    public static func sha256(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    public static func sha256(_ string: String) -> String {
        sha256(Data(string.utf8))
    }

    /// A short, stable ID for bundles and questions: the first 16 hex digits of a hash.
    public static func shortID(_ parts: String...) -> String {
        String(sha256(parts.joined(separator: "\u{1F}")).prefix(16))
    }

    /// Hashes a file in chunks so that large inputs do not have to fit in memory.
    public static func sha256(fileAt url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        return hex(hasher.finalize())
    }

    /// Lower-case hex by table: String(format:) per byte made hashing the largest cost of a no-op run.
    private static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(SHA256.Digest.byteCount * 2)
        for byte in digest {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
