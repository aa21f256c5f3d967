import Testing

@testable import JSON

/// `JSONDocument.build`: a `JSON` tree straight into jansson's, the tree its text would parse to, within the parse's
/// limits, in an arena of its own.
@Suite struct JSONDocumentBuildingTests {
    static let sample: JSON = [
        "s": "x\u{0}y \"é\" 😀\n", "i": -3, "big": .int(Int.max), "r": 1.5, "whole": 5.0, "negativeZero": .double(-0.0),
        "huge": 1e300, "past2^53": 9_007_199_254_740_992.0, "nan": .double(.nan), "inf": .double(.infinity),
        "t": true, "f": false, "n": nil, "a": [1, [2, [3, []]], ["k": "v"]], "o": [:], "": "empty key",
        "encoded": .encoded(EncodedJSON(["x": [1, 2.5]])),
    ]

    @Test func buildsTheTreeItsTextParsesTo() throws {
        let built = try JSONDocument.build(Self.sample)
        let parsed = try JSONDocument.parse(Self.sample.bytes)
        #expect(built.value.json == parsed.value.json)
        #expect(built.value.members.map(\.key) == parsed.value.members.map(\.key))
        #expect(built.value["whole"]?.kind == .integer && built.value["r"]?.kind == .real)
        #expect(built.value["nan"]?.isNull == true && built.value["huge"]?.kind == .real)
        #expect(built.value["s"]?.string == "x\u{0}y \"é\" 😀\n")
        #expect(built.value["encoded"]?["x"]?[1]?.double == 2.5)
    }

    @Test func refusesWhatTheParseRefuses() {
        var deep: JSON = []
        for _ in 1..<10 { deep = [deep] }  // 10 levels
        let limits = JSONLimits(maxDepth: 10)
        #expect(throws: Never.self) { try JSONDocument.build(deep, limits: limits) }
        #expect(throws: JSONParseError.self) { try JSONDocument.parse(([deep] as JSON).bytes, limits: limits) }
        do {
            _ = try JSONDocument.build([deep], limits: limits)
            Issue.record("built a tree deeper than the limit")
        } catch {
            #expect(error.reason == .tooDeep(limit: 10))
            #expect(error.message == "nesting deeper than the limit of 10")
        }
        // 1 array (4) + 6 numbers: 10 units.
        let many: JSON = [1, 2, 3, 4, 5, 6]
        #expect(throws: Never.self) { try JSONDocument.build(many, limits: JSONLimits(maxValues: 10)) }
        do {
            _ = try JSONDocument.build(many, limits: JSONLimits(maxValues: 9))
            Issue.record("built more values than the limit")
        } catch {
            #expect(error.reason == .tooManyValues(limit: 9))
        }
    }

    /// Every block comes from the document's arena: building and freeing leaves no heap block behind, refused trees
    /// included.
    @Test func keepsNoHeapBlocks() throws {
        let before = JSONArenaStatistics.liveHeapBlocks
        for _ in 0..<200 {
            let built = try JSONDocument.build(Self.sample)
            #expect(built.reservedBytes > 0)
            _ = try? JSONDocument.build(Self.sample, limits: JSONLimits(maxValues: 20))
        }
        #expect(JSONArenaStatistics.liveHeapBlocks == before)
    }
}
