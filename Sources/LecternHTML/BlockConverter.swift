import Foundation
import LecternBytes
import LecternModel

/// Inline formatting in force while walking a paragraph.
struct InlineStyle: Equatable {
    var kind: Inline.Kind?
    var href: String?
    static let plain = InlineStyle(kind: nil, href: nil)
}

/// Pieces of a paragraph before whitespace is collapsed and TeX is split out.
struct InlineAccumulator {
    enum Piece {
        case text(String, InlineStyle)
        case lineBreak
        case math(String, display: Bool)
    }
    var pieces: [Piece] = []
    var isEmpty: Bool { pieces.isEmpty }
}

/// Turns the chosen part of the DOM into typed, sanitised blocks.
final class BlockConverter {
    static let maxDepth = 300

    /// Elements that end a paragraph.
    static let blockBoundaryTags: TagSet = [
        .p, .div, .section, .article, .main, .h1, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .li, .dl,
        .dt, .dd, .pre, .blockquote, .table, .tr, .td, .th, .thead, .tbody, .tfoot, .caption,
        .figure, .figcaption, .header, .footer, .nav, .aside, .address, .hr, .details, .summary,
        .center, .body, .html, .form, .fieldset, .legend, .hgroup, .menu, .search,
    ]
    /// Page furniture that never belongs to the lesson.
    static let layoutTags: TagSet = [.nav, .header, .footer, .aside, .form, .head, .title]

    let dom: DOM
    let urls: URLPolicy
    /// Nodes already used for something else (a quote's attribution, a figure's caption).
    private var skip: Set<Int32> = []

    // Counters for warnings.
    var unsafeLinkSchemes: [String: Int] = [:]
    var linksOutsideInbox = 0
    var unsafeImageSchemes: [String: Int] = [:]
    var imagesOutsideInbox = 0
    var imagesWithoutSource = 0
    var depthCapped = false

    init(dom: DOM, urls: URLPolicy) {
        self.dom = dom
        self.urls = urls
    }

    // MARK: - Flow

    func blocks(ofChildren node: Int32, depth: Int = 0) -> [Block] {
        blocks(of: dom.children(of: node), depth: depth)
    }

    func blocks(of children: ArraySlice<Int32>, depth: Int) -> [Block] {
        var out: [Block] = []
        var acc = InlineAccumulator()
        flow(children, depth: depth, acc: &acc, out: &out, style: .plain)
        flush(&acc, into: &out)
        return out
    }

