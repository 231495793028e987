import Foundation
import LecternModel

/// A note type. Anki treats a note type whose fields change as a conflict unless it has a new id and name,
/// so a change to `fields` must come with a new `id` and a new `name` (e.g. "Lectern word 2").
public struct AnkiNoteType: Sendable, Hashable {
    public var id: Int64
    public var name: String
    public var fields: [String]
    public var front: String
    public var back: String

    public static let word = AnkiNoteType(
        id: 1_732_500_000_001, name: "Lectern word",
        fields: ["Word", "Level", "POS", "Definition", "Context", "Source"],
        front: "<div class=word>{{Word}}</div><div class=pos>{{POS}}</div>",
        back: "{{FrontSide}}<hr id=answer><div>{{Definition}}</div><div class=context>{{Context}}</div>"
            + "<div class=meta>{{Level}} · {{Source}}</div>")

    public static let question = AnkiNoteType(
        id: 1_732_500_000_002, name: "Lectern question",
        fields: ["Question", "Answer", "Explanation", "Source"],
        front: "<div class=question>{{Question}}</div>",
        back: "{{FrontSide}}<hr id=answer><div class=answer>{{Answer}}</div><div>{{Explanation}}</div>"
            + "<div class=meta>{{Source}}</div>")
}

/// One Anki note: fields are HTML (Anki's own field format).
public struct AnkiNote: Sendable, Hashable {
    public var guid: String
    public var type: AnkiNoteType
    public var fields: [String]
    public var tags: [String]
    /// Deck path segments: joined with `::`, Anki's subdeck separator.
    public var deck: [String]
}

extension ExportBundle {
    /// The bundle's Anki notes: a word list's words whose sense is sure (one deck per source), a lecture's question
    /// pool (decks Course::Subject::Topic). Homework quizzes go to question banks, not Anki. A card teaches its
    /// definition, so a sense nobody is sure of stays out until a teacher picks one (issue 28).
    public var ankiNotes: [AnkiNote] {
        switch self {
        case .homework:
            return []
        case .wordlist(let bundle):
            return bundle.words.filter(\.senseIsSure).map { entry in
                AnkiNote(guid: StableID.make("lectern-w", [bundle.source.path, entry.word]), type: .word,
                         fields: [Markup.escape(entry.word), entry.level.rawValue, Markup.escape(entry.partOfSpeech ?? ""),
                                  Markup.html(entry.definition ?? ""), Self.marking(entry.forms + [entry.word], in: entry.context),
                                  Markup.escape(bundle.source.path)],
                         tags: ["level::\(entry.level.rawValue)", "lectern"], deck: ["Lectern", "Words", sourceName])
            }
        case .lecture(let bundle):
            var topics: [String: (subject: Subject, topic: Topic)] = [:]
            for subject in bundle.subjects { for topic in subject.topics { topics[topic.id] = (subject, topic) } }
            return bundle.questionPool.compactMap { question in
                guard let place = topics[question.topicId], let rendering = question.renderings.first else { return nil }
                let code = place.topic.blocks.filter { $0.type == .code || $0.type == .math }.compactMap(\.text)
                let quoted = Self.blocksQuoted(by: rendering.prompt + " " + (rendering.explanation ?? ""), from: code)
                let front = Markup.questionHTML(stem: rendering.prompt, codeBlocks: quoted, imageSource: nil)
                return AnkiNote(guid: StableID.make("lectern-q", [bundle.source.path, place.topic.title, StableID.normalise(rendering.prompt)]),
                                type: .question,
                                fields: [front, Markup.html(rendering.expectedAnswer), Markup.html(rendering.explanation ?? ""),
                                         Markup.escape(place.topic.source.path)],
                                tags: ["level::\(rendering.level)", "lectern"],
                                deck: [bundle.title, place.subject.title, place.topic.title])
            }
        }
    }

    /// The context sentence with the word (any of its forms, whole words only, any case) in `<b>`, escaped.
    static func marking(_ forms: [String], in sentence: String) -> String {
        let wanted = Set(forms.map { $0.lowercased() })
        var html = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            html += wanted.contains(word.lowercased()) ? "<b>" + Markup.escape(word) + "</b>" : Markup.escape(word)
            word = ""
        }
        for character in sentence {
            // Hyphens and apostrophes inside a word belong to it: "single-celled", "by-products".
            if character.isLetter || character.isNumber || (character == "-" || character == "'") && !word.isEmpty {
                word.append(character)
            } else {
                flush()
                html += Markup.escape(String(character))
            }
        }
        flush()
        return html
    }
}
