import Foundation
import LecternJSON
import LecternModel
import LecternStore

/// What the latest run was configured with: its pipeline file and the inbox's review decisions. Kept in the store
/// so that a fleet worker, which has neither, runs the stages with the options their input hashes were planned with.
struct RunConfiguration: Codable, Sendable, Equatable {
    static let settingKey = "run-configuration"

    var pipelineFile: String
    var pipelineYAML: String
    var reviews: ReviewDecisions

    init(_ config: PipelineConfig) {
        pipelineFile = config.file
        pipelineYAML = config.yaml
        reviews = config.reviews
    }

    /// Written only when it changed, so that a run over an unchanged inbox writes nothing here.
    func save(in store: any ContentStore) throws {
        let text = String(decoding: try CanonicalJSON.encode(self), as: UTF8.self)
        if try store.setting(Self.settingKey) != text { try store.setSetting(Self.settingKey, text) }
    }

    /// The stored configuration and its text (which changes whenever it does); nil before any run.
    static func load(from store: any ContentStore) throws -> (config: PipelineConfig, version: String)? {
        guard let text = try store.setting(settingKey) else { return nil }
        let stored = try CanonicalJSON.decode(RunConfiguration.self, from: Data(text.utf8))
        var config = stored.pipelineYAML.isEmpty ? PipelineConfig(file: stored.pipelineFile)
            : try PipelineConfig.parse(yaml: stored.pipelineYAML, file: stored.pipelineFile)
        config.reviews = stored.reviews
        return (config, text)
    }
}
