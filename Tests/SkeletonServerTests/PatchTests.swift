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
        s.client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": "file:///p", "languageId": "json", "version": 1, "text": .string(text)]])
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
        let answer = try patch(
            s,
            [
                ["op": "set", "node": "a", "properties": ["frame": [0, 0, 40, 20], "backgroundColor": "#3498DB"]],
                [
                    "op": "insert", "parent": "root", "index": 1,
                    "node": ["type": "UILabel", "id": "new", "frame": [0, 50, 100, 20]],
                ],
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
        let invalid = try patch(
            s,
            [
                ["op": "set", "node": "a", "properties": ["isHidden": true]],
                ["op": "set", "node": "b", "properties": ["frame": "wide"]],
            ])
        #expect(invalid["error"]?["code"] == -32602)
        #expect(invalid["error"]?["data"]?["problems"]?[0]?["code"] == "invalid-frame")
        let missing = try patch(
            s,
            [
                ["op": "set", "node": "a", "properties": ["isHidden": true]],
                ["op": "remove", "node": "ghost"],
            ])
        #expect(missing["error"]?["data"]?["pointer"] == "/params/ops/1/node")
        #expect(text(s) == before)
        #expect(s.daemon?.documents.document("file:///p")?.version == 1)
    }

    /// In a batch, an element's errors name `/params/…` as on their own: those the decoder and the handler find at a
    /// value, and those a handler names itself (`/params/ops` for a result that would be invalid, which the old
    /// rewriting of batch messages turned into `/ops`).
    @Test func aPatchInABatchNamesItsParamsAsAlone() throws {
        let s = try server()
        let ops: [JSON] = [["op": "set", "node": "b", "properties": ["frame": "wide"]]]
        s.client.send([
            [
                "jsonrpc": "2.0", "id": 1, "method": "skeleton/patch",
                "params": ["uri": "file:///p", "ops": .array(ops)],
            ],
            [
                "jsonrpc": "2.0", "id": 2, "method": "skeleton/patch",
                "params": ["uri": "file:///p", "ops": [["op": "remove", "node": "ghost"]]],
            ],
            ["jsonrpc": "2.0", "id": 3, "method": "skeleton/patch", "params": ["uri": "file:///p", "ops": []]],
        ])
        let batch = try #require(try s.client.receive().arrayValue)
        let invalid = try #require(batch.first { $0["id"] == 1 }?["error"])
        #expect(invalid["data"]?["pointer"] == "/params/ops")
        #expect(invalid["message"]?.stringValue?.hasPrefix("/params/ops: the patch would make") == true)
        #expect(batch.first { $0["id"] == 2 }?["error"]?["data"]?["pointer"] == "/params/ops/0/node")
        #expect(batch.first { $0["id"] == 3 }?["error"]?["message"] == "/params/ops: must list at least one op")
        #expect(text(s) == self.text)
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
        #expect(
            try patch(
                s, [["op": "insert", "parent": "a", "index": 5, "node": ["type": "UIView", "frame": [0, 0, 1, 1]]]])[
                    "error"]?["data"]?["pointer"]
                == "/params/ops/0/index")
        #expect(s.daemon?.documents.document("file:///p")?.version == 1)
    }

    @Test func theEditorsNextChangeMustFollowThePatchedVersion() throws {
        let s = try server()
        _ = try patch(s, [["op": "set", "node": "a", "properties": ["isHidden": true]]])
        s.client.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": "file:///p", "version": 2], "contentChanges": [["text": "{}"]]])
        s.client.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": "file:///p", "version": 3], "contentChanges": [["text": .string(text)]]])
        #expect(s.eventually { s.daemon?.documents.document("file:///p")?.version == 3 })
        #expect(text(s) == text)
    }
}

/// Patches whose changes lie inside one node of a valid document decode that node alone, and end exactly where the
/// whole-text path ends; a patch that would break the document still changes nothing.
@Suite struct IncrementalPatchTests {
    let base = PatchTests()

    func server(incremental: Bool) throws -> InProcessServer {
        let s = InProcessServer()
        try s.initialize(["initializationOptions": ["clock": "manual", "incrementalEdits": .bool(incremental)]])
        s.client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": "file:///p", "languageId": "json", "version": 1, "text": .string(base.text)]])
        _ = try s.client.request("skeleton/show", ["uri": "file:///p", "type": "gradient", "transition": "none"])
        return s
    }

    func analyses(_ s: InProcessServer) throws -> (full: Int, incremental: Int) {
        let status = try s.client.request("daemon/status")["result"]?["analyses"]
        return (status?["full"]?.intValue ?? -1, status?["incremental"]?.intValue ?? -1)
    }

    @Test func oneNodePatchesTakeTheShortPathAndMatchTheWholeTextPath() throws {
        let fast = try server(incremental: true)
        let reference = try server(incremental: false)
        let patches: [[JSON]] = [
            [["op": "set", "node": "a", "properties": ["frame": [0, 0, 40, 20], "backgroundColor": "#3498DB"]]],
            [
                [
                    "op": "insert", "parent": "b", "index": 0,
                    "node": ["type": "UILabel", "frame": [2, 2, 10, 4], "isSkeletonable": true],
                ]
            ],
            [["op": "remove", "node": "0.1.1"]],
            [["op": "set", "node": "a", "properties": ["id": "a2"]]],
        ]
        for (k, ops) in patches.enumerated() {
            let answers = try [fast, reference].map { try base.patch($0, ops) }
            #expect(answers[0]["result"] == answers[1]["result"], "patch \(k)")
            #expect(answers[0]["result"]?["version"] == .int(k + 2))
            for s in [fast, reference] { _ = try s.client.request("skeleton/isActive", ["uri": "file:///p"]) }
            #expect(base.text(fast) == base.text(reference))
            let lists = [fast, reference].map { $0.daemon?.documents.session("file:///p")?.layers(at: 0) }
            #expect(lists[0] != nil && lists[0] == lists[1], "patch \(k)")
        }
        let counts = try analyses(fast)
        #expect(counts.full == 1 && counts.incremental == 4, "\(counts)")
        #expect(try analyses(reference).incremental == 0)
    }

    @Test func aOneNodePatchThatWouldDuplicateAnIdChangesNothing() throws {
        let s = try server(incremental: true)
        let before = base.text(s)
        let answer = try base.patch(s, [["op": "set", "node": "a", "properties": ["id": "b"]]])
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["error"]?["data"]?["problems"]?[0]?["code"] == "duplicate-id")
        #expect(base.text(s) == before)
        #expect(s.daemon?.documents.document("file:///p")?.version == 1)
        #expect(s.daemon?.documents.session("file:///p")?.contains("a") == true)
    }
}
