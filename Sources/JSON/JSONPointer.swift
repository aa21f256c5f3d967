internal import CJansson

/// An RFC 6901 JSON Pointer: `""` is the whole document, `/params/frame/2` a value inside it.
package struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    package var tokens: [String]

    package init(_ tokens: [String] = []) { self.tokens = tokens }

    /// Parses `/a/b~1c/0`; nil when the text is neither empty nor starts with `/`.
    package init?(parsing text: String) {
        if text.isEmpty {
            self.init()
            return
        }
        guard text.hasPrefix("/") else { return nil }
        self.init(
            text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
                $0.replacingOccurrences("~1", with: "/").replacingOccurrences("~0", with: "~")
            })
    }

    package var description: String {
        tokens.map { "/" + $0.replacingOccurrences("~", with: "~0").replacingOccurrences("/", with: "~1") }.joined()
    }

    package func appending(_ token: String) -> JSONPointer { JSONPointer(tokens + [token]) }
    package func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// The pointer without its first `count` tokens.
    package func dropping(first count: Int) -> JSONPointer { JSONPointer(Array(tokens.dropFirst(count))) }
}

extension StringProtocol {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return String(self) }
        var out = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

extension Substring {
    fileprivate func range(of target: String) -> Range<Substring.Index>? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) { return i..<index(i, offsetBy: target.count) }
            i = index(after: i)
        }
        return nil
    }
}

extension JSONValue {
    /// Where this value sits in its document, found by searching the tree (meant for error paths only).
    package var pointerFromRoot: JSONPointer {
        var tokens: [String] = []
        _ = Self.find(pointer, in: document.root, path: &tokens)
        return JSONPointer(tokens)
    }

    /// The value at `pointer` below this one, or nil.
    package func resolve(_ pointer: JSONPointer) -> JSONValue? {
        var current: JSONValue? = self
        for token in pointer.tokens {
            guard let value = current else { return nil }
            switch value.kind {
            case .object: current = value[token]
            case .array: current = Int(token).flatMap { value[$0] }
            default: return nil
            }
        }
        return current
    }

    private static func find(
        _ target: UnsafeMutablePointer<json_t>, in node: UnsafeMutablePointer<json_t>, path: inout [String]
    ) -> Bool {
        if node == target { return true }
        switch node.pointee.type {
        case JSON_ARRAY:
            for i in 0..<json_array_size(node) {
                guard let child = json_array_get(node, i) else { continue }
                path.append(String(i))
                if find(target, in: child, path: &path) { return true }
                path.removeLast()
            }
        case JSON_OBJECT:
            var iterator = json_object_iter(node)
            while let it = iterator {
                if let child = json_object_iter_value(it), let key = json_object_iter_key(it) {
                    let length = json_object_iter_key_len(it)
                    path.append(
                        key.withMemoryRebound(to: UInt8.self, capacity: length) {
                            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                        })
                    if find(target, in: child, path: &path) { return true }
                    path.removeLast()
                }
                iterator = json_object_iter_next(node, it)
            }
        default: break
        }
        return false
    }
}
