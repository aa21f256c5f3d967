import Foundation
import JSON
import JSONRPC

/// (a) Ingest: LSP-framed bytes fed in 64 KiB reads, each body parsed and turned into a typed message.
///
/// All contenders use the same framer (`ContentLengthFramer`, as the daemon does) and reads of the same size;
/// they differ in what turns a body into a typed message: jansson + our envelope decoder (`IncomingStream`,
/// exactly the daemon's path), Foundation's `JSONSerialization` + a walk over the `Any` tree, or `JSONDecoder`
/// into a Codable envelope (params as a generic Codable JSON enum, the equivalent of our params view, or
/// typed per method, the strongest Codable case). Each message's checksum is the same in all.
enum IngestBench {
    static let readSize = 64 << 10

    static func contenders(stream: [UInt8]) -> [Contender] {
        [
            Contender(name: "ours: IncomingStream (framing + jansson + typed message)") { ours(stream) },
            Contender(name: "framing + JSONSerialization + typed message") { foundation(stream) },
            Contender(name: "framing + JSONDecoder (Codable envelope, params a Codable JSON enum)") { codable(stream) },
            Contender(name: "framing + JSONDecoder (Codable envelope, params typed per method)") {
                codableTyped(stream)
            },
        ]
    }

    /// The daemon's own path.
    static func ours(_ stream: [UInt8]) -> Int {
        var incoming = IncomingStream(mode: .lsp)
        var checksum = 0
        let deliver: (IncomingEvent) -> Void = { event in
            switch event {
            case .payload(.single(.success(let message))): checksum &+= MessageChecksum.of(message)
            default: checksum &+= MessageChecksum.invalid
            }
        }
        forEachRead(stream) { incoming.feed($0, deliver) }
        incoming.finish(deliver)
        return checksum
    }

    static func foundation(_ stream: [UInt8]) -> Int {
        framed(stream) { body in
            guard let object = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]),
                let message = FoundationMessage(object)
            else { return MessageChecksum.invalid }
            return message.checksum
        }
    }

    static func codable(_ stream: [UInt8]) -> Int {
        let decoder = JSONDecoder()
        return framed(stream) { body in
            guard let envelope = try? decoder.decode(CodableMessage.self, from: Data(body)),
                let message = envelope.typed
            else { return MessageChecksum.invalid }
            return message.checksum
        }
    }

    static func codableTyped(_ stream: [UInt8]) -> Int {
        let decoder = JSONDecoder()
        return framed(stream) { body in
            guard let decoded = try? decoder.decode(TypedCodableMessage.self, from: Data(body)),
                let message = decoded.message
            else { return MessageChecksum.invalid }
            return message.checksum
        }
    }

    /// Frames `stream` with the daemon's framer and sums `decode` over the bodies.
    private static func framed(_ stream: [UInt8], _ decode: (UnsafeRawBufferPointer) -> Int) -> Int {
        var framer = ContentLengthFramer()
        var checksum = 0
        func emit(_ event: FramerEvent) {
            switch event {
            case .message(let body): checksum &+= decode(body)
            case .error: checksum &+= MessageChecksum.invalid
            }
        }
        forEachRead(stream) { framer.feed($0, emit) }
        framer.finish(emit)
        return checksum
    }

    private static func forEachRead(_ stream: [UInt8], _ body: (UnsafeRawBufferPointer) -> Void) {
        stream.withUnsafeBytes { all in
            var offset = 0
            while offset < all.count {
                let end = min(offset + readSize, all.count)
                body(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                offset = end
            }
        }
    }
}

/// A checksum of a typed message that all three decoders can compute the same way.
enum MessageChecksum {
    static let invalid = 1_000_003

    static func combine(kind: Int, id: Int, method: String, hasParams: Bool) -> Int {
        kind &* 7 &+ id &* 31 &+ method.utf8.count &* 131 &+ (hasParams ? 1 : 0)
    }

    static func of(_ message: IncomingMessage) -> Int {
        switch message {
        case .request(let id, let method, let params):
            let idSum: Int =
                switch id {
                case .int(let i): i
                case .string(let s): s.utf8.count
                }
            return combine(kind: 1, id: idSum, method: method, hasParams: params != nil)
        case .notification(let method, let params):
            return combine(kind: 2, id: 0, method: method, hasParams: params != nil)
        case .response:
            return combine(kind: 3, id: 0, method: "", hasParams: false)
        }
    }
}
