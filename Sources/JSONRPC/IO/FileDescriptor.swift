#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin, safe wrappers over POSIX file descriptor calls.
package enum FileDescriptor {
    /// Writes every byte, retrying after signals and partial writes. Returns false when the descriptor fails
    /// (for example the reader has gone away).
    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                if n == 0 { return false }
                offset += n
            }
            return true
        }
    }

    /// Writes every byte of `chunks`, in order, with as few `writev` calls as the descriptor allows (one when the
    /// pipe has room), retrying after signals and partial writes. Returns false when the descriptor fails.
    ///
    /// - Important: at most `maxChunks` chunks (the batch the writer coalesces stays far below `IOV_MAX`).
    @discardableResult
    package static func writeAll(_ fd: Int32, chunks: [[UInt8]]) -> Bool {
        precondition(chunks.count <= maxChunks, "at most \(maxChunks) chunks per call")
        if chunks.count == 1, let only = chunks.first { return writeAll(fd, only) }
        var index = 0
        var offset = 0  // into chunks[index]
        while index < chunks.count {
            let written = withIOVectors(chunks, from: index, offset: offset) { vectors in
                writev(fd, vectors.baseAddress, Int32(vectors.count))
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            if written == 0 { return false }
            // Advance past what was written.
            var left = written
            while index < chunks.count, left >= chunks[index].count - offset {
                left -= chunks[index].count - offset
                index += 1
                offset = 0
            }
            offset += left
        }
        return true
    }

    /// The most chunks `writeAll(_:chunks:)` takes at once.
    package static let maxChunks = 256

    /// Calls `body` with `iovec`s for `chunks[index...]`, the first starting at `offset`; empty chunks are left out.
    /// The vectors live in temporary (stack) memory: a write allocates nothing.
    private static func withIOVectors(
        _ chunks: [[UInt8]], from index: Int, offset: Int, _ body: (UnsafeBufferPointer<iovec>) -> Int
    ) -> Int {
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: max(1, chunks.count - index)) { vectors in
            func gather(_ k: Int, _ count: Int) -> Int {
                guard k < chunks.count else { return body(UnsafeBufferPointer(rebasing: vectors[..<count])) }
                return chunks[k].withUnsafeBytes { raw -> Int in
                    let skip = k == index ? offset : 0
                    guard raw.count > skip, let base = raw.baseAddress else { return gather(k + 1, count) }
                    vectors[count] = iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: base + skip), iov_len: raw.count - skip)
                    return gather(k + 1, count + 1)
                }
            }
            return gather(index, 0)
        }
    }

    /// Reads up to `buffer.count` bytes; returns the count, 0 at end of input, or -1 on an error.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        while true {
            let n = systemRead(fd, base, buffer.count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// Moves the process's stdout to a private descriptor for protocol bytes, and points descriptor 1 at stderr,
    /// so that a stray `print` (from any library) lands in the log instead of corrupting the protocol stream.
    /// Returns the protocol descriptor.
    package static func isolateStandardOutput() -> Int32 {
        let protocolFD = dup(1)
        guard protocolFD >= 0 else { return 1 }
        _ = dup2(2, 1)
        return protocolFD
    }

    /// The most `enlargePipe` asks for: 1 MiB, Linux's default `/proc/sys/fs/pipe-max-size` for unprivileged
    /// processes.
    package static let largePipeBytes = 1 << 20

    /// When `fd` is a pipe, asks the kernel for a buffer of `bytes` (halving the request down to 64 KiB while the
    /// system refuses it), so a big answer or frame crosses in a few writes rather than one per 64 KiB, each a
    /// wake-up of the reader. Returns the pipe's buffer size afterwards, or nil when `fd` is not a pipe (a file, a
    /// terminal) or the system has no such call; nothing changes then.
    @discardableResult
    package static func enlargePipe(_ fd: Int32, to bytes: Int = largePipeBytes) -> Int? {
        #if os(Linux)
            var status = stat()
            guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return nil }
            // F_SETPIPE_SZ and F_GETPIPE_SZ (Linux 2.6.35; <fcntl.h> defines them only under _GNU_SOURCE).
            let setPipeSize: Int32 = 1031
            let getPipeSize: Int32 = 1032
            var request = max(1 << 16, min(bytes, largePipeBytes))
            while fcntl(fd, setPipeSize, Int32(request)) < 0, request > 1 << 16 { request /= 2 }
            let size = fcntl(fd, getPipeSize)
            return size > 0 ? Int(size) : nil
        #else
            return nil
        #endif
    }

    /// A broken pipe must be an error return from write, not a signal that kills the daemon.
    package static func ignoreBrokenPipe() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
