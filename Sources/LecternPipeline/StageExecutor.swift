import Foundation
import LecternLectures
import LecternHTML
import LecternJSON
import LecternModel
import LecternOCR
import LecternStore
import LecternText
import Yams

/// What every worker shares during one run.
final class RunContext: Sendable {
    let inputs: any InputFiles
    let config: PipelineConfig
    let store: any ContentStore
    private let wordNetResult: Result<WordNet, LecternError>

    init(inputs: any InputFiles, config: PipelineConfig, store: any ContentStore) {
        self.inputs = inputs
        self.config = config
        self.store = store
        // Loaded once per process, before the workers start; immutable afterwards.
        do {
            wordNetResult = .success(try WordNet.shared())
        } catch {
            wordNetResult = .failure(error)
        }
        HTMLParser.initialize()
    }

    func wordNet() throws(LecternError) -> WordNet {
        try wordNetResult.get()
    }
}

/// Runs claimed stages for one worker thread, and gives the stages what they read. It owns that worker's
/// Tesseract handle.
final class StageExecutor {
    private let context: RunContext
    private var ocrEngine: OCREngine?

    init(context: RunContext) {
        self.context = context
    }

    /// The cache key of a stage result: input, stage version and options, hashed together.
    static func artifactKey(stage: any Stage, inputHash: String, optionsHash: String) -> String {
        ContentHash.sha256("\(stage.id.rawValue)|\(stage.version)|\(optionsHash)|\(inputHash)")
    }

    func execute(_ claim: Claim) throws(LecternError) -> StageResult {
        let stage = Stages.stage(claim.run.stage)
        let started = DispatchTime.now()
        let store = context.store
        let optionsHash = stage.optionsHash(context.config)
        var stageInput = try input(of: claim, reads: stage.reads)
        stageInput.reviews = stage.reviewsHash(context.config, itemID: claim.item.id)
        let inputHash = stage.reads.inputHash(stageInput)
        let key = Self.artifactKey(stage: stage, inputHash: inputHash, optionsHash: optionsHash)
        func result(_ data: Data?, outputSHA: String, attachments: [String: Data] = [:]) -> StageResult {
            let ms = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
            return StageResult(inputHash: inputHash, stageVersion: stage.version, optionsHash: optionsHash,
                               artifactKey: key, artifact: data, outputSHA: outputSHA, durationMs: ms, attachments: attachments)
        }
        if !claim.run.force, let cached = try storeCall({ try store.artifactOutputSHA(key: key) }) {
            log.debug("cache hit", metadata: ["stage": "\(stage.id.rawValue)", "item": "\(claim.item.sourcePath)"])
            return result(nil, outputSHA: cached)
        }
        log.debug("running", metadata: ["stage": "\(stage.id.rawValue)", "item": "\(claim.item.sourcePath)", "key": "\(key.prefix(12))"])
        let output = try stage.run(claim, config: context.config, worker: self)
        var stored = result(output.result, outputSHA: ContentHash.sha256(output.result), attachments: try attachments(of: output))
        stored.partResults = output.partResults
        return stored
    }

    /// A result's media and their list, for the store to keep beside it; none for a stage without media.
    private func attachments(of output: StageOutput) throws(LecternError) -> [String: Data] {
        guard !output.media.isEmpty || !output.inboxMedia.isEmpty || !output.voiceMedia.isEmpty else { return [:] }
        let list = StageMedia(stored: output.media.keys.sorted(), inbox: output.inboxMedia,
                              voice: output.voiceMedia.isEmpty ? nil : output.voiceMedia)
        var attachments = [StageMedia.listName: try encode(list)]
        for (name, data) in output.media {
            attachments[StageMedia.storedName(name)] = data
        }
        return attachments
    }

    /// What the stage's input hash is made of, from the store.
    private func input(of claim: Claim, reads: StageReads) throws(LecternError) -> StageInput {
        switch reads {
        case .sourceFile:
            return StageInput(item: claim.item)
        case .upstreamResult, .courseResult:
            return StageInput(item: claim.item, upstream: try upstreamRun(claim))
        case .coursePosts:
            let item = claim.item
            return StageInput(item: item, members: try storeCall { try context.store.members(ofCourse: item.id) })
        }
    }

    // MARK: What stages read

    func wordNet() throws(LecternError) -> WordNet {
        try context.wordNet()
    }

    /// The teacher's review decisions about `itemID` (`lectern-reviews.yml`).
    func reviews(of itemID: String) -> ReviewDecisions {
        context.config.reviews.forItem(itemID)
    }

