import Foundation
import JSON
import JSONRPC
import SkeletonClient
import SkeletonProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// One message from the daemon, stamped when its last byte was read (before it is parsed).
struct Received {
    let body: [UInt8]
    let at: ContinuousClock.Instant
    /// The method of a notification (from the start of the body, without parsing a big frame).
    let method: String?
    /// The id of a response.
    let id: Int?
    /// `params.seq` of a `preview/frame`.
    let seq: Int?
    /// Framed size on the wire (header included).
    let wireBytes: Int
}

/// The real `skeletond` over pipes, with a lean client: framed reads into a reused buffer and a timestamp taken
/// as soon as a message is complete, so the latency figures measure the daemon, not a client's JSON tree.
/// Started through `SkeletonClient.DaemonProcess`; its `PipeClient` is not used (we read the pipe ourselves).
final class LiveDaemon {
    let daemon: DaemonProcess
    let pid: Int32
    private let writeFD: Int32
    private let readFD: Int32
    /// Room for a whole-canvas raw frame of the viewport row's 5,000-node document (62 MB of pixels, 82 MB of
    /// base64), which the daemon sends and the 64 MiB default of a client refuses.
    private var framer = ContentLengthFramer(maxMessageSize: 256 << 20)
    private var inbox: [Received] = []
    private var inboxStart = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    private var nextID = 0
    let clock = ContinuousClock()

