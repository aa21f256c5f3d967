import CJSONArena
import CJansson
import Foundation
import JSON
import JSONRPC

/// Reference rows: parts of the path on their own, to show where the time goes (not compared for checksums).
enum ReferenceParsers {
    /// jansson's `json_loadb` with its default allocation (every value a malloc), as before the arena.
    /// Returns the number of top-level members (or elements).
    static func janssonMalloc(_ bytes: UnsafeRawBufferPointer) -> Int {
        skd_arena_install()  // the daemon's hooks, outside any arena: malloc per value
        var error = json_error_t()
        let flags = size_t(JSON_DECODE_ANY) | size_t(JSON_REJECT_DUPLICATES) | size_t(JSON_ALLOW_NUL)
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            let root = json_loadb(base, bytes.count, flags, &error)
        else { return -1 }
        let count = root.pointee.type == JSON_OBJECT ? json_object_size(root) : 0
        json_decref(root)
        return count
    }

    /// Our parse (pre-scan, arena, jansson) without walking the result.
    static func janssonArena(_ bytes: UnsafeRawBufferPointer) -> Int {
        (try? JSONDocument.parse(bytes, limits: .messages))?.value.count ?? -1
    }

    static func foundationParseOnly(_ bytes: UnsafeRawBufferPointer) -> Int {
        ((try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any])?.count ?? -1
    }

    /// Frames `stream` in 64 KiB reads and sums `body` over the messages.
    static func framed(_ stream: [UInt8], _ body: (UnsafeRawBufferPointer) -> Int) -> Int {
        var framer = ContentLengthFramer()
        var sum = 0
        func emit(_ event: FramerEvent) {
            if case .message(let bytes) = event { sum &+= body(bytes) }
        }
        stream.withUnsafeBytes { all in
            var offset = 0
            while offset < all.count {
                let end = min(offset + IngestBench.readSize, all.count)
                framer.feed(UnsafeRawBufferPointer(rebasing: all[offset..<end]), emit)
                offset = end
            }
        }
        framer.finish(emit)
        return sum
    }
}
