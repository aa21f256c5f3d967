import Testing

@testable import JSON

@Suite struct JSONDocumentTests {
    @Test func parsesEveryKind() throws {
        let document = try JSONDocument.parse(
            #"{"s":"x\u0000y","i":-3,"r":1.5,"t":true,"f":false,"n":null,"a":[1,2],"o":{}}"#)
        let v = document.value
        #expect(v.kind == .object)
        #expect(v["s"]?.string == "x\u{0}y")
        #expect(v["i"]?.int == -3)
        #expect(v["r"]?.double == 1.5)
        #expect(v["r"]?.int == nil)
        #expect(v["t"]?.bool == true)
        #expect(v["f"]?.bool == false)
        #expect(v["n"]?.isNull == true)
        #expect(v["a"]?.elements.compactMap(\.int) == [1, 2])
        #expect(v["o"]?.count == 0)
        #expect(v["missing"] == nil)
        #expect(v.members.map(\.key) == ["s", "i", "r", "t", "f", "n", "a", "o"])
    }

    @Test func acceptsAnyTopLevelValue() throws {
        #expect(try JSONDocument.parse("42").value.int == 42)
        #expect(try JSONDocument.parse("\"hi\"").value.string == "hi")
        #expect(try JSONDocument.parse("[]").value.kind == .array)
    }

    @Test(arguments: [
        ("{\"a\":", "syntax"),
        ("", "syntax"),
        ("{\"a\":1,\"a\":2}", "syntax"),
        ("[1e999]", "syntax"),
        ("[NaN]", "syntax"),
        ("[Infinity]", "syntax"),
        ("{} {}", "syntax"),
    ])
    func rejectsBadText(text: String, reason: String) {
        #expect(throws: JSONParseError.self) { try JSONDocument.parse(text) }
    }

    @Test func reportsJanssonPosition() {
        do {
            _ = try JSONDocument.parse("{\n  \"a\": tru\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .syntax)
            #expect(error.line == 2)
            #expect(error.column > 0)
            #expect(error.position > 0)
        }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = Array("[\"".utf8) + [0xFF, 0xFE] + Array("\"]".utf8)
        #expect(throws: JSONParseError.self) { try JSONDocument.parse(bytes) }
    }

    @Test func enforcesTheSizeLimitBeforeParsing() {
        do {
            _ = try JSONDocument.parse("[1,2,3]", limits: JSONLimits(maxBytes: 6, maxDepth: 10))
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .tooLarge(limit: 6))
        }
    }

    @Test func enforcesTheDepthLimit() throws {
        let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 3)
        _ = try JSONDocument.parse("[[[1]]]", limits: limits)
        _ = try JSONDocument.parse("[\"[[[[[[\"]", limits: limits)  // brackets inside strings do not count
        _ = try JSONDocument.parse("[\"\\\"[[[[\"]", limits: limits)  // nor after an escaped quote
        do {
            _ = try JSONDocument.parse("[[[[1]]]]", limits: limits)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .tooDeep(limit: 3))
            #expect(error.position == 3)
            #expect(error.line == 1 && error.column == 4)
        }
    }

    @Test func deepButAllowedNestingParses() throws {
        let depth = 500
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONDocument.parse(text).value
        for _ in 1..<depth { value = try #require(value[0]) }
        #expect(value.count == 0)
    }

    @Test func manyParseAndFreeCyclesKeepNoHeapBlocks() throws {
        let before = JSONArenaStatistics.liveHeapBlocks
        for i in 0..<5_000 {
            let document = try JSONDocument.parse(
                #"{"jsonrpc":"2.0","id":\#(i),"method":"x","params":{"a":[1,2,{"b":"c"}]}}"#)
            #expect(document.value["id"]?.int == i)
        }
        for _ in 0..<1_000 { _ = try? JSONDocument.parse("{\"a\":[1,2,") }
        #expect(JSONArenaStatistics.liveHeapBlocks == before)
    }

    @Test func valuesKeepTheirDocumentAlive() throws {
        func member() throws -> JSONValue {
            try #require(try JSONDocument.parse(#"{"deep":{"text":"still here"}}"#).value["deep"])
        }
        let value = try member()
        #expect(value["text"]?.string == "still here")
    }

    @Test func parsesLargeDocuments() throws {
        var text = "["
        for i in 0..<100_000 { text += (i > 0 ? "," : "") + #"{"id":"n\#(i)","frame":[0,0,10,10]}"# }
        text += "]"
        let document = try JSONDocument.parse(text)
        #expect(document.value.count == 100_000)
        #expect(document.value[99_999]?["id"]?.string == "n99999")
        #expect(document.reservedBytes > text.utf8.count)
    }
}
