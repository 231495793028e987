import Foundation

/// Picks the element that holds the lesson: `article`, else `main`, else the densest block of text.
enum ContentFinder {
    /// Elements whose own text counts as paragraph text when scoring.
    static let paragraphLike: TagSet = [.p, .pre, .blockquote, .li, .td, .dd, .h1, .h2, .h3, .h4, .h5, .h6, .figcaption]

    static func mainContent(in dom: DOM) -> (node: Int32, how: String) {
        let count = dom.nodes.count
        guard dom.root >= 0 else { return (-1, "none") }
        let body = dom.first([.body], under: dom.root) ?? dom.root

        // Exclusion flags, top-down (parents come before children in the array).
        var excluded = [Bool](repeating: false, count: count)
        // Fields are read in place (`dom.nodes[i].name`): copying a node retains all its strings and arrays.
        for i in 0..<count {
            let parent = dom.nodes[i].parent
            if parent >= 0 && excluded[Int(parent)] { excluded[i] = true; continue }
            if dom.nodes[i].kind == .element && BlockConverter.layoutTags.contains(dom.nodes[i].tag) { excluded[i] = true }
        }

        // Bottom-up aggregates: visible characters, characters inside links, paragraph text.
        var textLen = [Int](repeating: 0, count: count)
        var linkLen = [Int](repeating: 0, count: count)
        var paraLen = [Int](repeating: 0, count: count)
        var score = [Double](repeating: 0, count: count)
        for i in stride(from: count - 1, through: 0, by: -1) {
            if excluded[i] { continue }
            let parent = dom.nodes[i].parent
            if dom.nodes[i].kind == .text {
                textLen[i] = TextTools.nonSpaceScalarCount(dom.nodes[i].text)
                // Loose text straight inside a container (e.g. <div>text<br>text</div>) counts too.
                if textLen[i] >= 25, parent >= 0, !paragraphLike.contains(dom.nodes[Int(parent)].tag) {
                    score[Int(parent)] += Double(textLen[i])
                }
            } else {
                var t = 0, l = 0, p = 0
                for c in dom.children(of: Int32(i)) {
                    t += textLen[Int(c)]
                    l += linkLen[Int(c)]
                    p += paraLen[Int(c)]
                }
                textLen[i] = t
                linkLen[i] = dom.nodes[i].tag == .a ? t : l
                if paragraphLike.contains(dom.nodes[i].tag) {
                    let own = t - linkLen[i]
                    paraLen[i] = own
                    if own >= 20, parent >= 0 {
                        score[Int(parent)] += Double(own)
                        let grand = Int(dom.nodes[Int(parent)].parent)
                        if grand >= 0 { score[grand] += Double(own) / 2 }
                    }
                } else {
                    paraLen[i] = p
                }
            }
        }

        // An article/main holding only a sliver of the page (a comment widget, a teaser) is not the lesson.
        let minimum = max(1, textLen[Int(body)] / 5)
        func withMostText(_ candidates: [Int]) -> Int? {
            candidates.filter { textLen[$0] >= minimum }
                .max { a, b in textLen[a] == textLen[b] ? a > b : textLen[a] < textLen[b] }
        }
        func elements(_ predicate: (Int) -> Bool) -> [Int] {
            (0..<count).filter { !excluded[$0] && dom.nodes[$0].kind == .element && predicate($0) }
        }
        if let article = withMostText(elements { dom.nodes[$0].tag == .article }) { return (Int32(article), "article") }
        if let main = withMostText(elements { dom.nodes[$0].tag == .main || dom.nodes[$0].attribute("role") == "main" }) {
            return (Int32(main), "main")
        }

        func linkDensity(_ i: Int) -> Double { textLen[i] == 0 ? 1 : Double(linkLen[i]) / Double(textLen[i]) }
        var best = -1
        var bestScore = 0.0
        for i in 0..<count where score[i] > 0 && !excluded[i] {
            let s = score[i] * (1 - linkDensity(i))
            if s > bestScore || (s == bestScore && best >= 0 && i < best) { best = i; bestScore = s }
        }
        guard best >= 0 else { return (body, "body") }
        // Content split into sibling sections: climb while the parent holds clearly more paragraph text
        // and is not mostly links.
        var node = best
        while node != Int(body) {
            let parent = Int(dom.nodes[node].parent)
            guard parent >= 0 else { break }
            if Double(paraLen[parent]) > Double(paraLen[node]) * 1.3 && linkDensity(parent) < 0.35 {
                node = parent
            } else {
                break
            }
        }
        return (Int32(node), "densest")
    }
}
