import Foundation
import JSON
import SkeletonServer
import Testing

@Suite struct PatchTests {
    let text = """
        {
          "root": {"type": "UIView", "id": "root", "frame": [0, 0, 200, 100], "isSkeletonable": true, "children": [
            {"type": "UIView", "id": "a", "frame": [0, 0, 20, 20], "isSkeletonable": true},
            {"type": "UIView", "id": "b", "frame": [50, 0, 20, 20], "isSkeletonable": true,
             "children": [{"type": "UIView", "frame": [1, 1, 5, 5], "isSkeletonable": true}]}
          ]}
        }
        """

    func server() throws -> InProcessServer {
        let s = InProcessServer()
        try s.initialize(["initializationOptions": ["clock": "manual"]])
        s.client.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///p", "languageId": "json", "version": 1, "text": .string(text)]])
        #expect(s.eventually { s.daemon?.documents.session("file:///p") != nil })
        return s
    }

    func patch(_ s: InProcessServer, _ ops: [JSON], version: Int? = nil) throws -> JSON {
        var params: JSONObject = ["uri": "file:///p", "ops": .array(ops)]
        if let version { params["version"] = .int(version) }
        return try s.client.request("skeleton/patch", .object(params))
    }

    func text(_ s: InProcessServer) -> String { s.daemon?.documents.document("file:///p")?.text ?? "" }

    @Test func opsApplyInOrderAndKeepTheRestOfTheText() throws {
        let s = try server()
        let answer = try patch(s, [
            ["op": "set", "node": "a", "properties": ["frame": [0, 0, 40, 20], "backgroundColor": "#3498DB"]],
            ["op": "insert", "parent": "root", "index": 1, "node": ["type": "UILabel", "id": "new", "frame": [0, 50, 100, 20]]],
            ["op": "move", "node": "0.2.0", "parent": "a"],
            ["op": "remove", "node": "b"],
        ], version: 1)
        #expect(answer["result"]?["version"] == 2)
        let patched = text(s)
        #expect(patched.hasPrefix("{\n  \"root\": {\"type\": \"UIView\", \"id\": \"root\""))
        #expect(patched.contains("\"frame\": [0,0,40,20]"))
        let root = try JSONDocument.parse(patched).value["root"]
        #expect(root?["children"]?.elements.compactMap { $0["id"]?.string } == ["a", "new"])
        #expect(root?["children"]?[0]?["children"]?.count == 1)
        #expect(s.eventually { s.daemon?.documents.session("file:///p")?.contains("new") == true })
    }

    @Test func aPatchIsAllOrNothing() throws {
        let s = try server()
        let before = text(s)
        let invalid = try patch(s, [
            ["op": "set", "node": "a", "properties": ["isHidden": true]],
            ["op": "set", "node": "b", "properties": ["frame": "wide"]],
        ])
        #expect(invalid["error"]?["code"] == -32602)
        #expect(invalid["error"]?["data"]?["problems"]?[0]?["code"] == "invalid-frame")
        let missing = try patch(s, [
            ["op": "set", "node": "a", "properties": ["isHidden": true]],
            ["op": "remove", "node": "ghost"],
        ])
        #expect(missing["error"]?["data"]?["pointer"] == "/params/ops/1/node")
        #expect(text(s) == before)
        #expect(s.daemon?.documents.document("file:///p")?.version == 1)
    }

    @Test func refusesCyclesStaleVersionsAndTheRoot() throws {
        let s = try server()
        let cycle = try patch(s, [["op": "move", "node": "b", "parent": "0.1.0"]])
        #expect(cycle["error"]?["data"]?["pointer"] == "/params/ops/0/parent")
        #expect(try patch(s, [["op": "remove", "node": "root"]])["error"]?["code"] == -32602)
        #expect(try patch(s, [["op": "remove", "node": "a"]], version: 7)["error"]?["code"] == -32801)
        #expect(try patch(s, [])["error"]?["code"] == -32602)
        #expect(try patch(s, [["op": "explode", "node": "a"]])["error"]?["data"]?["pointer"] == "/params/ops/0/op")
        #expect(try patch(s, [["op": "set", "node": "a", "properties": ["children": []]]])["error"]?["code"] == -32602)
        #expect(try patch(s, [["op": "insert", "parent": "a", "index": 5, "node": ["type": "UIView", "frame": [0, 0, 1, 1]]]])["error"]?["data"]?["pointer"]
            == "/params/ops/0/index")
        #expect(s.daemon?.documents.document("file:///p")?.version == 1)
    }

    @Test func theEditorsNextChangeMustFollowThePatchedVersion() throws {
        let s = try server()
        _ = try patch(s, [["op": "set", "node": "a", "properties": ["isHidden": true]]])
        s.client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///p", "version": 2], "contentChanges": [["text": "{}"]]])
        s.client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///p", "version": 3], "contentChanges": [["text": .string(text)]]])
        #expect(s.eventually { s.daemon?.documents.document("file:///p")?.version == 3 })
        #expect(text(s) == text)
    }
}
