import Testing

@testable import JSON

/// The values and member names of a text are counted in one pass over its bytes before jansson builds anything:
/// past `JSONLimits.maxValues` the text is refused as a text that is too large is, with the place where the count
/// went over.
@Suite struct ValueLimitTests {
    /// The count `StructureScan` finds: the limit at which the text is just accepted.
    static func count(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { utf8 in
            let raw = UnsafeRawBufferPointer(utf8)
            var limit = 0
            while case .tooManyValues = StructureScan.first(depthBeyond: .max, valuesBeyond: limit, in: raw) {
                limit += 1
            }
            return limit
        }
    }

    @Test func valuesAndMemberNamesAreCountedOutsideStrings() {
        // Objects and arrays count 4.
        #expect(Self.count("1") == 1)
        #expect(Self.count(" [ ] ") == 4)
        #expect(Self.count("[1, 22, -3.5e2, true, null]") == 9)
        #expect(Self.count(#"{"a": 1, "b": [{}]}"#) == 15)
        #expect(Self.count(#"["{,:[", "\"{[,:", "\\", "x"]"#) == 8)
        #expect(Self.count(#"{"rows": 0, "cell": "c"}"#) == 8)
    }

    @Test func aTextWithTooManyValuesIsRefusedBeforeParsing() throws {
        let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 10, maxValues: 10)
        _ = try JSONDocument.parse("[1,2,3,4,5,6]", limits: limits)  // 4 + 6
        _ = try JSONDocument.parse(#"["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 2]"#, limits: limits)
        do {
            _ = try JSONDocument.parse("[1,2,3,4,5,6,7]", limits: limits)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .tooManyValues(limit: 10))
            #expect(error.position == 13)
            #expect(error.line == 1 && error.column == 14)
            #expect(
                error.message
                    == "text holds more than 10 values and member names (objects and arrays count 4), over the limit")
        }
        // A malformed text over the count is refused for the count, as a too-large one is for its size.
        do {
            _ = try JSONDocument.parse("[1,2,3,4,5,6,7,", limits: limits)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .tooManyValues(limit: 10))
        }
    }

    @Test func theScanAlsoChecksNestingInLongTexts() {
        let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 3, maxValues: 100)
        do {
            // Longer than 100 / 4 bytes: scanned before the parse.
            _ = try JSONDocument.parse("[[[[1]]]]" + String(repeating: " ", count: 200), limits: limits)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .tooDeep(limit: 3))
            #expect(error.position == 3)
        }
    }

    /// 1,100,000 empty objects (3.3 MB of text whose tree would take ~230 MB, 70 times the text): refused by the
    /// default limit, before jansson runs.
    @Test func objectHeavyTextsAreRefusedByTheDefaultLimit() {
        let text = "[" + Array(repeating: "{}", count: 1_100_000).joined(separator: ",") + "]"
        do {
            _ = try JSONDocument.parse(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .tooManyValues(limit: JSONLimits.defaultMaxValues))
        }
    }
}
