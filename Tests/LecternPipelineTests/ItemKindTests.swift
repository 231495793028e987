import Foundation
import LecternJSON
import LecternModel
import LecternPipeline
import LecternStore
import Testing

// The item kinds' descriptors (ItemKinds.swift) are the one description of each kind: what the scanner, the
// publisher, the contract files and the review site do follows from them.
@Suite struct ItemKindTests {
    @Test("a photo whose name no kind claims is read by its magic bytes; text without an extension is not")
    func magicBytesDecideWhenTheExtensionDoesNot() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.photo("water-cycle.jpg"), to: inbox.appendingPathComponent("scan-0001"))
        try Data("Just some notes, not a photo.\n".utf8).write(to: inbox.appendingPathComponent("notes"))

        let result = try await runPipeline(out: folder.sub("out"), inbox: inbox)
        let photo = try #require(result.index.items.first { $0.source.path == "scan-0001" })
        #expect(photo.kind == .homework)
        #expect(photo.state == .done)
        #expect(photo.bundle == "bundles/homework/\(photo.id).json")
        let notes = try #require(result.index.items.first { $0.source.path == "notes" })
        #expect(notes.kind == .other)
        #expect(notes.errorCode == .unsupportedFile)
    }

    @Test("a stage's dependents come from the kinds' chains, a course member's from its course")
    func dependentsFollowTheChains() {
        #expect(StageID.ocr.dependents == [.quiz])
        #expect(StageID.words.dependents == [.wordtest])
        #expect(StageID.parse.dependents == [.lecture, .narrate])
        #expect(StageID.lecture.dependents == [.narrate])
        #expect(StageID.quiz.dependents.isEmpty && StageID.wordtest.dependents.isEmpty && StageID.narrate.dependents.isEmpty)
        #expect(Set(ItemKind.allCases.flatMap(\.descriptor.stages)) == Set(StageID.allCases), "every stage belongs to a kind")
    }

    @Test("the contract files list every kind, and each kind with a bundle has its schema and its review page")
    func contractFilesFollowTheDescriptors() throws {
        let kinds = ItemKind.allCases.map(\.rawValue).sorted()
        let index = try jsonObject(Paths.repoRoot.appendingPathComponent("docs/schemas/index.schema.json"))
        #expect(Self.kindEnums(in: index) == [kinds], "docs/schemas/index.schema.json lists the kinds")
        for copy in ["docs/openapi.json", "Sources/LecternServe/Resources/openapi.json"] {
            let enums = Self.kindEnums(in: try jsonObject(Paths.repoRoot.appendingPathComponent(copy)))
            #expect(!enums.isEmpty && enums.allSatisfy { $0 == kinds }, "\(copy) lists the kinds")
        }
        for descriptor in ItemKind.allCases.map(\.descriptor) {
            guard let folder = descriptor.bundleFolder else { continue }
            let schemaName = try #require(descriptor.schema)
            let file = "docs/schemas/\(descriptor.kind.rawValue).schema.json"
            let schema = try jsonObject(Paths.repoRoot.appendingPathComponent(file))
            #expect(schema["x-lectern-bundle-folder"] as? String == folder, "\(file) names the folder")
            let properties = try #require(schema["properties"] as? [String: Any])
            #expect((properties["schema"] as? [String: Any])?["const"] as? String == schemaName, "\(file) names the schema")
            let page = try #require(descriptor.reviewPage, "\(descriptor.kind) has a bundle but no review page")
            let template = Paths.repoRoot.appendingPathComponent("Sources/LecternServe/Resources/templates/\(page).mustache")
            #expect(FileManager.default.fileExists(atPath: template.path), "\(template.lastPathComponent) is missing")
        }
    }

    @Test("the thumbnail is an attachment of the OCR result, published without reading the OCR page")
    func thumbnailIsItsOwnAttachment() async throws {
        let folder = try TestFolder()
        let inbox = folder.sub("inbox")
        try Inputs.make(inbox, photos: ["water-cycle.jpg"])
        let out = folder.sub("out")
        let result = try await runPipeline(out: out, inbox: inbox)
        let photo = try #require(result.index.items.first)

        let store = try SQLiteStore(path: out.appendingPathComponent(OutputLayout.store).path)
        let ocr = try #require(try store.stageRuns(itemIDs: [photo.id]).first { $0.stage == .ocr })
        let key = try #require(ocr.artifactKey)
        let page = try CanonicalJSON.decode(OCRPage.self, from: try #require(try store.artifact(key: key)))
        #expect(page.thumbnail == "thumbnail.jpg")
        #expect(!String(decoding: try #require(try store.artifact(key: key)), as: UTF8.self).contains("/9j/"),
                "the OCR result holds no JPEG bytes")
        let stored = try #require(try store.artifact(key: StageResult.attachmentKey(key, "media/thumbnail.jpg")))
        let published = try Data(contentsOf: out.appendingPathComponent("media/\(photo.id).jpg"))
        #expect(published == stored)
        #expect(published.starts(with: [0xFF, 0xD8, 0xFF]))
    }

    /// The `enum` lists of every `kind` property and `kind` parameter in a JSON document.
    static func kindEnums(in value: Any) -> [[String]] {
        if let object = value as? [String: Any] {
            var found: [[String]] = []
            if let kind = object["kind"] as? [String: Any], let values = kind["enum"] as? [String] { found.append(values.sorted()) }
            if object["name"] as? String == "kind", let schema = object["schema"] as? [String: Any],
               let values = schema["enum"] as? [String] { found.append(values.sorted()) }
            for child in object.values { found += kindEnums(in: child) }
            return found
        }
        if let array = value as? [Any] { return array.flatMap(kindEnums(in:)) }
        return []
    }
}