    init(executable: String, manualClock: Bool = true) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchError("no skeletond at \(executable) (scripts/bench builds it)")
        }
        daemon = try DaemonProcess(executable: URL(fileURLWithPath: executable), arguments: ["--log-level", "error"])
        guard let input = daemon.process.standardInput as? Pipe, let output = daemon.process.standardOutput as? Pipe
        else {
            throw BenchError("skeletond has no pipes")
        }
        writeFD = input.fileHandleForWriting.fileDescriptor
        readFD = output.fileHandleForReading.fileDescriptor
        pid = daemon.process.processIdentifier
        let initialized = try request(
            InitializeRequest.self,
            .init(
                processID: nil, initializationOptions: .init(clock: manualClock ? .manual : nil),
                capabilities: ClientCapabilities(positionEncodings: ["utf-8"])))
        guard initialized["result"]?["capabilities"] != nil else {
            throw BenchError("initialize failed: \(initialized.text)")
        }
        notify(InitializedNotification.self, .init())
    }

    /// Ends the daemon (shutdown, exit) and waits for it.
    func stop() {
        _ = try? request("shutdown", nil, timeout: 10)
        notifyExit()
        _ = daemon.waitForExit(timeout: 10)
    }

    // MARK: Writing

    func frame(_ message: JSON) -> [UInt8] { OutputFraming.framing(for: .lsp)(message.bytes) }

    func write(_ framed: [UInt8]) {
        FileDescriptor.writeAll(writeFD, framed)
    }

    /// `Method`'s notification, framed (to write later, for timing).
    func notificationBytes<Method: NotificationMethod>(_: Method.Type, _ params: Method.Params) -> [UInt8]
    where Method.Params: EncodableObject {
        frame(["jsonrpc": "2.0", "method": .string(Method.method), "params": params.json])
    }

    func notify<Method: NotificationMethod>(_: Method.Type, _ params: Method.Params)
    where Method.Params: EncodableObject {
        write(notificationBytes(Method.self, params))
    }

    /// `exit`: a notification without params.
    private func notifyExit() { write(frame(["jsonrpc": "2.0", "method": "exit"])) }

    /// `Method`'s request, framed with a fresh id (to write later, for timing).
    func requestBytes<Method: RequestMethod>(_: Method.Type, _ params: Method.Params) -> (id: Int, bytes: [UInt8])
    where Method.Params: EncodableObject {
        requestBytes(Method.method, params.json)
    }

    private func requestBytes(_ method: String, _ params: JSON?) -> (id: Int, bytes: [UInt8]) {
        nextID += 1
        var message: JSONObject = ["jsonrpc": "2.0", "id": .int(nextID), "method": .string(method)]
        if let params { message["params"] = params }
        return (nextID, frame(.object(message)))
    }

    /// Sends `Method`'s request and returns its response, parsed; notifications that come first are dropped, frames
    /// are acknowledged.
    @discardableResult
    func request<Method: RequestMethod>(_: Method.Type, _ params: Method.Params, timeout: Double = 60) throws -> JSON
    where Method.Params: EncodableObject {
        try request(Method.method, params.json, timeout: timeout)
    }

    private func request(_ method: String, _ params: JSON?, timeout: Double) throws -> JSON {
        let (id, bytes) = requestBytes(method, params)
        write(bytes)
        let answer = try receive(until: { $0.id == id }, timeout: timeout)
        let json = try JSONDocument.parse(answer.body).value.json
        if let error = json["error"] { throw BenchError("\(method) failed: \(error.text)") }
        return json
    }

    // MARK: Reading

    /// Reads until a message satisfies `stop`, handling the others: frames are acknowledged (so a subscription
    /// never stalls), everything else is dropped.
    func receive(until stop: (Received) -> Bool, timeout: Double = 60) throws -> Received {
        while true {
            let message = try next(timeout: timeout)
            if stop(message) { return message }
            if message.method == "preview/frame" { ack(message) }
        }
    }

    var subscriptionForAcks: String?

    func ack(_ frame: Received) {
        guard let seq = frame.seq, let subscription = subscriptionForAcks else { return }
        notify(AckNotification.self, .init(subscription: SubscriptionName(subscription), seq: seq))
    }

    /// The next message.
    func next(timeout: Double = 60) throws -> Received {
        let deadline = clock.now + .milliseconds(Int(timeout * 1000))
        while inboxStart == inbox.count {
            let left = deadline - clock.now
            guard left > .zero else { throw BenchError("skeletond sent nothing within \(timeout) s") }
            try fill(waitMilliseconds: Int32(min(1000, max(1, left.components.seconds * 1000 + 1))))
        }
        let message = inbox[inboxStart]
        inboxStart += 1
        if inboxStart == inbox.count {
            inbox.removeAll(keepingCapacity: true)
            inboxStart = 0
        }
        return message
    }

    private func fill(waitMilliseconds: Int32) throws {
        var descriptor = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&descriptor, 1, waitMilliseconds) > 0 else { return }
        let n = buffer.withUnsafeMutableBytes { FileDescriptor.read(readFD, into: $0) }
        guard n > 0 else { throw BenchError("skeletond closed its output") }
        let now = clock.now
        var failure: BenchError?
        buffer.withUnsafeBytes { raw in
            framer.feed(UnsafeRawBufferPointer(rebasing: raw[..<n])) { event in
                switch event {
                case .message(let body):
                    inbox.append(Self.classify(Array(body), at: now))
                case .error(let error):
                    failure = BenchError("skeletond sent a bad frame: \(error)")
                }
            }
        }
        if let failure { throw failure }
    }

    /// Method, id and seq from a body: small bodies are parsed; big ones (frames) are scanned at their start.
    static func classify(_ body: [UInt8], at: ContinuousClock.Instant) -> Received {
        let header = "Content-Length: \(body.count)\r\n\r\n".utf8.count
        if body.count < 65536, let value = try? JSONDocument.parse(body).value {
            return Received(
                body: body, at: at, method: value["method"]?.string, id: value["id"]?.int,
                seq: value["params"]?["seq"]?.int, wireBytes: body.count + header)
        }
        let prefix = body.prefix(1024)
        let method = scanString(prefix, after: "\"method\":")
        // A big response (an outline): its id comes before its result.
        return Received(
            body: body, at: at, method: method, id: method == nil ? scanInt(prefix, after: "\"id\":") : nil,
            seq: scanInt(prefix, after: "\"seq\":"), wireBytes: body.count + header)
    }

    private static func find(_ haystack: ArraySlice<UInt8>, _ needle: String) -> Int? {
        let n = Array(needle.utf8)
        guard haystack.count >= n.count else { return nil }
        var i = haystack.startIndex
        while i + n.count <= haystack.endIndex {
            if haystack[i..<(i + n.count)].elementsEqual(n) { return i + n.count }
            i += 1
        }
        return nil
    }

    private static func scanString(_ bytes: ArraySlice<UInt8>, after key: String) -> String? {
        guard var i = find(bytes, key) else { return nil }
        while i < bytes.endIndex, bytes[i] == 32 { i += 1 }
        guard i < bytes.endIndex, bytes[i] == 34 else { return nil }
        let start = i + 1
        var end = start
        while end < bytes.endIndex, bytes[end] != 34 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func scanInt(_ bytes: ArraySlice<UInt8>, after key: String) -> Int? {
        guard var i = find(bytes, key) else { return nil }
        while i < bytes.endIndex, bytes[i] == 32 { i += 1 }
        var value = 0
        var digits = 0
        while i < bytes.endIndex, bytes[i] >= 48, bytes[i] <= 57 {
            value = value * 10 + Int(bytes[i] - 48)
            digits += 1
            i += 1
        }
        return digits > 0 ? value : nil
    }

    // MARK: The process

    /// VmRSS of the daemon, in bytes.
    func residentBytes() throws -> Int { try statusBytes("VmRSS") }

    /// VmHWM of the daemon (its peak resident memory so far), in bytes.
    func peakResidentBytes() throws -> Int { try statusBytes("VmHWM") }

    /// A kB figure of `/proc/PID/status`, in bytes.
    private func statusBytes(_ key: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            let digits = line.filter(\.isNumber)
            if let kb = Int(digits) { return kb * 1024 }
        }
        throw BenchError("no \(key) in /proc/\(pid)/status")
    }

    /// CPU time of the daemon's threads so far, in seconds (sum of `/proc/PID/task/*/schedstat`, nanoseconds).
    func cpuSeconds() throws -> Double {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        var total = 0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                let first = text.split(separator: " ").first, let ns = Int(first)
            else { continue }
            total += ns
        }
        return Double(total) / 1e9
    }
}

extension Duration {
    var seconds: Double {
        let (s, attos) = components
        return Double(s) + Double(attos) * 1e-18
    }
}
