/// The bulk of a lecture bundle (its subjects' topics and blocks, its question pool) written straight into a
/// `JSONStream`, without the `Encoder` protocol: each value through `Encoder` costs a container box, witness
/// calls and a frame, and a course has hundreds of thousands of them. The bytes are those of the types'
/// `Encodable` conformances: each writer names its keys through `CodingKeys`, in sorted order, and leaves absent
/// optionals out (tests compare with JSONEncoder, filled and sparse, and check that every coding key is written).
protocol CanonicalJSONWritable {
    /// Writes the value at `depth` (its closing bracket's indentation), starting where the stream is.
    func writeJSON(to stream: inout JSONStream, depth: Int)
}

extension JSONStream {
    /// An object being written at `depth`.
    struct ObjectEntries {
        let depth: Int
        var count = 0
    }

    mutating func beginObject(depth: Int) -> ObjectEntries {
        openBracket(UInt8(ascii: "{"))
        return ObjectEntries(depth: depth)
    }

    /// Separator, indentation and key of the object's next entry.
    mutating func key(_ key: some CodingKey, in object: inout ObjectEntries) {
        writeElementStart(isFirst: object.count == 0, depth: object.depth + 1, key: key.stringValue)
        object.count += 1
    }

    mutating func end(_ object: ObjectEntries) {
        closeBracket(UInt8(ascii: "}"), depth: object.depth)
    }

    mutating func entry(_ key: some CodingKey, _ text: String?, in object: inout ObjectEntries) {
        guard let text else { return }
        self.key(key, in: &object)
        writeString(text)
    }

    mutating func entry(_ key: some CodingKey, _ number: Int?, in object: inout ObjectEntries) {
        guard let number else { return }
        self.key(key, in: &object)
        writeLiteral(String(number))
    }

    mutating func entry(_ key: some CodingKey, _ flag: Bool?, in object: inout ObjectEntries) {
        guard let flag else { return }
        self.key(key, in: &object)
        writeLiteral(flag ? "true" : "false")
    }

    mutating func entry(_ key: some CodingKey, _ value: (some CanonicalJSONWritable)?, in object: inout ObjectEntries) {
        guard let value else { return }
        self.key(key, in: &object)
        value.writeJSON(to: &self, depth: object.depth + 1)
    }

    mutating func entry(_ key: some CodingKey, _ values: [some CanonicalJSONWritable]?, in object: inout ObjectEntries) {
        guard let values else { return }
        self.key(key, in: &object)
        writeArray(values, depth: object.depth + 1)
    }

    mutating func entry(_ key: some CodingKey, _ texts: [String]?, in object: inout ObjectEntries) {
        guard let texts else { return }
        self.key(key, in: &object)
        writeArray(texts, depth: object.depth + 1)
    }

    /// `[…]` at `depth`, each element on its own line (`[\n\n]` when empty, as JSONEncoder writes it).
    mutating func writeArray<Element>(_ elements: [Element], depth: Int,
                                      element write: (inout JSONStream, Element, Int) -> Void) {
        openBracket(UInt8(ascii: "["))
        // Elements are passed in place, not copied out by a `for … in` (a block holds a dozen references).
        for index in elements.indices {
            writeElementStart(isFirst: index == 0, depth: depth + 1, key: nil)
            write(&self, elements[index], depth + 1)
        }
        closeBracket(UInt8(ascii: "]"), depth: depth)
    }

    mutating func writeArray(_ values: [some CanonicalJSONWritable], depth: Int) {
        writeArray(values, depth: depth) { stream, value, depth in value.writeJSON(to: &stream, depth: depth) }
    }

    mutating func writeArray(_ texts: [String], depth: Int) {
        writeArray(texts, depth: depth) { stream, text, _ in stream.writeString(text) }
    }
}

extension Subject: CanonicalJSONWritable {
    func writeJSON(to stream: inout JSONStream, depth: Int) {
        var object = stream.beginObject(depth: depth)
        stream.entry(CodingKeys.endingProject, endingProject, in: &object)
        stream.entry(CodingKeys.title, title, in: &object)
        stream.entry(CodingKeys.topics, topics, in: &object)
        stream.entry(CodingKeys.week, week, in: &object)
        stream.end(object)
    }
}

extension Topic: CanonicalJSONWritable {
    func writeJSON(to stream: inout JSONStream, depth: Int) {
        var object = stream.beginObject(depth: depth)
        stream.entry(CodingKeys.blocks, blocks, in: &object)
        stream.entry(CodingKeys.engagementQuestion, engagementQuestion, in: &object)
        stream.entry(CodingKeys.id, id, in: &object)
        stream.entry(CodingKeys.source, source, in: &object)
        stream.entry(CodingKeys.title, title, in: &object)
        stream.entry(CodingKeys.week, week, in: &object)
        stream.end(object)
    }
}

