#if canImport(Glibc)
    import Glibc
#endif

/// Replaying fuzz inputs without libFuzzer: a plain `swift build` of a fuzz target runs the inputs named on its
/// command line through the same function libFuzzer calls, which reproduces a crash `scripts/fuzz` kept.
package enum FuzzReplay {
    /// Runs `run` on the bytes of every file named in the arguments; exits 2 without arguments, 1 on an unreadable
    /// file.
    package static func main(tool: String, what: String, _ run: (UnsafeRawBufferPointer) -> Void) -> Never {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            StandardError.write("usage: \(tool) FILE...  (replays \(what) fuzz inputs; scripts/fuzz runs libFuzzer)\n")
            exit(2)
        }
        for path in paths {
            guard let bytes = ReplayFile.read(path) else {
                StandardError.write("\(tool): cannot read \(path)\n")
                exit(1)
            }
            bytes.withUnsafeBytes { run($0) }
            StandardError.write("ran \(path) (\(bytes.count) bytes)\n")
        }
        exit(0)
    }
}

/// Whole-file reads and stderr writes without Foundation.
enum ReplayFile {
    /// The bytes of the file at `path`, or nil when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}

/// Messages for the person replaying inputs.
package enum StandardError {
    package static func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
