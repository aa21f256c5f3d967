import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// Documents as a language server sees them: diagnostics, the last valid tree kept live, errors that change
/// nothing, debug output.
@Suite struct DocumentLifecycleTests {
    typealias D = DaemonSession

    @Test func syntaxErrorsAreDiagnosedAtJanssonsPosition() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///bad", text: "{\n  \"root\": {\"type\": \"UIView\",, \"frame\": [0, 0, 1, 1]}\n}")
        let published = try s.notification("textDocument/publishDiagnostics")
        let diagnostic = try #require(published["diagnostics"]?[0])
        #expect(diagnostic["code"] == "json-syntax")
        #expect(diagnostic["source"] == "skeletond")
        #expect(diagnostic["severity"] == 1)
        #expect(diagnostic["range"]?["start"]?["line"] == 1)
        #expect(published["version"] == 1)
    }

    @Test func semanticErrorsPointAtTheOffendingValue() throws {
        let s = try D()
        defer { s.close() }
        let text = """
            {
              "root": {"type": "UIView", "frame": [0, 0, 100, 100], "isSkeletonable": true, "children": [
                {"type": "UIButtn", "frame": [0, 0, 10, 10]},
                {"type": "UILabel", "frame": [0, 0, -5, 10]}
              ]}
            }
            """
        s.open("file:///semantic", text: text)
        let published = try s.notification("textDocument/publishDiagnostics")
        let diagnostics = published["diagnostics"]?.arrayValue ?? []
        let unknown = try #require(diagnostics.first { $0["code"] == "unknown-type" })
        // "UIButtn" sits on line 2 (0-based), from column 13 to 22 (quotes included).
        #expect(unknown["range"]?["start"] == ["line": 2, "character": 13])
        #expect(unknown["range"]?["end"] == ["line": 2, "character": 22])
        #expect(diagnostics.contains { $0["code"] == "invalid-frame" })
        // No valid tree yet: skeleton requests say so.
        #expect(try s.error("skeleton/show", ["uri": "file:///semantic"])["code"] == -32803)
    }

    /// An unknown field underlines its name (the value may be long, or fine elsewhere), and its message names the
    /// node's type as written, also when that type is unknown.
    @Test func unknownFieldsUnderlineTheKeyAndNameTheNodesType() throws {
        let s = try D()
        defer { s.close() }
        let text = """
            {
              "root": {"type": "UIView", "frame": [0, 0, 100, 100], "children": [
                {"type": "UILabel", "frame": [0, 0, 10, 10], "colour": {"name": "red"}},
                {"type": "UIFoo", "frame": [0, 0, 10, 10], "tint": "blue"}
              ]}
            }
            """
        s.open("file:///unknown-field", text: text)
        let published = try s.notification("textDocument/publishDiagnostics")
        let unknown = (published["diagnostics"]?.arrayValue ?? []).filter { $0["code"] == "unknown-field" }
        try #require(unknown.count == 2)
        // "colour" on line 2 (0-based): columns 49 to 57, quotes included; not the object after it.
        #expect(unknown[0]["range"]?["start"] == ["line": 2, "character": 49])
        #expect(unknown[0]["range"]?["end"] == ["line": 2, "character": 57])
        #expect(unknown[0]["message"] == "\"colour\" is not a field of the format for UILabel; it is ignored")
        // "tint" on line 3: columns 47 to 53, not the string "blue".
        #expect(unknown[1]["range"]?["start"] == ["line": 3, "character": 47])
        #expect(unknown[1]["range"]?["end"] == ["line": 3, "character": 53])
        #expect(
            unknown[1]["message"]
                == "\"tint\" is not a field of the format for the unknown type \"UIFoo\"; it is ignored")
    }

    @Test func theLastValidTreeStaysLiveAndStateCarriesAcross() throws {
        let s = try D()
        defer { s.close() }
        func document(width: Double) -> String {
            ([
                "root": D.node(
                    "UIView", "root", frame: [0, 0, 200, 100],
                    children: [
                        D.node("UIView", "box", frame: [10, 10, width, 20])
                    ])
            ] as JSON).text
        }
        s.open("file:///live", text: document(width: 50))
        _ = try s.call("skeleton/show", ["uri": "file:///live", "transition": "none"])
        _ = try s.call("preview/subscribe", ["uri": "file:///live", "encoding": "raw", "window": 64])
        s.replace("file:///live", text: "{ broken", version: 2)
        let broken = try s.notification("textDocument/publishDiagnostics")
        #expect(broken["diagnostics"]?.arrayValue?.isEmpty == false)
        // Still the old tree, still active.
        #expect(try s.layers("file:///live").first?.rect == [10, 10, 50, 20])
        s.replace("file:///live", text: document(width: 120), version: 3)
        let clean = try s.notification("textDocument/publishDiagnostics")
        #expect(clean["diagnostics"] == [])
        // The new tree took over with the skeleton still showing.
        #expect(try s.layers("file:///live").first?.rect == [10, 10, 120, 20])
        #expect(try s.call("skeleton/isActive", ["uri": "file:///live"]) == true)
    }

    /// Typing inside one node of a valid document: the daemon decodes that node alone (`analyses.incremental`),
    /// the frame that follows covers only the pixels around it, and a typo on the way is diagnosed and mended.
    @Test func typingInsideOneNodeDecodesThatNodeAndRedrawsOnlyIt() throws {
        let s = try D()
        defer { s.close() }
        let uri = "file:///typing.skeleton.json"
        let lines = [
            "{\"root\": {\"type\": \"UIView\", \"id\": \"root\", \"frame\": [0, 0, 300, 200], \"isSkeletonable\": true, \"children\": [",
            "  {\"type\": \"UIView\", \"id\": \"left\", \"frame\": [10, 10, 100, 40], \"isSkeletonable\": true},",
            "  {\"type\": \"UIView\", \"id\": \"right\", \"frame\": [150, 10, 100, 40], \"isSkeletonable\": true}",
            "]}}",
        ]
        s.open(uri, text: lines.joined(separator: "\n"))
        _ = try s.call("skeleton/show", ["uri": .string(uri), "type": "solid", "transition": "none"])
        _ = try s.call("preview/subscribe", ["uri": .string(uri), "encoding": "raw", "window": 64])
        let keyframe = try s.notification("preview/frame")
        #expect(keyframe["keyframe"] == true)
        func type(_ version: Int, line: Int, _ from: Int, _ to: Int, _ text: String) {
            s.client.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(uri), "version": .int(version)],
                    "contentChanges": [
                        [
                            "range": [
                                "start": ["line": .int(line), "character": .int(from)],
                                "end": ["line": .int(line), "character": .int(to)],
                            ], "text": .string(text),
                        ]
                    ],
                ])
        }
        // "left" is 100 wide: retype it as 60, a character at a time (100 → 10 → 60).
        let column = lines[1].utf8.count - lines[1].split(separator: "[").last!.utf8.count
        let width = column + "10, 10, ".utf8.count
        for (version, at, text) in [(2, 2, ""), (3, 0, "6")] {  // 10, then 60
            type(version, line: 1, width + at, width + at + 1, text)
            let frame = try s.notification("preview/frame")
            let rects = frame["rects"]?.arrayValue ?? []
            #expect(!rects.isEmpty)
            // Everything redrawn lies left of "right" (x 150): the other node was not touched.
            let reach = rects.map { ($0["x"]?.intValue ?? 0) + ($0["width"]?.intValue ?? 0) }.max() ?? 0
            #expect(reach <= 150, "frame \(frame["seq"]?.intValue ?? -1) reaches x \(reach)")
        }
        type(4, line: 1, 2, 2, "}")  // a typo: diagnosed, the last valid tree stays
        let broken = try s.notification("textDocument/publishDiagnostics")
        #expect(broken["diagnostics"]?.arrayValue?.isEmpty == false)
        type(5, line: 1, 2, 3, "")
        let mended = try s.notification("textDocument/publishDiagnostics")
        #expect(mended["diagnostics"] == [])
        #expect(try s.layers(uri).first?.rect == [10, 10, 60, 40])
        let analyses = try s.call("daemon/status", [:])["analyses"]
        // didOpen, the typo and its fix were whole-text analyses; both width edits were one node each.
        #expect(analyses?["incremental"] == 2)
        #expect(analyses?["full"] == 3)
    }

    @Test func badRequestsNameTheFieldAndChangeNothing() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///a", ["root": D.node("UIView", "a", frame: [0, 0, 10, 10])])
        s.open("file:///b", ["root": D.node("UIView", "b", frame: [0, 0, 10, 10])])
        _ = try s.call("skeleton/show", ["uri": "file:///b", "transition": "none"])
        let cases: [(JSON, String)] = [
            (["uri": "file:///nope"], "/params/uri"),
            (["uri": "file:///a", "node": "ghost"], "/params/node"),
            (["uri": "file:///a", "type": "sparkly"], "/params/type"),
            (["uri": "file:///a", "delay": -1], "/params/delay"),
            (["uri": "file:///a", "color": "ultraviolet"], "/params/color"),
            (["uri": "file:///a", "transition": ["crossDissolve": -2]], "/params/transition/crossDissolve"),
            (
                ["uri": "file:///a", "animation": ["sliding": ["direction": "sideways"]]],
                "/params/animation/sliding/direction"
            ),
            (["uri": "file:///a", "wobble": true], "/params/wobble"),
        ]
        for (params, pointer) in cases {
            let error = try s.error("skeleton/show", params)
            #expect(error["code"] == -32602)
            #expect(error["data"]?["pointer"] == .string(pointer), "\(params.text)")
        }
        #expect(try s.layers("file:///a").isEmpty)
        #expect(try s.layers("file:///b").count == 1)
        #expect(try s.error("skeleton/layers", ["uri": "file:///a", "time": -1])["data"]?["pointer"] == "/params/time")
    }

    @Test func skeletonDebugLogsTheTreeOnEveryShow() throws {
        let s = try D(environment: ["SKELETON_DEBUG": ""])
        defer { s.close() }
        s.open("file:///dbg", ["root": D.node("UIView", "root", frame: [0, 0, 10, 10])])
        _ = try s.call("skeleton/show", ["uri": "file:///dbg"])
        let log = try s.notification("window/logMessage")
        #expect(log["type"] == 4)
        #expect(log["message"]?.stringValue?.contains("\"reference\" : \"root\"") == true)
    }

    @Test func closingADocumentClearsItsDiagnosticsAndForgetsIt() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///c", text: "[")
        _ = try s.notification("textDocument/publishDiagnostics")
        s.client.notify("textDocument/didClose", ["textDocument": ["uri": "file:///c"]])
        #expect(try s.notification("textDocument/publishDiagnostics")["diagnostics"] == [])
        #expect(try s.error("skeleton/layers", ["uri": "file:///c"])["data"]?["pointer"] == "/params/uri")
    }
}
