import Foundation
import Testing

@testable import skeleton

#if canImport(Glibc)
    import Glibc
#endif

/// `skeleton mcp`'s stdin: lines split as MCP's stdio transport says, and a line over the bound dropped as it
/// streams in, never held.
@Suite struct MCPLineReaderTests {
    /// The lines and drops `LineReader` reports for `input`, written through a pipe in `pieces`-byte writes.
    private func read(_ input: [UInt8], maxLineBytes: Int, pieces: Int = 7) throws -> (lines: [String], drops: [Int]) {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let writer = fds[1]
        let thread = Thread {
            var offset = 0
            while offset < input.count {
                let end = min(input.count, offset + pieces)
                _ = input[offset..<end].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                offset = end
            }
            close(writer)
        }
        thread.start()
        var lines: [String] = []
        var drops: [Int] = []
        LineReader(fd: fds[0], maxLineBytes: maxLineBytes).run(
            line: { lines.append(String(decoding: $0, as: UTF8.self)) }, overlong: { drops.append($0) })
        close(fds[0])
        return (lines, drops)
    }

    @Test func splitsOnNewlinesDroppingEmptyLinesAndCarriageReturns() throws {
        let (lines, drops) = try read(Array("{\"a\":1}\n\n{\"b\":2}\r\n  \nlast".utf8), maxLineBytes: 100)
        #expect(lines == ["{\"a\":1}", "{\"b\":2}", "  ", "last"])
        #expect(drops.isEmpty)
    }

    @Test func dropsALineOverTheBoundAndKeepsTheNext() throws {
        let long = String(repeating: "x", count: 1000)
        let (lines, drops) = try read(Array("ok\n\(long)\nnext\n".utf8), maxLineBytes: 64, pieces: 10)
        #expect(lines == ["ok", "next"])
        #expect(drops == [1000])
        // A line of exactly the bound is kept.
        let exact = String(repeating: "y", count: 64)
        #expect(try read(Array("\(exact)\n".utf8), maxLineBytes: 64).lines == [exact])
    }
}

/// The transport's back-pressure: past its limit of unanswered lines the reader waits while answers are written, and
/// lines that get no answer are forgotten once nothing is written.
@Suite struct MCPBackpressureTests {
    /// Whether `waitToRead` returns within `seconds`, run on another thread.
    private func returns(_ gate: Backpressure, within seconds: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            gate.waitToRead()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + seconds) == .success
    }

    @Test func aStuckWriteOverTheLimitHoldsTheReaderUntilItEnds() {
        let gate = Backpressure(limit: 2, idle: 0.05)
        for _ in 0..<3 { gate.lineRead() }
        #expect(returns(gate, within: 10))  // over the limit, but nothing is being written: forgotten
        for _ in 0..<3 { gate.lineRead() }
        gate.beginWrite()
        #expect(!returns(gate, within: 0.5))  // a write is stuck: the reader waits
        gate.endWrite()  // 2 unanswered: within the limit again
        #expect(returns(gate, within: 10))
    }

    @Test func withinTheLimitTheReaderNeverWaits() {
        let gate = Backpressure(limit: 2, idle: 60)
        gate.lineRead()
        gate.lineRead()
        gate.beginWrite()
        #expect(returns(gate, within: 10))
    }
}
