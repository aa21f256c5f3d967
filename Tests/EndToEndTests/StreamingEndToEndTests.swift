import Foundation
import JSON
import JSONRPC
import SkeletondTestSupport
import Testing

/// Frame streams of real documents through the daemon.
@Suite struct StreamingEndToEndTests {
    typealias D = DaemonSession

    static func document(_ g: inout SplitMix64) -> JSON {
        let colors: [JSON] = ["#FFFFFF", "#F7F9FA", "#3498DB", nil]
        var children: [JSON] = []
        for i in 0..<Int(2 + g.next() % 4) {
            let type = ["UIView", "UILabel", "UIImageView", "UIButton"][Int(g.next() % 4)]
            var extra: JSONObject = ["cornerRadius": .double(Double(g.next() % 6))]
            if let color = colors[Int(g.next() % 4)].stringValue { extra["backgroundColor"] = .string(color) }
            if type == "UILabel" { extra["numberOfLines"] = .int(Int(g.next() % 3)) }
            children.append(
                D.node(
                    type, "n\(i)",
                    frame: [
                        Double(g.next() % 40), Double(g.next() % 40), Double(8 + g.next() % 40),
                        Double(8 + g.next() % 30),
                    ], extra))
        }
        return [
            "root": D.node("UIView", "root", frame: [0, 0, 96, 72], ["backgroundColor": "#FFFFFF"], children: children)
        ]
    }

