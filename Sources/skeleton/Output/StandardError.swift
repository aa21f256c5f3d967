#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to stderr, the CLI's channel for diagnostics, progress and errors (stdout carries results only).
enum StandardError {
    /// Writes `text` followed by a newline.
    static func line(_ text: String) {
        emit(text + "\n")
    }

    /// Writes `text` as it is (a write error is ignored: there is nowhere left to report it).
    static func emit(_ text: String) {
        writeAll(2, Array(text.utf8))
    }

    /// Whether stderr is a terminal (progress bars are drawn only then).
    static var isTerminal: Bool { isatty(2) == 1 }
}

/// Writes every byte to `fd`, retrying after interruptions; false on an error.
@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { return false }
        offset += n
    }
    return true
}
