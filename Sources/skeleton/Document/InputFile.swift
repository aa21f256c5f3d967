import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading an input (FILE, each `--code` file) with a bound on its size and on the time it takes: a device that
/// never ends (`/dev/zero`), a FIFO nobody writes to or a writer that stalls is a `skeleton: cannot read …` line
/// and status 2, never a process that grows or hangs. Pipes and FIFOs are read (`<(cat doc.json)` works);
/// directories, block devices and sockets are refused.
enum InputFile {
    /// The longest input, in bytes: 64 MiB, the largest document text skeletond analyses
    /// (`DocumentLimits.maxBytes`); a longer one could only be refused by the daemon.
    static let maxBytes = 64 << 20

    /// The whole of `path`, read within `timeout` seconds (the CLI's `$SKELETON_TIMEOUT`), with the system's
    /// reason on failure ("No such file or directory", "Is a directory", …).
    static func read(_ path: String, timeout: Double) throws(CLIError) -> [UInt8] {
        // Non-blocking, so opening a FIFO with no writer returns at once; the wait is poll's, with a deadline.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(path) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw failure(path, EISDIR)
        case S_IFBLK: throw .io("cannot read \(path): it is a block device")
        case S_IFSOCK: throw .io("cannot read \(path): it is a socket")
        case S_IFREG: guard Int(status.st_size) <= maxBytes else { throw tooLong(path) }
        default: break  // a FIFO, a pipe or a character device: read until its end, within the bounds
        }
        let deadline = Date().addingTimeInterval(timeout)
        var out: [UInt8] = []
        // One buffer for the most that is read: growing by doubling would hold two copies at once (an endless device
        // peaked near 500 MB). Pages of the reservation that are never written take no memory.
        out.reserveCapacity(status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : maxBytes)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let left = deadline.timeIntervalSinceNow
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(0, min(left, 3600)) * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw failure(path) }
            guard ready > 0 else {
                throw .io(
                    "cannot read \(path): it did not end within \(timeout.plainText) s (a FIFO or device must be "
                        + "written and closed; SKELETON_TIMEOUT sets the wait)")
            }
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            guard n >= 0 else { throw failure(path) }
            if n == 0 { return out }
            guard out.count + n <= maxBytes else { throw tooLong(path) }
            chunk.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    private static func failure(_ path: String, _ code: Int32 = errno) -> CLIError {
        .io("cannot read \(path): \(String(cString: strerror(code)))")
    }

    private static func tooLong(_ path: String) -> CLIError {
        .io("cannot read \(path): it is longer than 64 MiB, the largest document skeletond reads")
    }
}
