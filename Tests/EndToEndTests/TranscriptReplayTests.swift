import Foundation
import JSON
import JSONRPC
import SkeletondTestSupport
import Testing

/// Replays every transcript in `Protocol/transcripts` against the real binary over pipes.
@Suite struct TranscriptReplayTests {
    static let folder = TestEnvironment.packageRoot.appendingPathComponent("Protocol/transcripts")

    static var names: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
            .filter { $0.hasSuffix(".transcript") }.sorted() ?? []
    }

    @Test func thereAreTranscripts() {
        #expect(Self.names.count >= 10)
    }

    @Test(arguments: names)
    func replay(name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let transcript = try Transcript(name: name, text: text)
        let daemon = try DaemonProcess(
            arguments: transcript.arguments, mode: transcript.mode == "jsonl" ? .jsonl : .lsp,
            environment: transcript.environment)
        let failures = transcript.replay(on: daemon.client)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        if let expected = transcript.exitStatus {
            let extra = try daemon.client.readUntilEnd()
            #expect(extra.isEmpty, "unexpected output: \(extra.map(\.text))")
            #expect(daemon.waitForExit() == expected)
        } else {
            daemon.client.closeInput()
            _ = daemon.waitForExit()
        }
    }
}
