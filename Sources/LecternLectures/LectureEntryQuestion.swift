import Foundation
import LecternModel
import LecternQuestions
import LecternText

/// "Which of these does “TITLE” describe this way? “…”": for a topic that lists names, each with a description, as
/// rustdoc's module pages do ("Traits": `Read`, then "The `Read` trait allows for reading bytes from a source."). Such
/// descriptions seldom open with their name, so they give no definition item, and the list's other names are the
/// distractors a learner has to tell apart.
extension LectureQuestionMaker {
    /// A name the topic lists and the first sentence of the paragraph that describes it.
    struct Entry: Sendable {
        var name: String
        var description: String
        /// The description's content words (`LectureBuilder.contentWords`): what tells two descriptions apart.
        var words: Set<String>
    }

    /// Items on the first `limit` entries that make a valid question, from each of the topic's lists of four names or
    /// more in turn: the distractors come from the same list. An entry described like another one does not single out
    /// its name.
    func describedNamePoolQuestions(_ topic: TopicContext, limit: Int) -> [PoolQuestion] {
        guard limit > 0, let validator else { return [] }
        var items: [PoolQuestion] = []
        for entries in Self.entryLists(of: topic.blocks) where entries.count >= 4 {
            for entry in entries where items.count < limit
                && !entries.contains(where: { $0.name != entry.name && Self.describeAlike(entry, $0) }) {
                if let item = describedNameItem(entry, among: entries, topic: topic, validator: validator) { items.append(item) }
            }
        }
        return items
    }

    /// The topic's lists of names with a description each: its paragraphs that are only a name, each followed by a
    /// paragraph describing it (rustdoc's item tables), as one list; and each of its lists whose items open with a name
    /// and a colon or dash ("`highlightjs`: Enables highlighting of source code …", "`Arc`: Atomically Reference-Counted
    /// pointer, …"). A description is the first sentence after the name, 4–45 words.
    static func entryLists(of blocks: [Block]) -> [[Entry]] {
        var pairs: [Entry] = []
        var lists: [[Entry]] = []
        for (block, next) in zip(blocks, blocks.dropFirst()) {
            if let name = listedName(block), next.type == .paragraph, listedName(next) == nil,
               let entry = entry(name, describedBy: next.plainText) {
                pairs.append(entry)
            }
        }
        for case .list(_, let items) in blocks {
            lists.append(items.compactMap { item in
                item.first.flatMap(leadingName).flatMap { entry($0.name, describedBy: $0.rest) }
            })
        }
        return [pairs] + lists
    }

    private static func entry(_ name: String, describedBy text: String) -> Entry? {
        guard let description = SentenceSplitter.split(text).first,
              (4...45).contains(FactFinder.wordCount(description)), !FactFinder.isQuestion(description) else { return nil }
        return Entry(name: name, description: description,
                     words: LectureBuilder.contentWords(Tokenizer.words(in: description).map(\.text)))
    }

    /// The name of a paragraph that is one link or code run of one word shaped like a name ("BufRead", "read_to_string",
    /// "vec!"), nothing else: rustdoc's item links. A name with a badge run after it ("Concat" + "Experimental") is not one.
    static func listedName(_ block: Block) -> String? {
        guard case .paragraph(let text, let inlines) = block, inlines.count == 1,
              inlines[0].kind == .link || inlines[0].kind == .code else { return nil }
        return nameShaped(text.trimmingCharacters(in: .whitespaces))
    }

    /// A list item's opening name, in code, a link or bold, and what follows its colon or dash.
    static func leadingName(_ block: Block) -> (name: String, rest: String)? {
        guard case .paragraph(let text, let inlines) = block, let first = inlines.first, first.kind != nil,
              first.kind != .emphasis, text.hasPrefix(first.text), let name = nameShaped(first.text) else { return nil }
        let after = text.dropFirst(first.text.count)
        guard let separator = [": ", " - ", " – ", " — "].first(where: { after.hasPrefix($0) }) else { return nil }
        return (name, String(after.dropFirst(separator.count)))
    }

    /// `text` when it is one word shaped like a name: a letter first, then letters, digits and `_ : ! .`, 40 at most.
    private static func nameShaped(_ text: String) -> String? {
        guard let first = text.first, first.isLetter, text.count <= 40,
              text.allSatisfy({ $0.isLetter || $0.isNumber || "_:!.".contains($0) }) else { return nil }
        return text
    }

