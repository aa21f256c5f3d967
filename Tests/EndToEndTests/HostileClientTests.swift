import Foundation
import JSON
import JSONRPC
import SkeletondTestSupport
import Testing

/// A hostile or careless client against the real binary: every input gets its documented answer, the same
/// process answers the next request, and its peak memory (`VmHWM`) stays inside a stated budget.
@Suite struct HostileClientTests {
    /// The peak resident memory every test here allows the daemon, in bytes.
    static let memoryBudget = 256 << 20

    /// The daemon's peak resident memory so far (`VmHWM` in `/proc/<pid>/status`), in bytes.
    static func peakMemory(_ session: DaemonSession) throws -> Int {
        let status = try String(
            contentsOfFile: "/proc/\(session.daemon.process.processIdentifier)/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return kilobytes * 1024
        }
        throw ClientError("no VmHWM for the daemon")
    }

    /// The daemon still answers, and stayed within the memory budget.
    static func stillServing(_ session: DaemonSession) throws {
        let status = try session.call("daemon/status", [:])
        #expect(status["documents"] != nil)
        #expect(try peakMemory(session) < memoryBudget)
    }

    static let card: JSON = ["root": DaemonSession.node("UILabel", "title", frame: [0, 0, 200, 20])]

    // MARK: Params (rows 5, 9–12)

    /// Row 5: a region whose `x + width` would overflow is -32602 naming `region`, not a trap.
    @Test func aRegionThatWouldOverflowIsRefused() throws {
        let session = try DaemonSession()
        session.open("file:///card.json", Self.card)
        for region: JSON in [
            ["x": .int(Int.max), "y": 0, "width": .int(Int.max), "height": 1],
            ["x": 1, "y": 0, "width": .int(Int.max), "height": 1],
            ["x": .int(Int.min), "y": 0, "width": 10, "height": 1],
            ["x": 0, "y": .int(Int.max - 1), "width": 1, "height": 2],
            ["x": 0, "y": 0, "width": 0, "height": 1],
            ["x": 0, "y": 0, "width": 1, "height": 1, "depth": 1],
        ] {
            let error = try session.error(
                "preview/render", ["uri": "file:///card.json", "encoding": "crc32", "region": region])
            #expect(error["code"] == -32602)
            let pointer = error["data"]?["pointer"]?.stringValue ?? ""
            #expect(pointer.hasPrefix("/params/region"), "\(region.text): \(error.text)")
        }
        let inside = try session.call(
            "preview/render",
            ["uri": "file:///card.json", "encoding": "crc32", "region": ["x": 199, "y": 19, "width": 1, "height": 1]])
        #expect(inside["width"] == 1)
        try Self.stillServing(session)
    }

    /// Row 9: `"params": null` is read as no params (base-protocol.md): a method that needs params says so
    /// (-32602), one that takes none answers, as eglot's `shutdown` with `null` params needs. A `params` that is
    /// neither structured nor null stays an invalid request (-32600).
    @Test func nullParamsAreNoParams() throws {
        let session = try DaemonSession()
        session.client.send(["jsonrpc": "2.0", "id": 77, "method": "skeleton/layers", "params": .null])
        let needing = try session.client.receive()
        #expect(needing["id"] == 77)
        #expect(needing["error"]?["code"] == -32602, "\(needing.text)")
        session.client.send(["jsonrpc": "2.0", "id": 78, "method": "skeleton/layers", "params": 5])
        let scalar = try session.client.receive()
        #expect(scalar["id"] == 78)
        #expect(scalar["error"]?["code"] == -32600, "\(scalar.text)")
        session.client.send(["jsonrpc": "2.0", "id": 79, "method": "daemon/status", "params": .null])
        let taking = try session.client.receive()
        #expect(taking["id"] == 79)
        #expect(taking["error"] == nil, "\(taking.text)")
        try Self.stillServing(session)
        session.client.send(["jsonrpc": "2.0", "id": 80, "method": "shutdown", "params": .null])
        let shutdown = try session.client.receive()
        #expect(shutdown["id"] == 80)
        #expect(shutdown["error"] == nil, "\(shutdown.text)")
    }

