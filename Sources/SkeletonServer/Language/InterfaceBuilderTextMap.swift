/// Where the `id="…"` attributes of a storyboard's or XIB's text are: the one thing the language features need from
/// XML (Interface Builder ids are the nodes' references), found in one pass over the bytes.
struct InterfaceBuilderTextMap: Sendable {
    /// The byte range of each id's value (without the quotes), the first occurrence of each id.
    private(set) var ids: [String: Range<Int>] = [:]
    /// Every id value in text order, with its range.
    private(set) var ordered: [(id: String, range: Range<Int>)] = []

    init(bytes: [UInt8]) {
        let pattern = Array(" id=\"".utf8)
        var i = 0
        while i + pattern.count <= bytes.count {
            guard bytes[i] == pattern[0], bytes[i..<(i + pattern.count)].elementsEqual(pattern) else {
                i += 1
                continue
            }
            let start = i + pattern.count
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "<") { end += 1 }
            let id = String(decoding: bytes[start..<end], as: UTF8.self)
            if ids[id] == nil { ids[id] = start..<end }
            ordered.append((id, start..<end))
            i = end
        }
    }

    /// The id whose value holds `offset` (a cursor just past it counts), or nil.
    func id(at offset: Int) -> String? {
        var low = 0
        var high = ordered.count
        while low < high {
            let mid = (low + high) / 2
            if ordered[mid].range.upperBound < offset { low = mid + 1 } else { high = mid }
        }
        guard low < ordered.count, ordered[low].range.lowerBound <= offset else { return nil }
        return ordered[low].id
    }
}
