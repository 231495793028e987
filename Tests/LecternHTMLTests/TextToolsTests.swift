import Foundation
import LecternBytes
@testable import LecternHTML
import Testing

/// The byte-level text helpers give the answers of the scalar-level code they replace.
@Suite struct TextToolsTests {
    /// Element names come from the tags' own case names, but for the two that Swift cannot spell; other
    /// elements are `.other`.
    @Test func elementNamesFindTheirTags() {
        let names: [(String, LecternHTML.Tag)] = [("script", .script), ("annotation-xml", .annotationXML), ("x-tex", .xTeX),
                                      ("var", .var), ("h1", .h1), ("iframe", .iframe), ("blink", .other)]
        for (name, tag) in names { #expect(LecternHTML.Tag(name: name) == tag, "\(name)") }
    }

    @Test func nonSpaceScalarCountMatchesCountingScalars() {
        let texts = ["", " ", "plain words here", "  tabs\tand\nlines\r\n", "no\u{A0}break\u{A0}\u{A0}spaces", "café naïve",
                     "“curly” — dash · × ½", "emoji 😀 and 👩‍👩‍👧", "\u{C2}\u{A0}", "Ünïcödé\u{2028}separator", "日本語のテキスト"]
        for text in texts {
            let expected = text.unicodeScalars.reduce(0) { $0 + (Whitespace.isHTML($1) ? 0 : 1) }
            #expect(TextTools.nonSpaceScalarCount(text) == expected, "\(text)")
        }
    }

    @Test func controlCharactersAreCleanedOnlyWhenPresent() {
        var clean = "nothing to fix here — “quoted” café"
        #expect(TextTools.cleanControls(&clean) == 0)
        var dirty = "bell\u{07}, C1 quote \u{93}x\u{94} and del\u{7F}"
        #expect(TextTools.cleanControls(&dirty) == 4)
        #expect(dirty == "bell, C1 quote “x” and del")
    }
}
