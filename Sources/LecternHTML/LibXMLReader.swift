import CLibXML2
import Foundation
import LecternModel

/// Everything libxml2 told us about one parse, copied out as Swift values.
struct ReadResult {
    var dom: DOM
    /// Element name → how many were removed because they can run code or embed other pages.
    var droppedExecutable: [String: Int] = [:]
    /// Event-handler attribute names seen (onclick, onerror, ...) and how many there were.
    var eventHandlerNames: Set<String> = []
    var eventHandlerCount = 0
    /// libxml2 met bytes that were not valid UTF-8 and fell back to Latin-1.
    var fellBackToLatin1 = false
    /// A declared encoding libxml2 does not know.
    var unknownEncoding: String?
    /// The encoding the page declares (`<meta charset>`, http-equiv or XML declaration), as written.
    var declaredEncoding: String?
    /// The page declares this single-byte encoding, but its bytes are UTF-8 and were read as UTF-8.
    var readAsUTF8Despite: String?
    /// Control characters removed or mapped from Windows-1252.
    var controlCharactersFixed = 0
    /// The file ends inside a tag: probably cut off.
    var endsMidTag = false
}

/// Collects libxml2's structured errors for one parse on this thread.
final class ErrorCollector {
    var depthExceeded = false
    var depthMessage = ""
    var invalidEncoding = false
    var conversionFailed = false
    var unknownEncoding: String?
    var fatalMessages: [String] = []
    var count = 0

    func record(_ e: xmlError) {
        count += 1
        // Recovering parses report many errors (every HTML5 tag is "invalid" to libxml2 2.9): the message is
        // only trimmed when it is kept.
        let message = e.message.map { String(cString: $0) } ?? ""
        func kept() -> String { TextTools.trimmingWhitespace(message, newlines: true) }
        let code = Int(e.code)
        if TextTools.containsASCII(message, "Excessive depth")
            || (code == Int(XML_ERR_INTERNAL_ERROR.rawValue) && TextTools.containsASCII(message.lowercased(), "depth")) {
            depthExceeded = true
            depthMessage = kept()
        }
        if code == Int(XML_ERR_INVALID_ENCODING.rawValue) { invalidEncoding = true }
        if code == Int(XML_I18N_CONV_FAILED.rawValue) || Int(e.domain) == Int(XML_FROM_I18N.rawValue) {
            conversionFailed = true
        }
        if code == Int(XML_ERR_UNSUPPORTED_ENCODING.rawValue) {
            unknownEncoding = e.str1.map { String(cString: $0) } ?? unknownEncoding ?? "?"
        }
        if e.level == XML_ERR_FATAL && fatalMessages.count < 5 { fatalMessages.append(kept()) }
    }
}

enum LibXMLReader {
    /// Deeper than this we stop copying the tree. libxml2 itself stops at 256 (and we then fail
    /// the parse), so this only guards the stack if that limit ever changes.
    static let maxDepth = 300

    /// Elements that can run code, load other documents or are form controls: never copied.
    static let dropped: TagSet = [
        .script, .style, .noscript, .template, .iframe, .frame, .frameset, .object, .embed,
        .applet, .svg, .button, .input, .select, .textarea, .option, .link, .meta, .base,
        .canvas, .audio, .video, .source, .track, .param, .map, .area, .dialog, .portal,
    ]
    /// The ones worth telling the teacher about.
    static let reported: TagSet = [.script, .iframe, .frame, .frameset, .object, .embed, .applet]

    static let keptAttributes: Set<String> = [
        "class", "href", "src", "data-src", "data-original", "alt", "cite", "data-lang", "data-language",
        "type", "encoding", "alttext", "display", "role", "width", "height", "aria-hidden", "mode", "lang",
    ]

    static func read(_ data: Data) throws(LecternError) -> ReadResult {
        let asDeclared = try read(data, forcingUTF8: false)
        // libxml2 2.9 reads an undeclared page as Latin-1 from its first non-ASCII byte, and valid UTF-8 re-labelled
        // as Latin-1 or Windows-1252 (by a server, an editor or a copy) comes out the same way: mojibake
        // ("ConditionsÂ¶"). The bytes decide; plain ASCII reads the same either way.
        let declared = asDeclared.declaredEncoding
        guard declared.map(isSingleByteCharset) ?? !hasBOM(data),
              data.contains(where: { $0 >= 0x80 }), String(validating: data, as: UTF8.self) != nil else { return asDeclared }
        var asUTF8 = try read(data, forcingUTF8: true)
        asUTF8.readAsUTF8Despite = declared
        return asUTF8
    }

