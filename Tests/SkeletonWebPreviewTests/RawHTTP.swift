import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One HTTP exchange over a plain TCP socket to 127.0.0.1, with the request's bytes exactly as given (so tests
/// can send what no HTTP client would: two Host headers, a foreign Origin, `..` in a path).
enum RawHTTP {
    struct Failure: Error { let message: String }

    /// Sends `request` and returns what the server wrote until it closed or `timeout` seconds passed.
    static func exchange(port: Int, _ request: String, timeout: Double = 20) throws -> String {
        let connection = try Connection(port: port)
        try connection.write(request)
        return connection.receive(timeout: timeout, untilLine: !request.contains("Connection: close"))
    }

    /// An open TCP connection to 127.0.0.1, closed when released.
    final class Connection {
        private let fd: Int32

        init(port: Int) throws {
            #if canImport(Glibc)
                fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
                fd = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard fd >= 0 else { throw Failure(message: "socket failed") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                close(fd)
                throw Failure(message: "connect failed: \(errno)")
            }
        }

        deinit { close(fd) }

        func write(_ request: String) throws {
            let bytes = Array(request.utf8)
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { throw Failure(message: "send failed") }
                sent += n
            }
        }

        /// What the server writes until it closes or `timeout` seconds pass (with `untilLine`, until a quiet moment
        /// after a line has come).
        func receive(timeout: Double, untilLine: Bool = true) -> String {
            var answer: [UInt8] = []
            let deadline = Date().addingTimeInterval(timeout)
            var chunk = [UInt8](repeating: 0, count: 65536)
            while Date() < deadline {
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 100) > 0 else {
                    if answer.contains(0x0A) && untilLine { break }
                    continue
                }
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                answer += chunk[..<n]
            }
            return String(decoding: answer, as: UTF8.self)
        }
    }

    /// `GET path` with these header lines, the connection closed after the answer.
    static func get(port: Int, _ path: String, headers: [String]) throws -> String {
        let lines = ["GET \(path) HTTP/1.1"] + headers + ["Connection: close", "", ""]
        return try exchange(port: port, lines.joined(separator: "\r\n"))
    }

    /// The status code of an answer's first line.
    static func status(_ answer: String) -> Int? {
        let parts = answer.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}
