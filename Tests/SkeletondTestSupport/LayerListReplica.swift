package import JSON

/// A client's copy of a display list, kept up to date from `layers` frames (`preview/frame` with
/// `encoding: "layers"`), as a client that animates by itself would keep it.
package struct LayerListReplica: Sendable {
    package private(set) var layers: [JSON] = []

    package init() {}

    /// Applies one frame's ops in order; a keyframe starts from an empty list.
    package mutating func apply(_ frame: JSON) {
        if frame["keyframe"] == true { layers = [] }
        for op in frame["ops"]?.arrayValue ?? [] {
            switch op["op"]?.stringValue {
            case "add": layers.insert(op["layer"] ?? .null, at: min(op["index"]?.intValue ?? 0, layers.count))
            case "update":
                if let i = layers.firstIndex(where: { $0["id"] == op["layer"]?["id"] }) {
                    layers[i] = op["layer"] ?? .null
                }
            case "remove": layers.removeAll { $0["id"] == op["id"] }
            case "move":
                if let i = layers.firstIndex(where: { $0["id"] == op["id"] }) {
                    let layer = layers.remove(at: i)
                    layers.insert(layer, at: min(op["index"]?.intValue ?? 0, layers.count))
                }
            default: break
            }
        }
    }

    /// Whether the replica equals `expected` (numbers by value).
    package func matches(_ expected: [JSON]) -> Bool {
        layers.count == expected.count && zip(layers, expected).allSatisfy { JSONMatching.matches($0, $1) }
    }
}
