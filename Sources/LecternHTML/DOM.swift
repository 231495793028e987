import Foundation
import LecternBytes

/// The element names the parse stage treats specially, decided once per element when the tree is copied,
/// so that the walks compare a byte instead of hashing or comparing names.
enum Tag: UInt8, CaseIterable {
    case other
    case a, address, annotation, annotationXML, article, aside, b, blockquote, body, br, caption, center, cite,
         code, dd, details, dfn, dir, div, dl, dt, em, fieldset, figcaption, figure, footer, form,
         h1, h2, h3, h4, h5, h6, head, header, hgroup, hr, html, i, img, kbd, legend, li, listing, main, math,
         menu, nav, ol, p, picture, plaintext, pre, samp, search, section, strong, summary, table, tbody, td,
         tfoot, th, thead, title, tr, tt, u, ul, `var`, xmp
    /// `<script type="math/tex">` turned into text by LibXMLReader.
    case xTeX
    /// Never copied (`LibXMLReader.dropped`).
    case applet, area, audio, base, button, canvas, dialog, embed, frame, frameset, iframe, input, link, map,
         meta, noscript, object, option, param, portal, script, select, source, style, svg, template,
         textarea, track, video

    init(name: String) { self = Self.byName[name] ?? .other }

    /// Every tag by its element name, which is the case's own name but for the two Swift cannot spell.
    private static let byName: [String: Tag] = Dictionary(uniqueKeysWithValues: allCases.map { tag in
        switch tag {
        case .annotationXML: ("annotation-xml", tag)
        case .xTeX: ("x-tex", tag)
        default: (String(describing: tag), tag)
        }
    })
}

/// A set of tags as a bit mask.
struct TagSet: ExpressibleByArrayLiteral {
    private var bits: UInt128 = 0

    init(arrayLiteral tags: Tag...) {
        for tag in tags {
            // A tag past the mask's width would silently be in no set (a dropped element kept).
            precondition(Int(tag.rawValue) < UInt128.bitWidth, "Tag \(tag) does not fit a TagSet")
            bits |= 1 << tag.rawValue
        }
    }

    func contains(_ tag: Tag) -> Bool { bits & (1 << tag.rawValue) != 0 }
}

/// A plain Swift copy of the parts of the libxml2 tree we use. Nodes live in one array (pre-order),
/// so there are no deep reference chains to tear down and no C pointers outlive the parse.
struct DOMNode {
    enum Kind: UInt8 { case element, text }
    var kind: Kind
    /// Lower-cased tag name; empty for text nodes.
    var name: String
    /// `name` interned; `.other` for text nodes and elements not named in `Tag`.
    var tag: Tag
    /// Text of a text node (already UTF-8, whitespace untouched).
    var text: String
    /// Only the attributes the converter reads, names lower-cased.
    var attributes: [(name: String, value: String)]
    var parent: Int32

    static func element(_ name: String, tag: Tag, attributes: [(name: String, value: String)], parent: Int32) -> DOMNode {
        DOMNode(kind: .element, name: name, tag: tag, text: "", attributes: attributes, parent: parent)
    }

    static func text(_ text: String, parent: Int32) -> DOMNode {
        DOMNode(kind: .text, name: "", tag: .other, text: text, attributes: [], parent: parent)
    }

    func attribute(_ name: String) -> String? {
        for a in attributes where a.name == name { return a.value }
        return nil
    }

    var classes: [Substring] {
        guard let c = attribute("class") else { return [] }
        return c.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
    }
}

/// Hot loops read fields in place (`nodes[i].name`): copying a whole node out (`dom[i]`) retains all its
/// strings and arrays.
struct DOM {
    var nodes: [DOMNode] = []
    /// Index of the root element (`html`), or -1 when the document has none.
    var root: Int32 = -1
    /// Every node's children in one array, grouped by parent: node i's are
    /// `childList[childStart[i]..<childStart[i + 1]]` (no array per node to allocate, grow and free).
    private var childList: [Int32] = []
    private var childStart: [Int32] = [0]

    subscript(_ i: Int32) -> DOMNode { nodes[Int(i)] }

