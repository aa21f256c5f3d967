/// Viewports: the canvas region a preview shows, in points and in the canvas pixels its frames hold.

package import SkeletonGraphics

/// A canvas region shown at a scale: frame pixel (0, 0) is canvas pixel (`pixels.x`, `pixels.y`), and the frame is
/// `pixels.width` × `pixels.height`, `ceil(width × scale)` × `ceil(height × scale)` (the origin snaps down to the
/// pixel grid: `floor(x × scale)`, `floor(y × scale)`). It may reach beyond the canvas (those pixels show the
/// canvas background) but must meet it when it is set.
package struct Viewport: Hashable, Sendable {
    /// The region in points, as the client gave it.
    package let rect: Rect
    /// The canvas pixels the frames show.
    package let pixels: PixelRect

    /// `rect` at `scale`. Throws, naming the member at fault, when it is not finite, empty, further than
    /// `RenderLimits.maxDimension` points from the origin, or its frame passes the renderer's limits.
    package init(_ rect: Rect, scale: Double) throws(ViewportError) {
        let limit = Double(RenderLimits.maxDimension)
        guard scale.isFinite, RenderLimits.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        guard rect.x.isFinite, abs(rect.x) <= limit else { throw .outOfRange(member: "x") }
        guard rect.y.isFinite, abs(rect.y) <= limit else { throw .outOfRange(member: "y") }
        guard rect.width.isFinite, rect.width > 0, rect.width <= limit else { throw .outOfRange(member: "width") }
        guard rect.height.isFinite, rect.height > 0, rect.height <= limit else { throw .outOfRange(member: "height") }
        // Every product is at most 4 × 16384: exact conversions.
        let width = (rect.width * scale).rounded(.up)
        let height = (rect.height * scale).rounded(.up)
        guard width <= limit else { throw .tooLarge(member: "width", width: width, height: height) }
        guard height <= limit, width * height <= Double(RenderLimits.maxPixels) else {
            throw .tooLarge(member: "height", width: width, height: height)
        }
        self.rect = rect
        pixels = PixelRect(
            x: Int((rect.x * scale).rounded(.down)), y: Int((rect.y * scale).rounded(.down)), width: Int(width),
            height: Int(height))
    }

    /// Throws when no pixel of the viewport is on a canvas of `canvas` pixels (at the origin), naming the member
    /// that puts it outside (`x` when it misses the canvas sideways, else `y`).
    package func check(meets canvas: PixelRect) throws(ViewportError) {
        guard pixels.maxX > canvas.minX, pixels.minX < canvas.maxX else {
            throw .outsideCanvas(member: "x", canvas: canvas)
        }
        guard pixels.maxY > canvas.minY, pixels.minY < canvas.maxY else {
            throw .outsideCanvas(member: "y", canvas: canvas)
        }
    }

    /// The bytes of one frame of the viewport (4 a pixel).
    package var frameBytes: Int { 4 * pixels.area }
}

/// Why a viewport cannot be shown; `member` names the viewport's member at fault.
package enum ViewportError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidScale(Double)
    /// Not finite, not positive (a side), or beyond `RenderLimits.maxDimension` points.
    case outOfRange(member: String)
    /// Its frame (`width` × `height` pixels) passes `RenderLimits.maxDimension` or `RenderLimits.maxPixels`.
    case tooLarge(member: String, width: Double, height: Double)
    /// No pixel of it is on the canvas (`canvas`, in pixels).
    case outsideCanvas(member: String, canvas: PixelRect)

    /// The viewport member this error is about (`scale` for a bad scale, which is the request's).
    package var member: String {
        switch self {
        case .invalidScale: "scale"
        case .outOfRange(let member), .tooLarge(let member, _, _), .outsideCanvas(let member, _): member
        }
    }

    package var description: String {
        switch self {
        case .invalidScale(let s): "scale \(s) is outside \(RenderLimits.scaleRange)"
        case .outOfRange(let member):
            member == "x" || member == "y"
                ? "must be a finite number between -\(RenderLimits.maxDimension) and \(RenderLimits.maxDimension)"
                : "must be a positive finite number of at most \(RenderLimits.maxDimension) points"
        case .tooLarge(_, let w, let h):
            "the viewport's frame of \(RenderError.pixels(w))×\(RenderError.pixels(h)) pixels exceeds the limit of "
                + "\(RenderLimits.maxPixels) pixels or \(RenderLimits.maxDimension) per side"
        case .outsideCanvas(_, let canvas):
            "the viewport shows nothing of the \(canvas.width)×\(canvas.height)-pixel canvas at this scale"
        }
    }
}

extension PixelRect {
    /// The rectangle moved by `dx`, `dy` pixels.
    package func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
