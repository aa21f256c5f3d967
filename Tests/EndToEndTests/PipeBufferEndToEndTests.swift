import Foundation
import JSON
import JSONRPC
import SkeletondTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon enlarges the pipes it is given, so big answers and frames cross in few wake-ups.
@Suite struct PipeBufferEndToEndTests {
    @Test func theDaemonsPipesHoldAMebibyte() throws {
        let session = try DaemonSession()
        let text = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8)) ?? ""
        let allowed = min(
            FileDescriptor.largePipeBytes, Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 65536)
        let (write, read) = session.client.descriptors
        #expect(fcntl(read, 1032) == Int32(allowed), "the daemon's output")
        #expect(fcntl(write, 1032) == Int32(allowed), "the daemon's input")
        // A 2 MB answer still arrives whole and in order with the next one.
        let labels = (0..<9_000).map {
            #"{"id":"label\#($0)","type":"UILabel","frame":[\#($0 % 100 * 100),\#($0 / 100 * 20),100,20]}"#
        }
        let document =
            #"{"root":{"type":"UIView","frame":[0,0,10000,1800],"children":["#
            + labels.joined(separator: ",") + "]}}"
        session.open("file:///big.skeleton.json", text: document)
        let outline = try session.call(
            "textDocument/documentSymbol", ["textDocument": ["uri": "file:///big.skeleton.json"]])
        #expect(outline[0]?["children"]?.arrayValue?.count == 9_000)
        #expect(try session.call("skeleton/isActive", ["uri": "file:///big.skeleton.json"]) == false)
    }
}