    private func flow(_ children: ArraySlice<Int32>, depth: Int, acc: inout InlineAccumulator, out: inout [Block],
                      style: InlineStyle) {
        for child in children {
            if skip.contains(child) { continue }
            let node = Int(child)
            if dom.nodes[node].kind == .text {
                acc.pieces.append(.text(dom.nodes[node].text, style))
                continue
            }
            if depth >= Self.maxDepth {
                depthCapped = true
                acc.pieces.append(.text(dom.rawText(of: child) + " ", style))
                continue
            }
            if dom.nodes[node].classes.contains("katex-html") { continue }  // KaTeX's visual copy of the MathML next to it
            let tag = dom.nodes[node].tag
            let nested = dom.children(of: child)
            switch tag {
            case _ where Self.layoutTags.contains(tag):
                continue
            case .h1, .h2, .h3, .h4, .h5, .h6:
                flush(&acc, into: &out)
                let text = dom.headingText(child)
                if !text.isEmpty {
                    out.append(.heading(text: text, level: Int(String(dom.nodes[node].name.dropFirst())) ?? 1))
                }
            case .pre, .listing, .xmp, .plaintext:
                flush(&acc, into: &out)
                if let block = codeBlock(child) { out.append(block) }
            case .code, .kbd, .samp, .tt:
                codeElement(child, in: children, depth: depth, acc: &acc, out: &out, style: style)
            case .blockquote:
                flush(&acc, into: &out)
                if let block = quote(child, depth: depth + 1) { out.append(block) }
            case .ul, .ol, .menu, .dir:
                flush(&acc, into: &out)
                if let block = list(child, depth: depth + 1) { out.append(block) }
            case .dl:
                flush(&acc, into: &out)
                if let block = definitionList(child, depth: depth + 1) { out.append(block) }
            case .img:
                if let formula = formulaImage(node) {
                    acc.pieces.append(.math(formula.tex, display: formula.display))
                    continue
                }
                flush(&acc, into: &out)
                if let block = image(dom.nodes[node]) { out.append(block) }
            case .picture:
                flush(&acc, into: &out)
                if let img = dom.descendants(of: child, where: { $0.tag == .img }).first,
                   let block = image(dom[img]) { out.append(block) }
            case .figure:
                flush(&acc, into: &out)
                out.append(contentsOf: figure(child, depth: depth + 1))
            case .table:
                flush(&acc, into: &out)
                out.append(contentsOf: table(child, depth: depth + 1))
            case .math:
                let display = dom.nodes[node].attribute("display")?.lowercased() == "block"
                acc.pieces.append(.math(mathTeX(child), display: display))
            case .xTeX:
                let tex = TextTools.trimmingWhitespace(dom.rawText(of: child, exact: true), newlines: true)
                if !tex.isEmpty { acc.pieces.append(.math(tex, display: dom.nodes[node].attribute("display") == "block")) }
            case .br:
                acc.pieces.append(.lineBreak)
            case .hr:
                flush(&acc, into: &out)
            case .a:
                if dom.isPermalinkAnchor(child) { continue }
                flow(nested, depth: depth + 1, acc: &acc, out: &out, style: linkStyle(of: dom.nodes[node], inside: style))
            case .em, .i, .cite, .dfn, .var, .u:
                flow(nested, depth: depth + 1, acc: &acc, out: &out, style: inner(style, .emphasis))
            case .strong, .b:
                flow(nested, depth: depth + 1, acc: &acc, out: &out, style: inner(style, .strong))
            default:
                if Self.blockBoundaryTags.contains(tag) {
                    flush(&acc, into: &out)
                    flow(nested, depth: depth + 1, acc: &acc, out: &out, style: .plain)
                    flush(&acc, into: &out)
                } else {
                    // span, small, sup, mark, unknown inline elements: transparent.
                    flow(nested, depth: depth + 1, acc: &acc, out: &out, style: style)
                }
            }
        }
    }

    /// `<code>` and its kin: a code block when it stands alone on several lines (pages that skip `<pre>`), plain
    /// text inside a link (the link wins), else inline code.
    private func codeElement(_ child: Int32, in siblings: ArraySlice<Int32>, depth: Int, acc: inout InlineAccumulator,
                             out: inout [Block], style: InlineStyle) {
        let raw = dom.rawText(of: child, exact: true)
        if style.kind == nil && accIsBlank(acc) && TextTools.containsASCII(raw, "\n") && followedOnlyByBlocks(child, in: siblings) {
            flush(&acc, into: &out)
            if let block = codeBlock(child) { out.append(block) }
        } else if style.kind == .link {
            flow(dom.children(of: child), depth: depth + 1, acc: &acc, out: &out, style: style)
        } else {
            acc.pieces.append(.text(raw, InlineStyle(kind: .code, href: nil)))
        }
    }

    /// The style of an `<a>`'s content: a link when its href is allowed; an unsafe or outside-the-inbox href is
    /// counted (the post's warnings say how many were removed) and its text kept as plain text.
    private func linkStyle(of anchor: DOMNode, inside style: InlineStyle) -> InlineStyle {
        guard let href = anchor.attribute("href") else { return style }
        switch urls.link(href) {
        case .allowed(let url):
            return InlineStyle(kind: .link, href: url)
        case .unsafe(let scheme):
            unsafeLinkSchemes[scheme, default: 0] += 1
        case .outsideInbox:
            linksOutsideInbox += 1
        case .empty:
            break
        }
        return style
    }

    /// A link keeps its href whatever is nested inside it; code stays code; otherwise the innermost wins.
    private func inner(_ outer: InlineStyle, _ kind: Inline.Kind) -> InlineStyle {
        if outer.kind == .link || outer.kind == .code { return outer }
        return InlineStyle(kind: kind, href: nil)
    }

    private func accIsBlank(_ acc: InlineAccumulator) -> Bool {
        acc.pieces.allSatisfy { piece in
            switch piece {
            case .text(let s, _): return s.unicodeScalars.allSatisfy(Whitespace.isHTML)
            case .lineBreak: return true
            case .math: return false
            }
        }
    }

