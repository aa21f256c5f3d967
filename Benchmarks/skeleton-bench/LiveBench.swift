import CJSONArena
import CJansson
import JSON
import SkeletonModel
import SkeletonProtocol

/// Issue 6 through the real `skeletond` over pipes (manual clock), and issue 5 (b) through the same daemon.
enum LiveBench {
    static func openParams(uri: String, text: some Sequence<UInt8>, version: Int = 1) -> DidOpenTextDocument.Params {
        DidOpenTextDocument.Params(
            textDocument: TextDocumentItem(uri: uri, languageId: "skeleton", version: version, text: text))
    }

    /// The scene of the document at `uri` shown with a gradient skeleton, animated, with no transition.
    static func animatedGradient(_ uri: String) -> ShowRequest.Params {
        ShowRequest.Params(
            target: SceneName(uri: uri), options: ShowOptions(type: .gradient, animated: true, transition: .none))
    }

    /// A `clock/advance` of one frame at 60 frames a second.
    static let frameStep = ClockAdvanceRequest.Params(seconds: 1.0 / 60)

    /// `cells`: the grid of a `cells` subscription; `viewport`: the canvas region the frames show (nil: the whole
    /// canvas).
    static func subscribe(
        _ daemon: LiveDaemon, uri: String, encoding: String, scale: Int, cells: (columns: Int, rows: Int) = (100, 54),
        viewport: PreviewViewport? = nil
    ) throws -> String {
        let params = SubscribeRequest.Params(
            uri: uri, encoding: encoding, scale: Double(scale), window: 2,
            cells: encoding == "cells" ? CellGridSize(columns: cells.columns, rows: cells.rows) : nil,
            viewport: viewport)
        let answer = try daemon.request(SubscribeRequest.self, params)
        guard let id = answer["result"]?["subscription"]?.stringValue else {
            throw BenchError("subscribe: \(answer.text)")
        }
        daemon.subscriptionForAcks = id
        let keyframe = try daemon.receive(until: { $0.method == "preview/frame" })
        daemon.ack(keyframe)
        return id
    }

    // MARK: 6 (a) edit-to-frame latency

    struct Latency {
        var nodes = 0
        var edits: [Double] = []
        var floor: [Double] = []
        var frameBytes = 0
        var budgetHit = false
    }

