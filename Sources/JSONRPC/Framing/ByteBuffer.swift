/// A growable byte buffer with a read offset: appends at the end, consumes from the front, and compacts
/// only when the consumed prefix is large, so consuming is O(1).
struct ByteBuffer {
    private var storage: [UInt8] = []
    private var start = 0

    var count: Int { storage.count - start }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        storage.append(contentsOf: bytes)
    }

    mutating func removeFirst(_ n: Int) {
        start += min(n, count)
        if start == storage.count {
            removeAll()
        } else if start > 4096, start * 2 > storage.count {
            storage.removeFirst(start)
            start = 0
        }
    }

    /// Empties the buffer, keeping its capacity for the next message.
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: storage.capacity <= 1 << 20)
        start = 0
    }

    /// Calls `body` with the unread bytes (valid only inside `body`).
    func withReadable<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }
}
