import JSON
import SkeletonEngine
import SkeletonServer
import SkeletondTestSupport
import Testing

/// The short path for edits inside one node gives exactly what analysing the whole text gives: two daemons, one
/// with `incrementalEdits: false`, take the same random typing and must agree after every edit.
@Suite struct IncrementalEditTests {
    static let uri = "file:///cards.skeleton.json"

    /// Cards (ids on some nodes only, so index-path references are exercised), a table (its instances come from
    /// templates, so edits there take the whole-text path), one node per line.
    static let document: String = {
        var lines = [
            "{",
            "\"root\": {\"type\": \"UIView\", \"id\": \"screen\", \"frame\": [0, 0, 375, 900], \"isSkeletonable\": true, \"backgroundColor\": \"#FFFFFF\", \"children\": [",
        ]
        for c in 0..<4 {
            lines.append(
                "{\"type\": \"UIView\", \"id\": \"card\(c)\", \"frame\": [16, \(16 + c * 150), 343, 140], \"isSkeletonable\": true, \"cornerRadius\": 12, \"clipsToBounds\": true, \"backgroundColor\": \"#F7F9FA\", \"children\": ["
            )
            lines.append(
                "{\"type\": \"UIImageView\", \"frame\": [12, 12, 48, 48], \"isSkeletonable\": true, \"cornerRadius\": 24},"
            )
            lines.append(
                "{\"type\": \"UILabel\", \"id\": \"title\(c)\", \"frame\": [72, 14, 200, 20], \"isSkeletonable\": true},"
            )
            lines.append(
                "{\"type\": \"UILabel\", \"frame\": [72, 44, 250, 60], \"isSkeletonable\": true, \"numberOfLines\": 0, \"linesCornerRadius\": 3},"
            )
            lines.append(
                "{\"type\": \"UIButton\", \"id\": \"go\(c)\", \"frame\": [12, 104, 100, 28], \"isSkeletonable\": \(c % 2 == 0), \"backgroundColor\": \"#3498DB\"}"
            )
            lines.append("]},")
        }
        lines.append(
            "{\"type\": \"UITableView\", \"id\": \"list\", \"frame\": [0, 620, 375, 280], \"isSkeletonable\": true, \"rowHeight\": 70, \"sections\": [{\"rows\": 3, \"cell\": \"Row\"}], \"templates\": {\"Row\": {"
        )
        lines.append(
            "\"type\": \"UITableViewCell\", \"frame\": [0, 0, 375, 70], \"isSkeletonable\": true, \"children\": [")
        lines.append(
            "{\"type\": \"UILabel\", \"id\": \"rowTitle\", \"frame\": [16, 10, 200, 18], \"isSkeletonable\": true}")
        lines.append("]}}}")
        lines.append("]}")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }()

