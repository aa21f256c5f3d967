package import JSON
package import SkeletonRender

/// The wire form of frame updates (`preview/frame` contents and `preview/render` results).
package enum FrameWire {
    /// `[{x, y, width, height, encoding, data | color}]`: `data` is base64 for `raw` (RGBA rows) and `png`.
    package static func rects(_ rects: [EncodedRect]) -> JSON {
        .array(
            rects.map { encoded in
                var object: JSONObject = [
                    "x": .int(encoded.rect.x), "y": .int(encoded.rect.y),
                    "width": .int(encoded.rect.width), "height": .int(encoded.rect.height),
                    "encoding": .string(encoded.encoding.rawValue),
                ]
                if let color = encoded.color {
                    object["color"] = .string(color.hex)
                } else {
                    object["data"] = .string(String(decoding: encoded.base64, as: UTF8.self))
                }
                return .object(object)
            })
    }

    /// `[{x, y, fg: ["#RRGGBB", …], bg: [...]}]`: runs of changed half-block cells on row `y` from column `x`.
    package static func cellRuns(_ runs: [CellRun]) -> JSON {
        .array(
            runs.map { run in
                [
                    "x": .int(run.column), "y": .int(run.row),
                    "fg": .array(run.cells.map { .string($0.top.hex) }),
                    "bg": .array(run.cells.map { .string($0.bottom.hex) }),
                ]
            })
    }

    /// `[{op: "add", index, layer} | {op: "update", layer} | {op: "remove", id} | {op: "move", id, index}]`.
    package static func layerOps(_ ops: [LayerOp]) -> JSON {
        .array(
            ops.map { op in
                switch op {
                case .add(let layer, let index):
                    ["op": "add", "index": .int(index), "layer": GraphicsWire.layer(layer)]
                case .update(let layer): ["op": "update", "layer": GraphicsWire.layer(layer)]
                case .remove(let id): ["op": "remove", "id": .string(id)]
                case .move(let id, let index): ["op": "move", "id": .string(id), "index": .int(index)]
                }
            })
    }
}
