import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// "Make this scene skeletonable" through the real binary: the edit is applied as a client would, the file is
/// opened again, and a plain show (no `assumeSkeletonable`) draws what the assumption drew.
@Suite struct StoryboardCodeActionTests {
    /// Applies LSP text edits (UTF-16 positions; the corpus is ASCII where edits go) to `text`.
    static func apply(_ edits: [JSON], to text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        let sorted = edits.sorted {
            let a = ($0["range"]?["start"]?["line"]?.intValue ?? 0, $0["range"]?["start"]?["character"]?.intValue ?? 0)
            let b = ($1["range"]?["start"]?["line"]?.intValue ?? 0, $1["range"]?["start"]?["character"]?.intValue ?? 0)
            return a > b
        }
        for edit in sorted {
            guard let start = edit["range"]?["start"], let end = edit["range"]?["end"],
                let sl = start["line"]?.intValue, let sc = start["character"]?.intValue,
                let el = end["line"]?.intValue, let ec = end["character"]?.intValue, sl < lines.count, el < lines.count
            else { continue }
            let head = String(lines[sl].utf16.prefix(sc)) ?? ""
            let tail = String(lines[el].utf16.dropFirst(ec)) ?? ""
            let replaced = (head + (edit["newText"]?.stringValue ?? "") + tail).components(separatedBy: "\n")
            lines.replaceSubrange(sl...el, with: replaced)
        }
        return lines.joined(separator: "\n")
    }

    /// The code actions on `uri` at `at` (an empty range there, no diagnostics in the context).
    static func actions(_ s: DaemonSession, _ uri: String, at: JSON) throws -> [JSON] {
        try s.call(
            "textDocument/codeAction",
            ["textDocument": ["uri": .string(uri)], "range": ["start": at, "end": at], "context": ["diagnostics": []]]
        ).arrayValue ?? []
    }

    @Test func everyCorpusSceneBecomesSkeletonableByItsCodeAction() throws {
        let s = try DaemonSession()
        defer { s.close() }
        var changedScenes = 0
        for url in RealInterfaceBuilderCorpusTests.files() {
            let text = try String(contentsOf: url, encoding: .utf8)
            let uri = "file:///actions/\(url.lastPathComponent)"
            s.open(uri, text: text, languageId: url.pathExtension)
            let scenes = (try? s.call("skeleton/scenes", ["uri": .string(uri)]).arrayValue) ?? []
            for scene in scenes {
                guard let id = scene["id"]?.stringValue else { continue }
                let line = text.components(separatedBy: "\n").firstIndex { $0.contains("id=\"\(id)\"") } ?? 0
                let at: JSON = ["line": .int(line), "character": 0]
                let actions =
                    try s.call(
                        "textDocument/codeAction",
                        [
                            "textDocument": ["uri": .string(uri)], "range": ["start": at, "end": at],
                            "context": ["diagnostics": []],
                        ]
                    ).arrayValue ?? []
                let assumed = try s.call(
                    "skeleton/show",
                    ["uri": .string(uri), "scene": .string(id), "transition": "none", "assumeSkeletonable": true])
                _ = try s.call("skeleton/hide", ["uri": .string(uri), "scene": .string(id), "transition": "none"])
                guard let action = actions.first else {
                    // No action: nothing holds content, or every view is skeletonable already.
                    continue
                }
                #expect(action["kind"] == "refactor")
                let edits = action["edit"]?["changes"]?[uri]?.arrayValue ?? []
                #expect(!edits.isEmpty)
                let edited = Self.apply(edits, to: text)
                let editedURI = uri + ".\(id).edited"
                s.open(editedURI, text: edited, languageId: url.pathExtension)
                let plain = try s.call(
                    "skeleton/show", ["uri": .string(editedURI), "scene": .string(id), "transition": "none"])
                #expect(plain["outcome"] == assumed["outcome"], "\(url.lastPathComponent)#\(id)")
                #expect(plain["leaves"] == assumed["leaves"], "\(url.lastPathComponent)#\(id)")
                // The edited file is still valid XML with the same scenes, and asks for nothing more.
                #expect(try s.call("skeleton/scenes", ["uri": .string(editedURI)]).arrayValue?.count == scenes.count)
                let again = try s.call(
                    "textDocument/codeAction",
                    ["textDocument": ["uri": .string(editedURI)], "range": ["start": at, "end": at]])
                #expect(again.arrayValue?.isEmpty == true, "\(url.lastPathComponent)#\(id)")
                s.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(editedURI)]])
                changedScenes += 1
            }
            s.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        }
        print(
            "code action: \(changedScenes) corpus scenes made skeletonable, each drawing what assumeSkeletonable drew")
        #expect(changedScenes >= 55)
    }

    @Test func jsonDocumentsHaveNoSuchActionAndTheCapabilityIsAnnounced() throws {
        let daemon = try DaemonProcess()
        let answer = try daemon.client.request("initialize", ["capabilities": [:]])
        #expect(
            answer["result"]?["capabilities"]?["codeActionProvider"]?["codeActionKinds"] == ["quickfix", "refactor"])
        daemon.client.closeInput()
        _ = daemon.waitForExit()
        let s = try DaemonSession()
        defer { s.close() }
        s.open("file:///a.json", ["root": DaemonSession.node("UIView", frame: [0, 0, 10, 10])])
        let at: JSON = ["line": 0, "character": 0]
        let actions = try s.call(
            "textDocument/codeAction", ["textDocument": ["uri": "file:///a.json"], "range": ["start": at, "end": at]])
        #expect(actions.arrayValue?.isEmpty == true)
    }
}