    /// Whether `description` says `name`, or a word made from it ("copying bits" of `Copy`, "the addition operator" of
    /// `Add`): it would give the answer away, or make a distractor look right.
    static func names(_ description: String, _ name: String) -> Bool {
        let lowerName = name.lowercased()
        return FactFinder.contains(description, name, kind: .code)
            || Tokenizer.words(in: description).contains { $0.text.lowercased().hasPrefix(lowerName) }
    }

    /// Whether one description's content words are all in the other's, so that it fits both names: one sentence for
    /// five names ("A struct to help with fmt::Debug implementations."), or "Wraps a writer and buffers its output."
    /// (`BufWriter`) and "Wraps a writer and buffers output to it, flushing …" (`LineWriter`). "Returns the maximum of
    /// two values …" and "Returns the minimum of two values …" each have a word of their own: they tell `max` from `min`.
    static func describeAlike(_ a: Entry, _ b: Entry) -> Bool {
        a.words.isSubset(of: b.words) || b.words.isSubset(of: a.words)
    }

    /// The entry's name among three other names of the list: none in the description, none containing another
    /// ("Borrow" and "BorrowMut": a mutable borrow is a borrow too).
    private func describedNameItem(_ entry: Entry, among entries: [Entry], topic: TopicContext,
                                   validator: QuestionValidator) -> PoolQuestion? {
        let lowerName = entry.name.lowercased()
        guard !Self.names(entry.description, entry.name) else { return nil }
        var distractors: [Entry] = []
        var keys: Set<String> = [QuestionValidator.comparisonKey(entry.name)]
        // The names whose descriptions share the fewest words with this one first (in a seeded order among equals): a
        // description sloppy enough to fit a near neighbour as well ("… separated by elements that match pred, starting
        // from the end of the slice" of `RSplitMut`, and `RSplitN`) then does not meet it among the options.
        let others = entries.seededShuffle(seed: "entries|" + topic.id + "|" + entry.name)
            .map { ($0, $0.words.intersection(entry.words).count) }.sorted { $0.1 < $1.1 }.map(\.0)
        for other in others where distractors.count < 3 {
            let lowerOther = other.name.lowercased()
            guard !lowerOther.contains(lowerName), !lowerName.contains(lowerOther),
                  !Self.names(entry.description, other.name),
                  keys.insert(QuestionValidator.comparisonKey(other.name)).inserted else { continue }
            distractors.append(other)
        }
        guard distractors.count == 3 else { return nil }
        let options = ([entry.name] + distractors.map(\.name)).seededShuffle(seed: "entry-order|" + topic.id + "|" + entry.name)
        let answerIndex = options.firstIndex(of: entry.name)!
        let quote = "“\(topic.title)” says of \(entry.name): “\(entry.description)”"
        let question = MultipleChoiceQuestion(
            id: StableID.make(topic.id, "entry", entry.name), kind: .lectureDefinition,
            stem: "Which of these does “\(topic.title)” describe this way? “\(entry.description)”", options: options,
            answerIndex: answerIndex, explanation: quote, level: 1,
            optionOrigins: options.map { $0 == entry.name ? OptionOrigin.answer : OptionOrigin.courseDefinition })
        guard validator.problems(question, source: topic.titledSource).isEmpty else { return nil }
        let name = display(entry.name, kind: .code)
        let compared = distractors[0]
        let fact = LectureFact(answer: entry.name, kind: .code, shape: .identifier, words: 1, topicID: topic.id,
                               topicTitle: topic.title, sentence: entry.description, score: 0)
        return PoolQuestion(id: StableID.make(topic.id, "pool", "entry", entry.name), topicId: topic.id, renderings: [
            .init(level: 1, format: .multipleChoice, prompt: question.stem, options: options, answerIndex: answerIndex,
                  expectedAnswer: entry.name, explanation: quote),
            .init(level: 2, format: .freeText, prompt: "In one sentence, without looking: what is \(name), as “\(topic.title)” describes it?",
                  options: nil, answerIndex: nil, expectedAnswer: entry.description, explanation: quote),
            // Told apart from a name of the same list, whose description the expected answer adds.
            .init(level: 3, format: .freeText,
                  prompt: "Explain \(name) to a classmate who missed “\(topic.title)”: what is it for, and how does it differ from \(display(compared.name, kind: .code))?",
                  options: nil, answerIndex: nil, expectedAnswer: "\(entry.description) (\(compared.name): \(compared.description))",
                  explanation: quote + " and of \(compared.name): “\(compared.description)”"),
            applyRendering(name: name, topic: topic, fact: fact),
        ])
    }
}
