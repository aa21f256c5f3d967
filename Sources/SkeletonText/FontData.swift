#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a font file was not used (`FontData.map`).
enum FontFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// `open` failed (errno).
    case cannotOpen(Int32)
    /// A FIFO, a device (a symlink to `/dev/zero`), a socket or a directory.
    case notRegularFile
    case empty
    /// Over `TextLimits.maxFontFileBytes`; the size in bytes.
    case tooLarge(Int)
    /// `mmap` failed (errno).
    case cannotMap(Int32)
    /// FreeType or HarfBuzz do not read it as a font (or it has no face of that index).
    case notAFont

    var description: String {
        switch self {
        case .cannotOpen(let code): "cannot open it (\(String(cString: strerror(code))))"
        case .notRegularFile: "not a regular file"
        case .empty: "empty"
        case .tooLarge(let bytes):
            "\(bytes) bytes, over the limit of \(TextLimits.maxFontFileBytes >> 20) MiB a font file may have"
        case .cannotMap(let code): "cannot map it (\(String(cString: strerror(code))))"
        case .notAFont: "not a font FreeType and HarfBuzz read"
        }
    }
}

/// A font file's bytes, mapped read-only through one descriptor that was checked before anything was read: opened
/// without blocking (a FIFO named like a font must not stop the daemon) and only when it is a regular file of 1 byte
/// to `TextLimits.maxFontFileBytes`. HarfBuzz and FreeType read the same mapping, unmapped when this goes away (after
/// the face that uses it).
///
/// - Important: a font file must not be truncated while the daemon runs (a mapped page past the new end faults), as
///   with any mapped file; fonts are installed by packages, which replace files rather than rewrite them.
// Safety: the mapping is read-only and never changes until deinit.
final class FontData: @unchecked Sendable {
    let bytes: UnsafeRawPointer
    let count: Int

    private init(bytes: UnsafeRawPointer, count: Int) {
        self.bytes = bytes
        self.count = count
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes), count) }

    /// Maps the file at `path` after checking, on the descriptor it maps, that it is a regular file of a size in
    /// `1...TextLimits.maxFontFileBytes`. Never blocks on a FIFO or a device.
    static func map(_ path: String) -> Result<FontData, FontFileProblem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .failure(.cannotOpen(errno)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(.cannotOpen(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
        let size = Int(status.st_size)
        guard size > 0 else { return .failure(.empty) }
        guard size <= TextLimits.maxFontFileBytes else { return .failure(.tooLarge(size)) }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            return .failure(.cannotMap(errno))
        }
        return .success(FontData(bytes: UnsafeRawPointer(mapped), count: size))
    }
}
