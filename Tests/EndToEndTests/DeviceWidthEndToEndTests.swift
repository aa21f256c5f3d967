import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `skeleton/setTraits {width}`: a document laid out at a device width through the real daemon.
@Suite struct DeviceWidthEndToEndTests {
    typealias D = DaemonSession
    static let uri = "file:///screen.json"
    /// One node a line, so an edit's position is known: the bar's height is on line 2, column 46.
    static let text = """
        {"root": {"type": "UIView", "frame": [0, 0, 375, 120], "isSkeletonable": true, "children": [
          {"type": "UIView", "id": "avatar", "frame": [16, 70, 40, 40], "isSkeletonable": true},
          {"type": "UIView", "id": "bar", "frame": [16, 16, 343, 40], "isSkeletonable": true, "autoresizingMask": ["flexibleWidth"]}
        ]}}
        """

    static func rect(of node: String, _ s: D) throws -> [Double]? {
        try s.layers(uri).first { $0["node"] == .string(node) }?.rect
    }

    static func session() throws -> D {
        let s = try D()
        s.open(uri, text: text)
        _ = try s.call("skeleton/show", ["uri": .string(uri), "transition": "none"])
        return s
    }

    @Test func theRootTakesTheWidthAndFlexibleViewsFollow() throws {
        let s = try Self.session()
        defer { s.close() }
        #expect(try s.call("skeleton/setTraits", ["uri": .string(Self.uri), "width": 430]) == .null)
        #expect(try Self.rect(of: "bar", s) == [16, 16, 398, 40])
        #expect(try Self.rect(of: "avatar", s) == [16, 70, 40, 40])
        #expect(try s.call("skeleton/isActive", ["uri": .string(Self.uri)]) == true, "the skeleton state is kept")
        let scenes = try s.call("skeleton/scenes", ["uri": .string(Self.uri)])
        #expect(scenes[0]?["frame"] == [0, 0, 430, 120])
        let render = try s.call("preview/render", ["uri": .string(Self.uri), "encoding": "png", "scale": 2])
        #expect(render["width"] == 860 && render["height"] == 240)
        // Back to the document's own.
        try s.call("skeleton/setTraits", ["uri": .string(Self.uri), "width": .null])
        #expect(try Self.rect(of: "bar", s) == [16, 16, 343, 40])
    }

    @Test func anEditAtAWidthIsLaidOutAtThatWidth() throws {
        let s = try Self.session()
        defer { s.close() }
        try s.call("skeleton/setTraits", ["uri": .string(Self.uri), "width": 430])
        // The bar's height, 40 → 44: an edit inside one node, which alone would have the text's 343 points.
        let line = Self.text.split(separator: "\n", omittingEmptySubsequences: false)[2]
        let column = try #require(line.range(of: "343, 40]")).upperBound.utf16Offset(in: line) - 3
        let at: JSON = ["line": 2, "character": .int(column)]
        let end: JSON = ["line": 2, "character": .int(column + 2)]
        s.client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(Self.uri), "version": 2],
                "contentChanges": [["range": ["start": at, "end": end], "text": "44"]],
            ])
        #expect(try Self.rect(of: "bar", s) == [16, 16, 398, 44])
    }

    @Test(arguments: [JSON.int(0), .double(16384.5), .string("wide"), .int(-375), .bool(true)])
    func badWidthsAreRefusedAtTheirPointerAndChangeNothing(_ width: JSON) throws {
        let s = try Self.session()
        defer { s.close() }
        let before = try s.layers(Self.uri)
        let error = try s.error("skeleton/setTraits", ["uri": .string(Self.uri), "width": width])
        #expect(error["code"] == -32602)
        #expect(error["data"]?["pointer"] == "/params/width")
        #expect(try s.layers(Self.uri) == before)
    }
}
