import Dispatch

/// A value that only work running on one serial queue touches: every access checks that it runs there
/// (`dispatchPrecondition`), so a touch from any other thread traps instead of racing. The queue is the value's
/// lock: no other is needed.
///
/// - Important: the queue must be serial.
// Safety: `value` is only touched in `withValue`, which traps unless it runs on `queue` (serial).
final class QueueBound<Value>: @unchecked Sendable {
    /// The queue the value belongs to.
    let queue: DispatchQueue
    /// Touched only on `queue`.
    private var value: Value

    init(_ value: Value, on queue: DispatchQueue) {
        self.value = value
        self.queue = queue
    }

    /// Runs `body` on the value.
    ///
    /// - Important: call it on `queue` (inside `queue.async`, `queue.sync`, or a timer or delay of that queue).
    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        dispatchPrecondition(condition: .onQueue(queue))
        return try body(&value)
    }
}
