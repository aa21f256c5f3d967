import Foundation
import JSONRPC
import Synchronization
import Testing

/// A producer runs on the writer thread, which code that builds bytes can tell (`Outbox.isWriterThread`).
@Suite struct OutboxWriterThreadTests {
    @Test func producersRunOnTheWriterThreadAndNothingElseDoes() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        let outbox = Outbox(fd: writeEnd, envelope: .none)
        let seen = Mutex<[Bool]>([])
        outbox.sendLatest(key: "frame") {
            seen.withLock { $0.append(Outbox.isWriterThread) }
            return Array("frame".utf8)
        }
        outbox.close()
        #expect(seen.withLock { $0 } == [true])
        #expect(!Outbox.isWriterThread)
        let other = DispatchQueue(label: "test").sync { Outbox.isWriterThread }
        #expect(!other)
    }
}
