import JSON
import Testing

@Suite struct JSONSyntaxTreeLocateTests {
    let text = """
        {
          "root": {
            "type": "UIView",
            "frame": [0, 0, 320, "wide"],
            "children": [
              {"type": "UILabel", "id": "a\\"b"},
              {"type": "UIButtn", "frame": [1, 2, 3, 4]}
            ]
          },
          "k/e~y": 1
        }
        """

    func slice(_ range: Range<Int>) -> String { String(decoding: Array(text.utf8)[range], as: UTF8.self) }

    func locate(_ pointer: String) throws -> JSONSyntaxTree.Location {
        let parsed = try #require(JSONPointer(parsing: pointer))
        return try #require(JSONSyntaxTree(text).locate(parsed))
    }

    @Test func findsScalarsInObjectsAndArrays() throws {
        #expect(slice(try locate("/root/frame/3").value) == "\"wide\"")
        #expect(slice(try locate("/root/children/1/type").value) == "\"UIButtn\"")
        #expect(slice(try locate("/root/children/1/type").key!) == "\"type\"")
        #expect(slice(try locate("/root/children/0/id").value) == #""a\"b""#)
        #expect(slice(try locate("/k~1e~0y").value) == "1")
    }

    @Test func prefersTheKeyOfAContainer() throws {
        let location = try locate("/root/children/1/frame")
        #expect(slice(location.value) == "[1, 2, 3, 4]")
        #expect(slice(location.preferred) == "\"frame\"")
        #expect(location.matchedTokens == 4)
    }

    @Test func missingMembersResolveToTheDeepestAncestor() throws {
        let location = try locate("/root/children/0/frame")
        #expect(location.matchedTokens == 3)
        #expect(slice(location.value) == #"{"type": "UILabel", "id": "a\"b"}"#)
        let outOfRange = try locate("/root/children/9")
        #expect(outOfRange.matchedTokens == 2)
    }

    @Test func theWholeDocumentForTheEmptyPointer() throws {
        let location = try locate("")
        #expect(location.value == 0..<text.utf8.count)
    }

    @Test func malformedTextNeverReadsOutOfBounds() {
        for cut in stride(from: 0, through: text.utf8.count, by: 7) {
            let prefix = Array(text.utf8.prefix(cut))
            _ = JSONSyntaxTree(bytes: prefix).locate(JSONPointer(["root", "children", "1", "frame", "2"]))
        }
    }
}
