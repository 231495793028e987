import Foundation
import LecternModel
import LecternStore

/// Where the ledger and results live: SQLite in the output folder (the default), or a PostgreSQL database that
/// workers on other machines share (`postgres://USER@HOST:PORT/DB`, a socket folder as `?host=`).
public struct StoreAddress: Sendable, Hashable, CustomStringConvertible {
    public let url: String

    /// nil when `address` is not a PostgreSQL address.
    public init?(_ address: String) {
        guard address.hasPrefix("postgres://") || address.hasPrefix("postgresql://") else { return nil }
        url = address
    }

    /// `--store`, then `LECTERN_STORE`, then the pipeline file's `store:`; nil means SQLite in the output folder.
    public static func resolve(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                               config: PipelineConfig?) throws(ConfigError) -> StoreAddress? {
        for (address, origin) in [(flag, "--store"), (environment["LECTERN_STORE"], "LECTERN_STORE")] {
            guard let address, !address.isEmpty else { continue }
            guard let parsed = StoreAddress(address) else {
                throw ConfigError(file: origin, line: nil, message: "'\(address)' is not a postgres://USER@HOST:PORT/DB address")
            }
            return parsed
        }
        return config?.store.flatMap(StoreAddress.init)
    }

    /// The address without its password, for logs and `status`.
    public var description: String {
        guard var parts = URLComponents(string: url), parts.password != nil else { return url }
        parts.password = "***"
        return parts.string ?? url
    }
}