extension SourceRef: CanonicalJSONWritable {
    func writeJSON(to stream: inout JSONStream, depth: Int) {
        var object = stream.beginObject(depth: depth)
        stream.entry(CodingKeys.path, path, in: &object)
        stream.entry(CodingKeys.sha256, sha256, in: &object)
        stream.end(object)
    }
}

extension Block: CanonicalJSONWritable {
    func writeJSON(to stream: inout JSONStream, depth: Int) {
        var object = stream.beginObject(depth: depth)
        stream.entry(CodingKeys.alt, alt, in: &object)
        stream.entry(CodingKeys.cite, cite, in: &object)
        stream.entry(CodingKeys.display, display, in: &object)
        stream.entry(CodingKeys.inlines, inlines, in: &object)
        if let items {
            stream.key(CodingKeys.items, in: &object)
            stream.writeArray(items, depth: object.depth + 1) { stream, item, depth in stream.writeArray(item, depth: depth) }
        }
        stream.entry(CodingKeys.language, language, in: &object)
        stream.entry(CodingKeys.level, level, in: &object)
        stream.entry(CodingKeys.ordered, ordered, in: &object)
        if let rows {
            stream.key(CodingKeys.rows, in: &object)
            stream.writeArray(rows, depth: object.depth + 1) { stream, row, depth in stream.writeArray(row, depth: depth) }
        }
        stream.entry(CodingKeys.src, src, in: &object)
        stream.entry(CodingKeys.text, text, in: &object)
        stream.entry(CodingKeys.type, type.rawValue, in: &object)
        stream.end(object)
    }
}

extension Inline: CanonicalJSONWritable {
    func writeJSON(to stream: inout JSONStream, depth: Int) {
        var object = stream.beginObject(depth: depth)
        stream.entry(CodingKeys.href, href, in: &object)
        stream.entry(CodingKeys.kind, kind?.rawValue, in: &object)
        stream.entry(CodingKeys.text, text, in: &object)
        stream.end(object)
    }
}

extension EngagementQuestion: CanonicalJSONWritable {
    func writeJSON(to stream: inout JSONStream, depth: Int) {
        var object = stream.beginObject(depth: depth)
        stream.entry(CodingKeys.answerIndex, answerIndex, in: &object)
        stream.entry(CodingKeys.expectedAnswer, expectedAnswer, in: &object)
        stream.entry(CodingKeys.feedback, feedback, in: &object)
        stream.entry(CodingKeys.format, format.rawValue, in: &object)
        stream.entry(CodingKeys.optionFeedback, optionFeedback, in: &object)
        stream.entry(CodingKeys.options, options, in: &object)
        stream.entry(CodingKeys.prompt, prompt, in: &object)
        stream.entry(CodingKeys.sourceSentence, sourceSentence, in: &object)
        stream.end(object)
    }
}

extension EndingProject: CanonicalJSONWritable {
    func writeJSON(to stream: inout JSONStream, depth: Int) {
        var object = stream.beginObject(depth: depth)
        stream.entry(CodingKeys.brief, brief, in: &object)
        stream.entry(CodingKeys.checklist, checklist, in: &object)
        stream.entry(CodingKeys.language, language, in: &object)
        stream.entry(CodingKeys.starterCode, starterCode, in: &object)
        stream.entry(CodingKeys.steps, steps, in: &object)
        stream.entry(CodingKeys.title, title, in: &object)
        stream.entry(CodingKeys.topicIds, topicIds, in: &object)
        stream.end(object)
    }
}

extension PoolQuestion: CanonicalJSONWritable {
    func writeJSON(to stream: inout JSONStream, depth: Int) {
        var object = stream.beginObject(depth: depth)
        stream.entry(CodingKeys.id, id, in: &object)
        stream.entry(CodingKeys.renderings, renderings, in: &object)
        stream.entry(CodingKeys.topicId, topicId, in: &object)
        stream.end(object)
    }
}

extension PoolQuestion.Rendering: CanonicalJSONWritable {
    func writeJSON(to stream: inout JSONStream, depth: Int) {
        var object = stream.beginObject(depth: depth)
        stream.entry(CodingKeys.answerIndex, answerIndex, in: &object)
        stream.entry(CodingKeys.expectedAnswer, expectedAnswer, in: &object)
        stream.entry(CodingKeys.explanation, explanation, in: &object)
        stream.entry(CodingKeys.format, format.rawValue, in: &object)
        stream.entry(CodingKeys.level, level, in: &object)
        stream.entry(CodingKeys.options, options, in: &object)
        stream.entry(CodingKeys.prompt, prompt, in: &object)
        stream.end(object)
    }
}
