import CLibXML2
import Foundation
import LecternModel

/// Options of the parse stage; part of the stage's cache key.
public struct HTMLOptions: Sendable, Hashable, Codable {
    /// Pages larger than this are refused before libxml2 sees them.
    public var maxBytes: Int = 20_000_000

    public init(maxBytes: Int = 20_000_000) {
        self.maxBytes = maxBytes
    }
}

/// libxml2's HTML parser behind a Swift API: HTML course post → sanitised typed blocks.
public enum HTMLParser {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Call once before threads start (xmlInitParser); idempotent and thread-safe.
    public static func initialize() {
        _ = initialized
    }

    /// Parses one course post.
    /// - Parameter sourcePath: the post's path relative to the inbox; relative image and link URLs
    ///   are resolved against its folder into inbox-relative paths.
    public static func parse(_ data: Data, sourcePath: String, options: HTMLOptions) throws(LecternError) -> ParsedPost {
        initialize()
        try checkBytes(data, options: options)

        let read = try LibXMLReader.read(data)
        let dom = read.dom
        let urls = URLPolicy(sourcePath: sourcePath)
        let converter = BlockConverter(dom: dom, urls: urls)

        let (main, _) = ContentFinder.mainContent(in: dom)
        var blocks: [Block] = []
        if main >= 0 {
            blocks = converter.blocks(ofChildren: main)
            if blocks.isEmpty, let body = dom.first([.body], under: dom.root), body != main {
                blocks = converter.blocks(ofChildren: body)
            }
        }
        guard !blocks.isEmpty else {
            throw LecternError(.noTextFound,
                "The page has no readable content: after leaving out menus, scripts and page furniture, nothing was left.")
        }

        let title = findTitle(dom: dom, blocks: blocks, sourcePath: sourcePath)
        let readingWarnings = textWarnings(read: read, converter: converter)
        let warnings = readingWarnings + removalWarnings(read: read, converter: converter)
        return ParsedPost(title: title, heading: titleHeading(dom: dom, title: title), blocks: blocks, warnings: warnings,
                          textWarnings: readingWarnings.isEmpty ? nil : readingWarnings, lang: declaredLanguage(dom: dom, content: main))
    }

