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

/// One typed, sanitised block of a lecture: each case carries exactly the fields its type has. In JSON a block is one
/// object with a `type` tag and those fields (absent optionals are left out).
public enum Block: Sendable, Hashable {
    case paragraph(text: String, inlines: [Inline])
    case heading(text: String, level: Int)
    case code(text: String, language: String?)
    /// `text` is the TeX source; `display` for a formula on its own line.
    case math(text: String, display: Bool)
    /// `inlines` only when the quote is made of paragraphs alone.
    case quote(text: String, inlines: [Inline]?, cite: String?)
    case list(ordered: Bool, items: [[Block]])
    case image(src: String, alt: String?)
    case table(rows: [[String]])

    /// A paragraph of plain text.
    public static func paragraph(_ text: String) -> Block { .paragraph(text: text, inlines: [Inline(text: text)]) }

    public var type: BlockType {
        switch self {
        case .paragraph: .paragraph
        case .heading: .heading
        case .code: .code
        case .math: .math
        case .quote: .quote
        case .list: .list
        case .image: .image
        case .table: .table
        }
    }

    /// The block's own text (paragraph, heading, code, math source, quote); nil for lists, images and tables.
    public var text: String? {
        switch self {
        case .paragraph(let text, _), .heading(let text, _), .code(let text, _), .math(let text, _), .quote(let text, _, _):
            text
        case .list, .image, .table:
            nil
        }
    }

    /// The styled runs of a paragraph, or of a quote made of paragraphs; nil for every other type.
    public var inlines: [Inline]? {
        switch self {
        case .paragraph(_, let inlines): inlines
        case .quote(_, let inlines, _): inlines
        default: nil
        }
    }

    /// The blocks of a list's items, in order; empty for every other type.
    public var children: [Block] {
        if case .list(_, let items) = self { return items.flatMap { $0 } }
        return []
    }

    /// All readable text of the block and its children, for question generation and search.
    public var plainText: String {
        switch self {
        case .list(_, let items): items.flatMap { $0.map(\.plainText) }.joined(separator: "\n")
        case .table(let rows): rows.map { $0.joined(separator: " ") }.joined(separator: "\n")
        case .image(_, let alt): alt ?? ""
        default: text ?? ""
        }
    }
}

extension Block: Codable {
    enum CodingKeys: String, CodingKey { case alt, cite, display, inlines, items, language, level, ordered, rows, src, text, type }

    public init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: CodingKeys.self)
        func text() throws -> String { try json.decode(String.self, forKey: .text) }
        switch try json.decode(BlockType.self, forKey: .type) {
        case .paragraph: self = .paragraph(text: try text(), inlines: try json.decode([Inline].self, forKey: .inlines))
        case .heading: self = .heading(text: try text(), level: try json.decode(Int.self, forKey: .level))
        case .code: self = .code(text: try text(), language: try json.decodeIfPresent(String.self, forKey: .language))
        case .math: self = .math(text: try text(), display: try json.decode(Bool.self, forKey: .display))
        case .quote:
            self = .quote(text: try text(), inlines: try json.decodeIfPresent([Inline].self, forKey: .inlines),
                          cite: try json.decodeIfPresent(String.self, forKey: .cite))
        case .list: self = .list(ordered: try json.decode(Bool.self, forKey: .ordered), items: try json.decode([[Block]].self, forKey: .items))
        case .image: self = .image(src: try json.decode(String.self, forKey: .src), alt: try json.decodeIfPresent(String.self, forKey: .alt))
        case .table: self = .table(rows: try json.decode([[String]].self, forKey: .rows))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: CodingKeys.self)
        try json.encode(type, forKey: .type)
        switch self {
        case .paragraph(let text, let inlines):
            try json.encode(text, forKey: .text)
            try json.encode(inlines, forKey: .inlines)
        case .heading(let text, let level):
            try json.encode(text, forKey: .text)
            try json.encode(level, forKey: .level)
        case .code(let text, let language):
            try json.encode(text, forKey: .text)
            try json.encodeIfPresent(language, forKey: .language)
        case .math(let text, let display):
            try json.encode(text, forKey: .text)
            try json.encode(display, forKey: .display)
        case .quote(let text, let inlines, let cite):
            try json.encode(text, forKey: .text)
            try json.encodeIfPresent(inlines, forKey: .inlines)
            try json.encodeIfPresent(cite, forKey: .cite)
        case .list(let ordered, let items):
            try json.encode(ordered, forKey: .ordered)
            try json.encode(items, forKey: .items)
        case .image(let src, let alt):
            try json.encode(src, forKey: .src)
            try json.encodeIfPresent(alt, forKey: .alt)
        case .table(let rows):
            try json.encode(rows, forKey: .rows)
        }
    }
}