    /// True when nothing but whitespace text follows `node` before the next block element.
    private func followedOnlyByBlocks(_ node: Int32, in siblings: ArraySlice<Int32>) -> Bool {
        guard let i = siblings.firstIndex(of: node) else { return true }
        for s in siblings[(i + 1)...] {
            let sibling = Int(s)
            if dom.nodes[sibling].kind == .text {
                if !dom.nodes[sibling].text.unicodeScalars.allSatisfy(Whitespace.isHTML) { return false }
                continue
            }
            if dom.nodes[sibling].tag == .br { continue }
            return Self.blockBoundaryTags.contains(dom.nodes[sibling].tag)
        }
        return true
    }

    // MARK: - Paragraphs, inline runs and TeX

    private enum Item {
        case run(Inline)
        case math(String, display: Bool)
    }

    private func flush(_ acc: inout InlineAccumulator, into out: inout [Block]) {
        guard !acc.pieces.isEmpty else { return }
        let pieces = acc.pieces
        acc.pieces.removeAll(keepingCapacity: true)

        // 1. Collapse whitespace across pieces (code runs are kept as written).
        var items: [Item] = []
        var current = ""
        var currentStyle = InlineStyle.plain
        var lastWasSpace = true
        func pushRun() {
            if !current.isEmpty {
                items.append(.run(Inline(text: current, kind: currentStyle.kind, href: currentStyle.href)))
            }
            current = ""
        }
        func append(_ s: String, _ style: InlineStyle) {
            if style != currentStyle { pushRun(); currentStyle = style }
            if style.kind == .code {
                current += s
                if let last = s.unicodeScalars.last { lastWasSpace = Whitespace.isHTML(last) || last == "\n" }
                return
            }
            TextTools.appendCollapsingSpaces(s[...], to: &current, lastWasSpace: &lastWasSpace)
        }
        for piece in pieces {
            switch piece {
            case .text(let s, let style):
                append(s, style)
            case .lineBreak:
                while current.last == " " { current.removeLast() }
                if !current.isEmpty || !items.isEmpty { current += "\n" }
                lastWasSpace = true
            case .math(let tex, let display):
                if display {
                    pushRun()
                    items.append(.math(tex, display: true))
                    lastWasSpace = true
                } else {
                    if !tex.isEmpty { append("\\(" + tex + "\\)", .plain) }
                }
            }
        }
        pushRun()

        // 2. Split display TeX out of plain runs.
        var split: [Item] = []
        for item in items {
            if case .run(let inline) = item, inline.kind == nil {
                splitDisplayTeX(inline.text, into: &split)
            } else {
                split.append(item)
            }
        }

        // 3. Group runs into paragraphs; maths become their own blocks.
        var runs: [Inline] = []
        func emitParagraph() {
            defer { runs.removeAll() }
            if let block = paragraph(from: runs) { out.append(block) }
        }
        for item in split {
            switch item {
            case .run(let r): runs.append(r)
            case .math(let tex, let display):
                emitParagraph()
                let t = TextTools.trimmingWhitespace(tex, newlines: true)
                if !t.isEmpty { out.append(.math(text: t, display: display)) }
            }
        }
        emitParagraph()
    }

    /// Finds `\[ … \]` and `$$ … $$` in plain text; appends the runs and formulas to `items`.
    private func splitDisplayTeX(_ text: String, into items: inout [Item]) {
        var rest = Substring(text)
        while true {
            let bracket = TextTools.range(ofASCII: "\\[", in: rest)
            let dollars = TextTools.range(ofASCII: "$$", in: rest)
            let open: Range<String.Index>
            let close: Range<String.Index>?
            if let bracket, dollars.map({ bracket.lowerBound < $0.lowerBound }) ?? true {
                open = bracket
                close = TextTools.range(ofASCII: "\\]", in: rest[bracket.upperBound...])
            } else if let dollars {
                open = dollars
                close = TextTools.range(ofASCII: "$$", in: rest[dollars.upperBound...])
            } else {
                break
            }
            guard let close else { break }
            let before = rest[..<open.lowerBound]
            if !before.isEmpty { items.append(.run(Inline(text: String(before)))) }
            items.append(.math(String(rest[open.upperBound..<close.lowerBound]), display: true))
            rest = rest[close.upperBound...]
        }
        // Most runs hold no display TeX and are kept whole.
        if rest.startIndex == text.startIndex {
            if !text.isEmpty { items.append(.run(Inline(text: text))) }
        } else if !rest.isEmpty {
            items.append(.run(Inline(text: String(rest))))
        }
    }