    func start(incremental: Bool) throws -> InProcessServer {
        let s = InProcessServer()
        try s.initialize([
            "capabilities": [:], "initializationOptions": ["clock": "manual", "incrementalEdits": .bool(incremental)],
        ])
        s.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(Self.uri), "languageId": "json", "version": 1, "text": .string(Self.document),
                ]
            ])
        return s
    }

    /// What the daemon holds for the document: text, the tree with skeleton state, and the display list.
    func snapshot(_ s: InProcessServer, at time: Double) throws -> (text: String?, tree: String, layers: DisplayList?) {
        let documents = try #require(s.daemon?.documents)
        let session = documents.session(Self.uri)
        let tree = try session.map { session -> String in "\(try session.treeDescription(at: time))" } ?? "none"
        return (documents.document(Self.uri)?.text, tree, session?.layers(at: time))
    }

    /// A random edit of `text`: retyping a number, flipping a boolean, typing or deleting characters anywhere,
    /// changing an id (sometimes to one in use), adding or removing a child.
    /// `mustUndo`: the edit may leave the text broken for good (a typo, an id that may be in use).
    static func randomEdit(_ text: String, _ random: inout SplitMix64) -> (
        line: Int, from: Int, to: Int, text: String, mustUndo: Bool
    ) {
        let edit = randomChange(text, &random)
        return (edit.line, edit.from, edit.to, edit.text, edit.kind >= 3 && edit.kind <= 5)
    }

    static func randomChange(_ text: String, _ random: inout SplitMix64) -> (
        line: Int, from: Int, to: Int, text: String, kind: UInt64
    ) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = Int(random.next() % UInt64(max(1, lines.count - 1)))
        let bytes = Array(lines[line].utf8)
        func find(_ pattern: String) -> [Int] {
            let p = Array(pattern.utf8)
            guard bytes.count >= p.count else { return [] }
            return (0...(bytes.count - p.count)).filter { Array(bytes[$0..<($0 + p.count)]) == p }
        }
        let kind = random.next() % 8
        switch kind {
        case 0, 1:  // a number retyped
            let digits = bytes.indices.filter { (48...57).contains(bytes[$0]) }
            guard !digits.isEmpty else { break }
            let at = digits[Int(random.next() % UInt64(digits.count))]
            return (line, at, at + 1, String(random.next() % 10), kind)
        case 2:  // a boolean flipped
            if let at = find("true").first { return (line, at, at + 4, "false", kind) }
            if let at = find("false").first { return (line, at, at + 5, "true", kind) }
        case 3:  // a character typed anywhere (often a syntax error, fixed by a later edit or not)
            let at = Int(random.next() % UInt64(bytes.count + 1))
            return (line, at, at, ["x", "1", ",", "\"", " ", "}"][Int(random.next() % 6)], kind)
        case 4:  // a character deleted
            guard !bytes.isEmpty else { break }
            let at = Int(random.next() % UInt64(bytes.count))
            return (line, at, at + 1, "", kind)
        case 5:  // an id changed, sometimes to one already used
            guard let at = find("\"id\": \"").first else { break }
            let start = at + 7
            guard let end = bytes[start...].firstIndex(of: 34) else { break }
            return (
                line, start, end, ["card1", "title2", "fresh\(random.next() % 100)", "go3"][Int(random.next() % 4)],
                kind
            )
        case 6:  // a child added after a leaf
            if let at = find("\"isSkeletonable\": true}").first {
                let end = at + 23
                return (
                    line, end, end, ", {\"type\": \"UILabel\", \"frame\": [1, 2, 30, 10], \"isSkeletonable\": true}",
                    kind
                )
            }
        default:  // a colour or radius changed
            if let at = find("#F7F9FA").first { return (line, at, at + 7, "#E1E2E3", kind) }
            if let at = find("\"cornerRadius\": ").first {
                return (line, at + 16, at + 17, String(random.next() % 9), kind)
            }
        }
        return (line, 0, 0, " ", 3)
    }

    /// Typing while a skeleton shows, animates, fades in and out, waits for a delayed show or a minimum duration:
    /// the clock moves between edits, so every edit re-shows on the new tree in the middle of a timeline.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomTypingAgreesWithWholeTextAnalysis(seed: UInt64) throws {
        let fast = try start(incremental: true)
        let reference = try start(incremental: false)
        for s in [fast, reference] {
            _ = try s.client.request(
                "skeleton/show",
                ["uri": .string(Self.uri), "type": "gradient", "animated": true, "transition": 0.3])
        }
        var random = SplitMix64(seed: seed)
        var text = Self.document
        var shown = true
        var undo: (line: Int, from: Int, to: Int, text: String, mustUndo: Bool)?
        for version in 2..<160 {
            // Most edits are undone by the next one (as when typing and correcting), so a broken text becomes
            // valid again and edits inside nodes keep coming.
            let edit = undo ?? Self.randomEdit(text, &random)
            let wasUndo = undo != nil
            undo = nil
            if !wasUndo, edit.mustUndo || random.next() % 2 == 0 {
                let line = text.split(separator: "\n", omittingEmptySubsequences: false)[edit.line]
                let removed = String(decoding: Array(line.utf8)[edit.from..<edit.to], as: UTF8.self)
                undo = (edit.line, edit.from, edit.from + edit.text.utf8.count, removed, false)
            }
            let change: JSON = [
                "textDocument": ["uri": .string(Self.uri), "version": .int(version)],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": .int(edit.line), "character": .int(edit.from)],
                            "end": ["line": .int(edit.line), "character": .int(edit.to)],
                        ],
                        "text": .string(edit.text),
                    ]
                ],
            ]
            let now = Double(version) * 0.07
            for s in [fast, reference] {
                _ = try s.client.request("clock/set", ["time": .double(now)])
                s.client.notify("textDocument/didChange", change)
            }
            // Now and then the skeleton goes away and comes back (delayed, with a minimum duration, or pulsing on
            // one card), so state is carried in every form.
            if version % 23 == 0 {
                shown.toggle()
                let call: JSON =
                    shown
                    ? ["uri": .string(Self.uri), "delay": 0.5, "minimumDuration": 2, "transition": 0.2]
                    : ["uri": .string(Self.uri), "transition": 0.4]
                for s in [fast, reference] { _ = try s.client.request(shown ? "skeleton/show" : "skeleton/hide", call) }
            } else if version % 17 == 0 {
                for s in [fast, reference] {
                    _ = try s.client.request(
                        "skeleton/update", ["uri": .string(Self.uri), "node": "card1", "animated": true])
                }
            }
            for s in [fast, reference] {
                _ = try s.client.request("skeleton/isActive", ["uri": .string(Self.uri)])  // the edit is applied
            }
            let a = try snapshot(fast, at: now)
            let b = try snapshot(reference, at: now)
            #expect(a.text == b.text, "text after edit \(version)")
            #expect(a.tree == b.tree, "tree after edit \(version): \(edit)")
            #expect(a.layers == b.layers, "layers after edit \(version): \(edit)")
            #expect(
                try snapshot(fast, at: now + 0.35).layers == snapshot(reference, at: now + 0.35).layers,
                "layers a little after edit \(version)")
            #expect(Self.lastDiagnostics(fast) == Self.lastDiagnostics(reference), "warnings after edit \(version)")
            text = b.text ?? text
            if a.tree != b.tree || a.layers != b.layers { break }
        }
        let status = try fast.client.request("daemon/status")
        let incremental = status["result"]?["analyses"]?["incremental"]?.intValue ?? 0
        #expect(incremental > 20, "the short path was taken \(incremental) times")
        let refStatus = try reference.client.request("daemon/status")
        #expect(refStatus["result"]?["analyses"]?["incremental"]?.intValue == 0)
    }

    /// The diagnostics last published for the document (nil: none since the last call), forgetting the
    /// notifications received so far.
    static func lastDiagnostics(_ s: InProcessServer) -> JSON? {
        let published = s.client.notifications.last {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics"
        }
        s.client.notifications.removeAll()
        return published?["params"]?["diagnostics"]
    }

    /// Flipping `isSkeletonable` on an ancestor (a card) and on a node (a label) through edits of one node each:
    /// the published `not-skeletonable-ancestor` warnings are those of a whole-text analysis, and the edits stay on
    /// the short path.
    @Test func skeletonableFlipsKeepTheChainWarningsExact() throws {
        let fast = try start(incremental: true)
        let reference = try start(incremental: false)
        let lines = Self.document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let card = try #require(lines.firstIndex { $0.contains("\"id\": \"card1\"") })
        let label = card + 2  // title1
        func flip(_ line: Int, to value: Bool, version: Int) throws -> JSON? {
            let current = lines[line]
            let from = try #require(current.range(of: "\"isSkeletonable\": true"))
            let start = current.utf8.distance(from: current.startIndex, to: from.lowerBound) + 18
            let end = start + (value ? 5 : 4)  // "false" becomes true, "true" false
            let change: JSON = [
                "textDocument": ["uri": .string(Self.uri), "version": .int(version)],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": .int(line), "character": .int(start)],
                            "end": ["line": .int(line), "character": .int(end)],
                        ],
                        "text": .string(value ? "true" : "false"),
                    ]
                ],
            ]
            var published: [JSON?] = []
            for s in [fast, reference] {
                s.client.notify("textDocument/didChange", change)
                _ = try s.client.request("skeleton/isActive", ["uri": .string(Self.uri)])
                published.append(Self.lastDiagnostics(s))
            }
            #expect(published[0] == published[1], "version \(version)")
            return published[0]
        }
        _ = Self.lastDiagnostics(fast)
        _ = Self.lastDiagnostics(reference)
        // The card stops its four children (the go1 button is not skeletonable).
        let cardOff = try #require(try flip(card, to: false, version: 2))
        let codes = cardOff.arrayValue?.compactMap { $0["code"]?.stringValue }
        #expect(codes == Array(repeating: "not-skeletonable-ancestor", count: 3))
        #expect(cardOff[0]?["range"]?["start"]?["line"] == .int(card + 1))
        #expect(
            cardOff[1]?["message"]?.stringValue?.hasPrefix("\"title1\" is skeletonable but its ancestor \"card1\"")
                == true)
        // The label off: one warning fewer; on again: back; the card on: none.
        #expect(try flip(label, to: false, version: 3)?.arrayValue?.count == 2)
        #expect(try flip(label, to: true, version: 4)?.arrayValue?.count == 3)
        #expect(try flip(card, to: true, version: 5) == [])
        let status = try fast.client.request("daemon/status")
        #expect(status["result"]?["analyses"]?["incremental"] == 4)
    }

    @Test func aWidthEditDecodesOneNodeAndLaysOutOne() throws {
        let s = try start(incremental: true)
        _ = try s.client.request("skeleton/show", ["uri": .string(Self.uri), "type": "solid", "transition": "none"])
        let documents = try #require(s.daemon?.documents)
        _ = documents.session(Self.uri)?.layers(at: 0)
        let before = try #require(documents.session(Self.uri)?.layoutCount)
        // The first card's title: "frame": [72, 14, 200, 20] → width 210, on line 4.
        let line = Self.document.split(separator: "\n", omittingEmptySubsequences: false)[4]
        let column = try #require(
            line.range(of: "200").map { line.utf8.distance(from: line.startIndex, to: $0.lowerBound) })
        s.client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(Self.uri), "version": 2],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": 4, "character": .int(column)],
                            "end": ["line": 4, "character": .int(column + 3)],
                        ], "text": "210",
                    ]
                ],
            ])
        _ = try s.client.request("skeleton/isActive", ["uri": .string(Self.uri)])
        let status = try s.client.request("daemon/status")
        #expect(status["result"]?["analyses"]?["incremental"] == 1)
        #expect(status["result"]?["analyses"]?["full"] == 1)  // the didOpen
        let layers = try #require(documents.session(Self.uri)?.layers(at: 0))
        // The display list after the edit rebuilt only the title's layers.
        #expect(documents.session(Self.uri).map { $0.displayListBuilds == (1, 1) } == true)
        #expect(documents.session(Self.uri)?.layoutCount == before + 1)
        // A one-line label's line is 70 % (lastLineFillPercent) of the label's new width.
        #expect(layers.layers.contains { $0.node == "title0" && $0.shape.rect.width == 147 })
    }

    @Test func editsOfTheRootTablesAndBrokenTextTakeTheWholeTextPath() throws {
        let s = try start(incremental: true)
        let lines = Self.document.split(separator: "\n", omittingEmptySubsequences: false)
        let tableLine = try #require(lines.firstIndex { $0.contains("rowTitle") })
        let edits: [(Int, Int, Int, String)] = [
            (1, 50, 51, "8"),  // the root's frame
            (tableLine, 60, 61, "9"),  // inside a template
            (3, 20, 20, "}"),  // a syntax error...
            (3, 20, 21, ""),  // ...and its fix: the first edit after an invalid text analyses it all
        ]
        for (k, e) in edits.enumerated() {
            s.client.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(Self.uri), "version": .int(k + 2)],
                    "contentChanges": [
                        [
                            "range": [
                                "start": ["line": .int(e.0), "character": .int(e.1)],
                                "end": ["line": .int(e.0), "character": .int(e.2)],
                            ], "text": .string(e.3),
                        ]
                    ],
                ])
        }
        _ = try s.client.request("skeleton/isActive", ["uri": .string(Self.uri)])
        let status = try s.client.request("daemon/status")
        #expect(status["result"]?["analyses"]?["incremental"] == 0)
        #expect(status["result"]?["analyses"]?["full"] == 5)
    }
}
