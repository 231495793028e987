import Foundation

/// GIFT, Moodle's hand-editable text format. Moodle's parser takes the answer block from the first `{` to the first
/// `}` and ends a question at a blank line, so every `~ = # { } :` and `\` in text is escaped and line breaks are
/// written as `\n`. GIFT cannot carry files: a question's image is named in a comment instead.
public enum GIFTWriter {
    public static func write(_ categories: [QuestionCategory]) -> Data {
        var text = "// Exported by Lectern. Edit freely; import in Moodle as GIFT.\n\n"
        for category in categories {
            text += "$CATEGORY: " + MoodleXMLWriter.categoryPath(category.path) + "\n\n"
            for question in category.questions { text += self.question(question) + "\n" }
        }
        return Data(text.utf8)
    }

    private static func question(_ question: ExportQuestion) -> String {
        var text = "// id: \(question.id)\n"
        if let image = question.image { text += "// image \(image.fileName) dropped: GIFT cannot embed files (use Moodle XML)\n" }
        text += "::" + escape(question.name) + "::[html]" + escape(Markup.questionHTML(question, imageSource: nil)) + " {\n"
        for (index, option) in question.options.enumerated() {
            text += (index == question.answerIndex ? "=" : "~") + escape(Markup.html(option))
                + "#" + escape(Markup.html(optionFeedback(question, index))) + "\n"
        }
        text += "####" + escape(Markup.html(question.explanation)) + "\n}\n"
        return text
    }

    /// Every GIFT control character escaped; line breaks (which could make a blank line) as `\n`.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "~", "=", "#", "{", "}", ":", "\\": out.unicodeScalars.append("\\"); out.unicodeScalars.append(scalar)
            case "\n" where afterCarriageReturn: continue
            case "\n", "\r": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
