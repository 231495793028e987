import Foundation

/// An IMS QTI 2.1 content package: one `assessmentItem` per question (a `choiceInteraction` whose
/// `responseDeclaration` holds the correct choice, explicit score processing, the explanation as modal feedback),
/// images as package files, and `imsmanifest.xml` listing every item as a resource.
public enum QTIWriter {
    public static func write(_ categories: [QuestionCategory]) throws(ExportError) -> Data {
        var files: [String: Data] = [:]
        var resources = ""
        for category in categories {
            for question in category.questions {
                let itemPath = "items/\(question.id).xml"
                files[itemPath] = Data(item(question).utf8)
                resources += "    <resource identifier=\"R-\(question.id)\" type=\"imsqti_item_xmlv2p1\" href=\"\(itemPath)\">\n"
                resources += "      <file href=\"\(itemPath)\"/>\n"
                if let image = question.image {
                    let imagePath = "images/" + image.fileName
                    files[imagePath] = image.data
                    resources += "      <file href=\"" + Markup.escape(imagePath) + "\"/>\n"
                }
                resources += "    </resource>\n"
            }
        }
        let manifest = """
        <?xml version="1.0" encoding="UTF-8"?>
        <manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="lectern-export">
          <organizations/>
          <resources>
        \(resources)  </resources>
        </manifest>

        """
        files["imsmanifest.xml"] = Data(manifest.utf8)
        return try DeterministicZip.make(files)
    }

    static func choiceID(_ index: Int) -> String { "choice-\(index + 1)" }

    private static func item(_ question: ExportQuestion) -> String {
        let imageSource = question.image.map { "../images/" + $0.fileName }
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="\(question.id)" \
        title="\(Markup.escape(question.name))" adaptive="false" timeDependent="false">
          <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
            <correctResponse><value>\(choiceID(question.answerIndex))</value></correctResponse>
          </responseDeclaration>
          <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float">
            <defaultValue><value>0</value></defaultValue>
          </outcomeDeclaration>
          <outcomeDeclaration identifier="FEEDBACK" cardinality="single" baseType="identifier"/>
          <itemBody>
            <div>\(xhtml(Markup.questionHTML(question, imageSource: imageSource)))</div>
            <choiceInteraction responseIdentifier="RESPONSE" shuffle="true" maxChoices="1">

        """
        for (index, option) in question.options.enumerated() {
            xml += "      <simpleChoice identifier=\"\(choiceID(index))\">" + Markup.escape(option) + "</simpleChoice>\n"
        }
        xml += """
            </choiceInteraction>
          </itemBody>
          <responseProcessing>
            <responseCondition>
              <responseIf>
                <match><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></match>
                <setOutcomeValue identifier="SCORE"><baseValue baseType="float">1</baseValue></setOutcomeValue>
              </responseIf>
              <responseElse>
                <setOutcomeValue identifier="SCORE"><baseValue baseType="float">0</baseValue></setOutcomeValue>
              </responseElse>
            </responseCondition>
            <setOutcomeValue identifier="FEEDBACK"><baseValue baseType="identifier">explanation</baseValue></setOutcomeValue>
          </responseProcessing>
          <modalFeedback outcomeIdentifier="FEEDBACK" identifier="explanation" showHide="show">\(Markup.escape(question.explanation))</modalFeedback>
        </assessmentItem>

        """
        return xml
    }

    /// The shared question HTML as XHTML: void elements closed.
    private static func xhtml(_ html: String) -> String {
        html.replacingOccurrences(of: "<br>", with: "<br/>").replacingOccurrences(of: "alt=\"\">", with: "alt=\"\"/>")
    }
}
