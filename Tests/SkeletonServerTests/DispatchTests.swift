import Dispatch
import Foundation
import JSON
import JSONRPC
import SkeletonServer
import SkeletondTestSupport
import Synchronization
import Testing

@Suite struct DispatchTests {
    /// A table with a blocking method (released by a semaphore), an echo, and a params-checking method.
    static func table(gate: DispatchSemaphore, started: DispatchSemaphore) -> MethodTable {
        var table = MethodTable()
        table.request("test/block", members: ["uri", "textDocument"]) { _ in
            started.signal()
            gate.wait()
            return "unblocked"
        }
        table.request("test/echo", members: nil) { context in context.params?.json ?? .null }
        table.request("test/typed", members: ["frame"]) { context in
            let params = try context.paramsObject()
            let frame = try params.member("frame").decodeArray()
            return .array(try frame.map { .double(try $0.decodeDouble()) })
        }
        table.request("test/fails", members: nil) { _ in throw ClientError("boom") }
        table.request("test/long", members: []) { context in
            while true {
                try context.cancellation.check()
                usleep(1_000)
            }
        }
        return table
    }

    @Test func cancelAnswersAPendingRequestWithRequestCancelled() throws {
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let s = InProcessServer(table: Self.table(gate: gate, started: started))
        try s.initialize()
        let uri: JSON = ["textDocument": ["uri": "file:///same"]]
        s.client.send(["jsonrpc": "2.0", "id": 1, "method": "test/block", "params": uri])
        started.wait()
        s.client.send(["jsonrpc": "2.0", "id": 2, "method": "test/echo", "params": uri])
        s.client.notify("$/cancelRequest", ["id": 2])
        // The reader handles input in order: once this answer comes, the cancel has been seen.
        _ = try s.client.request("test/echo", ["uri": "file:///other"])
        gate.signal()
        let answers = [try s.client.receive(), try s.client.receive()]
        let second = try #require(answers.first { $0["id"] == 2 })
        #expect(second["error"]?["code"] == -32800)
        #expect(answers.contains { $0["id"] == 1 && $0["result"] == "unblocked" })
    }

    @Test func cancelReachesARunningLongRequest() throws {
        let s = InProcessServer(
            table: Self.table(gate: DispatchSemaphore(value: 0), started: DispatchSemaphore(value: 0)))
        try s.initialize()
        s.client.send(["jsonrpc": "2.0", "id": "long", "method": "test/long", "params": [:]])
        usleep(20_000)
        s.client.notify("$/cancelRequest", ["id": "long"])
        let answer = try s.client.receive()
        #expect(answer["id"] == "long")
        #expect(answer["error"]?["code"] == -32800)
    }

    @Test func differentDocumentsDoNotWaitForEachOther() throws {
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let s = InProcessServer(table: Self.table(gate: gate, started: started))
        try s.initialize()
        s.client.send(["jsonrpc": "2.0", "id": 1, "method": "test/block", "params": ["uri": "file:///a"]])
        started.wait()
        // Document b is served while document a is blocked.
        let echo = try s.client.request("test/echo", ["uri": "file:///b", "x": 1])
        #expect(echo["result"]?["x"] == 1)
        gate.signal()
        #expect(try s.client.receive()["result"] == "unblocked")
    }

    @Test func oneDocumentsWorkRunsInOrder() throws {
        let s = InProcessServer(
            table: Self.table(gate: DispatchSemaphore(value: 0), started: DispatchSemaphore(value: 0)))
        try s.initialize()
        for i in 0..<200 {
            s.client.send([
                "jsonrpc": "2.0", "id": .int(i), "method": "test/echo", "params": ["uri": "file:///a", "i": .int(i)],
            ])
        }
        let ids = try (0..<200).map { _ in try s.client.receive()["id"]?.intValue ?? -1 }
        #expect(ids == Array(0..<200))
    }

