import Foundation
import JSON
import Testing

@Suite struct JSONTextEditorTests {
    let text = """
        {
          "root": {
            "type": "UIView",   "frame": [0, 0, 10, 10],
            "children": [
              {"type": "UILabel"},
              {"type": "UIView"}
            ]
          }
        }
        """

    @Test func replacesAValueKeepingEverythingElse() throws {
        var editor = JSONTextEditor(text)
        try editor.setMember("frame", of: JSONPointer(["root"]), to: Array("[1, 2, 3, 4]".utf8))
        #expect(editor.text == text.replacingOccurrences(of: "[0, 0, 10, 10]", with: "[1, 2, 3, 4]"))
    }

    @Test func addsAMemberWithACommaOnlyAfterOthers() throws {
        for (object, added) in [
            ("{ \n }", "{ \n \"b\": 1}"), ("{}", "{\"b\": 1}"), ("{\"x\": 0 }", "{\"x\": 0 , \"b\": 1}"),
        ] {
            // From a tree read once (as a document entry's), as from the bytes.
            var editor = JSONTextEditor(tree: JSONSyntaxTree(#"{"a": "# + object + "}"))
            try editor.setMember("b", of: JSONPointer(["a"]), to: Array("1".utf8))
            #expect(editor.text == #"{"a": "# + added + "}", "\(object)")
        }
    }

    @Test func addsAndRemovesMembers() throws {
        var editor = JSONTextEditor(text)
        try editor.setMember("id", of: JSONPointer(["root", "children", "0"]), to: Array("\"title\"".utf8))
        #expect(editor.text.contains(#"{"type": "UILabel", "id": "title"}"#))
        try editor.removeMember("type", of: JSONPointer(["root", "children", "0"]))
        #expect(editor.text.contains(#"{"id": "title"}"#))
        try editor.removeMember("id", of: JSONPointer(["root", "children", "0"]))
        #expect(editor.text.contains("{}"))
        try editor.setMember("a", of: JSONPointer(["root", "children", "0"]), to: Array("1".utf8))
        #expect(editor.text.contains(#"{"a": 1}"#))
        _ = try JSONDocument.parse(editor.text)
    }

    @Test func insertsAndRemovesElements() throws {
        var editor = JSONTextEditor(text)
        let children = JSONPointer(["root", "children"])
        try editor.insertElement(Array("1".utf8), into: children, at: 0)
        try editor.insertElement(Array("2".utf8), into: children, at: 3)
        try editor.insertElement(Array("3".utf8), into: children, at: 2)
        #expect(editor.elementCount(children) == 5)
        let parsed = try JSONDocument.parse(editor.text).value.resolve(children)
        #expect(parsed?[0]?.int == 1 && parsed?[2]?.int == 3 && parsed?[4]?.int == 2)
        try editor.removeElement(at: children.appending(4))
        try editor.removeElement(at: children.appending(0))
        #expect(editor.elementCount(children) == 3)
        _ = try JSONDocument.parse(editor.text)
        var empty = JSONTextEditor("{\"a\": []}")
        try empty.insertElement(Array("7".utf8), into: JSONPointer(["a"]), at: 0)
        #expect(empty.text == "{\"a\": [7]}")
        try empty.removeElement(at: JSONPointer(["a", "0"]))
        #expect(empty.text == "{\"a\": []}")
    }

    @Test func refusesWhatDoesNotExist() {
        var editor = JSONTextEditor(text)
        #expect(throws: JSONTextEditor.EditError.self) {
            try editor.removeElement(at: JSONPointer(["root", "children", "9"]))
        }
        #expect(throws: JSONTextEditor.EditError.self) {
            try editor.setMember("x", of: JSONPointer(["root", "frame"]), to: [0x31])
        }
        #expect(throws: JSONTextEditor.EditError.self) {
            try editor.insertElement([0x31], into: JSONPointer(["root", "children"]), at: 7)
        }
        #expect(editor.text == text)
    }
}
