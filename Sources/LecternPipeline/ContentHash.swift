import Crypto
import Foundation

/// SHA-256 content hashes: the identity of items, the keys of the stage cache and the IDs in bundles.
public enum ContentHash {
    public static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
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
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