    @Test func badParamsNameTheJSONPointer() throws {
        let s = InProcessServer(
            table: Self.table(gate: DispatchSemaphore(value: 0), started: DispatchSemaphore(value: 0)))
        try s.initialize()
        let answer = try s.client.request("test/typed", ["frame": [1, 2, "three"]])
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["error"]?["message"] == "/params/frame/2: must be a number, not a string")
        #expect(answer["error"]?["data"]?["pointer"] == "/params/frame/2")
        let missing = try s.client.request("test/typed", [:])
        #expect(missing["error"]?["message"] == "/params/frame: is required")
        let none = try s.client.request("test/typed")
        #expect(none["error"]?["message"] == "/params: must be an object")
    }

    /// The one rule for unknown members: the table refuses them before the handler runs, naming the member and
    /// listing the expected ones; a method registered without members takes anything.
    @Test func unknownMembersAreRefusedBeforeTheHandlerRuns() throws {
        let s = InProcessServer(
            table: Self.table(gate: DispatchSemaphore(value: 0), started: DispatchSemaphore(value: 0)))
        try s.initialize()
        let answer = try s.client.request("test/typed", ["frame": [1], "frane": [2]])
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["error"]?["data"]?["pointer"] == "/params/frane")
        #expect(answer["error"]?["message"] == "/params/frane: unknown member; expected frame")
        let block = try s.client.request("test/block", ["x": 1])
        #expect(block["error"]?["message"] == "/params/x: unknown member; expected textDocument, uri")
        let echo = try s.client.request("test/echo", ["anything": true])
        #expect(echo["result"]?["anything"] == true)
    }

    @Test func pointersInABatchAreRelativeToTheElement() throws {
        let s = InProcessServer(
            table: Self.table(gate: DispatchSemaphore(value: 0), started: DispatchSemaphore(value: 0)))
        try s.initialize()
        s.client.send([
            ["jsonrpc": "2.0", "id": 1, "method": "test/echo", "params": ["a": 1]],
            ["jsonrpc": "2.0", "id": 2, "method": "test/typed", "params": ["frame": [true]]],
        ])
        let batch = try #require(try s.client.receive().arrayValue)
        #expect(batch.count == 2)
        let error = try #require(batch.first { $0["id"] == 2 })
        #expect(error["error"]?["message"] == "/params/frame/0: must be a number, not a boolean")
    }

    @Test func unexpectedErrorsAreInternalErrors() throws {
        let s = InProcessServer(
            table: Self.table(gate: DispatchSemaphore(value: 0), started: DispatchSemaphore(value: 0)))
        try s.initialize()
        let answer = try s.client.request("test/fails")
        #expect(answer["error"]?["code"] == -32603)
    }

    @Test func exitStatusFollowsShutdown() throws {
        let a = InProcessServer()
        try a.initialize()
        _ = try a.client.request("shutdown")
        a.client.notify("exit")
        #expect(a.exitStatus.wait() == 0)

        let b = InProcessServer()
        b.client.notify("exit")
        #expect(b.exitStatus.wait() == 1)
    }

    @Test func initializeAnnouncesServerInfoAndCapabilities() throws {
        let s = InProcessServer()
        let answer = try s.client.request("initialize", ["processId": 12, "capabilities": [:]])
        let result = try #require(answer["result"])
        #expect(result["serverInfo"]?["name"] == "skeletond")
        #expect(result["serverInfo"]?["version"] == .string(SkeletondVersion.current))
        #expect(result["capabilities"]?["textDocumentSync"] != nil)
    }
}

/// A client that sends requests faster than they are handled: the reader stops reading at the lanes' capacity (the
/// client's writes wait in its pipe), reads on as they drain, and every request is answered.
@Suite struct BackpressureTests {
    @Test func readingPausesWhileTheLanesAreFullAndEveryRequestIsAnswered() throws {
        var table = MethodTable()
        table.request("test/slow", members: nil) { _ in
            usleep(200)
            return true
        }
        let s = InProcessServer(table: table)
        try s.initialize()
        let total = 3 * Server.maxPendingWork
        var bytes: [UInt8] = []
        for i in 0..<total {
            bytes += OutputFraming.contentLength(
                ([
                    "jsonrpc": "2.0", "id": .int(i), "method": "test/slow",
                    "params": ["textDocument": ["uri": "file:///one"]],
                ] as JSON).bytes)
        }
        // The writes block while the daemon does not read, so they go from another thread.
        let client = s.client
        let flood = bytes
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            client.sendRaw(flood)
            sent.signal()
        }
        var most = 0
        var answered = 0
        while answered < total {
            most = max(most, s.server.pendingWork)
            let message = try s.client.receive(timeout: 30)
            if message["result"] == true { answered += 1 }
        }
        #expect(sent.wait(timeout: .now() + 30) == .success)
        #expect(answered == total)
        #expect(most <= Server.maxPendingWork + 1, "at most \(most) handlers were queued at once")
        #expect(most > 0)
    }
}
