import Foundation
import JSON
import Testing

@Suite struct JSONWriterTests {
    @Test func writesCompactJSON() {
        let value: JSON = ["a": 1, "b": [true, false, nil], "c": "x", "d": 1.5, "e": 2.0, "f": ["g": -0.25]]
        #expect(value.text == #"{"a":1,"b":[true,false,null],"c":"x","d":1.5,"e":2,"f":{"g":-0.25}}"#)
    }

    @Test func escapesLongStringsWhereverTheEscapesFall() {
        let plain = String(repeating: "AbC+/09=", count: 9)  // 72 bytes: checked sixteen at a time
        #expect(JSON.string(plain).text == "\"" + plain + "\"")
        for at in [0, 15, 16, 17, 40, 71] {
            var s = Array(plain)
            s.insert("\"", at: at)
            s.insert("\n", at: min(at + 20, s.count))
            let text = String(s)
            let expected =
                "\"" + text.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
                + "\""
            #expect(JSON.string(text).text == expected, "escape at \(at)")
        }
    }

    @Test func escapesStrings() {
        #expect(JSON.string("q\"b\\n\nr\rt\t\u{1}é😀").text == #""q\"b\\n\nr\rt\t\u0001é😀""#)
    }

    @Test func writesNonFiniteAsNull() {
        #expect(JSON.array([.double(.nan), .double(.infinity)]).text == "[null,null]")
    }

    @Test func roundTripsThroughJansson() throws {
        let value: JSON = ["text": "line1\nline2 \u{0}", "n": 123456789, "x": 0.1, "list": [1, "two", ["three": 3]]]
        let parsed = try JSONDocument.parse(value.bytes).value.json
        #expect(parsed == value)
    }

    @Test func objectKeepsInsertionOrderAndReplacesInPlace() {
        var object: JSONObject = ["z": 1, "a": 2]
        object["z"] = 3
        object["m"] = 4
        object["a"] = nil
        #expect(object.keys == ["z", "m"])
        #expect(JSON.object(object).text == #"{"z":3,"m":4}"#)
    }
}
