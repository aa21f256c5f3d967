/// Limits and errors of the renderer. Canvas sizes come from clients: they are validated here, never trusted.

package import SkeletonGraphics

/// The bounds every canvas, scale and cell grid must respect.
package enum RenderLimits {
    /// The largest frame, in pixels (width × height): 2^25, room for 7680×4320 (8K UHD). 128 MiB of RGBA.
    package static let maxPixels = 1 << 25
    /// The largest side of a frame, in pixels.
    package static let maxDimension = 16_384
    /// The allowed device scale factors (points to pixels).
    package static let scaleRange: ClosedRange<Double> = 1...4
    /// The allowed number of terminal cell columns.
    package static let cellColumns: ClosedRange<Int> = 1...1_000
    /// The allowed number of terminal cell rows (each row shows two pixel rows).
    package static let cellRows: ClosedRange<Int> = 1...500
}

/// Why a render, region or encoding request cannot be served. `field` names the offending input.
package enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scale is not a finite number in `RenderLimits.scaleRange`.
    case invalidScale(Double)
    /// The canvas size in points is not finite and positive.
    case invalidCanvasSize(width: Double, height: Double)
    /// The canvas at this scale exceeds `RenderLimits.maxPixels` or `RenderLimits.maxDimension`: its size in
    /// pixels, `ceil(points × scale)` per side (not necessarily representable as an `Int`).
    case canvasTooLarge(width: Double, height: Double)
    /// The region is empty or not inside the canvas.
    case regionOutsideCanvas(PixelRect)
    /// The cell grid is zero or larger than `RenderLimits.cellColumns` × `RenderLimits.cellRows`.
    case invalidCellGrid(columns: Int, rows: Int)
    /// A `cells` viewport (points) that cannot be shown: see `ViewportProblem`.
    case invalidViewport(Rect, ViewportProblem)
    /// Two frames that must have the same size do not.
    case frameSizeMismatch
    /// zlib reported an error while compressing.
    case compressionFailed(Int32)

    /// The request field this error is about, for a `-32602` response.
    package var field: String {
        switch self {
        case .invalidScale: "scale"
        case .invalidCanvasSize, .canvasTooLarge: "scale"
        case .regionOutsideCanvas: "region"
        case .invalidCellGrid: "cells"
        case .invalidViewport: "viewport"
        case .frameSizeMismatch: "frame"
        case .compressionFailed: "encoding"
        }
    }

    package var description: String {
        switch self {
        case .invalidScale(let s): "scale \(s) is outside \(RenderLimits.scaleRange)"
        case .invalidCanvasSize(let w, let h): "canvas size \(w)×\(h) points is not finite and positive"
        case .canvasTooLarge(let w, let h):
            "canvas of \(Self.pixels(w))×\(Self.pixels(h)) pixels exceeds the limit of \(RenderLimits.maxPixels) pixels or \(RenderLimits.maxDimension) per side"
        case .regionOutsideCanvas(let r): "region \(r.x),\(r.y) \(r.width)×\(r.height) is empty or outside the canvas"
        case .invalidCellGrid(let c, let r):
            "cell grid \(c)×\(r) is outside \(RenderLimits.cellColumns.upperBound)×\(RenderLimits.cellRows.upperBound)"
        case .invalidViewport(let r, let problem):
            "viewport \(r.x),\(r.y) \(r.width)×\(r.height) points \(problem.description)"
        case .frameSizeMismatch: "frames differ in size"
        case .compressionFailed(let code): "zlib failed with code \(code)"
        }
    }

    /// A pixel count as a person writes it: whole numbers in digits (`65536`), beyond 10^15 in exponent form
    /// (`1e+20`), an infinite side as `∞`.
    static func pixels(_ count: Double) -> String {
        guard count.isFinite else { return "∞" }
        return abs(count) < 1e15 ? String(Int(count)) : "\(count)"
    }
}

/// What is wrong with a `cells` viewport.
package enum ViewportProblem: Hashable, Sendable, CustomStringConvertible {
    /// A coordinate or a side is NaN or infinite.
    case notFinite
    /// A side is not positive.
    case empty
    /// It starts left of or above the canvas's origin.
    case negativeOrigin
    /// Its pixels at the stream's scale reach past `RenderLimits.maxDimension` on a side, or its pixel box is over
    /// `RenderLimits.maxPixels`.
    case tooLarge(scale: Double)

    package var description: String {
        switch self {
        case .notFinite: "is not finite"
        case .empty: "is empty (width and height must be positive)"
        case .negativeOrigin: "starts before the canvas's origin (x and y must be 0 or more)"
        case .tooLarge(let scale):
            "at scale \(scale) reaches past \(RenderLimits.maxDimension) pixels on a side or covers more than \(RenderLimits.maxPixels) pixels"
        }
    }
}

/// Converts canvas sizes in points to frame sizes in pixels.
package enum CanvasGeometry {
    /// The frame size of a canvas of `size` points at `scale`: `ceil(points × scale)` on each side.
    /// Throws when the scale is out of range, the size is not finite and positive, or the frame is over the limits.
    package static func pixelSize(of size: Size, scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        guard scale.isFinite, RenderLimits.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidCanvasSize(width: size.width, height: size.height)
        }
        let w = (size.width * scale).rounded(.up)
        let h = (size.height * scale).rounded(.up)
        let limit = Double(RenderLimits.maxDimension)
        guard w <= limit, h <= limit else {
            throw .canvasTooLarge(width: w, height: h)
        }
        let width = Int(w)
        let height = Int(h)
        guard width * height <= RenderLimits.maxPixels else { throw .canvasTooLarge(width: w, height: h) }
        return (width, height)
    }
}
