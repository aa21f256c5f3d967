import JSON
import SkeletondTestSupport
import Testing

/// Editing a document while its skeleton shows, through the real daemon under the manual clock: a text edit looks
/// exactly as a fresh show on the new text at the original time, a patch keeps SkeletonView's run-time rules.
@Suite struct LiveEditEndToEndTests {
    typealias D = DaemonSession

    /// A title label (`lines` lines, optionally hidden while the skeleton shows), a picture and, optionally, a
    /// subtitle: one node per line, so range edits can target them.
    static func text(lines: Int = 2, hides: Bool = false, subtitle: Bool = false) -> String {
        var nodes = [
            #"{"type": "UILabel", "id": "title", "frame": [10, 10, 280, 60], "isSkeletonable": true, "numberOfLines": \#(lines), "isHiddenWhenSkeletonIsActive": \#(hides)}"#,
            #"{"type": "UIImageView", "id": "picture", "frame": [10, 80, 40, 40], "isSkeletonable": true}"#,
        ]
        if subtitle {
            nodes.append(#"{"type": "UILabel", "id": "subtitle", "frame": [10, 130, 200, 20], "isSkeletonable": true}"#)
        }
        return #"{"root": {"type": "UIView", "frame": [0, 0, 320, 200], "isSkeletonable": true, "children": ["#
            + "\n" + nodes.joined(separator: ",\n") + "\n]}}\n"
    }

    /// A range edit replacing line `line` (zero-based) of the text.
    func replaceLine(_ s: D, _ uri: String, line: Int, of old: String, with new: String, version: Int) {
        let lines = old.split(separator: "\n", omittingEmptySubsequences: false)
        s.client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": .int(line), "character": 0],
                            "end": ["line": .int(line), "character": .int(lines[line].utf8.count)],
                        ],
                        "text": .string(new),
                    ]
                ],
            ])
    }

    /// The line of `text` that mentions `id`.
    static func line(_ text: String, _ id: String) -> (index: Int, text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = lines.firstIndex { $0.contains("\"id\": \"\(id)\"") } ?? 0
        return (index, lines[index])
    }

    /// Opens `edited` and `fresh` with `before` and `after`, shows both with `show` at `shownAt`, edits `edited` to
    /// `after` at `editAt` (by `edit`), and checks the two draw the same layers at each of `times`.
    func expectEditLooksFresh(
        before: String, after: String, show: JSON, shownAt: Double, editAt: Double, times: [Double],
        edit: (D, String) -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let s = try D()
        defer { s.close() }
        let (edited, fresh) = ("file:///edited.json", "file:///fresh.json")
        s.open(edited, text: before)
        s.open(fresh, text: after)
        try s.advance(to: shownAt)
        for uri in [edited, fresh] {
            guard case .object(var params) = show else { return }
            params["uri"] = .string(uri)
            try s.call("skeleton/show", .object(params))
        }
        try s.advance(to: editAt)
        edit(s, edited)
        for t in times {
            #expect(
                try s.layers(edited, at: t) == s.layers(fresh, at: t), "at \(t)", sourceLocation: sourceLocation)
        }
    }

    @Test func aNodeAddedWhileShowingHasItsSkeletonAtOnce() throws {
        let before = Self.text()
        let after = Self.text(subtitle: true)
        try expectEditLooksFresh(
            before: before, after: after, show: ["animated": true, "transition": 0.5], shownAt: 0.3, editAt: 2,
            times: [2, 2.25, 3.1, 6.8]
        ) { s, uri in s.replace(uri, text: after, version: 2) }
        let s = try D()
        defer { s.close() }
        s.open("file:///a.json", text: before)
        try s.call("skeleton/show", ["uri": "file:///a.json", "animated": true])
        try s.advance(to: 2)
        s.replace("file:///a.json", text: after, version: 2)
        let subtitle = try s.layers("file:///a.json").filter { $0["node"] == "subtitle" }
        #expect(subtitle.count == 1)
        #expect(subtitle.first?["opacity"] == 1)  // no transition
        // Showing again is a no-op: the new node already has its skeleton.
        #expect(try s.call("skeleton/show", ["uri": "file:///a.json"])["outcome"] == "alreadyActive")
    }

    @Test func aLineCountEditedWhileShowingShowsAtOnce() throws {
        let before = Self.text()
        let after = Self.text(lines: 4)
        try expectEditLooksFresh(
            before: before, after: after, show: ["type": "gradient", "animated": true], shownAt: 0.4, editAt: 1.3,
            times: [1.3, 1.9, 2.65]
        ) { s, uri in
            let title = Self.line(after, "title")
            replaceLine(s, uri, line: title.index, of: before, with: title.text, version: 2)
        }
        let s = try D()
        defer { s.close() }
        s.open("file:///a.json", text: before)
        try s.call("skeleton/show", ["uri": "file:///a.json", "transition": "none"])
        replaceLine(
            s, "file:///a.json", line: Self.line(before, "title").index, of: before,
            with: Self.line(after, "title").text, version: 2)
        #expect(try s.layers("file:///a.json").filter { $0["node"] == "title" }.count == 4)
    }

    @Test func hiddenWhenSkeletonIsActiveSetWhileShowingHides() throws {
        let before = Self.text()
        let after = Self.text(hides: true)
        let s = try D()
        defer { s.close() }
        s.open("file:///a.json", text: before)
        try s.call("skeleton/show", ["uri": "file:///a.json", "transition": "none"])
        replaceLine(
            s, "file:///a.json", line: Self.line(before, "title").index, of: before,
            with: Self.line(after, "title").text, version: 2)
        #expect(try s.layers("file:///a.json").allSatisfy { $0["node"] != "title" })
        let tree = try s.call(
            "skeleton/treeDescription", ["uri": "file:///a.json", "node": "title", "includeState": true])
        #expect(tree["tree"]?["isHidden"] == true)
    }

    @Test func aNewTypeGivesNewLayersAndThePhaseCarriesOn() throws {
        let before = Self.text()
        let after = before.replacingOccurrences(
            of: #""UIImageView", "id": "picture""#, with: #""UILabel", "id": "picture""#)
        try expectEditLooksFresh(
            before: before, after: after, show: ["animated": true, "color": "#3498DB"], shownAt: 0.7, editAt: 1.9,
            times: [1.9, 2.05, 2.7, 3.35, 5]
        ) { s, uri in
            let picture = Self.line(after, "picture")
            replaceLine(s, uri, line: picture.index, of: before, with: picture.text, version: 2)
        }
    }

    @Test func aPendingDelayedShowFiresAtItsTimeAfterAnEdit() throws {
        let after = Self.text(subtitle: true)
        try expectEditLooksFresh(
            before: Self.text(), after: after, show: ["delay": 2], shownAt: 0.5, editAt: 1, times: [1, 2.4, 2.5, 2.9]
        ) { s, uri in s.replace(uri, text: after, version: 2) }
        let s = try D()
        defer { s.close() }
        s.open("file:///a.json", text: Self.text())
        try s.call("skeleton/show", ["uri": "file:///a.json", "delay": 2, "transition": "none"])
        try s.advance(to: 1)
        s.replace("file:///a.json", text: after, version: 2)
        #expect(try s.layers("file:///a.json").isEmpty)
        try s.advance(to: 2)
        let appeared = try s.notification("skeleton/didChangeState")
        #expect(appeared["state"] == "willAppear" && appeared["time"] == 2)
        #expect(try s.layers("file:///a.json").contains { $0["node"] == "subtitle" })
    }

    @Test func minimumDurationStillCountsFromTheOriginalShow() throws {
        let after = Self.text(subtitle: true)
        let s = try D()
        defer { s.close() }
        s.open("file:///a.json", text: Self.text())
        try s.call("skeleton/show", ["uri": "file:///a.json", "minimumDuration": 3, "transition": "none"])
        try s.advance(to: 1)
        let hide = try s.call("skeleton/hide", ["uri": "file:///a.json", "transition": "none"])
        #expect(hide["outcome"] == "deferred" && hide["until"] == 3)
        try s.advance(to: 2)
        s.replace("file:///a.json", text: after, version: 2)
        #expect(try s.layers("file:///a.json", at: 2.9).contains { $0["node"] == "subtitle" })
        #expect(try s.layers("file:///a.json", at: 3).isEmpty)
        try s.advance(to: 3)
        #expect(try s.call("skeleton/isActive", ["uri": "file:///a.json"]) == false)
    }

    @Test func aPatchKeepsTheRunTimeRules() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///a.json", text: Self.text())
        try s.call("skeleton/show", ["uri": "file:///a.json", "transition": "none"])
        try s.call(
            "skeleton/patch",
            [
                "uri": "file:///a.json",
                "ops": [
                    [
                        "op": "set", "node": "title",
                        "properties": ["numberOfLines": 4, "isHiddenWhenSkeletonIsActive": true],
                    ],
                    [
                        "op": "insert", "parent": "0",
                        "node": D.node("UILabel", "subtitle", frame: [10, 130, 200, 20]),
                    ],
                ],
            ])
        let layers = try s.layers("file:///a.json")
        #expect(layers.filter { $0["node"] == "title" }.count == 2)  // the line count is kept, the title not hidden
        #expect(!layers.contains { $0["node"] == "subtitle" })  // added at run time: no skeleton
        // A later text edit is a design change: the preview shows the patched design as a fresh show would.
        s.client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": "file:///a.json", "version": 10],
                "contentChanges": [
                    [
                        "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                        "text": " ",
                    ]
                ],
            ])
        let edited = try s.layers("file:///a.json")
        #expect(edited.contains { $0["node"] == "subtitle" })
        #expect(!edited.contains { $0["node"] == "title" })
    }
}
