import JSON
import Testing

@Suite struct JSONSyntaxTreeTests {
    @Test(arguments: SyntaxTreeFixtures.all.map(\.name))
    func agreesWithJanssonOnValidTexts(name: String) throws {
        let bytes = try #require(SyntaxTreeFixtures.all.first { $0.name == name }).bytes
        let document = try JSONDocument.parse(bytes)
        let tree = JSONSyntaxTree(bytes: bytes)
        #expect(tree.isWellFormed)
        #expect(tree.shapeProblem() == nil)
        let values = SyntaxTreeFixtures.values(document.value)
        #expect(tree.nodes.indices.filter(tree.isValue).count == values.count)
        for (pointer, value) in values {
            let k = try #require(tree.node(at: pointer), "\(pointer)")
            #expect(tree.pointer(of: k) == pointer)
            let text = tree.text(k)
            switch value.kind {
            case .object: #expect(tree[k].kind == .object)
            case .array: #expect(tree[k].kind == .array)
            case .string: #expect(tree[k].kind == .string && tree.string(k) == value.string, "\(pointer)")
            case .integer, .real: #expect(tree[k].kind == .number && Double(text) == value.double, "\(pointer)")
            case .bool: #expect(tree[k].kind == .literal && text == (value.bool == true ? "true" : "false"))
            case .null: #expect(tree[k].kind == .literal && text == "null")
            }
            if let m = tree.member(ofValue: k) {
                #expect(tree.string(tree.key(of: m)) == pointer.tokens.last)
                #expect(tree.node(at: tree[m].start) == m || tree.node(at: tree[m].start) == tree.key(of: m))
            }
        }
    }

    @Test func decodesEscapesInKeysAndStrings() throws {
        let tree = JSONSyntaxTree(#"{"k/e~y": "a\"b\u00e9\ud83d\ude00", "\u0061": [1, -2.5e3, true, null]}"#)
        let s = try #require(tree.node(at: JSONPointer(["k/e~y"])))
        #expect(tree.string(s) == "a\"bé😀")
        let n = try #require(tree.node(at: JSONPointer(["a", "1"])))
        #expect(tree.text(n) == "-2.5e3" && tree[n].kind == .number && tree[n].problem == .none)
        #expect(tree.node(at: JSONPointer(["a", "4"])) == nil)
        #expect(tree.locate(JSONPointer(["a", "4"]))?.matchedTokens == 1)
        #expect(tree.members(of: 0).count == 2)
        #expect(tree.elements(of: try #require(tree.node(at: JSONPointer(["a"])))).count == 4)
    }

    @Test func prefersTheKeyOfAContainerAndTheValueOfAScalar() throws {
        let text = #"{"a": {"b": 1}, "c": [2]}"#
        let tree = JSONSyntaxTree(text)
        let bytes = Array(text.utf8)
        func slice(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        #expect(slice(try #require(tree.locate(JSONPointer(["a"]))).preferred) == #""a""#)
        #expect(slice(try #require(tree.locate(JSONPointer(["a", "b"]))).preferred) == "1")
        #expect(slice(try #require(tree.locate(JSONPointer())).preferred) == text)
    }

    @Test func findsTheInnermostNodeAtAnOffset() throws {
        let text = #"{"a": [10, "xy"], "b": {}}"#
        let tree = JSONSyntaxTree(text)
        let ten = try #require(tree.node(at: JSONPointer(["a", "0"])))
        #expect(tree.node(at: 7) == ten && tree.node(at: 8) == ten)
        #expect(tree[try #require(tree.node(at: 9))].kind == .array)
        #expect(tree[try #require(tree.node(at: 2))].kind == .string)  // the key
        #expect(tree.node(at: text.utf8.count) == nil)
        for offset in 0..<text.utf8.count {
            let k = try #require(tree.node(at: offset))
            #expect(tree[k].range.contains(offset))
            #expect(!tree.children(of: k).contains { tree[$0].range.contains(offset) })
        }
    }

    @Test func convertsOffsetsToUTF16Positions() {
        let text = "{\n  \"é\": \"😀x\",\r\n  \"b\": 1\n}"
        let tree = JSONSyntaxTree(text)
        let bytes = Array(text.utf8)
        let x = bytes.firstIndex(of: UInt8(ascii: "x")) ?? 0
        #expect(tree.position(of: x) == (1, 10))
        #expect(tree.offset(line: 1, character: 10) == x)
        #expect(tree.position(of: bytes.count) == (3, 1))
        let b = bytes.firstIndex(of: UInt8(ascii: "b")) ?? 0
        #expect(tree.position(of: b) == (2, 3))
        #expect(tree.offset(line: 1, character: 400) == bytes.firstIndex(of: 0x0D))
        #expect(tree.offset(line: 9, character: 0) == bytes.count)
        for offset in 0...bytes.count
        where offset == bytes.count || (bytes[offset] & 0xC0 != 0x80 && bytes[offset] != 0x0A) {
            let p = tree.position(of: offset)
            #expect(tree.offset(line: p.line, character: p.character) == offset)
        }
    }
}
