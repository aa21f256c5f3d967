import Foundation
import SkeletondTestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension CLIRunner {
    /// What a standard descriptor of the spawned `skeleton` is.
    enum Descriptor {
        /// Closed (`<&-`, `>&-`).
        case closed
        /// This path, opened for reading (fd 0) or writing (fds 1 and 2; created and truncated when a file).
        case path(String)
    }

    /// The outcome of `spawn`: the status and stderr of the process. (Its `ru_maxrss` is no measure of it: a child
    /// spawned from the test process starts its count at the test process's resident size, kept across `exec`;
    /// bound its memory with `dataLimit` instead.)
    struct Spawned {
        var status: Int32
        var stderr: String
    }

    /// Runs `skeleton arguments…` with its standard descriptors as given (stderr to a file, returned), killing it
    /// after `timeout` seconds.
    static func spawn(
        _ arguments: [String], stdin: Descriptor = .path("/dev/null"), stdout: Descriptor,
        environment: [String: String] = [:], timeout: Double = 120, dataLimit: Int? = nil
    ) throws -> Spawned {
        let directory = try TemporaryDirectory()
        let errPath = directory.file("stderr")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, descriptor) in [(Int32(0), stdin), (1, stdout), (2, .path(errPath))] {
            switch descriptor {
            case .closed: posix_spawn_file_actions_addclose(&actions, fd)
            case .path(let path):
                let flags = fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, fd, path, flags, 0o644)
            }
        }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SKELETOND")
        for (key, value) in environment { env[key] = value }
        // With `dataLimit`, util-linux's prlimit runs it with RLIMIT_DATA set (heap and private mappings): an
        // allocation past the limit fails, and the run with it.
        let program = dataLimit == nil ? binary.path : "/usr/bin/prlimit"
        let limited = dataLimit.map { ["/usr/bin/prlimit", "--data=\($0):\($0)", "--", binary.path] } ?? [binary.path]
        let argv = (limited + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard spawned == 0 else { throw ClientError("posix_spawn failed: \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        let deadline = Date().addingTimeInterval(timeout)
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            guard deadline.timeIntervalSinceNow > 0 else {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                throw ClientError("skeleton \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
            }
            usleep(10_000)
        }
        let exited = status & 0x7F == 0
        return Spawned(
            status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}

/// A FIFO read on another thread, without ever blocking the test: opened non-blocking, read until its writer
/// closes it or `timeout` passes.
final class FIFOReader: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    /// Opens `path` for reading now (so a writer finds a reader) and reads it in the background.
    init(_ path: String, timeout: Double = 120) {
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        DispatchQueue.global().async { [self] in
            defer {
                if fd >= 0 { close(fd) }
                done.signal()
            }
            guard fd >= 0 else { return }
            let deadline = Date().addingTimeInterval(timeout)
            var sawWriter = false
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while deadline.timeIntervalSinceNow > 0 {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    sawWriter = true
                    lock.withLock { bytes += chunk[0..<n] }
                } else if n == 0, sawWriter {
                    return  // the writer closed it
                } else {
                    usleep(5_000)  // no writer yet (EOF without one), or nothing to read yet
                }
            }
        }
    }

    /// What was read, once the writer closed the FIFO (or the time ran out).
    func result() -> [UInt8] {
        done.wait()
        return lock.withLock { bytes }
    }
}