    /// Row 10: every method refuses a member it does not take, naming it.
    @Test func unknownMembersAreRefusedByEveryMethod() throws {
        let session = try DaemonSession()
        session.open("file:///card.json", Self.card)
        let uri: JSON = "file:///card.json"
        let calls: [(String, JSONObject)] = [
            ("skeleton/layers", ["uri": uri]), ("preview/render", ["uri": uri, "encoding": "png"]),
            ("skeleton/show", ["uri": uri]), ("skeleton/update", ["uri": uri]), ("skeleton/hide", ["uri": uri]),
            ("skeleton/startAnimation", ["uri": uri]), ("skeleton/stopAnimation", ["uri": uri]),
            ("skeleton/treeDescription", ["uri": uri]), ("skeleton/isActive", ["uri": uri]),
            ("skeleton/scenes", ["uri": uri]), ("skeleton/setTraits", ["uri": uri]),
            ("skeleton/setMotion", ["uri": uri]), ("skeleton/setAppearance", ["uri": uri, "appearance": [:]]),
            ("skeleton/patch", ["uri": uri, "ops": []]), ("preview/subscribe", ["uri": uri, "encoding": "layers"]),
            ("clock/advance", ["seconds": 1]), ("clock/set", ["time": 5]), ("daemon/status", [:]),
            ("preview/ack", ["subscription": "p1", "seq": 1]), ("preview/unsubscribe", ["subscription": "p1"]),
        ]
        for (method, params) in calls {
            var params = params
            params["bogus"] = true
            let error = try session.error(method, .object(params))
            #expect(error["code"] == -32602, "\(method)")
            #expect(error["data"]?["pointer"] == "/params/bogus", "\(method): \(error.text)")
        }
        #expect(try session.layers("file:///card.json").isEmpty)
        try Self.stillServing(session)
    }

    /// Row 11: the clock never becomes infinite; a move past its latest time is refused and changes nothing.
    @Test func theClockStaysFinite() throws {
        let session = try DaemonSession()
        let error = try session.error("clock/advance", ["seconds": 1e308])
        #expect(error["code"] == -32602)
        #expect(error["data"]?["pointer"] == "/params/seconds")
        #expect(try session.call("clock/advance", ["seconds": 1]).doubleValue == 1)
        let twice = try session.call("clock/advance", ["seconds": 999_999_998])
        #expect(twice.doubleValue == 999_999_999)
        let past = try session.error("clock/advance", ["seconds": 2])
        #expect(past["data"]?["pointer"] == "/params/seconds")
        #expect(try session.error("clock/set", ["time": 1e10])["code"] == -32602)
        #expect(try session.call("clock/advance", ["seconds": 1]).doubleValue == 1e9)
        session.open("file:///card.json", Self.card)
        let layers = try session.error("skeleton/layers", ["uri": "file:///card.json", "time": 1e300])
        #expect(layers["data"]?["pointer"] == "/params/time")
        try Self.stillServing(session)
    }

    /// Row 12: a document that never had valid text has no scenes to list: -32803, like every other method.
    @Test func scenesOfADocumentWithoutAValidTreeAreRefused() throws {
        let session = try DaemonSession()
        session.open("file:///broken.json", text: "{\"root\": ")
        let error = try session.error("skeleton/scenes", ["uri": "file:///broken.json"])
        #expect(error["code"] == -32803)
        session.replace("file:///broken.json", text: Self.card.text, version: 2)
        let scenes = try session.call("skeleton/scenes", ["uri": "file:///broken.json"])
        #expect(scenes.arrayValue?.count == 1)
        try Self.stillServing(session)
    }

    /// Every time and length a request names is bounded before it reaches the timeline or the geometry (found by
    /// attacking the daemon with huge and tiny numbers in every member).
    @Test func requestTimesAndLengthsAreBounded() throws {
        let session = try DaemonSession()
        session.open("file:///card.json", Self.card)
        let uri: JSON = "file:///card.json"
        let calls: [(String, JSON, String)] = [
            ("skeleton/show", ["uri": uri, "delay": 9.2e18], "/params/delay"),
            ("skeleton/show", ["uri": uri, "minimumDuration": 1e308], "/params/minimumDuration"),
            (
                "skeleton/show",
                [
                    "uri": uri, "animated": true,
                    "animation": ["sliding": ["direction": "leftRight", "duration": .double(.leastNonzeroMagnitude)]],
                ],
                "/params/animation/sliding/duration"
            ),
            (
                "skeleton/setAppearance", ["uri": uri, "appearance": ["multilineHeight": 9.2e18]],
                "/params/appearance/multilineHeight"
            ),
            ("skeleton/setMotion", ["uri": uri, "stopAfter": .double(.leastNonzeroMagnitude)], "/params/stopAfter"),
        ]
        for (method, params, pointer) in calls {
            let error = try session.error(method, params)
            #expect(error["code"] == -32602, "\(method)")
            #expect(error["data"]?["pointer"]?.stringValue == pointer, "\(method): \(error.text)")
        }
        #expect(try session.layers("file:///card.json").isEmpty)
        try Self.stillServing(session)
    }

