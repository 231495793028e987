import LecternModel

/// The practical exercise at the end of a subject: one program (or, for subjects without code, one
/// written guide) that uses each topic of the subject in turn, built from the topics' code names and terms.
enum EndingProjectBuilder {
    static func project(subjectTitle: String, topics: [LectureQuestionMaker.TopicContext]) -> EndingProject? {
        guard !topics.isEmpty else { return nil }
        let codeBlocks = topics.flatMap { CodeSample.all(in: $0.blocks) }
        var languageCounts: [String: Int] = [:]
        for block in codeBlocks { if let language = block.language { languageCounts[language, default: 0] += 1 } }
        let language = languageCounts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        let hasCode = !codeBlocks.isEmpty

        var steps: [String] = []
        var names: [String] = []
        var terms: [String] = []
        for topic in topics {
            let topicNames = topic.facts.filter { $0.kind == .code }.prefix(3).map(\.answer)
            let topicTerms = topic.facts.filter { $0.kind == .term }.prefix(2).map(\.answer)
            names += topicNames.filter { !names.contains($0) }
            terms += topicTerms.filter { !terms.contains($0) }
            var step = "“\(topic.title)”: "
            if hasCode {
                if !topicNames.isEmpty {
                    step += "add a part that uses " + list(topicNames.map { "`\($0)`" })
                } else if !topicTerms.isEmpty {
                    step += "add a part that shows " + list(topicTerms.map { "“\($0)”" })
                } else {
                    step += "add a part that does what this topic's example does, with your own values"
                }
                step += topic.code != nil ? ", in the style of the lesson's example." : "."
            } else {
                if !topicTerms.isEmpty {
                    step += "explain " + list(topicTerms.map { "“\($0)”" }) + " in your own words and give an example of your own."
                } else {
                    step += "summarise the topic in two sentences and give an example of your own."
                }
            }
            steps.append(step)
        }
        let titles = list(topics.map { "“\($0.title)”" })
        if hasCode {
            let languageName = language.map(LectureBuilder.languageName) ?? "code"
            let usesNames = names.prefix(8).map { "`\($0)`" }
            var checklist = ["The program runs from start to finish without an error."]
            if !usesNames.isEmpty { checklist.append("It uses " + list(Array(usesNames)) + ".") }
            checklist += ["Each part is marked with a comment naming the topic it practises.",
                          "You can say in one sentence per part what it does and why it works."]
            let comment = commentPrefix(language)
            let starter = topics.enumerated().map { index, topic in "\(comment) Step \(index + 1): \(topic.title)\n" }.joined()
            return EndingProject(
                title: "Project: \(subjectTitle)",
                brief: "Write one small \(languageName) program of your own that brings together \(titles). "
                    + "Build it step by step, one part per topic, and run it after every step.",
                steps: steps, checklist: checklist, starterCode: starter, language: language,
                topicIds: topics.map(\.id))
        }
        var checklist = ["Every topic of the subject has its own section."]
        if !terms.isEmpty { checklist.append("It explains " + list(terms.prefix(8).map { "“\($0)”" }) + " correctly.") }
        checklist.append("Each section has an example you came up with yourself.")
        return EndingProject(
            title: "Project: \(subjectTitle)",
            brief: "Write a one-page practical guide to \(titles) for someone who is just starting, with one section per topic.",
            steps: steps, checklist: checklist, starterCode: nil, language: nil, topicIds: topics.map(\.id))
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    static func commentPrefix(_ language: String?) -> String {
        switch language ?? "" {
        case "sql", "lua", "haskell", "hs", "ada", "elm": return "--"
        case "python", "py", "ruby", "rb", "bash", "sh", "shell", "r", "perl", "yaml", "toml", "julia", "elixir", "powershell": return "#"
        case "matlab", "octave", "tex", "latex": return "%"
        default: return "//"
        }
    }
}
