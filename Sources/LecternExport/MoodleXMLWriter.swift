import Foundation

/// Moodle XML (the question bank's own import format): HTML texts in CDATA, per-option feedback, the explanation
/// as general feedback, tags, an `idnumber` per question and a category question before each category.
/// Moodle adds imported questions (the idnumber identifies them but does not update them): see docs/EXPORTS.md.
public enum MoodleXMLWriter {
    public static func write(_ categories: [QuestionCategory]) -> Data {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n"
        for category in categories {
            xml += "  <question type=\"category\">\n    <category><text>"
                + Markup.escape(categoryPath(category.path)) + "</text></category>\n  </question>\n"
            for question in category.questions { xml += multichoice(question) }
        }
        xml += "</quiz>\n"
        return Data(xml.utf8)
    }

    /// `$course$/top/…`; a `/` inside a name is doubled, as Moodle reads it, and line breaks (which would end
    /// GIFT's `$CATEGORY:` line) become spaces.
    static func categoryPath(_ path: [String]) -> String {
        let names = path.map { $0.replacingOccurrences(of: "/", with: "//").components(separatedBy: .newlines).joined(separator: " ") }
        return (["$course$", "top"] + names).joined(separator: "/")
    }

    private static func multichoice(_ question: ExportQuestion) -> String {
        let imageSource = question.image.map { "@@PLUGINFILE@@/" + $0.fileName }
        var xml = "  <question type=\"multichoice\">\n"
        xml += "    <name><text>" + Markup.escape(question.name) + "</text></name>\n"
        xml += "    <questiontext format=\"html\">\n      <text>" + Markup.cdata(Markup.questionHTML(question, imageSource: imageSource)) + "</text>\n"
        if let image = question.image {
            xml += "      <file name=\"" + Markup.escape(image.fileName) + "\" path=\"/\" encoding=\"base64\">"
                + image.data.base64EncodedString() + "</file>\n"
        }
        xml += "    </questiontext>\n"
        xml += "    <generalfeedback format=\"html\"><text>" + Markup.cdata(Markup.html(question.explanation)) + "</text></generalfeedback>\n"
        xml += "    <defaultgrade>1</defaultgrade>\n    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n"
        xml += "    <idnumber>" + question.id + "</idnumber>\n"
        xml += "    <single>true</single>\n    <shuffleanswers>true</shuffleanswers>\n    <answernumbering>abc</answernumbering>\n"
        for (index, option) in question.options.enumerated() {
            let fraction = index == question.answerIndex ? "100" : "0"
            xml += "    <answer fraction=\"\(fraction)\" format=\"html\">\n      <text>" + Markup.cdata(Markup.html(option)) + "</text>\n"
            xml += "      <feedback format=\"html\"><text>" + Markup.cdata(Markup.html(optionFeedback(question, index))) + "</text></feedback>\n"
            xml += "    </answer>\n"
        }
        if !question.tags.isEmpty {
            xml += "    <tags>\n" + question.tags.map { "      <tag><text>" + Markup.escape($0) + "</text></tag>\n" }.joined() + "    </tags>\n"
        }
        xml += "  </question>\n"
        return xml
    }
}

/// What a learner who picks option `index` is told: the bundle's feedback when it has some, else right or wrong.
func optionFeedback(_ question: ExportQuestion, _ index: Int) -> String {
    if index < question.optionFeedback.count, !question.optionFeedback[index].isEmpty { return question.optionFeedback[index] }
    return index == question.answerIndex ? "Correct." : "Not quite: the answer is \(question.options[question.answerIndex])."
}
