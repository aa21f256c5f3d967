import Foundation
import JSON
import SkeletonClient
import SkeletonProtocol
import Testing

/// What `PipeClient`'s typed calls put on the wire, read back from a stand-in child (`cat`) that echoes it, and how
/// they read an answer into the method's result type.
@Suite struct PipeClientTypedTests {
    static func echo() throws -> DaemonProcess {
        try DaemonProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec cat"])
    }

    @Test func aNotificationIsItsMethodAndItsParamsWritten() throws {
        let child = try Self.echo()
        defer { _ = child.waitForExit() }
        let params = DidCloseTextDocument.Params(textDocument: TextDocumentIdentifier(uri: "file:///a.json"))
        child.client.notify(DidCloseTextDocument.self, params)
        let message = try child.client.receive(timeout: 20)
        child.client.closeInput()
        #expect(message["method"] == "textDocument/didClose")
        #expect(message["params"] == ["textDocument": ["uri": "file:///a.json"]])
        #expect(message["id"] == nil)
    }

    @Test func anAnswerIsReadAsTheResultType() throws {
        let child = try Self.echo()
        defer {
            child.client.closeInput()
            _ = child.waitForExit()
        }
        #expect(try child.client.result(ClockSetRequest.self, of: ["jsonrpc": "2.0", "id": 1, "result": 2.5]) == 2.5)
        let refused: JSON = ["jsonrpc": "2.0", "id": 1, "error": ["code": -32602, "message": "/params/time: bad"]]
        #expect(throws: ClientError.self) { try child.client.result(ClockSetRequest.self, of: refused) }
        let wrongShape: JSON = ["jsonrpc": "2.0", "id": 1, "result": "soon"]
        #expect(throws: ClientError.self) { try child.client.result(ClockSetRequest.self, of: wrongShape) }
    }
}
