/// Occlusion: pixels a later layer repaints opaquely need not be drawn by earlier layers.
///
/// A layer with opacity ≥ 1 whose colours are all opaque (alpha ≥ 1) writes exactly its own colour at every pixel
/// where it and all its clips have coverage 1 and no corner applies: the rows where every shape is "steady" and the
/// columns inside every shape. Whatever an earlier layer drew there is overwritten, so skipping it changes no byte.

import SkeletonGraphics

enum Occlusion {
    /// Occluders considered per layer (the first found; more only cost time).
    static let maxPerLayer = 64
    /// Above this many layers touching the region drawn, occlusion is not computed (its cost grows with the square
    /// of the count).
    static let maxLayers = 4096

    /// The pixels `layer` paints opaquely regardless of what is beneath, cut to `canvas`; empty when none.
    static func rect(_ layer: Layer, scale: Double, canvas: PixelRect) -> PixelRect {
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        // Rings and text cover only part of their shape: never occluders.
        guard layer.content == nil, layer.opacity >= 1, isOpaque(layer.fill),
            let shape = PixelShape(layer.shape, scale: scale)
        else {
            return empty
        }
        var x0 = max(canvas.minX, shape.innerX0)
        var x1 = min(canvas.maxX, shape.innerX1)
        var y0 = max(canvas.minY, shape.steadyY0)
        var y1 = min(canvas.maxY, shape.steadyY1)
        for clip in layer.clips {
            guard let c = PixelShape(clip, scale: scale) else { return empty }
            x0 = max(x0, c.innerX0)
            x1 = min(x1, c.innerX1)
            y0 = max(y0, c.steadyY0)
            y1 = min(y1, c.steadyY1)
        }
        guard x1 > x0, y1 > y0 else { return empty }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private static func isOpaque(_ fill: Fill) -> Bool {
        switch fill {
        case .solid(let c): return c.alpha >= 1
        case .linearGradient(let g): return !g.colors.isEmpty && g.colors.allSatisfy { $0.alpha >= 1 }
        }
    }
}
