import ArgumentParser
import Foundation
import LecternModel
import LecternPipeline
import LecternReviews
import LecternText

/// Where the reviews file lives (the inbox) and the bundles whose IDs it names (OUT).
struct ReviewPlaces: ParsableArguments {
    @Option(help: "The inbox whose lectern-reviews.yml holds the decisions (the one file Lectern writes in it).")
    var inbox = "inbox"
    @OptionGroup var out: OutOptions
    @Flag(help: "Print JSON on stdout.") var json = false

    func inboxURL() throws -> URL { try existingFolder(inbox) }

    /// Reads the file (a malformed one exits 2 with its line), changes it and writes it back atomically.
    func update(_ change: (inout ReviewDecisions) throws -> Void) throws -> ReviewDecisions {
        let inbox = try inboxURL()
        _ = try Pipeline.reviews(inbox: inbox)
        return try ReviewsFile.update(inbox: inbox, change)
    }

    /// Refuses an ID that no published bundle shows (a typo would otherwise be an orphan at once); an ID whose item
    /// has no bundle in OUT is accepted (OUT may be elsewhere).
    func check(exists: Bool?, id: String, what: String, correcting: Bool = false) throws {
        if correcting, ReviewReport.isLecture(id, out: out.url) {
            throw ValidationError("\(id) belongs to a lecture: lecture questions can be rejected, not corrected (docs/REVIEWS.md)")
        }
        if exists == false {
            throw ValidationError("no \(what) \(id) in the bundles of \(out.out) (see `lectern review list` or the bundle's `id` fields)")
        }
    }

    func report(_ id: String, _ decisions: ReviewDecisions, done: String) throws {
        if json {
            try printJSON(ReviewReport.entries(decisions, out: out.url).filter { $0.id == id })
        } else {
            print("\(done) in \(ReviewsFile.url(inbox: try inboxURL()).path); the next `lectern run` applies it.")
        }
    }
}

struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Record a teacher's review decision in the inbox's lectern-reviews.yml.",
        discussion: """
        Decisions are keyed by stable question and word IDs (the `id` fields of the bundles, or `lectern review list`) \
        and applied by every later run, retry and check: a rejected question is replaced by the next valid one, a \
        correction replaces the fields it names. See docs/REVIEWS.md.

        Example: lectern review --inbox inbox reject 3f2a9c0d1e4b5a67-q-9b1c2d3e4f5a6b7c
        """,
        subcommands: [Reject.self, Correct.self, Word.self, Clear.self, List.self])

    // Declared here too, so that `lectern review --inbox DIR --out OUT reject ID` works as well as options after it.
    @OptionGroup var places: ReviewPlaces

    struct Reject: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reject a question: the next valid candidate takes its place.")
        @OptionGroup var places: ReviewPlaces
        @Argument(help: "The question's ID.") var questionID: String

        func run() throws {
            try places.check(exists: ReviewReport.exists(questionID: questionID, out: places.out.url), id: questionID, what: "question")
            let decisions = try places.update { $0.questions[questionID] = QuestionDecision(reject: true) }
            try places.report(questionID, decisions, done: "Rejected \(questionID)")
        }
    }

    struct Correct: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a question's stem, options, answer or explanation (fields not given keep earlier corrections).")
        @OptionGroup var places: ReviewPlaces
        @Argument(help: "The question's ID.") var questionID: String
        @Option(help: "The corrected question text.") var stem: String?
        @Option(help: "An option, in order; give it four times to replace all options.") var option: [String] = []
        @Option(help: "The correct option's index (0-based), or the correct option's text.") var answer: String?
        @Option(help: "The corrected explanation.") var explanation: String?

        func validate() throws {
            if stem == nil && option.isEmpty && answer == nil && explanation == nil {
                throw ValidationError("nothing to correct: give --stem, --option, --answer or --explanation")
            }
            if !option.isEmpty && option.count < 2 { throw ValidationError("--option needs at least two options") }
        }

        func run() throws {
            let out = places.out.url
            try places.check(exists: ReviewReport.exists(questionID: questionID, out: out), id: questionID, what: "question", correcting: true)
            let published = ReviewReport.published(out: out, itemID: ReviewID.itemID(of: questionID))?.questions[questionID]
            let decisions = try places.update { decisions in
                let earlier = decisions.questions[questionID].map { $0.rejects ? QuestionDecision() : $0 } ?? QuestionDecision()
                let options = option.isEmpty ? earlier.options ?? published?.options : option
                var index: Int?
                if let answer {
                    if let number = Int(answer) {
                        index = number
                    } else if let found = options?.firstIndex(of: answer) {
                        index = found
                    } else {
                        throw ValidationError("--answer '\(answer)' is neither an index nor one of the options")
                    }
                    guard (0..<(options?.count ?? 4)).contains(index!) else {
                        throw ValidationError("--answer \(index!) is not an option's index")
                    }
                }
                decisions.questions[questionID] = earlier.merged(with: QuestionDecision(
                    stem: stem, options: option.isEmpty ? nil : option, answerIndex: index, explanation: explanation))
            }
            try places.report(questionID, decisions, done: "Recorded the correction of \(questionID)")
        }
    }

    struct Word: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a word's level, sense or definition, or list the senses a teacher can pick.",
            discussion: """
            --senses lists the word's WordNet senses with their keys and glosses, marking (*) the one the published \
            word list shows; --sense KEY picks one (its gloss becomes the definition, `senseSource: teacher`).

            Example: lectern review --inbox inbox word 3f2a9c0d1e4b5a67-w-platform --sense n:03962685
            """)
        @OptionGroup var places: ReviewPlaces
        @Argument(help: "The word's ID (ITEM-w-LEMMA).") var wordID: String
        @Option(help: "beginner, intermediate or advanced.") var level: String?
        @Option(help: "The WordNet sense the text means: its part-of-speech letter and synset offset, e.g. n:08517656 (see --senses).")
        var sense: String?
        @Option(help: "The corrected definition.") var definition: String?
        @Flag(help: "List the word's WordNet senses (key, part of speech, gloss), marking the one the word list shows.")
        var senses = false

        func validate() throws {
            if !senses && level == nil && definition == nil && sense == nil {
                throw ValidationError("nothing to correct: give --level, --sense or --definition (or --senses to list the senses)")
            }
            if let level, WordLevel(rawValue: level) == nil {
                throw ValidationError("--level must be beginner, intermediate or advanced")
            }
            if let sense, SynsetID(senseKey: sense) == nil {
                throw ValidationError("--sense must be a part-of-speech letter and a synset offset, e.g. n:08517656 (see --senses)")
            }
        }

        /// One candidate sense, as `--senses` lists it.
        struct Candidate: Codable {
            var key: String
            var partOfSpeech: String
            var gloss: String
            var current: Bool
        }

        func run() throws {
            guard let lemma = ReviewID.lemma(ofWord: wordID) else { throw ValidationError("\(wordID) is not a word ID (ITEM-w-LEMMA)") }
            try places.check(exists: ReviewReport.exists(wordID: wordID, out: places.out.url), id: wordID, what: "word", correcting: true)
            let wordNet = try WordNet.shared()
            let candidates = wordNet.synsets(of: lemma)
            if senses {
                let shown = ReviewReport.published(out: places.out.url, itemID: ReviewID.itemID(of: wordID))?.words[wordID]
                try list(candidates.map { synset in
                    Candidate(key: synset.id.senseKey, partOfSpeech: synset.pos.rawValue, gloss: synset.gloss,
                              current: shown?.definition == synset.gloss && shown?.partOfSpeech == synset.pos.rawValue)
                }, shown: shown)
                return
            }
            if let sense, !candidates.contains(where: { $0.id.senseKey == SynsetID(senseKey: sense)?.senseKey }) {
                throw ValidationError("\(sense) is not a WordNet sense of “\(lemma)” (see `lectern review word \(wordID) --senses`)")
            }
            let key = sense.flatMap { SynsetID(senseKey: $0)?.senseKey }
            let decisions = try places.update { decisions in
                decisions.words[wordID] = (decisions.words[wordID] ?? WordDecision())
                    .merged(with: WordDecision(level: level.flatMap(WordLevel.init(rawValue:)), definition: definition, sense: key))
            }
            try places.report(wordID, decisions, done: "Recorded the correction of \(wordID)")
        }

        func list(_ candidates: [Candidate], shown: WordEntry?) throws {
            if places.json { return try printJSON(candidates) }
            for candidate in candidates {
                print("\(candidate.current ? "*" : " ") \(candidate.key)  \(candidate.partOfSpeech.padding(toLength: 9, withPad: " ", startingAt: 0)) \(candidate.gloss)")
            }
            if let shown {
                print("* the sense the word list shows (senseConfidence \(shown.senseConfidence?.rawValue ?? "none")\(shown.senseSource.map { ", chosen by the \($0.rawValue)" } ?? "")).")
            }
            print("Pick one: lectern review --inbox \(places.inbox) --out \(places.out.out) word \(wordID) --sense KEY")
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the decision about a question or word.")
        @OptionGroup var places: ReviewPlaces
        @Argument(help: "The question's or word's ID.") var id: String

        func run() throws {
            var found = false
            _ = try places.update { decisions in
                found = decisions.questions.removeValue(forKey: id) != nil || decisions.words.removeValue(forKey: id) != nil
            }
            guard found else { throw ValidationError("no decision about \(id) in \(ReviewDecisions.fileName)") }
            if !places.json { print("Removed the decision about \(id); the next `lectern run` makes its bundle again.") }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the decisions and whether the published bundles show them (orphans are reported, never dropped).",
            discussion: "Exits 1 when some decision is an orphan or a correction that could not be applied.")
        @OptionGroup var places: ReviewPlaces

        func run() throws {
            let decisions = try Pipeline.reviews(inbox: try places.inboxURL())
            let entries = ReviewReport.entries(decisions, out: places.out.url)
            if places.json {
                try printJSON(entries)
            } else {
                for entry in entries {
                    print("\(entry.state.rawValue.uppercased().padding(toLength: 12, withPad: " ", startingAt: 0))\(entry.target) \(entry.id): \(entry.decision)")
                    if let message = entry.message { print("    \(message)") }
                }
                print("\(entries.count) decisions in \(ReviewsFile.url(inbox: try places.inboxURL()).path).")
            }
            throw ExitCode(entries.contains { $0.state == .orphan || $0.state == .notApplied } ? 1 : 0)
        }
    }
}
