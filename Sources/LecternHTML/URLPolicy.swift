import Foundation

/// Decides which URLs may reach a block and turns relative ones into inbox-relative paths.
struct URLPolicy {
    enum Verdict: Equatable {
        case allowed(String)
        /// A scheme we never copy (javascript:, data:, vbscript:, file:, ...), lower-cased.
        case unsafe(scheme: String)
        /// A relative path that climbs above the inbox.
        case outsideInbox
        case empty
    }

    /// The post's path relative to the inbox, with "/" separators.
    let sourcePath: String
    /// Folder components of the post inside the inbox.
    private let baseFolder: [String]

    init(sourcePath: String) {
        let cleaned = Self.forwardSlashes(sourcePath)
        self.sourcePath = cleaned
        var parts = cleaned.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if !parts.isEmpty { parts.removeLast() }
        // The post's own path is trusted to be inside the inbox; still normalise "." and "..".
        var folder: [String] = []
        for p in parts {
            if p == "." { continue }
            if p == ".." { if !folder.isEmpty { folder.removeLast() }; continue }
            folder.append(p)
        }
        baseFolder = folder
    }

    func link(_ raw: String) -> Verdict { check(raw, allowed: ["http", "https", "mailto"], keepFragment: true) }
    func image(_ raw: String) -> Verdict { check(raw, allowed: ["http", "https"], keepFragment: false) }

    /// Browsers ignore ASCII whitespace and control characters around a URL and tabs/newlines
    /// inside it ("java\tscript:" is javascript:), so we do the same before judging the scheme.
    static func clean(_ raw: String) -> String {
        guard raw.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            return TextTools.trimmingWhitespace(raw)
        }
        var scalars = String.UnicodeScalarView()
        for s in raw.unicodeScalars {
            if s.value < 0x20 || s.value == 0x7F { continue }
            scalars.append(s)
        }
        return TextTools.trimmingWhitespace(String(scalars))
    }

    /// Backslashes as "/" (Windows paths); Foundation's replacing is only called when there is one.
    private static func forwardSlashes(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: "\\")) else { return path }
        return path.replacingOccurrences(of: "\\", with: "/")
    }

    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let head = url[..<colon]
        guard let first = head.unicodeScalars.first,
              (first >= "a" && first <= "z") || (first >= "A" && first <= "Z") else { return nil }
        guard head.unicodeScalars.allSatisfy({ s in
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9")
                || s == "+" || s == "-" || s == "."
        }) else { return nil }
        return head.lowercased()
    }

    private func check(_ raw: String, allowed: Set<String>, keepFragment: Bool) -> Verdict {
        let url = Self.clean(raw)
        if url.isEmpty { return .empty }
        if let scheme = Self.scheme(of: url) {
            guard allowed.contains(scheme) else { return .unsafe(scheme: scheme) }
            return .allowed(url)
        }
        if url.hasPrefix("//") {
            return .allowed("https:" + url)
        }
        return resolveRelative(url, keepFragment: keepFragment)
    }

    private func resolveRelative(_ url: String, keepFragment: Bool) -> Verdict {
        var path = Self.forwardSlashes(url)
        var fragment = ""
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[hash...])
            path = String(path[..<hash])
        }
        if let q = path.firstIndex(of: "?") { path = String(path[..<q]) }
        // Foundation only for a `%` or non-ASCII text (it also drops a leading U+FEFF, a pasted zero-width space).
        if path.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) { path = path.removingPercentEncoding ?? path }
        if path.isEmpty {
            // "#section" or "?x": the post itself.
            return .allowed(sourcePath + (keepFragment ? fragment : ""))
        }
        // "/x" means the site root; the inbox is the closest thing we have to one.
        var parts = path.hasPrefix("/") ? [] : baseFolder
        for p in path.split(separator: "/", omittingEmptySubsequences: true) {
            if p == "." { continue }
            if p == ".." {
                if parts.isEmpty { return .outsideInbox }
                parts.removeLast()
                continue
            }
            parts.append(String(p))
        }
        if parts.isEmpty { return .outsideInbox }
        return .allowed(parts.joined(separator: "/") + (keepFragment ? fragment : ""))
    }
}
