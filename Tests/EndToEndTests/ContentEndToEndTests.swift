import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// The content under the skeleton and frame outlines over the real binary (`Protocol/content.md`,
/// `Protocol/previews.md`).
@Suite("Content end to end")
struct ContentEndToEndTests {
    typealias D = DaemonSession
    static let uri = "file:///card.skeleton.json"

    static func card(_ s: D) {
        s.open(
            uri,
            [
                "root": D.node(
                    "UIView", frame: [0, 0, 120, 80], ["backgroundColor": "#FFFFFF"],
                    children: [
                        D.node(
                            "UILabel", "name", frame: [10, 10, 100, 20],
                            ["text": "Ada", "font": ["size": 15, "weight": "bold"], "borderWidth": 1]),
                        D.node("UIImageView", "photo", frame: [10, 36, 40, 40], ["image": "ada"]),
                    ])
            ])
    }

    /// The raw RGBA pixel at (x, y) of a `preview/render` answer.
    static func pixel(_ frame: JSON, _ x: Int, _ y: Int) throws -> [UInt8] {
        let width = try #require(frame["width"]?.intValue)
        let data = try #require(Data(base64Encoded: frame["data"]?.stringValue ?? ""))
        let at = (y * width + x) * 4
        return Array(data[at..<(at + 4)])
    }

    @Test func layersCarryTheContentAndItsWireForm() throws {
        let s = try D()
        defer { s.close() }
        Self.card(s)
        let all = try s.call("skeleton/layers", ["uri": .string(Self.uri), "includeContent": true])["layers"]
        let layers = all?.arrayValue ?? []
        #expect(
            layers.compactMap { $0["id"]?.stringValue } == [
                "0#content", "name#text", "name#border", "photo#image", "photo#image-glyph",
            ])
        let text = try #require(layers.first { $0["id"] == "name#text" })
        #expect(text["kind"] == "text")
        #expect(text["text"]?["string"] == "Ada" && text["text"]?["font"]?["weight"] == "bold")
        #expect(text["text"]?["maxLines"] == 1 && text["text"]?["placement"] == "center")
        #expect(layers.first { $0["id"] == "name#border" }?["stroke"] == 1)
        // Without includeContent only skeleton layers come; none are shown yet.
        #expect(try s.layers(Self.uri).isEmpty)
        // After a show without transition the label's text and the image are gone; the border stays.
        try s.call("skeleton/show", ["uri": .string(Self.uri), "transition": "none"])
        let shown = try s.call("skeleton/layers", ["uri": .string(Self.uri), "includeContent": true])["layers"]
        let ids = shown?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(!ids.contains("name#text") && !ids.contains("photo#image") && ids.contains("name#border"))
    }

    @Test func outlinesDrawEveryFrameOnRequest() throws {
        let s = try D()
        defer { s.close() }
        Self.card(s)
        let plain = try s.call("preview/render", ["uri": .string(Self.uri), "encoding": "raw"])
        let outlined = try s.call("preview/render", ["uri": .string(Self.uri), "encoding": "raw", "outlines": true])
        // The image view's left edge (x = 10) is outlined: grey over white; without outlines it is the tile's grey.
        #expect(try Self.pixel(plain, 10, 60) == [229, 229, 234, 255])
        let edge = try Self.pixel(outlined, 10, 60)
        #expect(edge[0] < 229 && edge[0] == edge[1])
        // The root's own frame is outlined too; inside the root, away from every frame, nothing changes.
        #expect(try Self.pixel(outlined, 0, 70) != Self.pixel(plain, 0, 70))
        #expect(try Self.pixel(outlined, 80, 60) == Self.pixel(plain, 80, 60))
        // A subscription takes the same option.
        let sub = try s.call(
            "preview/subscribe", ["uri": .string(Self.uri), "encoding": "raw", "outlines": true, "window": 4])
        #expect(sub["subscription"] != nil)
        let bad = try s.error("preview/render", ["uri": .string(Self.uri), "encoding": "raw", "outlines": "yes"])
        #expect(bad["code"] == -32602 && bad["data"]?["pointer"] == "/params/outlines")
    }

    @Test func badFontsAreDiagnosticsAndTheDaemonServesOn() throws {
        let s = try D()
        defer { s.close() }
        s.open(
            "file:///bad.skeleton.json",
            [
                "root": D.node(
                    "UIView", frame: [0, 0, 100, 100],
                    children: [D.node("UILabel", frame: [0, 0, 50, 20], ["font": ["size": 12, "weight": "heavy"]])])
            ])
        let diagnostics = try s.notification("textDocument/publishDiagnostics")
        let first = diagnostics["diagnostics"]?[0]
        #expect(first?["code"] == "invalid-value")
        #expect(first?["message"]?.stringValue?.contains("\"bold\"") == true)
        #expect(try s.call("daemon/status", [:])["documents"] != nil)
    }
}

/// Fonts missing at run time: the daemon says so once, at startup, and draws what it can.
@Suite("Missing fonts")
struct MissingFontTests {
    @Test func withoutFontsTheDaemonWarnsOnceAndServesOn() throws {
        let s = try DaemonSession(environment: ["SKELETOND_FONT_PATH": "/nonexistent-fonts"])
        ContentEndToEndTests.card(s)
        let frame = try s.call("preview/render", ["uri": .string(ContentEndToEndTests.uri), "encoding": "crc32"])
        #expect(frame["checksum"] != nil)
        #expect(try s.call("daemon/status", [:])["documents"] != nil)
        s.close()
        let log = s.daemon.standardError()
        #expect(log.contains("text: font for system-regular: missing"), "\(log)")
        #expect(log.components(separatedBy: "system-regular: missing").count == 2)  // once
    }
}
