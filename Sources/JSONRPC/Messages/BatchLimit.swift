/// The element limit of a batch, checked on the body's bytes before it is parsed.
///
/// A batch is answered as one array, so its elements are parsed, dispatched and answered together: the limit keeps
/// what one message can make the daemon hold proportional to a constant, not to a count the client wrote.
package enum BatchLimit {
    /// The most elements a batch array may have. A larger batch is one -32600 answer (id null), refused before
    /// its body is parsed.
    package static let maxElements = 10_000

    /// The number of elements of the top-level array in `body`, counting no further than `limit + 1`; nil when the
    /// body is not an array. Strings are skipped exactly (escapes included); the scan stops at the first byte past
    /// the count, so its cost is bounded by the body's size.
    package static func elementCount(in body: UnsafeRawBufferPointer, upTo limit: Int) -> Int? {
        var i = 0
        while i < body.count, body[i] == 0x20 || body[i] == 0x0A || body[i] == 0x0D || body[i] == 0x09 { i += 1 }
        guard i < body.count, body[i] == UInt8(ascii: "[") else { return nil }
        var depth = 0
        var count = 0
        var sawValue = false
        var inString = false
        var escaped = false
        while i < body.count {
            let byte = body[i]
            i += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                if depth == 1 { sawValue = true }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 1 { sawValue = true }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return sawValue ? count + 1 : count }
            case UInt8(ascii: ","):
                if depth == 1 {
                    count += 1
                    if count > limit { return count }
                }
            case 0x20, 0x0A, 0x0D, 0x09:
                break
            default:
                if depth == 1 { sawValue = true }
            }
        }
        return sawValue ? count + 1 : count
    }
}
