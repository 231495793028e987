import Foundation

/// A plain Swift copy of the parts of the libxml2 tree we use. Nodes live in one array (pre-order),
/// so there are no deep reference chains to tear down and no C pointers outlive the parse.
struct DOMNode {
    enum Kind: UInt8 { case element, text }
    var kind: Kind
    /// Lower-cased tag name; empty for text nodes.
    var name: String
    /// Text of a text node (already UTF-8, whitespace untouched).
    var text: String
    /// Only the attributes the converter reads, names lower-cased.
    var attributes: [(name: String, value: String)]
    var children: [Int32]
    var parent: Int32

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

    subscript(_ i: Int32) -> DOMNode { nodes[Int(i)] }

    @discardableResult
    mutating func append(_ node: DOMNode) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(node)
        if node.parent >= 0 { nodes[Int(node.parent)].children.append(index) }
        return index
    }

    /// First element with one of `names` in document order, skipping subtrees rooted at `skipping`.
    func first(_ names: Set<String>, under start: Int32) -> Int32? {
        var stack: [Int32] = [start]
        while let i = stack.popLast() {
            guard nodes[Int(i)].kind == .element else { continue }
            if i != start && names.contains(nodes[Int(i)].name) { return i }
            stack.append(contentsOf: nodes[Int(i)].children.reversed())
        }
        return nil
    }

    /// All descendants (document order) matching a predicate; does not descend into matches
    /// when `descendIntoMatches` is false.
    func descendants(of start: Int32, descendIntoMatches: Bool = true,
                     where predicate: (DOMNode) -> Bool) -> [Int32] {
        var result: [Int32] = []
        var stack: [Int32] = Array(nodes[Int(start)].children.reversed())
        while let i = stack.popLast() {
            guard nodes[Int(i)].kind == .element else { continue }
            let matched = predicate(nodes[Int(i)])
            if matched { result.append(i) }
            if !matched || descendIntoMatches { stack.append(contentsOf: nodes[Int(i)].children.reversed()) }
        }
        return result
    }

    /// The raw text under a node (iterative). `<br>` becomes a line-break marker when `lineBreaks`
    /// is set. Subtrees whose names are in `skipping` are left out.
    /// With `exact` set (code), text is concatenated untouched and `<br>` is a newline.
    func rawText(of start: Int32, lineBreaks: Bool = true, exact: Bool = false,
                 skipping: Set<String> = []) -> String {
        var out = ""
        var stack: [Int32] = [start]
        while let i = stack.popLast() {
            let node = Int(i)
            switch nodes[node].kind {
            case .text:
                out += nodes[node].text
            case .element:
                if i != start && skipping.contains(nodes[node].name) { continue }
                if nodes[node].name == "br" {
                    out += exact ? "\n" : (lineBreaks ? String(TextTools.lineBreak) : " ")
                    continue
                }
                if !exact && BlockConverter.blockBoundaryNames.contains(nodes[node].name) && !out.isEmpty { out += " " }
                stack.append(contentsOf: nodes[node].children.reversed())
            }
        }
        return out
    }
}
