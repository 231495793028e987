public enum BlockType: String, Codable, Sendable {
    case paragraph, heading, code, math, quote, list, image, table
}

/// A run of inline text; `kind` nil means plain text.
public struct Inline: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable {
        case emphasis, strong, code, link
    }
    public var text: String
    public var kind: Kind?
    public var href: String?
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case href, kind, text }
    public init(text: String, kind: Kind? = nil, href: String? = nil) {
        self.text = text
        self.kind = kind
        self.href = href
    }
}

/// One typed, sanitised block of a lecture. Fields that a type does not use are absent from the JSON.
public struct Block: Codable, Sendable, Hashable {
    public var type: BlockType
    /// Plain text of the block (paragraph, heading, code, math source, quote).
    public var text: String?
    public var inlines: [Inline]?
    public var level: Int?
    public var language: String?
    public var display: Bool?
    public var cite: String?
    public var ordered: Bool?
    public var items: [[Block]]?
    public var src: String?
    public var alt: String?
    public var rows: [[String]]?
    /// In the order of their names: the canonical JSON writer then has no entry to move.
    enum CodingKeys: String, CodingKey, CaseIterable { case alt, cite, display, inlines, items, language, level, ordered, rows, src, text, type }

    public init(type: BlockType, text: String? = nil, inlines: [Inline]? = nil, level: Int? = nil,
                language: String? = nil, display: Bool? = nil, cite: String? = nil, ordered: Bool? = nil,
                items: [[Block]]? = nil, src: String? = nil, alt: String? = nil, rows: [[String]]? = nil) {
        self.type = type
        self.text = text
        self.inlines = inlines
        self.level = level
        self.language = language
        self.display = display
        self.cite = cite
        self.ordered = ordered
        self.items = items
        self.src = src
        self.alt = alt
        self.rows = rows
    }

    /// All readable text of the block and its children, for question generation and search.
    public var plainText: String {
        var parts: [String] = []
        if let text { parts.append(text) }
        if let items { parts.append(contentsOf: items.flatMap { $0.map(\.plainText) }) }
        if let rows { parts.append(contentsOf: rows.map { $0.joined(separator: " ") }) }
        if let alt, type == .image { parts.append(alt) }
        return parts.joined(separator: "\n")
    }
}