    /// The language of the page's content, lower-cased ("en-gb"): the `lang` nearest to it, on itself or an
    /// ancestor up to `<html>` (HTML's inheritance), else the first one inside it (DocBook declares it on the
    /// book's `div`); nil when none is declared or it is not a BCP 47 tag.
    private static func declaredLanguage(dom: DOM, content: Int32) -> String? {
        let start = content >= 0 ? content : dom.root
        guard start >= 0 else { return nil }
        func lang(_ node: DOMNode) -> String? {
            let value = node.attribute("lang")?.trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
        var node = start
        var declared: String?
        while node >= 0 && declared == nil {
            declared = lang(dom[node])
            node = dom[node].parent
        }
        if declared == nil, let inside = dom.descendants(of: start, where: { lang($0) != nil }).first {
            declared = lang(dom[inside])
        }
        guard let tag = declared?.lowercased() else { return nil }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed = (2...8).contains(subtags[0].count) && subtags[0].allSatisfy { $0.isASCII && $0.isLetter }
            && subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        return wellFormed ? tag : nil
    }

    // MARK: - Before libxml2

    private static func checkBytes(_ data: Data, options: HTMLOptions) throws(LecternError) {
        if data.isEmpty {
            throw LecternError(.emptyFile, "The file is empty.")
        }
        let limit = min(options.maxBytes, Int(Int32.max) - 1)
        if data.count > limit {
            throw LecternError(.fileTooLarge,
                "The page is \(megabytes(data.count)), more than the \(megabytes(limit)) limit for one course post.")
        }
        let isBlank = data.withUnsafeBytes { bytes in
            bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
        }
        if isBlank {
            throw LecternError(.emptyFile, "The file contains only blank space.")
        }
        let head = data.prefix(8)
        let magic: [(bytes: [UInt8], kind: String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"),
            ([0x47, 0x49, 0x46, 0x38], "a GIF image"), ([0x25, 0x50, 0x44, 0x46], "a PDF document"),
            ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive (perhaps a Word or EPUB file)"),
            ([0x49, 0x49, 0x2A, 0x00], "a TIFF image"), ([0x4D, 0x4D, 0x00, 0x2A], "a TIFF image"),
            ([0x1F, 0x8B], "a compressed (gzip) file"),
        ]
        for m in magic where head.starts(with: m.bytes) {
            throw LecternError(.mislabelledFile, "The file is named like a web page but is really \(m.kind).")
        }
        // NUL bytes: UTF-16/32 with a BOM is fine (libxml2 reads it); without one we cannot tell.
        let hasBOM16 = head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
        let hasBOM32 = head.starts(with: [0x00, 0x00, 0xFE, 0xFF])
        if !hasBOM16 && !hasBOM32 && data.prefix(4096).withUnsafeBytes({ memchr($0.baseAddress!, 0, $0.count) != nil }) {
            let sample = data.prefix(4096)
            let zeros = sample.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
            if zeros * 3 >= sample.count {
                throw LecternError(.encodingError,
                    "The page looks like UTF-16 text without a byte-order mark, so its characters cannot be read reliably. Save it as UTF-8 and add it again.")
            }
            throw LecternError(.malformedHTML, "The file contains binary data and is not a readable web page.")
        }
    }

    private static func megabytes(_ n: Int) -> String {
        let mb = Double(n) / 1_000_000
        return mb >= 10 ? "\(Int(mb.rounded())) MB" : String(format: "%.1f MB", mb)
    }

    // MARK: - After conversion

    private static func findTitle(dom: DOM, blocks: [Block], sourcePath: String) -> String {
        if let t = dom.first([.title], under: dom.root) {
            let text = TextTools.collapse(dom.rawText(of: t, lineBreaks: false))
            if !text.isEmpty { return text }
        }
        if let h1 = dom.first([.h1], under: dom.root) {
            let text = dom.headingText(h1)
            if !text.isEmpty { return text }
        }
        if let heading = blocks.first(where: { $0.type == .heading }), let text = heading.text, !text.isEmpty {
            return text
        }
        let file = sourcePath.split(separator: "/").last.map(String.init) ?? sourcePath
        let stem = file.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        return stem.isEmpty ? file : stem
    }

    /// The `<h1>` that the title opens with, alone or followed by a separator and more ("Loops | Blog", "Models —
    /// Django 3.2 documentation"): the page's own name. Not simply the first `<h1>`: blog and documentation themes
    /// often put the site's name in an `<h1>` of their header, and the post's in a `<header>` the blocks leave out.
    private static func titleHeading(dom: DOM, title: String) -> String? {
        for h1 in dom.descendants(of: dom.root, where: { $0.tag == .h1 }) {
            let text = dom.headingText(h1)
            guard !text.isEmpty, title.hasPrefix(text) else { continue }
            // Then nothing, or a separator set apart by spaces: "Django's ORM | Blog" does not open with the site's
            // <h1> "Django".
            let rest = Array(title.dropFirst(text.count).prefix(3))
            if rest.isEmpty || rest.count == 3 && rest[0] == " " && titleSeparators.contains(rest[1]) && rest[2] == " " {
                return text
            }
        }
        return nil
    }

    private static let titleSeparators: Set<Character> = ["|", "—", "–", "-", "·", "•", "»", ":"]

    /// How the page's text was read, when that may change what a learner sees.
    private static func textWarnings(read: ReadResult, converter: BlockConverter) -> [String] {
        var warnings: [String] = []
        if read.fellBackToLatin1 {
            let declared = read.declaredEncoding.map { "declares the character encoding \"\($0)\" but its bytes are not valid in it" }
                ?? "is not valid UTF-8 and does not say which encoding it uses"
            warnings.append("The page \(declared); it was read as Windows-1252 (Western European). Check its accented letters and symbols.")
        }
        if let declared = read.readAsUTF8Despite {
            warnings.append("The page declares the character encoding \"\(declared)\" but its bytes are UTF-8; it was read as UTF-8. Correct its <meta charset> to utf-8.")
        }
        if let enc = read.unknownEncoding {
            warnings.append("The page declares the character encoding \"\(enc)\", which is not known; some characters may be wrong.")
        }
        if read.endsMidTag {
            warnings.append("The file ends in the middle of a tag, so it was probably cut off; everything before that point was kept.")
        }
        if converter.depthCapped {
            warnings.append("Part of the page is nested very deeply; its innermost parts were kept as plain text.")
        }
        return warnings
    }

    /// What was left out for safety or because it could not be used.
    private static func removalWarnings(read: ReadResult, converter: BlockConverter) -> [String] {
        var warnings: [String] = []
        for (name, n) in read.droppedExecutable.sorted(by: { $0.key < $1.key }) {
            warnings.append("Removed \(TextTools.plural(n, "\(name) element")) (embedded code or pages are never copied).")
        }
        if read.eventHandlerCount > 0 {
            let names = read.eventHandlerNames.sorted().prefix(5).joined(separator: ", ")
            warnings.append("Removed \(TextTools.plural(read.eventHandlerCount, "event-handler attribute")) (\(names)).")
        }
        let unsafeLinks = converter.unsafeLinkSchemes.values.reduce(0, +)
        if unsafeLinks > 0 {
            let schemes = converter.unsafeLinkSchemes.keys.sorted().map { $0 + ":" }.joined(separator: ", ")
            warnings.append("Removed \(TextTools.plural(unsafeLinks, "unsafe link")) (\(schemes)); the link text was kept.")
        }
        if converter.linksOutsideInbox > 0 {
            warnings.append("Removed \(TextTools.plural(converter.linksOutsideInbox, "link")) pointing outside the inbox; the link text was kept.")
        }
        let unsafeImages = converter.unsafeImageSchemes.values.reduce(0, +)
        if unsafeImages > 0 {
            let schemes = converter.unsafeImageSchemes.keys.sorted().map { $0 + ":" }.joined(separator: ", ")
            warnings.append("Left out \(TextTools.plural(unsafeImages, "image")) with an address that is not allowed (\(schemes)).")
        }
        if converter.imagesOutsideInbox > 0 {
            warnings.append("Left out \(TextTools.plural(converter.imagesOutsideInbox, "image")) whose path points outside the inbox.")
        }
        if converter.imagesWithoutSource > 0 {
            warnings.append("Left out \(TextTools.plural(converter.imagesWithoutSource, "image")) without an address.")
        }
        return warnings
    }
}