    // MARK: Framing (rows 6 and 13)

    /// Row 6: a bad header block FOLLOWED BY ITS BODY (which ends without a newline) never leaves the connection
    /// deaf: the next well-formed message is answered.
    @Test(arguments: [
        "Content-Type: application/json\r\n\r\n", "Content-Length: x\r\n\r\n", "Content-Length: -12\r\n\r\n",
        "X-No-Colon\r\n\r\n", "X-Long: " + String(repeating: "a", count: 9000) + "\r\n\r\n",
        "Content-Length: 12\r\nContent-Length: 12\r\n\r\n",
    ])
    func aBadHeaderAndItsBodyAreSkipped(header: String) throws {
        let session = try DaemonSession()
        let body = #"{"jsonrpc":"2.0","id":5,"method":"daemon/status"}"#
        session.client.sendRaw(Array((header + body).utf8))
        let error = try session.client.receive()
        #expect(error["error"]?["code"] == -32700)
        #expect(error["id"] == .null)
        let status = try session.client.request("daemon/status", [:])
        #expect(status["result"]?["documents"] == 0)
        try Self.stillServing(session)
    }
}

// MARK: Output and batches (rows 7 and 8)

extension HostileClientTests {
    /// The daemon's CPU time so far (user + system, in clock ticks), from `/proc/<pid>/stat`.
    static func cpuTicks(_ session: DaemonSession) throws -> Int {
        let stat = try String(
            contentsOfFile: "/proc/\(session.daemon.process.processIdentifier)/stat", encoding: .utf8)
        // Fields after the command name (which is in parentheses and may hold spaces): utime is the 12th, stime
        // the 13th of them.
        guard let close = stat.lastIndex(of: ")") else { throw ClientError("no command name in \(stat)") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw ClientError("unexpected /proc stat: \(stat)")
        }
        return user + system
    }