    func children(of i: Int32) -> ArraySlice<Int32> {
        assert(childStart.count == nodes.count + 1, "indexChildren() must follow the last append")
        return childList[Int(childStart[Int(i)])..<Int(childStart[Int(i) + 1])]
    }

    /// Appends a node; `indexChildren()` must follow the last append.
    @discardableResult
    mutating func append(_ node: DOMNode) -> Int32 {
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    /// Groups the children by parent (a counting sort on `parent`); each parent's children keep their
    /// append order, which is document order.
    mutating func indexChildren() {
        var start = [Int32](repeating: 0, count: nodes.count + 1)
        for i in nodes.indices where nodes[i].parent >= 0 { start[Int(nodes[i].parent) + 1] += 1 }
        for i in nodes.indices { start[i + 1] += start[i] }
        var next = start
        var list = [Int32](repeating: 0, count: Int(start[nodes.count]))
        for i in nodes.indices where nodes[i].parent >= 0 {
            let parent = Int(nodes[i].parent)
            list[Int(next[parent])] = Int32(i)
            next[parent] += 1
        }
        childList = list
        childStart = start
    }

    /// First element below `start` with one of `tags`, in document order.
    func first(_ tags: TagSet, under start: Int32) -> Int32? {
        var stack: [Int32] = [start]
        while let i = stack.popLast() {
            guard nodes[Int(i)].kind == .element else { continue }
            if i != start && tags.contains(nodes[Int(i)].tag) { return i }
            stack.append(contentsOf: children(of: i).reversed())
        }
        return nil
    }

    /// All descendants (document order) matching a predicate; does not descend into matches
    /// when `descendIntoMatches` is false.
    func descendants(of start: Int32, descendIntoMatches: Bool = true,
                     where predicate: (DOMNode) -> Bool) -> [Int32] {
        var result: [Int32] = []
        var stack: [Int32] = Array(children(of: start).reversed())
        while let i = stack.popLast() {
            guard nodes[Int(i)].kind == .element else { continue }
            let matched = predicate(nodes[Int(i)])
            if matched { result.append(i) }
            if !matched || descendIntoMatches { stack.append(contentsOf: children(of: i).reversed()) }
        }
        return result
    }

    /// The raw text under a node (iterative). `<br>` becomes a line-break marker when `lineBreaks`
    /// is set. Subtrees whose tags are in `skipping` are left out.
    /// With `exact` set (code), text is concatenated untouched and `<br>` is a newline.
    func rawText(of start: Int32, lineBreaks: Bool = true, exact: Bool = false,
                 skipping: TagSet = []) -> String {
        var out = ""
        var stack: [Int32] = [start]
        while let i = stack.popLast() {
            let node = Int(i)
            switch nodes[node].kind {
            case .text:
                out += nodes[node].text
            case .element:
                if i != start && (skipping.contains(nodes[node].tag) || isPermalinkAnchor(i)) { continue }
                if nodes[node].tag == .br {
                    out += exact ? "\n" : (lineBreaks ? String(TextTools.lineBreak) : " ")
                    continue
                }
                if !exact && BlockConverter.blockBoundaryTags.contains(nodes[node].tag) && !out.isEmpty { out += " " }
                stack.append(contentsOf: children(of: i).reversed())
            }
        }
        return out
    }

    /// A permalink anchor that documentation generators put beside headings and definitions (Sphinx's and
    /// MkDocs' `¶`, Node's `#`, rustdoc's `§`, Docusaurus' zero-width link): an in-page link with no words.
    func isPermalinkAnchor(_ i: Int32) -> Bool {
        guard nodes[Int(i)].tag == .a, let href = nodes[Int(i)].attribute("href"), href.hasPrefix("#") else { return false }
        return rawText(of: i).unicodeScalars.allSatisfy { TextTools.isPermalinkMark($0) || Whitespace.isHTML($0) }
    }

    /// A heading's words: collapsed, without permalink anchors or a trailing permalink mark.
    func headingText(_ i: Int32) -> String {
        TextTools.withoutTrailingPermalinkMarks(TextTools.collapse(rawText(of: i, lineBreaks: false)))
    }
}
