/// Points, sizes, rectangles and insets in canvas points (not pixels).
///
/// All geometry in skeletond is `Double`; pixels appear only inside the renderer.

/// A point in canvas points, or in unit coordinates for gradient start/end points.
package struct Point: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    package static let zero = Point(x: 0, y: 0)
}

/// A width and a height.
package struct Size: Hashable, Sendable {
    package var width: Double
    package var height: Double
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    package static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle: origin at the top-left, y grows downwards (UIKit's convention).
package struct Rect: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    package var minX: Double { x }
    package var minY: Double { y }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    package var size: Size { Size(width: width, height: height) }
    package var origin: Point { Point(x: x, y: y) }

    /// True when the rectangle covers no area.
    package var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The rectangle moved by `dx`, `dy`.
    package func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The common area of two rectangles, or `.zero` when they do not overlap.
    package func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both; an empty side is ignored.
    package func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `[x, y, width, height]`, the wire form.
    package var array: [Double] { [x, y, width, height] }
}

/// Padding around content: `skeletonPaddingInsets` (top, left, bottom, right), as `UIEdgeInsets`.
package struct EdgeInsets: Hashable, Sendable {
    package var top: Double
    package var left: Double
    package var bottom: Double
    package var right: Double
    package init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    package static let zero = EdgeInsets()
}

/// A rectangle with one corner radius for all four corners (a `CALayer` with `cornerRadius`).
///
/// The effective radius is clamped to half the shorter side, as Core Animation draws it.
package struct RoundedRect: Hashable, Sendable {
    package var rect: Rect
    package var cornerRadius: Double
    package init(rect: Rect, cornerRadius: Double = 0) {
        self.rect = rect
        self.cornerRadius = cornerRadius
    }
    /// The radius actually drawn: `min(max(radius, 0), width / 2, height / 2)`.
    package var effectiveRadius: Double {
        max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    }
}