    /// Waits until the daemon has stopped working: its CPU time does not move over five polls in a row. This is
    /// a wait for a state, not a timing assertion: a daemon that never settles fails after `timeout` seconds.
    static func waitUntilSettled(_ session: DaemonSession, timeout: Double = 120) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try cpuTicks(session)
        var still = 0
        while still < 5 {
            guard Date() < deadline else { throw ClientError("the daemon never settled") }
            usleep(100_000)
            let now = try cpuTicks(session)
            still = now == last ? still + 1 : 0
            last = now
        }
    }

    /// Row 7: a client that sends big answers' worth of requests and does not read. New work waits once the
    /// output budget (1 MiB here) is used, so the daemon's memory does not grow with the number of requests
    /// waiting; every answer arrives, in order, once the client reads. Without the budget the 16 renders here
    /// (1.76 MB of base64 each, held as a value, its encoding and its framed copy) would all be held at once.
    @Test func answersWaitingForAClientThatDoesNotReadAreBounded() throws {
        let budget = 1 << 20
        let session = try DaemonSession(arguments: ["--output-budget", String(budget)])
        let phone: JSON = ["root": DaemonSession.node("UIView", "screen", frame: [0, 0, 390, 844])]
        session.open("file:///phone.json", phone)
        session.open("file:///card.json", Self.card)
        let render: JSON = ["uri": "file:///phone.json", "encoding": "raw"]
        let base64Length: Int = (390 * 844 * 4 + 2) / 3 * 4
        // One render first, so the peak below counts only what waiting answers add.
        #expect(try session.call("preview/render", render)["data"]?.stringValue?.utf8.count == base64Length)
        let baseline = try Self.peakMemory(session)
        let count = 16
        for id in 0..<count {
            session.client.send(["jsonrpc": "2.0", "id": .int(id), "method": "preview/render", "params": render])
        }
        try Self.waitUntilSettled(session)
        let added = try Self.peakMemory(session) - baseline
        #expect(added < 24 << 20, "the stalled client made the daemon grow by \(added) bytes")
        for id in 0..<count {
            let answer = try session.client.receive(timeout: 60)
            #expect(answer["id"] == .int(id))
            #expect(answer["result"]?["data"]?.stringValue?.utf8.count == base64Length)
        }
        let output = try session.call("daemon/status", [:])["output"]
        #expect(output?["budget"] == .int(budget))
        #expect((output?["budgetWaits"]?.intValue ?? 0) >= 1, "new work never waited for the client")
        // The other document was untouched, and the same process answers.
        #expect(try session.layers("file:///card.json").isEmpty)
        try Self.stillServing(session)
    }

    /// A client that subscribes again and again (a plugin that re-subscribes on every buffer switch) costs the
    /// preview budget, not its request count: past it each `preview/subscribe` is -32803 and nothing is held for it.
    /// Without the budget each of these raw phone-screen subscriptions at scale 3 would hold 23.7 MB of frames.
    @Test func aClientThatSubscribesAgainAndAgainIsBoundedByThePreviewBudget() throws {
        let perSubscription = 2 * 4 * 1170 * 2532
        let session = try DaemonSession(arguments: ["--preview-budget", String(perSubscription + perSubscription / 2)])
        let phone: JSON = [
            "root": DaemonSession.node(
                "UIView", "screen", frame: [0, 0, 390, 844],
                children: [DaemonSession.node("UILabel", "title", frame: [16, 16, 200, 20])])
        ]
        session.open("file:///phone.json", phone)
        _ = try session.call("skeleton/show", ["uri": "file:///phone.json", "transition": "none"])
        var granted = 0
        var refused = 0
        for id in 0..<200 {
            session.client.send([
                "jsonrpc": "2.0", "id": .int(id), "method": "preview/subscribe",
                "params": ["uri": "file:///phone.json", "encoding": "raw", "scale": 3],
            ])
        }
        var answered = 0
        while answered < 200 {
            let message = try session.client.receive(timeout: 60)
            guard message["id"] != nil else { continue }
            answered += 1
            if message["result"]?["subscription"] != nil { granted += 1 }
            if message["error"]?["code"] == -32803 { refused += 1 }
        }
        #expect(granted == 1 && refused == 199)
        let status = try session.call("daemon/status", [:])
        #expect(status["subscriptions"] == 1)
        #expect(status["frameBytes"] == .int(perSubscription))
        try Self.stillServing(session)
    }

    /// Row 8: a batch of 200,000 requests (10 MiB) is refused before it is parsed: -32600, id null.
    @Test func aHugeBatchIsRefusedBeforeParsing() throws {
        let session = try DaemonSession()
        var body: [UInt8] = [UInt8(ascii: "[")]
        for id in 0..<200_000 {
            if id > 0 { body.append(UInt8(ascii: ",")) }
            body += Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"daemon/status","params":{}}"#.utf8)
        }
        body.append(UInt8(ascii: "]"))
        #expect(body.count > 10 << 20)
        session.client.sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        let answer = try session.client.receive(timeout: 60)
        #expect(answer["id"] == .null)
        #expect(answer["error"]?["code"] == -32600)
        try Self.stillServing(session)
    }

    /// A message of more than 4,000,000 values (here 1,100,000 empty objects, counting 4 each: 3.3 MB whose tree
    /// would take ~230 MB) is refused by the byte scan before jansson builds anything: -32600 with the place.
    @Test func aMessageWithTooManyValuesIsRefusedBeforeParsing() throws {
        let session = try DaemonSession()
        let objects = Array(repeating: "{}", count: 1_100_000).joined(separator: ",")
        let body = Array(#"{"jsonrpc":"2.0","id":7,"method":"daemon/status","params":{"x":[\#(objects)]}}"#.utf8)
        session.client.sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        let answer = try session.client.receive(timeout: 60)
        #expect(answer["error"]?["code"] == -32600)
        let message = answer["error"]?["message"]?.stringValue ?? ""
        #expect(
            message.hasPrefix(
                "text holds more than 4000000 values and member names (objects and arrays count 4), over the limit"),
            "\(message)")
        try Self.stillServing(session)
    }

    /// A batch at the limit is served in full, one answer per request, in one array.
    @Test func aBatchAtTheLimitIsAnswered() throws {
        let session = try DaemonSession()
        let batch: JSON = .array(
            (0..<BatchLimit.maxElements).map { id in
                ["jsonrpc": "2.0", "id": .int(id), "method": "daemon/status", "params": [:]]
            })
        session.client.send(batch)
        let answers = try session.client.receive(timeout: 60)
        #expect(answers.arrayValue?.count == BatchLimit.maxElements)
        #expect(Set(answers.arrayValue?.compactMap { $0["id"]?.intValue } ?? []).count == BatchLimit.maxElements)
        try Self.stillServing(session)
    }

    /// A batch's answers together stay inside the output budget: an answer that would go past it is a -32603
    /// for its element, and the others are answered.
    @Test func aBatchWhoseAnswersWouldOutgrowTheBudgetIsCut() throws {
        let session = try DaemonSession(arguments: ["--output-budget", "60000"])
        session.open("file:///card.json", Self.card)
        // 200 × 20 raw pixels: 16,000 bytes, 21,336 of base64 per answer.
        let batch: JSON = .array(
            (0..<5).map { id in
                [
                    "jsonrpc": "2.0", "id": .int(id), "method": "preview/render",
                    "params": ["uri": "file:///card.json", "encoding": "raw"],
                ]
            })
        session.client.send(batch)
        let answers = try #require(try session.client.receive(timeout: 60).arrayValue)
        #expect(answers.count == 5)
        #expect(answers.filter { $0["result"] != nil }.count == 2)
        #expect(answers.filter { $0["error"]?["code"] == -32603 }.count == 3)
        try Self.stillServing(session)
    }
}

