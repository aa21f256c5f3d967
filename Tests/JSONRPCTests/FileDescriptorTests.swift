import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct FileDescriptorTests {
    /// The size Linux lets an unprivileged process ask for (`/proc/sys/fs/pipe-max-size`), capped at 1 MiB.
    static var allowedPipeBytes: Int {
        let text = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8)) ?? ""
        return min(FileDescriptor.largePipeBytes, Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 65536)
    }

    @Test func aPipeIsEnlargedToWhatTheSystemAllows() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(fcntl(ends[1], 1032) == 65536, "a new pipe holds 64 KiB")
        let size = try #require(FileDescriptor.enlargePipe(ends[1]))
        #expect(size == Self.allowedPipeBytes)
        #expect(fcntl(ends[0], 1032) == Int32(size), "both ends share the buffer")
        // Asking for more than the cap asks for the cap; asking for less than 64 KiB asks for 64 KiB.
        #expect(FileDescriptor.enlargePipe(ends[1], to: Int.max) == Self.allowedPipeBytes)
        #expect(FileDescriptor.enlargePipe(ends[1], to: -5) == 65536)
    }

    @Test func aFileOrAClosedDescriptorIsLeftAlone() throws {
        let path = NSTemporaryDirectory() + "skeletond-fd-\(getpid()).txt"
        let fd = open(path, O_CREAT | O_RDWR, 0o600)
        #expect(fd >= 0)
        defer {
            close(fd)
            unlink(path)
        }
        #expect(FileDescriptor.enlargePipe(fd) == nil)
        #expect(FileDescriptor.enlargePipe(-1) == nil)
    }
}
