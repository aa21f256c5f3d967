import JSONRPC
import Testing

@Suite struct BatchLimitTests {
    static func count(_ text: String, upTo limit: Int = 100) -> Int? {
        Array(text.utf8).withUnsafeBytes { BatchLimit.elementCount(in: $0, upTo: limit) }
    }

    @Test func countsTopLevelElementsOnly() {
        #expect(Self.count("[]") == 0)
        #expect(Self.count(" \n[ ] ") == 0)
        #expect(Self.count("[1]") == 1)
        #expect(Self.count(#"[{"a":[1,2,3],"b":{"c":","}}, "x,y", [4,5]]"#) == 3)
        #expect(Self.count(#"["\"],[", 2]"#) == 2)
        #expect(Self.count(#"{"a":[1,2]}"#) == nil)
        #expect(Self.count("  42") == nil)
    }

    @Test func stopsCountingPastTheLimit() {
        let big = "[" + Array(repeating: "{}", count: 1_000).joined(separator: ",") + "]"
        #expect(Self.count(big, upTo: 10) == 11)
        #expect(Self.count(big, upTo: 1_000) == 1_000)
    }

    /// Truncated or malformed bodies still get a bounded count (jansson reports the syntax error afterwards).
    @Test func malformedBodiesAreCountedWithoutTrouble() {
        #expect(Self.count("[1,2") == 2)
        #expect(Self.count("[\"unterminated") == 1)
        #expect(Self.count("[,,,]") == 3)
    }
}