// MARK: Documents (rows 1–4)

extension HostileClientTests {
    /// Hostile documents by name (rows 1–4): the text, and the diagnostic code it must get.
    static let hostileDocuments: [String: (text: String, code: String)] = [
        "a billion collection items": (
            #"{"root": {"type": "UICollectionView", "frame": [0, 0, 100, 100], "sections": [{"items": 1000000000, "cell": "c"}], "templates": {"c": {"type": "UICollectionViewCell", "frame": [0, 0, 10, 10]}}}}"#,
            "too-many-nodes"
        ),
        "a billion numberOfLines": (
            #"{"root": {"type": "UIView", "frame": [0, 0, 320, 480], "children": [{"type": "UILabel", "frame": [0, 0, 200, 40], "numberOfLines": 1000000000}]}}"#,
            "too-many-lines"
        ),
        "a billion skeletonTextNumberOfLines": (
            #"{"root": {"type": "UIView", "frame": [0, 0, 320, 480], "children": [{"type": "UILabel", "frame": [0, 0, 200, 40], "skeletonTextNumberOfLines": 1000000000}]}}"#,
            "too-many-lines"
        ),
        "an automatic line count from a 1e-6 pt line": (
            #"{"root": {"type": "UIView", "frame": [0, 0, 320, 480], "children": [{"type": "UILabel", "frame": [0, 0, 200, 300], "numberOfLines": 0, "font": {"lineHeight": 0.000001}}]}}"#,
            "size-too-small"
        ),
        "a 1e-6 pt row height": (
            #"{"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "rowHeight": 0.000001, "cell": "c", "templates": {"c": {"type": "UITableViewCell", "frame": [0, 0, 10, 10]}}}}"#,
            "size-too-small"
        ),
        "a denormal row height": (
            #"{"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "rowHeight": 1e-320, "cell": "c", "templates": {"c": {"type": "UITableViewCell", "frame": [0, 0, 10, 10]}}}}"#,
            "size-too-small"
        ),
        "100,000 empty sections": (
            #"{"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "rowHeight": 10, "sections": ["#
                + Array(repeating: #"{"rows": 0, "cell": "c"}"#, count: 100_000).joined(separator: ",")
                + #"], "templates": {"c": {"type": "UITableViewCell", "frame": [0, 0, 10, 10]}}}}"#,
            "too-many-sections"
        ),
    ]

    /// A valid document with a showing skeleton, then a hostile text: a diagnostic with its code, the last valid
    /// tree still live, the daemon within its memory budget and still serving.
    @Test(arguments: HostileClientTests.hostileDocuments.keys.sorted())
    func aHostileDocumentIsADiagnosticAndTheLastTreeStaysLive(name: String) throws {
        let (text, code) = try #require(Self.hostileDocuments[name])
        let session = try DaemonSession()
        let uri = "file:///hostile.json"
        session.open(uri, Self.card)
        _ = try session.call("skeleton/show", ["uri": .string(uri), "transition": "none"])
        let before = try session.layers(uri)
        #expect(!before.isEmpty)
        session.replace(uri, text: text, version: 2)
        let published = try session.notification("textDocument/publishDiagnostics")
        let codes = published["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(codes.contains(code), "\(published.text)")
        #expect(try session.layers(uri) == before)
        try Self.stillServing(session)
    }

    /// A million empty sections (25 MB of object-heavy text: 8,000,000 values and names, objects counting 4) took
    /// 711 MB of tree before the decoder refused them: the byte scan refuses the text before jansson allocates, as a
    /// text that is too large (`json-syntax`), the last tree stays live and the memory stays in the budget.
    @Test func aMillionEmptySectionsAreRefusedBeforeParsing() throws {
        let text =
            #"{"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "rowHeight": 10, "sections": ["#
            + Array(repeating: #"{"rows": 0, "cell": "c"}"#, count: 1_000_000).joined(separator: ",")
            + #"], "templates": {"c": {"type": "UITableViewCell", "frame": [0, 0, 10, 10]}}}}"#
        let session = try DaemonSession()
        let uri = "file:///sections.json"
        session.open(uri, Self.card)
        _ = try session.call("skeleton/show", ["uri": .string(uri), "transition": "none"])
        let before = try session.layers(uri)
        session.replace(uri, text: text, version: 2)
        let published = try session.notification("textDocument/publishDiagnostics", timeout: 120)
        let diagnostics = published["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.compactMap { $0["code"]?.stringValue } == ["json-syntax"], "\(published.text.prefix(500))")
        let message = diagnostics.first?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("text holds more than 4000000 values and member names"), "\(message)")
        #expect(try session.layers(uri) == before)
        try Self.stillServing(session)
    }

    /// Typing `"numberOfLines": 1000000000` one digit at a time, as an editor sends it (range edits inside one
    /// node): every keystroke is analysed, the count is refused past the limit, and the preview lives on.
    @Test func typingAHugeLineCountOneDigitAtATime() throws {
        let session = try DaemonSession()
        let uri = "file:///typing.json"
        let text =
            #"{"root": {"type": "UIView", "frame": [0, 0, 320, 480], "isSkeletonable": true, "children": [{"type": "UILabel", "id": "t", "frame": [0, 0, 200, 40], "isSkeletonable": true, "numberOfLines": 1}]}}"#
        session.open(uri, text: text)
        _ = try session.call("skeleton/show", ["uri": .string(uri), "transition": "none"])
        let digitEnd = try #require(text.range(of: #""numberOfLines": 1"#)?.upperBound)
        let column = text.utf16.distance(from: text.startIndex, to: digitEnd)
        var refused = 0
        for typed in 0..<9 {
            let at: JSON = ["line": 0, "character": .int(column + typed)]
            session.client.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(uri), "version": .int(typed + 2)],
                    "contentChanges": [["range": ["start": at, "end": at], "text": "0"]],
                ])
            let lines = 10.0 * pow(10, Double(typed))  // the count now typed
            if lines > 1_000 {
                let published = try session.notification("textDocument/publishDiagnostics")
                let codes = published["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
                #expect(codes == ["too-many-lines"], "at \(Int(lines)): \(published.text)")
                refused += 1
            } else {
                // Accepted: only the warning that these lines overflow the 40-pt label; the preview lives on.
                let published = try session.notification("textDocument/publishDiagnostics")
                let codes = published["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
                #expect(codes == ["lines-do-not-fit"], "at \(Int(lines)): \(published.text)")
                #expect(try !session.layers(uri).isEmpty, "at \(Int(lines))")
            }
        }
        #expect(refused == 6)
        #expect(try session.call("skeleton/isActive", ["uri": .string(uri)]) == true)
        try Self.stillServing(session)
    }
}
