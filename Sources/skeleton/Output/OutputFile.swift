import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output path (`-o`), checked before any work is done so that an unwritable path fails fast, and resolved to
/// what it leads to, so that writing it never replaces anything but a regular file.
///
/// - A regular file, or a name that does not exist yet: written under a temporary name beside it and renamed
///   onto it when complete (see `PartialFile`). Symbolic links are followed first: the file they lead to is
///   replaced, the links stay.
/// - A character device or a FIFO (`/dev/null`, `/dev/stdout` on a pipe or terminal, a named pipe): written in
///   place, never renamed over. A FIFO must have a reader already.
/// - A directory, a block device or a socket is refused.
struct OutputFile {
    /// Where the bytes end up.
    enum Target: Equatable {
        /// A regular file (existing or not) at this path, symbolic links resolved: replaced by a rename.
        case file(String)
        /// A character device or a FIFO: written in place.
        case stream(String)
    }

    /// The path as the user gave it (used in messages).
    let path: String
    let target: Target

    /// Checks that `path` can be written and resolves what it leads to.
    init(_ path: String) throws(CLIError) {
        self.path = path
        self.target = try Self.resolve(path)
    }

    /// Writes `bytes`: a file is replaced only once they are all written (see `PartialFile`); a stream gets them
    /// in place.
    func write(_ bytes: [UInt8]) throws(CLIError) {
        switch target {
        case .file:
            let partial = PartialFile(self)
            let fd = open(partial.temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                partial.discard()
                throw Self.failure(path)
            }
            let written = writeAll(fd, bytes)
            let closed = close(fd) == 0
            guard written, closed else {
                let error = Self.failure(path)
                partial.discard()
                throw error
            }
            try partial.commit()
        case .stream(let stream):
            let fd = try Self.openStream(stream, named: path)
            let written = writeAll(fd, bytes)
            let closed = close(fd) == 0
            guard written, closed else { throw Self.failure(path) }
        }
    }

    /// Opens a device or FIFO for writing without blocking on a FIFO that has no reader (that is an error: the
    /// CLI never waits for one), then makes writes blocking again.
    static func openStream(_ stream: String, named path: String) throws(CLIError) -> Int32 {
        let fd = open(stream, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENXIO { throw .io("cannot write \(path): no process is reading it (a FIFO needs a reader)") }
            throw failure(path)
        }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            let error = failure(path)
            close(fd)
            throw error
        }
        return fd
    }

    /// `cannot write PATH: <the system's reason for errno>`.
    static func failure(_ path: String, _ code: Int32 = errno) -> CLIError {
        .io("cannot write \(path): \(String(cString: strerror(code)))")
    }
}