    static func hasBOM(_ data: Data) -> Bool {
        data.starts(with: [0xEF, 0xBB, 0xBF]) || data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
    }

    static func isSingleByteCharset(_ name: String) -> Bool {
        let name = name.lowercased()
        return ["iso-8859", "iso8859", "iso_8859", "latin", "windows-125", "cp125", "us-ascii", "ascii", "l1"]
            .contains { name.hasPrefix($0) }
    }

    private static func read(_ data: Data, forcingUTF8: Bool) throws(LecternError) -> ReadResult {
        guard let ctxt = htmlNewParserCtxt() else {
            throw LecternError(.internalError, "The HTML reader could not start (out of memory?).")
        }
        defer { htmlFreeParserCtxt(ctxt) }

        let collector = ErrorCollector()
        let options = Int32(bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
                                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
                                | (forcingUTF8 ? HTML_PARSE_IGNORE_ENC.rawValue : 0))
        // The structured error handler is per thread in libxml2, and parsing is synchronous, so
        // installing it around this one call sees only this parse's errors.
        let box = Unmanaged.passRetained(collector)
        xmlSetStructuredErrorFunc(box.toOpaque()) { userData, error in
            guard let userData, let error else { return }
            Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue().record(error.pointee)
        }
        let doc: htmlDocPtr? = data.withUnsafeBytes { raw -> htmlDocPtr? in
            guard let base = raw.baseAddress else { return nil }
            // Unless forced, libxml2 reads the BOM, <meta charset> and http-equiv itself.
            return htmlCtxtReadMemory(ctxt, base.assumingMemoryBound(to: CChar.self), Int32(raw.count),
                                      nil, forcingUTF8 ? "UTF-8" : nil, options)
        }
        xmlSetStructuredErrorFunc(nil, nil)
        box.release()
        defer { if let doc { xmlFreeDoc(doc) } }

        // A halted parser (depth limit, fatal encoding failure) still hands back a document
        // holding only what came before the stop.
        let halted = ctxt.pointee.disableSAX != 0
        let lastError = xmlCtxtGetLastError(ctxt).map { $0.pointee }
        if let lastError, !collector.depthExceeded, lastError.message != nil {
            let message = String(cString: lastError.message)
            if TextTools.containsASCII(message, "Excessive depth") { collector.depthExceeded = true; collector.depthMessage = message }
        }

        if collector.depthExceeded {
            throw LecternError(.truncatedHTML,
                "The page nests its elements more than 256 levels deep, so the HTML reader stopped part way and the rest of the page would be lost. Simplify the page's structure and add it again.")
        }
        if halted {
            if collector.conversionFailed {
                throw LecternError(.encodingError,
                    "Part of the page could not be converted from its character encoding, so the rest of the page would be lost. Save the page as UTF-8 and add it again.")
            }
            let reason = collector.fatalMessages.last.map { " (\($0))" } ?? ""
            throw LecternError(.truncatedHTML,
                "The HTML reader stopped part way through the page\(reason), so the rest of the page would be lost.")
        }
        guard let doc, let rootNode = xmlDocGetRootElement(doc) else {
            throw LecternError(.malformedHTML, "The file could not be read as a web page: no HTML content was found in it.")
        }

        var result = ReadResult(dom: DOM())
        // libxml2 2.9 silently reads an undeclared non-UTF-8 page as Latin-1 (we then map the
        // Windows-1252 range); tell the teacher, since a page in another encoding would come out wrong.
        let declared = doc.pointee.encoding != nil
        result.fellBackToLatin1 = collector.invalidEncoding
            || (!declared && !hasBOM(data) && String(validating: data, as: UTF8.self) == nil)
        let trimmedEnd = data.lastIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
        if let end = trimmedEnd, let lastOpen = data[...end].lastIndex(of: UInt8(ascii: "<")) {
            let lastClose = data[...end].lastIndex(of: UInt8(ascii: ">"))
            result.endsMidTag = lastClose.map { $0 < lastOpen } ?? true
        }
        result.unknownEncoding = collector.unknownEncoding
        result.declaredEncoding = doc.pointee.encoding.map { String(cString: $0) }
        copyTree(rootNode, into: &result)
        result.dom.indexChildren()
        return result
    }

