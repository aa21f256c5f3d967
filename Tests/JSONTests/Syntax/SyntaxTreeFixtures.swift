import Foundation
import JSON

/// The valid JSON texts the syntax tree's tests read: the examples and the protocol's schemas.
enum SyntaxTreeFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The example documents (`Examples/*.skeleton.json`), by name.
    static let examples: [(name: String, bytes: [UInt8])] = texts(in: "Examples", suffix: ".skeleton.json")

    /// The examples and the schemas.
    static let all: [(name: String, bytes: [UInt8])] = examples + texts(in: "Protocol/schemas", suffix: ".json")

    private static func texts(in folder: String, suffix: String) -> [(name: String, bytes: [UInt8])] {
        let url = packageRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) else {
                return nil
            }
            return (name, Array(data))
        }
    }

    /// Every value of `value` with its pointer, in preorder.
    static func values(_ value: JSONValue, at pointer: JSONPointer = JSONPointer()) -> [(JSONPointer, JSONValue)] {
        var out: [(JSONPointer, JSONValue)] = []
        var stack = [(pointer, value)]
        while let (p, v) = stack.popLast() {
            out.append((p, v))
            switch v.kind {
            case .object: for (key, member) in v.members.reversed() { stack.append((p.appending(key), member)) }
            case .array:
                for (n, element) in v.elements.enumerated().reversed() { stack.append((p.appending(n), element)) }
            default: break
            }
        }
        return out
    }

    /// A deterministic generator for edits.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