    private func paragraph(from input: [Inline]) -> Block? {
        // Merge neighbours with the same style, drop empties, trim the ends.
        var runs: [Inline] = []
        for r in input where !r.text.isEmpty {
            if var last = runs.last, last.kind == r.kind, last.href == r.href {
                last.text += r.text
                runs[runs.count - 1] = last
            } else {
                runs.append(r)
            }
        }
        while let first = runs.first {
            let trimmed = String(first.text.drop(while: { $0 == " " || $0 == "\n" }))
            if trimmed.isEmpty { runs.removeFirst(); continue }
            runs[0].text = trimmed
            break
        }
        while let last = runs.last {
            var t = last.text
            while t.last == " " || t.last == "\n" { t.removeLast() }
            if t.isEmpty { runs.removeLast(); continue }
            runs[runs.count - 1].text = t
            break
        }
        guard !runs.isEmpty else { return nil }
        let text = runs.map(\.text).joined()
        // A paragraph that is only one inline formula becomes a math block.
        if runs.count == 1, runs[0].kind == nil, text.hasPrefix("\\("), text.hasSuffix("\\)"), text.count >= 4 {
            let inner = text.dropFirst(2).dropLast(2)
            if !TextTools.containsASCII(inner, "\\(") && !TextTools.containsASCII(inner, "\\)") {
                let tex = TextTools.trimmingWhitespace(inner)
                if !tex.isEmpty { return .math(text: tex, display: false) }
            }
        }
        return .paragraph(text: text, inlines: runs)
    }

    // MARK: - Code

    private func codeBlock(_ node: Int32) -> Block? {
        var text = dom.rawText(of: node, exact: true)
        // HTML ignores one newline straight after <pre> (CR LF is one Character).
        if text.hasPrefix("\r\n") || text.hasPrefix("\n") { text.removeFirst() }
        guard !text.unicodeScalars.allSatisfy({ Whitespace.isHTML($0) }) else { return nil }
        return .code(text: text, language: codeLanguage(node))
    }

    private func codeLanguage(_ node: Int32) -> String? {
        // Look at the element, its first <code> child, and two ancestors (highlighter wrappers).
        var candidates: [Int32] = [node]
        if let code = dom.children(of: node).first(where: { dom[$0].tag == .code }) {
            candidates.insert(code, at: 0)
        }
        var p = dom[node].parent
        for _ in 0..<2 where p >= 0 {
            candidates.append(p)
            p = dom[p].parent
        }
        for c in candidates {
            let n = dom[c]
            if let lang = n.attribute("data-lang") ?? n.attribute("data-language") {
                let l = Self.cleanLanguage(Substring(lang))
                if !l.isEmpty { return l }
            }
            for cls in n.classes {
                for prefix in ["language-", "lang-", "highlight-source-", "highlight-"] where cls.lowercased().hasPrefix(prefix) {
                    let l = Self.cleanLanguage(cls.dropFirst(prefix.count))
                    if !l.isEmpty { return l }
                }
            }
        }
        return nil
    }

    static func cleanLanguage(_ s: Substring) -> String {
        let name = String(s.lowercased().unicodeScalars.filter { c in
            (c >= "a" && c <= "z") || (c >= "0" && c <= "9") || c == "+" || c == "#" || c == "-" || c == "_" || c == "."
        }.prefix(40).map(Character.init))
        // Sphinx marks blocks "highlight-default" (the project's default lexer) and plain ones "highlight-none": no language.
        return ["default", "none", "text", "plain", "plaintext"].contains(name) ? "" : name
    }

    // MARK: - Quotes

