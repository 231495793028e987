import LecternModel

/// A code block of a lesson, found at any depth (lists hold code too), in document order.
struct CodeSample: Sendable {
    let text: String
    let language: String?

    static func all(in blocks: [Block]) -> [CodeSample] {
        var found: [CodeSample] = []
        collect(blocks, into: &found)
        return found
    }

    static func first(in blocks: [Block]) -> CodeSample? {
        for block in blocks {
            if case .code(let text, let language) = block { return CodeSample(text: text, language: language) }
            if let code = first(in: block.children) { return code }
        }
        return nil
    }

    private static func collect(_ blocks: [Block], into found: inout [CodeSample]) {
        for block in blocks {
            if case .code(let text, let language) = block {
                found.append(CodeSample(text: text, language: language))
            } else if case .list = block {
                collect(block.children, into: &found)
            }
        }
    }
}
