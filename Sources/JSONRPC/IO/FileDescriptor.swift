#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin, safe wrappers over POSIX file descriptor calls.
public enum FileDescriptor {
    /// Writes every byte, retrying after signals and partial writes. Returns false when the descriptor fails
    /// (for example the reader has gone away).
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
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

    /// Reads up to `buffer.count` bytes; returns the count, 0 at end of input, or -1 on an error.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
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
    public static func isolateStandardOutput() -> Int32 {
        let protocolFD = dup(1)
        guard protocolFD >= 0 else { return 1 }
        _ = dup2(2, 1)
        return protocolFD
    }

    /// A broken pipe must be an error return from write, not a signal that kills the daemon.
    public static func ignoreBrokenPipe() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
