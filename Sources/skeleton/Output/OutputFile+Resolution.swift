import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputFile {
    /// Symbolic links followed at most (the kernel's own limit, `ELOOP`).
    static let maxLinks = 40

    /// What `path` leads to, checked: a writable regular file (its real path), a writable device or FIFO, or a
    /// name that does not exist in a writable directory (through a dangling symbolic link: the name it points at).
    static func resolve(_ path: String) throws(CLIError) -> Target {
        var status = stat()
        guard stat(path, &status) == 0 else {
            guard errno == ENOENT else { throw failure(path) }
            let missing = try danglingTarget(of: path)
            try checkDirectory(of: missing, for: path)
            return .file(missing)
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw .io("cannot write \(path): it is a directory")
        case S_IFBLK: throw .io("cannot write \(path): it is a block device")
        case S_IFSOCK: throw .io("cannot write \(path): it is a socket")
        case S_IFCHR, S_IFIFO:
            guard access(path, W_OK) == 0 else { throw failure(path) }
            return .stream(path)
        default:
            guard access(path, W_OK) == 0 else { throw failure(path) }
            // The file itself, wherever links (or /dev/stdout's /proc link) lead: renamed onto, links kept.
            guard let real = realpath(path, nil) else { throw failure(path) }
            defer { free(real) }
            return .file(String(cString: real))
        }
    }

    /// The path a chain of symbolic links ends at when its last target does not exist (`path` itself when it is
    /// not a link).
    private static func danglingTarget(of path: String) throws(CLIError) -> String {
        var current = path
        for _ in 0...maxLinks {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw failure(path) }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                link.hasPrefix("/")
                ? link : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(link).path
        }
        throw failure(path, ELOOP)
    }

    /// The directory that will hold `file` exists and is writable (the temporary file is made there).
    private static func checkDirectory(of file: String, for path: String) throws(CLIError) {
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .io("cannot write \(path): the directory \(directory) does not exist")
        }
        guard access(directory, W_OK) == 0 else { throw failure(path) }
    }
}
