import Synchronization

/// How much the daemon says on stderr.
package enum LogLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    case error = 0
    case warning, info, debug, trace

    package init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.description == name.lowercased() }) else { return nil }
        self = level
    }

    package var description: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        case .debug: "debug"
        case .trace: "trace"
        }
    }

    package static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
}

/// Writes log lines to a file descriptor (stderr by default), one whole line per write, never to stdout.
package final class Logger: Sendable {
    private let fd: Int32
    private let state: Mutex<LogLevel>

    package init(level: LogLevel = .info, fd: Int32 = 2) {
        self.fd = fd
        self.state = Mutex(level)
    }

    package var level: LogLevel {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    package func isEnabled(_ level: LogLevel) -> Bool { level <= self.level }

    /// Logs `message()` when `level` is enabled; the message is not built otherwise.
    package func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        var line = Array("skeletond[\(level)] ".utf8)
        line.append(contentsOf: message().utf8)
        line.append(0x0A)
        // One write per line: lines from different threads never interleave within a line.
        state.withLock { _ in _ = FileDescriptor.writeAll(fd, line) }
    }

    package func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    package func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    package func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    package func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
