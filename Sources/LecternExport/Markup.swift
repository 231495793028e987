import Foundation

/// Escaping shared by the XML and HTML writers.
enum Markup {
    /// Text as XML/HTML character data or attribute value. Characters XML 1.0 forbids (C0 controls other than
    /// tab, newline and carriage return, lone surrogates cannot occur in Swift strings) are dropped.
    static func escape(_ text: String) -> String {
        escape(text, lineBreak: "\n")
    }

    /// Plain text as HTML: escaped, line breaks kept as `<br>`.
    static func html(_ text: String) -> String {
        escape(text, lineBreak: "<br>")
    }

    private static func escape(_ text: String, lineBreak: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += lineBreak
            case "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A question's HTML: the stem, then its code or maths blocks verbatim in `<pre>`, then the image if any.
    static func questionHTML(_ question: ExportQuestion, imageSource: String?) -> String {
        questionHTML(stem: question.stem, codeBlocks: question.codeBlocks, imageSource: imageSource)
    }

    static func questionHTML(stem: String, codeBlocks: [String], imageSource: String?) -> String {
        var html = "<p>" + Markup.html(stem) + "</p>"
        for block in codeBlocks { html += "<pre>" + escape(block) + "</pre>" }
        if let imageSource { html += "<p><img src=\"" + escape(imageSource) + "\" alt=\"\"></p>" }
        return html
    }

    /// CDATA that stays CDATA: `]]>` inside is split across two sections.
    static func cdata(_ text: String) -> String {
        "<![CDATA[" + (text.contains("]]>") ? text.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") : text) + "]]>"
    }
}