    /// For a random sequence of edits, shows, updates, hides and clock steps, the frames received reassemble to
    /// exactly `preview/render` at the time of the last frame (raw and png), and the layer ops to the display list.
    @Test(arguments: ["raw", "png", "layers"])
    func framesOfLiveDocumentsReassemble(encoding: String) throws {
        var g = SplitMix64(seed: encoding == "raw" ? 1 : encoding == "png" ? 2 : 3)
        for round in 0..<6 {
            let s = try D()
            defer { s.close() }
            let uri = "file:///live\(round).json"
            s.open(uri, Self.document(&g))
            _ = try s.call("preview/subscribe", ["uri": .string(uri), "encoding": .string(encoding), "window": 64])
            var version = 1
            var time = 0.0
            var log: [String] = []
            for _ in 0..<10 {
                let op = g.next() % 5
                log.append("op\(op)")
                switch op {
                case 0:
                    version += 1
                    s.replace(uri, text: Self.document(&g).text, version: version)
                case 1:
                    _ = try s.client.request(
                        "skeleton/show",
                        [
                            "uri": .string(uri), "type": g.next() % 2 == 0 ? "solid" : "gradient",
                            "animated": .bool(g.next() % 2 == 0),
                        ])
                case 2: _ = try s.client.request("skeleton/update", ["uri": .string(uri), "color": "peterRiver"])
                case 3: _ = try s.client.request("skeleton/hide", ["uri": .string(uri)])
                default:
                    time += Double(g.next() % 7) / 10
                    try s.advance(to: time)
                }
            }
            // Frames arrive asynchronously: apply them as they come until the picture is that of the current
            // state at the current time (it must get there; a missing change would never arrive).
            var frames = s.client.notifications.filter { $0["method"] == "preview/frame" }.compactMap { $0["params"] }
            s.client.notifications.removeAll()
            var canvas = FrameCanvas()
            var replica = LayerListReplica()
            let deadline = Date().addingTimeInterval(20)
            var matched = false
            var lastExpected: [JSON] = []
            while !matched, Date() < deadline {
                for frame in frames {
                    if encoding == "layers" { replica.apply(frame) } else { try canvas.apply(frame) }
                }
                frames = []
                if encoding == "layers" {
                    let expected =
                        try s.call("skeleton/layers", ["uri": .string(uri), "includeContent": true])["layers"]?
                        .arrayValue ?? []
                    matched = replica.matches(expected)
                    lastExpected = expected
                } else {
                    matched = canvas == (try s.renderedCanvas(uri))
                }
                frames = s.client.notifications.filter { $0["method"] == "preview/frame" }.compactMap { $0["params"] }
                s.client.notifications.removeAll()
                if !matched {
                    frames += try s.client.drain(for: 0.1).filter { $0["method"] == "preview/frame" }.compactMap {
                        $0["params"]
                    }
                }
            }
            #expect(
                matched,
                """
                round \(round): the frames never reassembled to the current picture (ops \(log)); replica \
                \(replica.layers.map { $0.text }), expected \(lastExpected.map { $0.text })
                """)
        }
    }

    /// An edit's frame is built by the document's lane right after the edit, while the writer wakes up to send it
    /// (`framesPrepared` in `daemon/status`), and the frames still reassemble to the rendered picture.
    @Test func editsFramesAreBuiltOnTheirLaneAndReassemble() throws {
        let s = try D()
        defer { s.close() }
        let uri = "file:///prepared.json"
        func document(width: Int) -> JSON {
            [
                "root": D.node(
                    "UIView", "root", frame: [0, 0, 96, 72], ["backgroundColor": "#FFFFFF"],
                    children: [D.node("UIImageView", "picture", frame: [8, 8, Double(width), 40])])
            ]
        }
        s.open(uri, document(width: 40))
        _ = try s.call("skeleton/show", ["uri": .string(uri), "transition": "none"])
        _ = try s.call("preview/subscribe", ["uri": .string(uri), "encoding": "raw", "window": 2])
        var canvas = FrameCanvas()
        var frame = try s.notification("preview/frame")
        try canvas.apply(frame)
        let edits = 20
        for k in 1...edits {
            s.client.notify("preview/ack", ["subscription": "p1", "seq": frame["seq"] ?? 0])
            s.replace(uri, text: document(width: 40 + k).text, version: 1 + k)
            frame = try s.notification("preview/frame")
            try canvas.apply(frame)
        }
        #expect(canvas == (try s.renderedCanvas(uri)))
        let status = try s.call("daemon/status", [:])
        let built = status["framesBuilt"]?.intValue ?? -1
        let prepared = status["framesPrepared"]?.intValue ?? -1
        #expect(built == edits + 1)
        // Each edit's lane races its writer's wake-up to the frame and almost always wins; all twenty lost is not
        // timing but a frame never prepared.
        #expect(prepared >= 1 && prepared <= edits, "\(prepared) of \(built) frames prepared")
    }

    /// A client that stops reading stdout slows nobody: the daemon keeps reading requests and answering them
    /// (answers wait in the output, frames are not built), and its memory stays bounded.
    @Test func aClientThatStopsReadingDoesNotStallTheDaemon() throws {
        let s = try D(initializationOptions: ["clock": "real"])
        defer { s.close() }
        s.open(
            "file:///anim",
            [
                "root": D.node(
                    "UIView", frame: [0, 0, 390, 844],
                    children: (0..<30).map {
                        D.node("UILabel", "l\($0)", frame: [16, Double(16 + $0 * 26), 358, 20])
                    })
            ])
        _ = try s.call("skeleton/show", ["uri": "file:///anim", "type": "gradient", "animated": true])
        _ = try s.call(
            "preview/subscribe", ["uri": "file:///anim", "encoding": "raw", "scale": 3, "window": 64, "maxFps": 120])
        // The subscription's own state (a 1170×2532 last-sent frame and a work frame) exists once frames flow.
        var first = try s.client.receive(timeout: 30)
        while first["method"] != "preview/frame" { first = try s.client.receive(timeout: 30) }
        let pid = s.daemon.process.processIdentifier
        // While the client does not read: requests keep being read and answered (the answers wait in the output),
        // and the daemon's memory stays put however long the stall lasts.
        let batch = 3000
        func requests(from start: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for i in start..<(start + batch) {
                bytes += OutputFraming.contentLength(
                    ([
                        "jsonrpc": "2.0", "id": .int(i), "method": "skeleton/isActive",
                        "params": ["uri": "file:///anim"],
                    ] as JSON).bytes)
            }
            return bytes
        }
        let started = Date()
        let batches = 8
        var rss: [Int] = []
        for k in 0..<batches {
            // 3,000 requests are more than a pipe holds: a daemon that stopped reading would block this writer.
            s.client.sendRaw(requests(from: 100_000 + k * batch))
            Thread.sleep(forTimeInterval: 0.5)
            if let value = Self.residentKiB(pid) { rss.append(value) }
        }
        // The status is computed now, during the stall, and read later.
        s.client.send(["jsonrpc": "2.0", "id": 99, "method": "daemon/status"])
        Thread.sleep(forTimeInterval: 0.3)
        #expect(Date().timeIntervalSince(started) < 30, "the daemon stopped reading its input")
        // Now read: every answer arrives.
        var answered = Set<Int>()
        var status: JSON?
        var framesRead = 1
        let deadline = Date().addingTimeInterval(60)
        while answered.count < batches * batch || status == nil, Date() < deadline {
            let message = try s.client.receive(timeout: 30)
            if let id = message["id"]?.intValue, id >= 100_000 { answered.insert(id) }
            if message["id"] == 99 { status = message["result"] }
            if message["method"] == "preview/frame", status == nil { framesRead += 1 }
        }
        #expect(answered.count == batches * batch)
        // While stalled, frames were not built beyond the one the writer was sending (frames built before the
        // status answer are at most those read before it, plus that one).
        let built = status?["framesBuilt"]?.intValue ?? -1
        #expect(built <= framesRead + 1, "\(built) frames built, \(framesRead) read")
        // Answers waited in the output; nothing else did.
        let queued = status?["output"]?["queuedBytes"]?.intValue ?? -1
        #expect(queued > 0 && queued < 4 << 20, "\(queued) bytes queued")
        // Requests read ahead of the lane hold their parse arenas until handled, so memory first climbs to the
        // high-water mark of requests in flight (a few batches); from then on it must stay put.
        if rss.count == batches {
            #expect(rss[batches - 1] - rss[batches / 2] < 16 * 1024, "resident memory during the stall: \(rss) KiB")
            #expect(rss[batches - 1] - rss[0] < 160 * 1024, "resident memory during the stall: \(rss) KiB")
        }
    }

    static func residentKiB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }
}

