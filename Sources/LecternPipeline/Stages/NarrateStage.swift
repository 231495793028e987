import Foundation
import LecternLectures
import LecternModel
import LecternStore
import LecternVoice
import Yams

/// Options of the `narrate` stage: whether courses are read aloud, and how.
public struct NarrateOptions: Codable, Sendable, Hashable {
    /// Read every course aloud; a course turns it on alone with `voice: true` in its course.yml.
    public var enabled = false
    /// The espeak-ng voice: a language (`en`, `en-us`, `de`) or a voice name. Unset, a course is read in the
    /// language its posts declare (`<html lang>`), else in English.
    public var voice: String?
    /// Words a minute (espeak-ng's default is 175).
    public var rate = 175
    /// The longest a topic's audio may be; a longer topic is cut at a sentence boundary, with a bundle warning.
    public var maxMinutes = 20

    public init() {}
}

extension NarrateOptions: StageOptions {
    public func problem() -> OptionProblem? {
        if let problem = Self.rateProblem(rate) { return OptionProblem("rate", problem) }
        if !(1...120).contains(maxMinutes) { return OptionProblem("maxMinutes", "must be between 1 and 120, not \(maxMinutes)") }
        // Unset, the voice is found when it is used (a missing espeak-ng-data is then `missing-dependency`): a run
        // with the voice off starts no espeak-ng.
        if let voice, !Speaker.hasVoice(voice) { return OptionProblem("voice", Self.unknownVoice(voice)) }
        return nil
    }

    static func rateProblem(_ rate: Int) -> String? {
        (80...450).contains(rate) ? nil : "must be between 80 and 450 words a minute, not \(rate)"
    }

    static func unknownVoice(_ voice: String) -> String {
        "espeak-ng has no voice '\(voice)' (`espeak-ng --voices` lists them)"
    }
}

/// A lecture bundle → the same bundle with each topic read aloud: one MP3 per topic, published at
/// `OutputLayout.voice`, and `narration` (its sentences' times) in the topic. With the voice off (the default) its
/// result is the lecture stage's, byte for byte.
struct NarrateStage: Stage {
    let id = StageID.narrate
    /// Its changes: CHANGELOG.md, "Stage versions".
    let version = 3
    var options: WritableKeyPath<PipelineConfig, NarrateOptions> { \.narrate }
    let reads = StageReads.courseResult

    func run(_ claim: Claim, options: NarrateOptions, worker: StageExecutor) throws(LecternError) -> StageOutput {
        let lecture = try worker.upstreamArtifact(claim)
        var bundle = try StageExecutor.decode(LectureBundle.self, lecture)
        guard let settings = try voiceSettings(claim.item, lang: bundle.lang, options: options, worker: worker) else {
            return StageOutput(result: lecture)
        }
        let settingsKey = "\(settings.voice)\n\(settings.rate)\n\(settings.maxMinutes)\n\(Narrator.kbps)"
        var output = StageOutput(result: Data())
        var warnings: [String] = []
        for subject in bundle.subjects.indices {
            for index in bundle.subjects[subject].topics.indices {
                let topic = bundle.subjects[subject].topics[index]
                let script = SpokenScript(topic: topic, wordLimit: settings.wordLimit)
                guard !script.sentences.isEmpty else { continue }
                // A topic's audio is keyed by what it says and how: editing a code block changes nothing it reads.
                let key = "narrate/" + ContentHash.sha256("\(version)\n\(settingsKey)\n\(script.ssml)")
                let audio: TopicAudio
                // Made earlier in this course (a topic read twice), or by any earlier run.
                var stored = output.partResults[key + ".json"]
                if stored == nil { stored = try worker.partResult(key: key + ".json") }
                if let stored {
                    audio = try StageExecutor.decode(TopicAudio.self, stored)
                } else {
                    let spoken = try Narrator.narrate(script, settings: settings, sha256: ContentHash.sha256)
                    audio = spoken.audio
                    output.partResults[key + ".json"] = try worker.encode(spoken.audio)
                    output.partResults[key + ".mp3"] = spoken.mp3
                }
                output.voiceMedia[topic.id] = key + ".mp3"
                bundle.subjects[subject].topics[index].narration = Narration(
                    media: OutputLayout.voice(courseID: claim.item.id, topicID: topic.id), durationMs: audio.durationMs,
                    sha256: audio.sha256, voice: settings.voice, rate: settings.rate, sentences: audio.sentences)
                if audio.cut {
                    warnings.append("\(topic.title): read aloud for its first \(settings.maxMinutes) minutes only (cut at a sentence boundary).")
                }
            }
        }
        if !warnings.isEmpty { bundle.warnings = (bundle.warnings ?? []) + warnings }
        output.result = try worker.encode(bundle)
        return output
    }

    /// The course's voice: course.yml over the pipeline file over the language the posts declare (`lang`), else
    /// English; nil when the course is not read aloud. A voice or rate in course.yml that cannot be used is a
    /// configuration error naming the line; a declared language no installed voice speaks is `missing-dependency`.
    private func voiceSettings(_ course: ItemRecord, lang: String?, options: NarrateOptions,
                               worker: StageExecutor) throws(LecternError) -> VoiceSettings? {
        let file = try worker.courseSettingsFile(course)
        let settings = file?.settings
        guard settings?.voice ?? options.enabled else { return nil }
        if let file, let name = settings?.voiceName, !Speaker.hasVoice(name) {
            throw LecternError(.invalidCourseConfig, "\(Self.place(of: "voiceName", in: file)): \(NarrateOptions.unknownVoice(name)).")
        }
        if let file, let rate = settings?.rate, let problem = NarrateOptions.rateProblem(rate) {
            throw LecternError(.invalidCourseConfig, "\(Self.place(of: "rate", in: file)): rate \(problem).")
        }
        var voice = settings?.voiceName ?? options.voice
        if voice == nil, let lang { voice = try Self.voice(speaking: lang) }
        return VoiceSettings(voice: voice ?? "en", rate: settings?.rate ?? options.rate, maxMinutes: options.maxMinutes)
    }

    /// The voice for a language tag the posts declare: the whole tag ("en-us", "pt-br"), else its language ("de" of
    /// "de-at").
    private static func voice(speaking lang: String) throws(LecternError) -> String {
        let language = String(lang.prefix { $0 != "-" })
        guard let voice = [lang, language].first(where: Speaker.hasVoice) else {
            throw LecternError(.missingDependency, "The posts are in '\(lang)', which no installed espeak-ng voice speaks: "
                + "install the Debian package that has it (espeak-ng-data, or an mbrola voice; `espeak-ng --voices` lists "
                + "the installed ones), or name a voice with `voiceName:` in course.yml.")
        }
        return voice
    }

    /// "course/course.yml:3", the line of `key` in the file.
    private static func place(of key: String, in file: (path: String, text: String, settings: CourseSettings)) -> String {
        let node = (try? Yams.compose(yaml: file.text))??.mapping?.first { $0.key.string == key }
        return node?.key.mark.map { "\(file.path):\($0.line)" } ?? file.path
    }
}