    static func latency(executable: String, edits: Int, seconds: Double, progress: (String) -> Void) throws -> Latency {
        let daemon = try LiveDaemon(executable: executable)
        defer { daemon.stop() }
        let document = CardDocument.make(nodes: 500)
        let uri = "file:///bench/latency.skeleton.json"
        daemon.notify(DidOpenTextDocument.self, openParams(uri: uri, text: document.text))
        try daemon.request(
            ShowRequest.self,
            .init(target: SceneName(uri: uri), options: ShowOptions(type: .solid, transition: .none)))
        _ = try subscribe(daemon, uri: uri, encoding: "raw", scale: 1)
        var result = Latency(nodes: document.nodeCount)
        let isActive = IsActiveRequest.Params(target: SceneName(uri: uri))
        var version = 1
        var lastSeq = 1
        let start = daemon.clock.now
        let warmUp = min(200, edits / 10)
        for i in 0..<(edits + warmUp) {
            version += 1
            let range = PositionRange(
                start: Position(line: document.editLine, character: document.editColumn),
                end: Position(line: document.editLine, character: document.editColumn + 3))
            let change = DidChangeTextDocument.Params(
                textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version),
                contentChanges: [TextDocumentContentChangeEvent(range: range, text: version % 2 == 0 ? "155" : "154")])
            let edit = daemon.notificationBytes(DidChangeTextDocument.self, change)
            let sent = daemon.clock.now
            daemon.write(edit)
            let frame = try daemon.receive(until: { $0.method == "preview/frame" }, timeout: 20)
            let editTime = (frame.at - sent).seconds
            guard let seq = frame.seq, seq == lastSeq + 1 else {
                throw BenchError(
                    "latency: frame seq \(frame.seq.map(String.init) ?? "?") after \(lastSeq): an edit gave no frame or two"
                )
            }
            lastSeq = seq
            daemon.ack(frame)
            let (id, request) = daemon.requestBytes(IsActiveRequest.self, isActive)
            let asked = daemon.clock.now
            daemon.write(request)
            let answer = try daemon.receive(until: { $0.id == id }, timeout: 20)
            guard answer.result?.boolValue == true else {
                throw BenchError("latency: skeleton/isActive answered \(String(decoding: answer.body, as: UTF8.self))")
            }
            if i >= warmUp {
                result.edits.append(editTime)
                result.floor.append((answer.at - asked).seconds)
                result.frameBytes += frame.wireBytes
                if (daemon.clock.now - start).seconds > seconds {
                    result.budgetHit = true
                    break
                }
                if (i - warmUp + 1) % 2000 == 0 { progress("latency: \(i - warmUp + 1) edits") }
            }
        }
        return result
    }

    // MARK: 6 (b) didOpen of big documents

    struct Open {
        let megabytes: Double
        let nodes: Int
        var daemon: [Double] = []
        var jansson: [Double] = []
        /// jansson's bare parse of the whole `didOpen` message body, then of the document: what any server that
        /// parses every message and every document with jansson pays before it holds a tree.
        var twoParses: [Double] = []
    }

    /// jansson's bare parse (`json_loadb`, malloc per value) of the document bytes; returns the root's member count.
    static func bareParse(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { ReferenceParsers.janssonMalloc($0) }
    }

    static func didOpen(executable: String, sizesMB: [Double], runs: Int, progress: (String) -> Void) throws -> [Open] {
        let daemon = try LiveDaemon(executable: executable)
        defer { daemon.stop() }
        var results: [Open] = []
        for mb in sizesMB {
            let document = CardDocument.make(bytes: Int(mb * 1_000_000))
            var open = Open(megabytes: Double(document.text.count) / 1e6, nodes: document.nodeCount)
            guard bareParse(document.text) == 3 else {
                throw BenchError("didOpen: jansson does not parse the \(mb) MB document")
            }
            for run in 0..<(runs + 1) {
                let uri = "file:///bench/open-\(Int(mb))mb-\(run).skeleton.json"
                let message = daemon.notificationBytes(
                    DidOpenTextDocument.self, openParams(uri: uri, text: document.text))
                let (id, request) = daemon.requestBytes(IsActiveRequest.self, .init(target: SceneName(uri: uri)))
                let parse = Measure.time { bareParse(document.text) }
                let body = Self.body(ofFramed: message)
                let twoParses = Measure.time {
                    _ = body.withUnsafeBytes { ReferenceParsers.janssonMalloc($0) }
                    _ = bareParse(document.text)
                }
                let sent = daemon.clock.now
                daemon.write(message)
                daemon.write(request)
                let answer = try daemon.receive(until: { $0.id == id })
                let elapsed = (answer.at - sent).seconds
                // The document must have been accepted: isActive answers false (nothing shown), not an error.
                guard answer.result?.boolValue == false else {
                    throw BenchError(
                        "didOpen \(mb) MB: the daemon did not accept the document: \(String(decoding: answer.body.prefix(300), as: UTF8.self))"
                    )
                }
                daemon.notify(DidCloseTextDocument.self, .init(textDocument: TextDocumentIdentifier(uri: uri)))
                if run > 0 {  // the first is a warm-up
                    open.daemon.append(elapsed)
                    open.jansson.append(parse.seconds)
                    open.twoParses.append(twoParses.seconds)
                }
            }
            progress("didOpen: \(Int(mb)) MB done")
            results.append(open)
        }
        return results
    }

    /// The body of a framed message (what follows the blank line after the header).
    static func body(ofFramed message: [UInt8]) -> ArraySlice<UInt8> {
        let separator: [UInt8] = [13, 10, 13, 10]
        var i = 0
        while i + separator.count <= message.count {
            if message[i..<(i + separator.count)].elementsEqual(separator) { return message[(i + separator.count)...] }
            i += 1
        }
        return message[...]
    }

    // MARK: 6 (c) memory per open document

    struct Memory {
        let nodes: Int
        let copies: Int
        let before: Int
        let after: Int
        var perDocument: Double { Double(after - before) / Double(copies) }
    }

    static func memory(executable: String, plan: [(nodes: Int, copies: Int)], progress: (String) -> Void) throws
        -> [Memory]
    {
        var results: [Memory] = []
        for (nodes, copies) in plan {
            let daemon = try LiveDaemon(executable: executable)
            defer { daemon.stop() }
            let document = CardDocument.make(nodes: nodes)
            // Warm the daemon's paths with one document, opened and closed, before the baseline.
            let warm = "file:///bench/warm.skeleton.json"
            daemon.notify(DidOpenTextDocument.self, openParams(uri: warm, text: document.text))
            try daemon.request(IsActiveRequest.self, .init(target: SceneName(uri: warm)))
            daemon.notify(DidCloseTextDocument.self, .init(textDocument: TextDocumentIdentifier(uri: warm)))
            try daemon.request(ClockAdvanceRequest.self, .init(seconds: 0))
            let before = try daemon.residentBytes()
            for k in 0..<copies {
                daemon.notify(
                    DidOpenTextDocument.self,
                    openParams(uri: "file:///bench/mem-\(k).skeleton.json", text: document.text))
            }
            // Every document is open once its lane answers.
            for k in 0..<copies {
                let answer = try daemon.request(
                    IsActiveRequest.self, .init(target: SceneName(uri: "file:///bench/mem-\(k).skeleton.json")))
                guard answer["result"]?.boolValue == false else {
                    throw BenchError("memory: document \(k) was not opened")
                }
            }
            let after = try daemon.residentBytes()
            results.append(Memory(nodes: document.nodeCount, copies: copies, before: before, after: after))
            progress("memory: \(copies) × \(document.nodeCount) nodes done")
        }
        return results
    }

    // MARK: 5 (b) steady state of an animated gradient skeleton

    struct Steady {
        var encoding: String
        var cpuPerFrame: [Double] = []
        var wallPerFrame: [Double] = []
        var bytes = 0
        var frames = 0
        var advances = 0
    }

    static let steadyBlocks = 5, steadyFramesPerBlock = 12

    static func steady(executable: String, progress: (String) -> Void) throws -> [Steady] {
        let daemon = try LiveDaemon(executable: executable)
        defer { daemon.stop() }
        let uri = "file:///bench/feed.skeleton.json"
        daemon.notify(DidOpenTextDocument.self, openParams(uri: uri, text: try FeedDocument.text()))
        try daemon.request(ShowRequest.self, animatedGradient(uri))
        var results: [Steady] = []
        for encoding in ["raw", "png", "layers", "cells"] {
            results.append(try measure(daemon, uri: uri, encoding: encoding, scale: 3))
            progress("steady feed: \(encoding) done")
        }
        return results
    }

    /// CPU and bytes per frame of the one subscription open on `daemon` (its keyframe acknowledged), over
    /// `steadyBlocks` blocks of `steadyFramesPerBlock` clock steps of 1/60 s after a warm-up block.
    static func steadyRow(_ daemon: LiveDaemon, encoding: String) throws -> Steady {
        var row = Steady(encoding: encoding)
        for block in 0..<(steadyBlocks + 1) {
            let cpu0 = try daemon.cpuSeconds()
            let wall0 = daemon.clock.now
            var frames = 0
            var bytes = 0
            for _ in 0..<steadyFramesPerBlock {
                let (id, request) = daemon.requestBytes(ClockAdvanceRequest.self, frameStep)
                daemon.write(request)
                // The frame may come before or after the answer; a frame that would change nothing (possible
                // for cells) is not sent at all.
                var frame: Received?
                let first = try daemon.receive(until: { $0.id == id || $0.method == "preview/frame" })
                if first.id == id {
                    frame = try daemon.poll(
                        method: "preview/frame", timeout: encoding == "raw" || encoding == "png" ? 1 : 0.3)
                } else {
                    frame = first
                    _ = try daemon.receive(until: { $0.id == id })
                }
                if let frame {
                    daemon.ack(frame)
                    frames += 1
                    bytes += frame.wireBytes
                }
            }
            let cpu = try daemon.cpuSeconds() - cpu0
            let wall = (daemon.clock.now - wall0).seconds
            if block > 0, frames > 0 {  // the first block is a warm-up
                row.cpuPerFrame.append(cpu / Double(frames))
                row.wallPerFrame.append(wall / Double(frames))
                row.bytes += bytes
                row.frames += frames
                row.advances += steadyFramesPerBlock
            }
        }
        guard row.frames > 0 else { throw BenchError("steady \(encoding): no frame in \(row.advances) advances") }
        return row
    }
}

extension LiveBench {
    /// One subscription to the animated document at `uri` in steady state (`steadyRow`), then it unsubscribes.
    static func measure(
        _ daemon: LiveDaemon, uri: String, encoding: String, scale: Int, cells: (columns: Int, rows: Int) = (100, 54),
        label: String? = nil
    ) throws -> Steady {
        let subscription = try subscribe(daemon, uri: uri, encoding: encoding, scale: scale, cells: cells)
        var row = try steadyRow(daemon, encoding: encoding)
        if let label { row.encoding = label }
        try daemon.request(UnsubscribeRequest.self, SubscriptionName(subscription))
        return row
    }
}

extension LiveDaemon {
    /// The next message with `method` within `timeout` seconds, or nil; other messages are handled as `receive`
    /// does.
    func poll(method: String, timeout: Double) throws -> Received? {
        do {
            return try receive(until: { $0.method == method }, timeout: timeout)
        } catch let error as BenchError where error.description.hasPrefix("skeletond sent nothing") {
            return nil
        }
    }
}

extension Received {
    /// `result` of a response, parsed.
    var result: JSON? { (try? JSONDocument.parse(body))?.value.json["result"] }
}
