/// Integer rectangles in frame pixels.

package import SkeletonGraphics

/// A rectangle of whole pixels: origin top-left, `width` × `height` pixels.
package struct PixelRect: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var minX: Int { x }
    package var minY: Int { y }
    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    /// The number of pixels covered.
    package var area: Int { isEmpty ? 0 : width * height }
    /// True when no pixel is covered.
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The common pixels, or an empty rectangle at the origin.
    package func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both; an empty side is ignored.
    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when every pixel of `other` is in this rectangle (an empty `other` is contained).
    package func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// True when the pixel (`px`, `py`) is inside.
    package func contains(px: Int, py: Int) -> Bool {
        px >= minX && px < maxX && py >= minY && py < maxY
    }

    /// The whole pixels touched by a rectangle in points at `scale` (outward rounding), or nil when it
    /// touches none or is not finite. Not clipped to any canvas.
    package init?(covering rect: Rect, scale: Double) {
        let x0 = rect.minX * scale
        let y0 = rect.minY * scale
        let x1 = rect.maxX * scale
        let y1 = rect.maxY * scale
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return nil }
        // Clamp far outside any canvas before converting, so huge values cannot trap.
        let lo = -Double(RenderLimits.maxDimension) * 2
        let hi = Double(RenderLimits.maxDimension) * 2
        let ix0 = Int(min(max(x0.rounded(.down), lo), hi))
        let iy0 = Int(min(max(y0.rounded(.down), lo), hi))
        let ix1 = Int(min(max(x1.rounded(.up), lo), hi))
        let iy1 = Int(min(max(y1.rounded(.up), lo), hi))
        guard ix1 > ix0, iy1 > iy0 else { return nil }
        self.init(x: ix0, y: iy0, width: ix1 - ix0, height: iy1 - iy0)
    }
}