/// Between edits, a document with nothing animating costs no CPU: the frame timer stops.
@Suite struct IdleTests {
    typealias D = DaemonSession

    /// utime + stime of a process, in clock ticks.
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    @Test func aStillSkeletonCostsNothingWhileAnAnimatedOneRuns() throws {
        let s = try D(initializationOptions: ["clock": "real"])
        defer { s.close() }
        s.open(
            "file:///still",
            [
                "root": D.node(
                    "UIView", frame: [0, 0, 390, 844],
                    children: (0..<20).map {
                        D.node("UILabel", "l\($0)", frame: [16, Double(16 + $0 * 30), 358, 20])
                    })
            ])
        _ = try s.call("skeleton/show", ["uri": "file:///still", "transition": "none"])
        _ = try s.call(
            "preview/subscribe",
            ["uri": "file:///still", "encoding": "cells", "window": 64, "cells": ["columns": 40, "rows": 30]])
        // Let the first frames go out, then measure a quiet second.
        Thread.sleep(forTimeInterval: 0.5)
        _ = try s.client.drain(for: 0.2)
        let pid = s.daemon.process.processIdentifier
        let before = Self.cpuTicks(pid)
        let framesBefore = try s.call("daemon/status", [:])["framesBuilt"]?.intValue ?? -1
        Thread.sleep(forTimeInterval: 1.0)
        let after = Self.cpuTicks(pid)
        let framesAfter = try s.call("daemon/status", [:])["framesBuilt"]?.intValue ?? -2
        #expect(framesAfter == framesBefore, "frames were built while nothing changed")
        if let before, let after {
            // Clock ticks are 10 ms: a quiet second costs at most a couple of ticks (the status requests).
            #expect(after - before <= 3, "\(after - before) ticks of CPU in a quiet second")
        }
        // An animated skeleton keeps the timer running: frames keep coming.
        _ = try s.call("skeleton/update", ["uri": "file:///still", "type": "gradient", "animated": true])
        // Keep reading, as a client does, until frames come (a loaded machine may take longer than a quiet one).
        var animated = -1
        let deadline = Date().addingTimeInterval(20)
        while animated <= framesAfter + 3, deadline.timeIntervalSinceNow > 0 {
            _ = try s.client.drain(for: 0.2)
            animated = try s.call("daemon/status", [:])["framesBuilt"]?.intValue ?? -1
        }
        #expect(animated > framesAfter + 3)
    }
}