    /// This worker's Tesseract engine, made on first use.
    func ocrEngine(_ options: OCROptions) throws(LecternError) -> OCREngine {
        if let ocrEngine { return ocrEngine }
        let engine = try OCREngine(options: options, lexicon: (try? wordNet()).map { TextLexicon(wordNet: $0) })
        ocrEngine = engine
        return engine
    }

    func courseInput(_ course: ItemRecord) throws(LecternError) -> CourseInput {
        let store = context.store
        let members = try storeCall { try store.members(ofCourse: course.id) }
        var stored: [(member: CourseMember, parse: StageRun?, data: Data?)] = []
        for member in members {
            let parse = member.runs.first { $0.stage == .parse }
            var data: Data?
            if parse?.state == .done, let key = parse?.artifactKey {
                data = try storeCall { try store.artifact(key: key) }
            }
            stored.append((member, parse, data))
        }
        // Reading the parsed posts back is most of a big course's input time: one post per core.
        let decoded = stored.map(\.data).concurrentMap { data in
            Result { () throws(LecternError) -> ParsedPost? in
                guard let data else { return nil }
                return try StageExecutor.decode(ParsedPost.self, data)
            }
        }
        var posts: [CoursePost] = []
        for ((member, parse, _), result) in zip(stored, decoded) {
            let post = try result.get()
            posts.append(CoursePost(path: member.item.sourcePath, sha256: member.item.sha256, post: post,
                                    error: parse?.error ?? (post == nil ? LecternError(.internalError, "not parsed") : nil)))
        }
        return CourseInput(id: course.id, source: SourceRef(path: course.sourcePath, sha256: course.sha256),
                           settings: try courseSettings(course), posts: posts)
    }

    /// A part of a stage's result cached under its own key (`StageOutput.partResults`), or nil.
    func partResult(key: String) throws(LecternError) -> Data? {
        let store = context.store
        return try storeCall { try store.artifact(key: key) }
    }

    func courseSettings(_ course: ItemRecord) throws(LecternError) -> CourseSettings {
        try courseSettingsFile(course)?.settings ?? CourseSettings()
    }

    /// The course's `course.yml`: its path in the inbox, its text and its settings; nil when it has none.
    func courseSettingsFile(_ course: ItemRecord) throws(LecternError) -> (path: String, text: String, settings: CourseSettings)? {
        let relative = course.sourcePath + "/" + InboxScanner.courseConfigName
        guard let data = try context.inputs.file(relative) else { return nil }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LecternError(.invalidCourseConfig, "\(relative) is not UTF-8 text.")
        }
        do {
            return (relative, text, try YAMLDecoder().decode(CourseSettings.self, from: text))
        } catch {
            throw LecternError(.invalidCourseConfig, "\(relative) could not be read: \(error)")
        }
    }

    private func upstreamRun(_ claim: Claim) throws(LecternError) -> StageRun {
        let runs = try storeCall { try context.store.stageRuns(itemIDs: [claim.item.id]) }
        guard let upstream = runs.last(where: { $0.seq < claim.run.seq }), upstream.state == .done else {
            throw LecternError(.internalError, "The stage before \(claim.run.stage) has no result.")
        }
        return upstream
    }

    func upstreamArtifact(_ claim: Claim) throws(LecternError) -> Data {
        let upstream = try upstreamRun(claim)
        guard let key = upstream.artifactKey, let data = try storeCall({ try context.store.artifact(key: key) }) else {
            throw LecternError(.internalError, "The result of \(upstream.stage) is missing from the store.")
        }
        return data
    }

    /// Reads an input file and checks it is still the content the item was made from.
    func readSource(_ item: ItemRecord, limit: Int?) throws(LecternError) -> Data {
        try context.inputs.source(item, limit: limit)
    }

    func encode<T: Encodable>(_ value: T) throws(LecternError) -> Data {
        do { return try CanonicalJSON.encode(value) } catch {
            throw LecternError(.internalError, "Could not encode the result: \(error)")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(LecternError) -> T {
        do { return try CanonicalJSON.decode(type, from: data) } catch {
            throw LecternError(.internalError, "A stored result could not be read back: \(error)")
        }
    }
}

/// Store failures inside a stage are transient (a busy database, a full disk): the stage is retried.
func storeCall<T>(_ body: () throws -> T) throws(LecternError) -> T {
    do { return try body() } catch {
        throw LecternError(storeFailure: error)
    }
}
