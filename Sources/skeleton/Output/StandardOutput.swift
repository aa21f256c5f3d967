#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing results to stdout, where a failed write is the run's failure: a full disk (`> /dev/full`), a reader
/// that went away (`| head -0`) or a stdout closed at start (`>&-`) is one `skeleton: cannot write to standard
/// output: …` line and status 2, never a silent exit 0.
enum StandardOutput {
    /// Writes `text` followed by a newline.
    static func line(_ text: String) throws(CLIError) {
        try write(text + "\n")
    }

    /// Writes `text` as it is.
    static func write(_ text: String) throws(CLIError) {
        guard !StandardDescriptors.closedAtStart.contains(1) else {
            throw .io("cannot write to standard output: it was closed when skeleton started")
        }
        guard writeAll(1, Array(text.utf8)) else {
            throw .io("cannot write to standard output: \(String(cString: strerror(errno)))")
        }
    }
}
