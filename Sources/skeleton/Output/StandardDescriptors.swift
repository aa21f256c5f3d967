#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard descriptors as it found them.
///
/// A descriptor 0, 1 or 2 that is closed at start (`<&-`, `>&-`, `2>&-`) would be the lowest free number, so
/// the next `open` or `pipe` would take it: the daemon's pipes would land on stdin or stdout and the CLI's own
/// output would be written into them. `/dev/null` is opened onto each closed one first, and the CLI remembers
/// which were closed so a command that must write to stdout says it cannot.
enum StandardDescriptors {
    /// Which of 0, 1, 2 were closed when the process started (set once, by `reserve()`).
    nonisolated(unsafe) private(set) static var closedAtStart: Set<Int32> = []

    /// Opens `/dev/null` onto every closed standard descriptor, in order, so each `open` gets that number.
    ///
    /// - Important: call first thing in `main`, before anything opens a file or a pipe.
    static func reserve() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened == fd { closedAtStart.insert(fd) } else if opened >= 0 { close(opened) }
        }
    }
}
