/// Points, sizes, rectangles and insets in canvas points (not pixels).
///
/// All geometry in skeletond is `Double`; pixels appear only inside the renderer.

/// A point in canvas points, or in unit coordinates for gradient start/end points.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle: origin at the top-left, y grows downwards (UIKit's convention).
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var size: Size { Size(width: width, height: height) }
    public var origin: Point { Point(x: x, y: y) }

    /// True when the rectangle covers no area.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The common area of two rectangles, or `.zero` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both; an empty side is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `[x, y, width, height]`, the wire form.
    public var array: [Double] { [x, y, width, height] }
}

/// Padding around content: `skeletonPaddingInsets` (top, left, bottom, right), as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = EdgeInsets()
}

/// A rectangle with one corner radius for all four corners (a `CALayer` with `cornerRadius`).
///
/// The effective radius is clamped to half the shorter side, as Core Animation draws it.
public struct RoundedRect: Hashable, Sendable {
    public var rect: Rect
    public var cornerRadius: Double
    public init(rect: Rect, cornerRadius: Double = 0) {
        self.rect = rect
        self.cornerRadius = cornerRadius
    }
    /// The radius actually drawn: `min(max(radius, 0), width / 2, height / 2)`.
    public var effectiveRadius: Double {
        max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    }
}
