import Foundation
import JSON
import JSONRPC
import SkeletondTestSupport
import Testing

/// The daemon never dies or hangs on what a client sends, and keeps its output clean.
@Suite struct RobustnessTests {
    func initialize(_ client: PipeClient) throws {
        let response = try client.request("initialize", ["processId": nil, "capabilities": [:]])
        #expect(response["result"]?["serverInfo"]?["name"] == "skeletond")
    }

    @Test func aFloodOf100kRequestsIsAnsweredInFull() throws {
        let daemon = try DaemonProcess()
        let client = daemon.client
        try initialize(client)
        let count = 100_000
        // Write from another thread while this one reads, as a real client would.
        let writer = Thread {
            var batch: [UInt8] = []
            for i in 0..<count {
                let message: JSON = [
                    "jsonrpc": "2.0", "id": .int(i), "method": "flood/unknown", "params": ["i": .int(i)],
                ]
                batch += OutputFraming.contentLength(message.bytes)
                if batch.count > 60_000 {
                    client.sendRaw(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            client.sendRaw(batch)
        }
        writer.start()
        var seen = Set<Int>()
        for _ in 0..<count {
            let response = try client.receive(timeout: 60)
            #expect(response["error"]?["code"] == -32601)
            if let id = response["id"]?.intValue { seen.insert(id) }
        }
        #expect(seen.count == count)
        let shutdown = try client.request("shutdown")
        #expect(shutdown["result"] == .null)
        client.notify("exit")
        #expect(daemon.waitForExit() == 0)
    }

    @Test func messagesFedOneByteAtATimeAreServed() throws {
        let daemon = try DaemonProcess()
        let message: JSON = ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]]
        for byte in OutputFraming.contentLength(message.bytes) { daemon.client.sendRaw([byte]) }
        let response = try daemon.client.receive()
        #expect(response["id"] == 1)
        #expect(response["result"]?["capabilities"] != nil)
        daemon.client.closeInput()
        #expect(daemon.waitForExit() == 0)
    }

    @Test func manyMessagesInOneWriteAreAllServed() throws {
        let daemon = try DaemonProcess()
        var bytes: [UInt8] = []
        bytes += OutputFraming.contentLength((["jsonrpc": "2.0", "id": 0, "method": "initialize"] as JSON).bytes)
        for i in 1...50 {
            bytes += OutputFraming.contentLength((["jsonrpc": "2.0", "id": .int(i), "method": "x"] as JSON).bytes)
        }
        daemon.client.sendRaw(bytes)
        daemon.client.closeInput()
        let all = try daemon.client.readUntilEnd()
        #expect(all.count == 51)
        #expect(daemon.waitForExit() == 0)
    }

    @Test func randomGarbageNeverKillsTheDaemon() throws {
        let daemon = try DaemonProcess()
        try initialize(daemon.client)
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let length = Int(generator.next() % 300)
            var junk = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if generator.next() % 2 == 0 { junk = Array("Content-Length: \(length / 2)\r\n\r\n".utf8) + junk }
            daemon.client.sendRaw(junk)
        }
        // Whatever the garbage did to the framing, a fresh header on a new line resynchronises the stream.
        daemon.client.sendRaw(
            Array("\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: " "), count: 400) + Array("\r\n\r\n".utf8))
        _ = try daemon.client.drain(for: 0.5)
        let response = try daemon.client.request("shutdown")
        #expect(response["result"] == .null)
        daemon.client.notify("exit")
        #expect(daemon.waitForExit() == 0)
    }

    @Test func logsGoToStandardErrorNotTheProtocolStream() throws {
        let daemon = try DaemonProcess(arguments: ["--log-level", "debug"])
        try initialize(daemon.client)
        daemon.client.sendRaw(Array("Content-Length: 3\r\n\r\n{x}".utf8))
        let error = try daemon.client.receive()
        #expect(error["error"]?["code"] == -32700)
        daemon.client.closeInput()
        #expect(try daemon.client.readUntilEnd().isEmpty)
        #expect(daemon.waitForExit() == 0)
        #expect(daemon.standardError().contains("skeletond[warning]"))
    }

    @Test func badFlagsAreRefusedWithAClearMessage() throws {
        let daemon = try DaemonProcess(arguments: ["--log-level", "loud"])
        #expect(daemon.waitForExit() != 0)
        #expect(daemon.standardError().contains("--log-level must be one of"))
    }

    /// The output and preview budgets must be positive byte counts: zero, negative, non-numbers and numbers past
    /// `Int` are refused at start, naming the flag.
    @Test(
        arguments: ["--output-budget", "--preview-budget"], ["0", "-5", "lots", "99999999999999999999999"])
    func aBadBudgetIsRefused(flag: String, value: String) throws {
        let daemon = try DaemonProcess(arguments: [flag, value])
        #expect(daemon.waitForExit() != 0)
        #expect(daemon.standardError().contains(flag.dropFirst(2)), "\(daemon.standardError())")
    }

    /// The largest preview budget is accepted: its sums never overflow (a subscription's share is at most 256 MiB).
    @Test func theLargestPreviewBudgetIsAccepted() throws {
        let session = try DaemonSession(arguments: ["--preview-budget", String(Int.max)])
        session.open("file:///a.json", ["root": DaemonSession.node("UIView", "a", frame: [0, 0, 390, 844])])
        let answer = try session.call("preview/subscribe", ["uri": "file:///a.json", "encoding": "raw", "scale": 4])
        #expect(answer["subscription"] != nil)
        #expect(try session.call("daemon/status", [:])["frameBytes"] == .int(2 * 4 * 1560 * 3376))
        session.close()
    }
}
