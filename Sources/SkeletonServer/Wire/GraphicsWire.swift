public import JSON
public import SkeletonGraphics

/// The wire form of display lists: layers as `skeleton/layers` and the `layers` stream send them.
public enum GraphicsWire {
    /// `{id, node, kind, rect: [x, y, w, h], cornerRadius, fill, opacity, clips?}`.
    public static func layer(_ layer: Layer) -> JSON {
        var object: JSONObject = [
            "id": .string(layer.id),
            "node": .string(layer.node),
            "kind": .string(layer.kind.rawValue),
            "rect": rect(layer.shape.rect),
            "cornerRadius": .double(layer.shape.cornerRadius),
            "fill": fill(layer.fill),
            "opacity": .double(layer.opacity),
        ]
        if !layer.clips.isEmpty {
            object["clips"] = .array(
                layer.clips.map { ["rect": rect($0.rect), "cornerRadius": .double($0.cornerRadius)] })
        }
        return .object(object)
    }

    /// `{solid: "#RRGGBBAA"}` or `{gradient: {colors, locations?, start: [x, y], end: [x, y]}}`.
    public static func fill(_ fill: Fill) -> JSON {
        switch fill {
        case .solid(let color):
            return ["solid": .string(color.hexRGBA)]
        case .linearGradient(let gradient):
            var object: JSONObject = [
                "colors": .array(gradient.colors.map { .string($0.hexRGBA) }),
                "start": point(gradient.start),
                "end": point(gradient.end),
            ]
            if let locations = gradient.locations { object["locations"] = .array(locations.map(JSON.double)) }
            return ["gradient": .object(object)]
        }
    }

    public static func rect(_ r: Rect) -> JSON { .array(r.array.map(JSON.double)) }
    public static func point(_ p: Point) -> JSON { [.double(p.x), .double(p.y)] }
    public static func size(_ s: Size) -> JSON { ["width": .double(s.width), "height": .double(s.height)] }
}
