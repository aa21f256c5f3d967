import Dispatch
import JSON
import SkeletondTestSupport
import Testing

/// Swift documents read on their lane: changes that queue up while a file is being read cost one reading, of the
/// newest text, whatever their number.
@Suite struct SwiftCodeReadingTests {
    static let uri = "file:///app/Card.swift"

    static func text(radius: Int) -> String {
        "class Card: UIView {\n    override func awakeFromNib() { skeletonCornerRadius = radius\(radius) }\n}\n"
    }

    /// The next diagnostics published for the Swift file (other notifications are skipped).
    static func diagnostics(_ s: InProcessServer) throws -> JSON {
        while true {
            let message = try s.client.receive()
            if message["method"]?.stringValue == "textDocument/publishDiagnostics",
                message["params"]?["uri"]?.stringValue == uri
            {
                return message["params"] ?? .null
            }
        }
    }

    @Test func changesQueuedWhileAFileIsReadCostOneReadingOfTheNewestText() throws {
        let s = InProcessServer()
        try s.initialize()
        s.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(Self.uri), "languageId": "swift", "version": 1,
                    "text": .string(Self.text(radius: 0)),
                ]
            ])
        #expect(try Self.diagnostics(s)["version"] == 1)

        // The document's lane is held (as a long reading would hold it) while 20 changes arrive.
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        s.server.runOnDocumentLane(Self.uri) {
            entered.signal()
            gate.wait()
        }
        entered.wait()
        for version in 2...21 {
            s.client.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(Self.uri), "version": .int(version)],
                    "contentChanges": [["text": .string(Self.text(radius: version))]],
                ])
        }
        // The control lane answers after the reader routed every change before it to the document's lane.
        _ = try s.client.request("daemon/status", [:])
        gate.signal()

        let published = try Self.diagnostics(s)
        #expect(published["version"] == 21)
        let message = published["diagnostics"]?[0]?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("`radius21` is not known statically"), "\(message)")
        let status = try s.client.request("daemon/status", [:])
        // The open, and one reading for the 20 changes.
        #expect(status["result"]?["analyses"]?["full"] == 2)
    }
}
