package import JSON
package import SkeletonGraphics

/// The wire form of display lists: layers as `skeleton/layers` and the `layers` stream send them.
package enum GraphicsWire {
    /// `{id, node, kind, rect: [x, y, w, h], cornerRadius, fill, opacity, clips?}`.
    package static func layer(_ layer: Layer) -> JSON {
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
        switch layer.content {
        case .text(let text)?: object["text"] = self.text(text)
        case .stroke(let width)?: object["stroke"] = .double(width)
        case nil: break
        }
        return .object(object)
    }

    /// `{string, font: {size, weight, lineHeight}, alignment, maxLines, rtl, placement, insets?}`: what a text
    /// layer draws in its rectangle.
    package static func text(_ text: TextContent) -> JSON {
        var object: JSONObject = [
            "string": .string(text.text),
            "font": [
                "size": .double(text.font.size), "weight": .string(text.font.weight.rawValue),
                "lineHeight": .double(text.font.lineHeight),
            ],
            "alignment": .string(text.alignment.rawValue),
            "maxLines": .int(text.maxLines),
            "rtl": .bool(text.isRightToLeft),
            "placement": .string(text.placement.rawValue),
        ]
        if text.insets != .zero {
            let i = text.insets
            object["insets"] = [.double(i.top), .double(i.left), .double(i.bottom), .double(i.right)]
        }
        return .object(object)
    }

    /// `{solid: "#RRGGBBAA"}` or `{gradient: {colors, locations?, start: [x, y], end: [x, y]}}`.
    package static func fill(_ fill: Fill) -> JSON {
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

    package static func rect(_ r: Rect) -> JSON { .array(r.array.map(JSON.double)) }
    package static func point(_ p: Point) -> JSON { [.double(p.x), .double(p.y)] }
    package static func size(_ s: Size) -> JSON { ["width": .double(s.width), "height": .double(s.height)] }
}
