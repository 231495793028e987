import Foundation
import Testing
@testable import LecternModel

@Suite struct ModelTests {
    @Test func canonicalJSONSortsKeysAndOmitsNil() throws {
        let block = Block(type: .code, text: "print(1)", language: "swift")
        let json = String(decoding: try CanonicalJSON.encode(block), as: UTF8.self)
        #expect(json == "{\n  \"language\" : \"swift\",\n  \"text\" : \"print(1)\",\n  \"type\" : \"code\"\n}\n")
    }
}
