import Foundation

/// An output path (`-o`), checked before any work is done so that an unwritable path fails fast.
struct OutputFile {
    let path: String

    /// Checks that `path` can be written: its directory exists and is writable, and the path is not a directory
    /// (an existing file must be writable).
    init(_ path: String) throws(CLIError) {
        self.path = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else { throw .io("cannot write \(path): it is a directory") }
            guard access(path, W_OK) == 0 else { throw .io("cannot write \(path): \(Self.reason())") }
            return
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .io("cannot write \(path): the directory \(directory) does not exist")
        }
        guard access(directory, W_OK) == 0 else { throw .io("cannot write \(path): \(Self.reason())") }
    }

    /// Writes `bytes`, replacing the file only once they are all written (see `PartialFile`).
    func write(_ bytes: [UInt8]) throws(CLIError) {
        let partial = PartialFile(destination: path)
        let fd = open(partial.temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            partial.discard()
            throw .io("cannot write \(path): \(Self.reason())")
        }
        let written = writeAll(fd, bytes)
        let closed = close(fd) == 0
        guard written, closed else {
            let reason = Self.reason()
            partial.discard()
            throw .io("cannot write \(path): \(reason)")
        }
        try partial.commit()
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
