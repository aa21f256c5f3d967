import Foundation
import JSONRPC
import Testing

/// The output budget: new work waits while more than `budget` bytes of answers wait for the client, and goes on
/// once the client has read half of them. Nothing is dropped.
@Suite struct OutboxBudgetTests {
    @Test func waitForRoomBlocksUntilTheClientReads() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        let budget = 1 << 20
        let outbox = Outbox(fd: writeEnd, watermarks: Outbox.Watermarks(budget: budget), envelope: .none)
        // 2 MiB of answers: the pipe holds 64 KiB, so most of it waits in the outbox.
        let message = [UInt8](repeating: 0x61, count: 64 << 10)
        for _ in 0..<32 { outbox.send(message) }
        #expect(outbox.queuedBytes > budget)
        #expect(outbox.budgetWaitCount == 0)

        let returned = DispatchSemaphore(value: 0)
        Thread { [outbox] in
            outbox.waitForRoom()
            returned.signal()
        }.start()
        // The waiter is held back while nothing is read (a state, polled: no timing is asserted).
        let deadline = Date().addingTimeInterval(30)
        while outbox.waitingCount == 0, Date() < deadline { usleep(1_000) }
        #expect(outbox.waitingCount == 1)
        #expect(outbox.budgetWaitCount == 1)
        // Read everything: the waiter returns once at most half the budget waits, and every byte arrives.
        var total = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        while total < 32 * message.count {
            let n = read(readEnd, buffer.baseAddress, buffer.count)
            guard n > 0 else { break }
            total += n
        }
        #expect(total == 32 * message.count)
        #expect(returned.wait(timeout: .now() + 30) == .success)
        #expect(outbox.budgetWaitCount == 1)
        #expect(outbox.queuedBytes <= budget / 2)
        outbox.close()
        close(writeEnd)
    }

    @Test func noOneWaitsUnderTheBudgetOrAfterTheClientLeft() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let outbox = Outbox(fd: fds[1], watermarks: Outbox.Watermarks(budget: 1 << 20), envelope: .none)
        outbox.send([1, 2, 3])
        outbox.waitForRoom()
        #expect(outbox.budgetWaitCount == 0)
        // The client closes its end: writes fail and waiting would never end, so nobody waits.
        FileDescriptor.ignoreBrokenPipe()  // as the daemon does: a failed write is EPIPE, not a signal
        close(fds[0])
        for _ in 0..<40 { outbox.send([UInt8](repeating: 0, count: 64 << 10)) }
        let returned = DispatchSemaphore(value: 0)
        Thread { [outbox] in
            outbox.waitForRoom()
            returned.signal()
        }.start()
        #expect(returned.wait(timeout: .now() + 30) == .success)
        outbox.close()
        close(fds[1])
    }
}