    private func quote(_ node: Int32, depth: Int) -> Block? {
        var cite: String?
        // Attribution: a <footer>, or a <cite> that stands alone (not a title mentioned mid-sentence).
        if let footer = dom.descendants(of: node, descendIntoMatches: false, where: { $0.tag == .footer }).first {
            skip.insert(footer)
            let citeEl = dom.descendants(of: footer, where: { $0.tag == .cite }).first
            cite = Self.stripDashes(TextTools.collapse(dom.rawText(of: citeEl ?? footer, lineBreaks: false)))
        } else {
            for c in dom.descendants(of: node, descendIntoMatches: false, where: { $0.tag == .cite }) {
                let parent = dom[c].parent
                let citeText = TextTools.collapse(dom.rawText(of: c, lineBreaks: false))
                if parent == node {
                    skip.insert(c)
                    cite = Self.stripDashes(citeText)
                    break
                }
                let parentText = TextTools.collapse(dom.rawText(of: parent, lineBreaks: false))
                if Self.stripDashes(parentText) == citeText || Self.stripDashes(parentText) == Self.stripDashes(citeText) {
                    skip.insert(parent)
                    cite = Self.stripDashes(citeText)
                    break
                }
            }
        }
        if cite?.isEmpty ?? true, let attr = dom[node].attribute("cite"), case .allowed(let url) = urls.link(attr) {
            cite = url
        }
        if cite?.isEmpty ?? false { cite = nil }

        let inner = blocks(ofChildren: node, depth: depth)
        let text = inner.map(\.plainText).filter { !$0.isEmpty }.joined(separator: "\n")
        guard !text.isEmpty else { return nil }
        var inlines: [Inline]?
        if inner.allSatisfy({ $0.type == .paragraph }) {
            var joined: [Inline] = []
            for (i, b) in inner.enumerated() {
                if i > 0 { joined.append(Inline(text: "\n")) }
                joined.append(contentsOf: b.inlines ?? [])
            }
            inlines = joined
        }
        return .quote(text: text, inlines: inlines, cite: cite)
    }

    static func stripDashes(_ s: String) -> String {
        let dashes: Set<Character> = ["-", "–", "—", "―", "~", " "]
        return TextTools.trimmingWhitespace(s.drop(while: { dashes.contains($0) }))
    }

    // MARK: - Lists

    private func list(_ node: Int32, depth: Int) -> Block? {
        let ordered = dom.nodes[Int(node)].tag == .ol
        var items: [[Block]] = []
        var loose: [Int32] = []  // stray content between <li>s
        func flushLoose() {
            if !loose.isEmpty {
                let b = blocks(of: loose[...], depth: depth)
                if !b.isEmpty {
                    // A list nested directly in a list belongs to the item before it.
                    if b.allSatisfy({ $0.type == .list }), !items.isEmpty {
                        items[items.count - 1].append(contentsOf: b)
                    } else {
                        items.append(b)
                    }
                }
                loose.removeAll()
            }
        }
        for c in dom.children(of: node) where !skip.contains(c) {
            if dom.nodes[Int(c)].tag == .li {
                flushLoose()
                let b = blocks(ofChildren: c, depth: depth)
                if !b.isEmpty { items.append(b) }
            } else {
                loose.append(c)
            }
        }
        flushLoose()
        guard !items.isEmpty else { return nil }
        return .list(ordered: ordered, items: items)
    }

    private func definitionList(_ node: Int32, depth: Int) -> Block? {
        var items: [[Block]] = []
        for c in dom.children(of: node) {
            guard dom.nodes[Int(c)].kind == .element else { continue }
            let b = blocks(ofChildren: c, depth: depth)
            if b.isEmpty { continue }
            if dom.nodes[Int(c)].tag == .dt || items.isEmpty {
                items.append(b)
            } else {
                items[items.count - 1].append(contentsOf: b)
            }
        }
        guard !items.isEmpty else { return nil }
        return .list(ordered: false, items: items)
    }

    // MARK: - Images and figures

    /// The TeX of an image that draws a formula, whose alt text is its source: Sphinx's imgmath writes
    /// `<img class="math" alt="x^4">` in the text and `<div class="math"><p><img alt="…"></p></div>` on its own line.
    /// Kept as a formula, not dropped with the image: the sentence around it would lose its maths.
    private func formulaImage(_ node: Int) -> (tex: String, display: Bool)? {
        let n = dom.nodes[node]
        let tex = TextTools.collapse(n.attribute("alt") ?? "")
        guard !tex.isEmpty else { return nil }
        var display = false
        var ancestor = Int(n.parent)
        for _ in 0..<2 where ancestor >= 0 {
            if dom.nodes[ancestor].tag == .div && dom.nodes[ancestor].classes.contains("math") { display = true }
            ancestor = Int(dom.nodes[ancestor].parent)
        }
        guard display || n.classes.contains("math") else { return nil }
        return (tex, display)
    }

