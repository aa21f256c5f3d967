import Foundation
import JSON
import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 16: pipelined requests through the whole request path, against the floor (a C program that frames and
/// echoes the same stream with no JSON at all) and a peer language server (clangd), in the same run.
///
/// Every peer gets the same requests (an unknown method: the error path every server has) written as fast as the
/// pipe takes them while its answers are read; the figure is the time from the first byte written to the last
/// answer read.
enum PipelineBench {
    struct Peer {
        let name: String
        let executable: String
        let arguments: [String]
        /// Whether it speaks LSP (initialize first); the echo floor answers anything.
        let isLanguageServer: Bool
    }

    struct Result {
        let peer: String
        /// Seconds per run, one per run.
        let seconds: [Double]
        let messages: Int
    }

    /// The request every peer is sent `count` times: an unknown method with small params.
    static func requests(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 110)
        for id in 1...count {
            let body = Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"bench/unknown","params":{"n":\#(id)}}"#.utf8)
            bytes += OutputEnvelope.header(length: body.count)
            bytes += body
        }
        return bytes
    }

    static func run(peers: [Peer], messages: Int, runs: Int, progress: (String) -> Void) throws -> [Result] {
        FileDescriptor.ignoreBrokenPipe()  // a peer that dies is an error here, not a signal
        let stream = requests(messages)
        var results: [Result] = []
        for peer in peers {
            guard FileManager.default.isExecutableFile(atPath: peer.executable) else {
                progress("pipeline: \(peer.name) not found at \(peer.executable); skipped")
                continue
            }
            var seconds: [Double] = []
            for run in 0...runs {  // run 0 is the warm-up
                let elapsed = try measure(peer, stream: stream, messages: messages)
                if run > 0 { seconds.append(elapsed) }
            }
            progress("pipeline: \(peer.name) median \(String(format: "%.1f", median(seconds) * 1000)) ms")
            results.append(Result(peer: peer.name, seconds: seconds, messages: messages))
        }
        return results
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// One run: start the peer, initialize it if it speaks LSP, then time the stream's answers.
    static func measure(_ peer: Peer, stream: [UInt8], messages: Int) throws -> Double {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: peer.executable)
        process.arguments = peer.arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writeFD = input.fileHandleForWriting.fileDescriptor
        var reader = AnswerReader(fd: output.fileHandleForReading.fileDescriptor)
        defer {
            input.fileHandleForWriting.closeFile()
            process.terminate()
            process.waitUntilExit()
        }
        if peer.isLanguageServer {
            let initialize = Array(
                #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#
                    .utf8)
            FileDescriptor.writeAll(writeFD, OutputEnvelope.header(length: initialize.count) + initialize)
            try reader.readAnswers(1)
            let initialized = Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8)
            FileDescriptor.writeAll(writeFD, OutputEnvelope.header(length: initialized.count) + initialized)
        }
        let start = ContinuousClock.now
        let writer = Thread {
            FileDescriptor.writeAll(writeFD, stream)
        }
        writer.start()
        try reader.readAnswers(messages)
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Counts answers (messages with an `"id"`) on a descriptor, skipping notifications such as log messages.
    struct AnswerReader {
        let fd: Int32
        private var framer = ContentLengthFramer()
        private var buffer = [UInt8](repeating: 0, count: 1 << 20)

        init(fd: Int32) { self.fd = fd }

        mutating func readAnswers(_ count: Int) throws {
            var answers = 0
            while answers < count {
                let n = buffer.withUnsafeMutableBytes { FileDescriptor.read(fd, into: $0) }
                guard n > 0 else { throw BenchError("the peer closed its output after \(answers) answers") }
                buffer.withUnsafeBytes { raw in
                    framer.feed(UnsafeRawBufferPointer(rebasing: raw[..<n])) { event in
                        if case .message(let body) = event, Self.hasID(body) { answers += 1 }
                    }
                }
            }
        }

        /// Whether the body has an `"id":` member that is not null (a response, not a notification).
        static func hasID(_ body: UnsafeRawBufferPointer) -> Bool {
            let needle = Array(#""id":"#.utf8)
            guard body.count >= needle.count + 1 else { return false }
            for i in 0...(body.count - needle.count - 1) where body[i] == needle[0] {
                var match = true
                for k in 1..<needle.count where body[i + k] != needle[k] {
                    match = false
                    break
                }
                if match { return body[i + needle.count] != UInt8(ascii: "n") }
            }
            return false
        }
    }
}
