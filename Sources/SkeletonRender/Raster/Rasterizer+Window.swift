/// Drawing a window of the canvas: a frame that holds only the canvas pixels a viewport shows.

package import SkeletonGraphics

extension Rasterizer {
    /// Renders `list` at `scale` into `frame`, which holds the canvas pixels of `window` (frame pixel (0, 0) is
    /// canvas pixel (`window.x`, `window.y`)), touching only the pixels of `regions` (canvas pixels, cut to the
    /// window; empty ones skipped). The window may reach beyond the canvas: those pixels get the list's background.
    /// Each pixel gets exactly the bytes it has in a render of the whole canvas.
    ///
    /// - Important: `frame` is `window.width` × `window.height`.
    package mutating func render(
        _ list: DisplayList, scale: Double, into frame: inout Frame, window: PixelRect, regions: [PixelRect]
    ) throws(RenderError) {
        let (w, h) = try CanvasGeometry.pixelSize(of: list.size, scale: scale)
        guard frame.width == window.width, frame.height == window.height else { throw .frameSizeMismatch }
        let canvas = PixelRect(x: 0, y: 0, width: w, height: h)
        for region in regions {
            let shown = region.intersection(window)
            guard !shown.isEmpty else { continue }
            if !canvas.contains(shown) {
                frame.fill(
                    shown.offsetBy(dx: -window.x, dy: -window.y), with: RGB8(pixel: backgroundPixel(list.background)))
            }
            let drawn = shown.intersection(canvas)
            if !drawn.isEmpty { draw(list, scale: scale, into: &frame, showing: window, canvas: canvas, region: drawn) }
        }
    }
}
