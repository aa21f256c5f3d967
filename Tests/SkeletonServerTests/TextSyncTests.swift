import JSON
import SkeletonServer
import Testing

@Suite struct TextSyncTests {
    func open(_ s: InProcessServer, _ text: String, version: Int = 1) {
        s.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///doc.json", "languageId": "json", "version": .int(version), "text": .string(text),
                ]
            ])
    }

    func change(_ s: InProcessServer, version: JSON, _ changes: [JSON]) {
        s.client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": "file:///doc.json", "version": version], "contentChanges": .array(changes),
            ])
    }

    func edit(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int, _ text: String) -> JSON {
        [
            "range": [
                "start": ["line": .int(l0), "character": .int(c0)], "end": ["line": .int(l1), "character": .int(c1)],
            ],
            "text": .string(text),
        ]
    }

    func text(_ s: InProcessServer) -> String? { s.daemon?.documents.document("file:///doc.json")?.text }
    func version(_ s: InProcessServer) -> Int? { s.daemon?.documents.document("file:///doc.json")?.version }

    @Test func negotiatesUTF8WhenOffered() throws {
        let s = InProcessServer()
        let answer = try s.initialize(["capabilities": ["general": ["positionEncodings": ["utf-8", "utf-16"]]]])
        #expect(answer["result"]?["capabilities"]?["positionEncoding"] == "utf-8")
        let other = InProcessServer()
        #expect(try other.initialize()["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
        #expect(try other.initialize()["error"]?["code"] == -32600)
    }

    @Test func rejectsInitializeParamsOfTheWrongType() throws {
        let s = InProcessServer()
        let answer = try s.initialize(["processId": "12"])
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["error"]?["data"]?["pointer"] == "/params/processId")
        // The refused initialize left the server uninitialized.
        #expect(try s.client.request("shutdown")["error"]?["code"] == -32002)
    }

    @Test func refusesAnIncrementalEditsOptionThatIsNotABoolean() throws {
        let s = InProcessServer()
        let answer = try s.initialize(["capabilities": [:], "initializationOptions": ["incrementalEdits": "yes"]])
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["error"]?["data"]?["pointer"] == "/params/initializationOptions/incrementalEdits")
    }

    @Test func appliesChangesInOrderWithUTF16Positions() throws {
        let s = InProcessServer()
        try s.initialize()
        open(s, "{\"t\": \"😀x\"}\n")
        change(
            s, version: 2, [edit(0, 9, 0, 10, "y"), edit(0, 0, 0, 0, " "), ["text": "{}"], edit(0, 1, 0, 1, "\"a\":1")])
        #expect(s.eventually { version(s) == 2 })
        #expect(text(s) == "{\"a\":1}")
    }

    @Test func utf8PositionsWhenNegotiated() throws {
        let s = InProcessServer()
        try s.initialize(["capabilities": ["general": ["positionEncodings": ["utf-8"]]]])
        open(s, "\"😀x\"")
        change(s, version: 2, [edit(0, 5, 0, 6, "y")])
        #expect(s.eventually { version(s) == 2 })
        #expect(text(s) == "\"😀y\"")
    }

    @Test func badChangesLeaveTheDocumentAsItWas() throws {
        let s = InProcessServer()
        try s.initialize()
        open(s, "abc", version: 5)
        change(s, version: 4, [["text": "older"]])  // version goes backwards
        change(s, version: 5, [["text": "same"]])  // version does not grow
        change(s, version: -1, [["text": "negative"]])
        change(s, version: 6, [["text": "partial"], edit(9, 0, 9, 1, "beyond")])  // all or nothing
        change(s, version: 6, [edit(0, 2, 0, 1, "out of order")])
        change(s, version: "7", [["text": "string version"]])
        s.client.notify(
            "textDocument/didChange", ["textDocument": ["uri": "file:///unknown", "version": 2], "contentChanges": []])
        change(s, version: 8, [edit(0, 1, 0, 99, "Z")])  // a good one, clamped past the line end
        #expect(s.eventually { version(s) == 8 })
        #expect(text(s) == "aZ")
    }
}
