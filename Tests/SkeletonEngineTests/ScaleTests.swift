import JSON
import SkeletonEngine
import Testing

@Suite("Scale")
struct ScaleTests {
    /// A flat-ish document of `n` labels in rows of containers, about 220 bytes per node.
    static func bigDocument(nodes n: Int) -> String {
        var out = #"{"root": {"type": "UIView", "frame": [0, 0, 1000, 16000], "isSkeletonable": true, "children": ["#
        let perRow = 10
        for r in 0..<(n / (perRow + 1)) {
            if r > 0 { out += "," }
            out +=
                #"{"type": "UIView", "frame": [0, "# + String(r)
                + ##", 1000, 1], "isSkeletonable": true, "backgroundColor": "#ECF0F1", "children": ["##
            for c in 0..<perRow {
                if c > 0 { out += "," }
                out +=
                    #"{"type": "UILabel", "id": "n"# + String(r) + "_" + String(c)
                    + #"", "frame": [1, 2, 3, 4], "isSkeletonable": true, "numberOfLines": 0, "textAlignment": "center", "skeletonPaddingInsets": [1, 2, 3, 4], "lastLineFillPercent": 50}"#
            }
            out += "]}"
        }
        return out + "]}}"
    }

    @Test func decodesAndLaysOutLargeDocuments() throws {
        let text = Self.bigDocument(nodes: 22_000)
        #expect(text.utf8.count > 4_000_000)
        let clock = ContinuousClock()
        var parsed: JSONDocument?
        let parse = clock.measure { parsed = try? JSONDocument.parse(text, limits: DocumentLimits.default.jsonLimits) }
        let value = try #require(parsed).value
        var result: DocumentDecodingResult?
        let decode = clock.measure { result = DocumentDecoder().decode(value) }
        let doc = try #require(result?.document)
        #expect(doc.nodeCount >= 21_000)
        var s = SkeletonSession(document: doc)
        let show = clock.measure { _ = try? s.show(ShowOptions(transition: .none), at: 0) }
        var layers = 0
        let layout = clock.measure { layers = s.layers(at: 0).layers.count }
        #expect(layers > 20_000)
        print(
            "scale: \(text.utf8.count) bytes, \(doc.nodeCount) nodes: parse \(parse), decode \(decode), show \(show), layers \(layout)"
        )
        // Generous bounds for a debug build on a shared machine.
        #expect(decode < .seconds(5))
        #expect(layout < .seconds(5))
    }
}