    private func image(_ n: DOMNode) -> Block? {
        if n.attribute("width") == "1" && n.attribute("height") == "1" { return nil }  // tracking pixel
        var raw = n.attribute("src") ?? ""
        let cleaned = URLPolicy.clean(raw)
        if cleaned.isEmpty || URLPolicy.scheme(of: cleaned) == "data",
           let lazy = n.attribute("data-src") ?? n.attribute("data-original"), !URLPolicy.clean(lazy).isEmpty {
            raw = lazy
        }
        let alt = TextTools.collapse(n.attribute("alt") ?? "")
        switch urls.image(raw) {
        case .allowed(let src):
            return .image(src: src, alt: alt.isEmpty ? nil : alt)
        case .unsafe(let scheme):
            unsafeImageSchemes[scheme, default: 0] += 1
        case .outsideInbox:
            imagesOutsideInbox += 1
        case .empty:
            imagesWithoutSource += 1
        }
        return nil
    }

    private func figure(_ node: Int32, depth: Int) -> [Block] {
        let captions = dom.children(of: node).filter { dom.nodes[Int($0)].tag == .figcaption }
        let caption = captions.map { TextTools.collapse(dom.rawText(of: $0)) }.filter { !$0.isEmpty }
            .joined(separator: " ")
        skip.formUnion(captions)
        var inner = blocks(ofChildren: node, depth: depth)
        guard !caption.isEmpty else { return inner }
        if inner.count == 1, case .image(let src, alt: nil) = inner[0] {
            return [.image(src: src, alt: caption)]
        }
        if inner.count == 1, case .quote(let text, let inlines, cite: nil) = inner[0] {
            return [.quote(text: text, inlines: inlines, cite: Self.stripDashes(caption))]
        }
        inner.append(.paragraph(caption))
        return inner
    }

    // MARK: - Tables

    private func table(_ node: Int32, depth: Int) -> [Block] {
        let n = dom[node]
        let role = n.attribute("role")?.lowercased()
        let layoutish: TagSet = [.table, .h1, .h2, .h3, .h4, .h5, .h6, .pre, .blockquote, .article]
        let isLayout = role == "presentation" || role == "none"
            || !dom.descendants(of: node, where: { layoutish.contains($0.tag) }).isEmpty
        if isLayout {
            // A table used for page layout: read its cells as ordinary content.
            return blocks(ofChildren: node, depth: depth)
        }
        var out: [Block] = []
        for cap in dom.children(of: node) where dom.nodes[Int(cap)].tag == .caption {
            let text = TextTools.collapse(dom.rawText(of: cap))
            if !text.isEmpty { out.append(.paragraph(text)) }
        }
        var rows: [[String]] = []
        for tr in dom.descendants(of: node, descendIntoMatches: false, where: { $0.tag == .tr }) {
            let cells = dom.children(of: tr).filter { dom.nodes[Int($0)].tag == .td || dom.nodes[Int($0)].tag == .th }
            let texts = cells.map { cell -> String in
                var t = TextTools.collapse(dom.rawText(of: cell, lineBreaks: false))
                // Formulas inside cells: MathML → its TeX.
                if dom.descendants(of: cell, where: { $0.tag == .math }).first != nil {
                    t = TextTools.collapse(cellTextWithMath(cell))
                }
                return t
            }
            if texts.contains(where: { !$0.isEmpty }) { rows.append(texts) }
        }
        if !rows.isEmpty { out.append(.table(rows: rows)) }
        return out
    }

    private func cellTextWithMath(_ cell: Int32) -> String {
        var out = ""
        var stack: [Int32] = [cell]
        while let i = stack.popLast() {
            let n = dom[i]
            if n.kind == .text { out += n.text; continue }
            if n.tag == .math { out += " \\(" + mathTeX(i) + "\\) "; continue }
            if n.tag == .br { out += " "; continue }
            stack.append(contentsOf: dom.children(of: i).reversed())
        }
        return out
    }

    // MARK: - MathML

    func mathTeX(_ node: Int32) -> String {
        for a in dom.descendants(of: node, where: { $0.tag == .annotation }) {
            let enc = dom[a].attribute("encoding")?.lowercased() ?? ""
            if TextTools.containsASCII(enc, "tex") {
                let tex = TextTools.trimmingWhitespace(dom.rawText(of: a, exact: true), newlines: true)
                if !tex.isEmpty { return tex }
            }
        }
        if let alt = dom[node].attribute("alttext").map({ TextTools.trimmingWhitespace($0, newlines: true) }), !alt.isEmpty {
            return alt
        }
        return TextTools.collapse(dom.rawText(of: node, lineBreaks: false, skipping: [.annotation, .annotationXML]))
    }
}