    /// Copies the libxml2 tree into a `DOM`, iteratively, leaving out dangerous elements.
    private static func copyTree(_ rootNode: xmlNodePtr, into result: inout ReadResult) {
        // Each frame: the next sibling to visit, the DOM parent index, and the depth.
        var stack: [(node: xmlNodePtr?, parent: Int32, depth: Int)] = [(rootNode, -1, 0)]
        while !stack.isEmpty {
            guard let cur = stack[stack.count - 1].node else { stack.removeLast(); continue }
            let parent = stack[stack.count - 1].parent
            let depth = stack[stack.count - 1].depth
            stack[stack.count - 1].node = cur.pointee.next

            switch cur.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard parent >= 0, let content = cur.pointee.content else { continue }
                var text = String(cString: content)
                result.controlCharactersFixed += TextTools.cleanControls(&text)
                if text.isEmpty { continue }
                result.dom.append(.text(text, parent: parent))
            case XML_ELEMENT_NODE:
                guard let namePtr = cur.pointee.name else { continue }
                let name = TextTools.lowercasedName(String(cString: namePtr))
                let tag = Tag(name: name)
                var attributes: [(name: String, value: String)] = []
                var attr = cur.pointee.properties
                while let a = attr {
                    if let aname = a.pointee.name {
                        let an = TextTools.lowercasedName(String(cString: aname))
                        if an.hasPrefix("on") && an.count > 2 {
                            result.eventHandlerCount += 1
                            result.eventHandlerNames.insert(an)
                        } else if keptAttributes.contains(an) {
                            attributes.append((an, attributeValue(cur, a)))
                        }
                    }
                    attr = a.pointee.next
                }

                if dropped.contains(tag) {
                    if tag == .script, let type = attributes.first(where: { $0.name == "type" })?.value.lowercased(),
                       type.hasPrefix("math/tex") {
                        // MathJax 2 keeps TeX source in <script type="math/tex">: plain text, not code.
                        let tex = rawContent(cur)
                        let display = TextTools.containsASCII(type, "mode=display")
                        let idx = result.dom.append(.element("x-tex", tag: .xTeX,
                            attributes: [("display", display ? "block" : "inline")], parent: parent))
                        result.dom.append(.text(tex, parent: idx))
                        continue
                    }
                    if reported.contains(tag) { result.droppedExecutable[name, default: 0] += 1 }
                    if tag == .svg {
                        // MathML can sit inside SVG (foreignObject): keep those formulas.
                        for math in findMath(in: cur) {
                            copySubtreeRoot(math, parent: parent, depth: depth, into: &result, stack: &stack)
                        }
                    }
                    continue
                }
                let idx = result.dom.append(.element(name, tag: tag, attributes: attributes, parent: parent))
                if parent < 0 { result.dom.root = idx }
                if depth < maxDepth, cur.pointee.children != nil {
                    stack.append((cur.pointee.children, idx, depth + 1))
                }
            default:
                continue  // comments, processing instructions, DTD nodes
            }
        }
    }

    /// Queues a kept element found inside a dropped one (MathML inside SVG).
    private static func copySubtreeRoot(_ node: xmlNodePtr, parent: Int32, depth: Int, into result: inout ReadResult,
                                        stack: inout [(node: xmlNodePtr?, parent: Int32, depth: Int)]) {
        let idx = result.dom.append(.element("math", tag: .math, attributes: elementAttributes(node), parent: parent))
        stack.append((node.pointee.children, idx, depth + 1))
    }

    private static func elementAttributes(_ node: xmlNodePtr) -> [(name: String, value: String)] {
        var attributes: [(name: String, value: String)] = []
        var attr = node.pointee.properties
        while let a = attr {
            if let aname = a.pointee.name {
                let an = TextTools.lowercasedName(String(cString: aname))
                if keptAttributes.contains(an) { attributes.append((an, attributeValue(node, a))) }
            }
            attr = a.pointee.next
        }
        return attributes
    }

    private static func findMath(in node: xmlNodePtr) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        var stack: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child { stack.append(c); child = c.pointee.next }
        stack.reverse()
        var visited = 0
        while let n = stack.popLast(), visited < 100_000 {
            visited += 1
            guard n.pointee.type == XML_ELEMENT_NODE, let namePtr = n.pointee.name else { continue }
            if String(cString: namePtr).lowercased() == "math" { found.append(n); continue }
            var kids: [xmlNodePtr] = []
            var k = n.pointee.children
            while let c = k { kids.append(c); k = c.pointee.next }
            stack.append(contentsOf: kids.reversed())
        }
        return found
    }

    private static func attributeValue(_ node: xmlNodePtr, _ attr: xmlAttrPtr) -> String {
        guard let value = xmlNodeListGetString(node.pointee.doc, attr.pointee.children, 1) else { return "" }
        defer { lectern_xmlFree(value) }
        var s = String(cString: value)
        _ = TextTools.cleanControls(&s)
        return s
    }

    /// Text content of a node, freed properly.
    private static func rawContent(_ node: xmlNodePtr) -> String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { lectern_xmlFree(content) }
        return String(cString: content)
    }
}
