import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// Storyboards and XIBs through the daemon: scenes, the `scene` param, diagnostics by line.
@Suite struct InterfaceBuilderEndToEndTests {
    typealias D = DaemonSession

    static func text(_ path: String) throws -> String {
        try String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    func open(_ s: D, _ uri: String, _ path: String, languageId: String) throws {
        s.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": .string(languageId), "version": 1,
                    "text": .string(try Self.text(path)),
                ]
            ])
    }

    /// SkeletonView's own iOS example: the initial scene's text view gets three lines at y 186, 211, 236 with
    /// corner radius 6 (its lines: round(78 / 25) = 3; the view sits at y 142 in a container at y 44).
    @Test func theRealExampleStoryboardDrawsWhatSkeletonViewDraws() throws {
        let s = try D()
        defer { s.close() }
        try open(
            s, "file:///Main.storyboard",
            "Tests/InterfaceBuilderTests/Fixtures/SkeletonView/iOSExample-Main.storyboard", languageId: "storyboard")
        let scenes = try s.call("skeleton/scenes", ["uri": "file:///Main.storyboard"]).arrayValue ?? []
        #expect(scenes.count >= 2)
        let initial = try #require(scenes.first { $0["initial"] == true })
        _ = try s.call("skeleton/show", ["uri": "file:///Main.storyboard", "transition": "none"])
        let layers = try s.layers("file:///Main.storyboard")
        let textView = layers.filter { $0["node"] == "e9V-mk-xH0" }
        #expect(textView.map { $0.rect[1] } == [186, 211, 236])
        #expect(textView.allSatisfy { $0["cornerRadius"] == 6 })
        // The same scene by id gives the same layers; an unknown scene is refused.
        let byID = try s.call("skeleton/layers", ["uri": "file:///Main.storyboard", "scene": initial["id"] ?? .null])
        #expect(byID["layers"]?.arrayValue?.count == layers.count)
        let unknown = try s.error("skeleton/show", ["uri": "file:///Main.storyboard", "scene": "nope"])
        #expect(unknown["data"]?["pointer"] == "/params/scene")
        // Previews render scenes too.
        let render = try s.call(
            "preview/render", ["uri": "file:///Main.storyboard", "encoding": "crc32", "scene": initial["id"] ?? .null])
        #expect(render["width"] == initial["frame"]?[2])
    }

    @Test func xibsAreRecognisedByTheirExtension() throws {
        let s = try D()
        defer { s.close() }
        try open(s, "file:///ProfileCard.xib", "Examples/profile-card.xib", languageId: "xml")
        let scenes = try s.call("skeleton/scenes", ["uri": "file:///ProfileCard.xib"]).arrayValue ?? []
        #expect(!scenes.isEmpty)
        let shown = try s.call("skeleton/show", ["uri": "file:///ProfileCard.xib", "transition": "none"])
        #expect(shown["outcome"] == "shown")
    }

    @Test func brokenXMLIsADiagnosticOnItsLine() throws {
        let s = try D()
        defer { s.close() }
        let broken =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n  <objects>\n    <view id=\"a\">\n  </objects>\n</document>\n"
        s.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///Broken.xib", "languageId": "xib", "version": 1, "text": .string(broken),
                ]
            ])
        let published = try s.notification("textDocument/publishDiagnostics")
        let first = try #require(published["diagnostics"]?[0])
        #expect(first["code"] == "xml-syntax")
        #expect((first["range"]?["start"]?["line"]?.intValue ?? -1) >= 3)
        #expect(
            try s.error("skeleton/patch", ["uri": "file:///Broken.xib", "ops": [["op": "remove", "node": "a"]]])["code"]
                == -32803)
    }
}

@Suite struct TraitOverrideTests {
    typealias D = DaemonSession

    @Test func setTraitsOverridesTheSchemeAndDirectionOfAnyDocument() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///t", ["root": D.node("UILabel", "l", frame: [0, 0, 200, 20])])
        _ = try s.call("skeleton/show", ["uri": "file:///t", "transition": "none"])
        #expect(try s.layers("file:///t").first?["fill"]?["solid"] == "#ECF0F1FF")
        #expect(
            try s.call("skeleton/setTraits", ["uri": "file:///t", "colorScheme": "dark", "layoutDirection": "rtl"])
                == .null)
        let dark = try #require(try s.layers("file:///t").first)
        #expect(dark["fill"]?["solid"] == "#1C2325FF")
        #expect(dark.rect[0] == 60)  // the 70 % line of a natural RTL label sits on the right
        _ = try s.call("skeleton/setTraits", ["uri": "file:///t", "colorScheme": nil, "layoutDirection": nil])
        #expect(try s.layers("file:///t").first?["fill"]?["solid"] == "#ECF0F1FF")
        #expect(
            try s.error("skeleton/setTraits", ["uri": "file:///t", "colorScheme": "sepia"])["data"]?["pointer"]
                == "/params/colorScheme")
    }
}
