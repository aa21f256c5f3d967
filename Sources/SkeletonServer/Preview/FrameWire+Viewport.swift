import JSON
import SkeletonGraphics

extension FrameWire {
    /// `{x, y, width, height}` in points: a viewport in a frame.
    static func rect(_ rect: Rect) -> JSON {
        [
            "x": .double(rect.x), "y": .double(rect.y), "width": .double(rect.width),
            "height": .double(rect.height),
        ]
    }

    /// `{width, height}` in points: a canvas size in a frame.
    static func size(_ size: Size) -> JSON { ["width": .double(size.width), "height": .double(size.height)] }
}
