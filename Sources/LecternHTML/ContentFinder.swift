import Foundation

/// Picks the element that holds the lesson: `article`, else `main`, else the densest block of text.
enum ContentFinder {
    /// Elements whose own text counts as paragraph text when scoring.
    static let paragraphLike: TagSet = [.p, .pre, .blockquote, .li, .td, .dd, .h1, .h2, .h3, .h4, .h5, .h6, .figcaption]

    static func mainContent(in dom: DOM) -> (node: Int32, how: String) {
        guard dom.root >= 0 else { return (-1, "none") }
        let body = Int(dom.first([.body], under: dom.root) ?? dom.root)
        let excluded = layoutNodes(dom)
        let measures = TextMeasures(dom, excluded: excluded)

        // An article/main holding only a sliver of the page (a comment widget, a teaser) is not the lesson.
        let minimum = max(1, measures.textLength[body] / 5)
        func withMostText(_ predicate: (Int) -> Bool) -> Int? {
            dom.nodes.indices.filter { !excluded[$0] && dom.nodes[$0].kind == .element && predicate($0) }
                .filter { measures.textLength[$0] >= minimum }
                .max { a, b in
                    measures.textLength[a] == measures.textLength[b] ? a > b : measures.textLength[a] < measures.textLength[b]
                }
        }
        if let article = withMostText({ dom.nodes[$0].tag == .article }) { return (Int32(article), "article") }
        if let main = withMostText({ dom.nodes[$0].tag == .main || dom.nodes[$0].attribute("role") == "main" }) {
            return (Int32(main), "main")
        }
        guard let densest = measures.densest(excluded: excluded) else { return (Int32(body), "body") }
        return (Int32(measures.climbingSiblingSections(from: densest, upTo: body, in: dom)), "densest")
    }

    /// Nodes inside navigation, headers, footers and other layout, top-down (parents come before children).
    private static func layoutNodes(_ dom: DOM) -> [Bool] {
        var excluded = [Bool](repeating: false, count: dom.nodes.count)
        // Fields are read in place (`dom.nodes[i].name`): copying a node retains all its strings and arrays.
        for i in dom.nodes.indices {
            let parent = dom.nodes[i].parent
            if parent >= 0 && excluded[Int(parent)] { excluded[i] = true; continue }
            if dom.nodes[i].kind == .element && BlockConverter.layoutTags.contains(dom.nodes[i].tag) { excluded[i] = true }
        }
        return excluded
    }

    /// Per node, bottom-up: visible characters, characters inside links, paragraph text, and a score for the
    /// paragraph text among its children (half of it for grandchildren).
    private struct TextMeasures {
        var textLength: [Int]
        var linkLength: [Int]
        var paragraphLength: [Int]
        var score: [Double]

        init(_ dom: DOM, excluded: [Bool]) {
            let count = dom.nodes.count
            textLength = [Int](repeating: 0, count: count)
            linkLength = [Int](repeating: 0, count: count)
            paragraphLength = [Int](repeating: 0, count: count)
            score = [Double](repeating: 0, count: count)
            for i in stride(from: count - 1, through: 0, by: -1) where !excluded[i] {
                let parent = dom.nodes[i].parent
                if dom.nodes[i].kind == .text {
                    textLength[i] = TextTools.nonSpaceScalarCount(dom.nodes[i].text)
                    // Loose text straight inside a container (e.g. <div>text<br>text</div>) counts too.
                    if textLength[i] >= 25, parent >= 0, !paragraphLike.contains(dom.nodes[Int(parent)].tag) {
                        score[Int(parent)] += Double(textLength[i])
                    }
                    continue
                }
                var text = 0, links = 0, paragraphs = 0
                for child in dom.children(of: Int32(i)) {
                    text += textLength[Int(child)]
                    links += linkLength[Int(child)]
                    paragraphs += paragraphLength[Int(child)]
                }
                textLength[i] = text
                linkLength[i] = dom.nodes[i].tag == .a ? text : links
                guard paragraphLike.contains(dom.nodes[i].tag) else {
                    paragraphLength[i] = paragraphs
                    continue
                }
                let own = text - linkLength[i]
                paragraphLength[i] = own
                if own >= 20, parent >= 0 {
                    score[Int(parent)] += Double(own)
                    let grandparent = Int(dom.nodes[Int(parent)].parent)
                    if grandparent >= 0 { score[grandparent] += Double(own) / 2 }
                }
            }
        }

        func linkDensity(_ i: Int) -> Double { textLength[i] == 0 ? 1 : Double(linkLength[i]) / Double(textLength[i]) }

        /// The node with the most paragraph text below it that is not links (the first on a tie).
        func densest(excluded: [Bool]) -> Int? {
            var best = -1
            var bestScore = 0.0
            for i in score.indices where score[i] > 0 && !excluded[i] {
                let s = score[i] * (1 - linkDensity(i))
                if s > bestScore || (s == bestScore && best >= 0 && i < best) { best = i; bestScore = s }
            }
            return best >= 0 ? best : nil
        }

        /// Content split into sibling sections: climbs while the parent holds clearly more paragraph text and is
        /// not mostly links.
        func climbingSiblingSections(from start: Int, upTo body: Int, in dom: DOM) -> Int {
            var node = start
            while node != body {
                let parent = Int(dom.nodes[node].parent)
                guard parent >= 0, Double(paragraphLength[parent]) > Double(paragraphLength[node]) * 1.3,
                      linkDensity(parent) < 0.35 else { break }
                node = parent
            }
            return node
        }
    }
}
