import Foundation
import ZIPFoundation

/// A zip whose bytes depend only on its entries: sorted paths, one fixed timestamp, fixed permissions.
enum DeterministicZip {
    /// 2000-01-01 00:00 UTC: any fixed date inside the DOS date range would do.
    static let timestamp = Date(timeIntervalSince1970: 946_684_800)

    static func make(_ entries: [String: Data]) throws(ExportError) -> Data {
        do {
            let archive = try Archive(data: Data(), accessMode: .create)
            for path in entries.keys.sorted() {
                let data = entries[path]!
                try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: timestamp,
                                     permissions: 0o644, compressionMethod: .deflate) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let bytes = archive.data else { throw ExportError(.writeFailed, "the zip archive has no data") }
            return bytes
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError(.writeFailed, "cannot write a zip archive: \(error)")
        }
    }
}
