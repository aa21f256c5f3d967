/// The rasterizer: a display list to opaque RGBA8 pixels, optionally only inside a region.

import Dispatch
package import SkeletonGraphics
package import SkeletonText

#if canImport(Glibc)
    import Glibc
#endif

/// Draws display lists into frames. Keeps scratch buffers between calls (reuse one per stream): after the first
/// frames nothing is allocated per frame, per layer or per pixel.
///
/// Rules (see `Protocol/rendering.md`): background first, then layers in order, each drawn with analytic coverage of
/// its rounded rectangle times the coverage of each of its rounded clips, source-over in 8-bit sRGB.
/// Deterministic: a pixel's bytes depend only on the display list, the scale and the pixel's position, so rendering
/// a region gives exactly the bytes of the same region of a full render.
package struct Rasterizer: Sendable {
    private var ramp: [UInt32] = []
    private var line: [UInt32] = []
    private var shapes: [PixelShape] = []
    private var rows: [PixelShape.Row] = []
    private var occluders: [PixelRect] = []
    private var occluding: [PixelRect] = []
    private var spans: [Int] = []
    /// The layers that may touch the region being drawn, in paint order (empty between draws).
    private var touching: [Layer] = []

    /// Skip pixels that later opaque layers repaint (see `Occlusion`); off only to test that it changes no byte.
    var occlusionEnabled = true
    /// Whether a region of `parallelPixels` or more is drawn as two bands at once (on two cores).
    package var parallel = true
    /// Asked before each layer and by the text engine while it lays out and draws text: once it says so, the rest
    /// of the frame is left undrawn (the caller drops it: a cancelled request).
    package var stop = StopSignal.never
    /// The rasterizer drawing the second band (kept with its scratch buffers).
    private var partners: [Rasterizer] = []
    /// Regions this big are worth a second core (about 0.7 ms of drawing; smaller ones are not split).
    package static let parallelPixels = 1 << 19
    private static let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))

    package init() {}

    /// Renders `list` at `scale` into a new frame of the canvas size.
    package mutating func render(_ list: DisplayList, scale: Double) throws(RenderError) -> Frame {
        var frame = try Frame(canvas: list.size, scale: scale)
        try render(list, scale: scale, into: &frame)
        return frame
    }

    /// Renders `list` at `scale` into `frame`, touching only the pixels of `region` (the whole frame when nil).
    /// `frame` must have the canvas size (`CanvasGeometry.pixelSize`); `region` must be non-empty and inside it.
    package mutating func render(
        _ list: DisplayList, scale: Double, into frame: inout Frame, region: PixelRect? = nil
    ) throws(RenderError) {
        let (w, h) = try CanvasGeometry.pixelSize(of: list.size, scale: scale)
        guard frame.width == w, frame.height == h else { throw .frameSizeMismatch }
        let region = region ?? frame.bounds
        guard !region.isEmpty, frame.bounds.contains(region) else { throw .regionOutsideCanvas(region) }
        draw(list, scale: scale, into: &frame, showing: frame.bounds, canvas: frame.bounds, region: region)
    }

    /// Draws `region` (canvas pixels, inside `canvas` and `window`) into `frame`, which shows the canvas pixels of
    /// `window` (its size); a big region is cut in two bands drawn at once, on two cores when there are (bands give
    /// the same bytes as one pass: a pixel depends only on the list, the scale and its position on the canvas).
    mutating func draw(
        _ list: DisplayList, scale: Double, into frame: inout Frame, showing window: PixelRect, canvas: PixelRect,
        region: PixelRect
    ) {
        let split =
            parallel && region.width * region.height >= Self.parallelPixels && region.height >= 2
            && Self.cores > 1
        let stride = frame.width
        frame.pixels.withUnsafeMutableBufferPointer { px in
            guard let base = px.baseAddress else { return }
            // Canvas pixel (i, j) is at `pixels + j * stride + i`: only those of `region` (inside the window) are
            // touched, so every address written is in the frame.
            let pixels = base - (window.y * stride + window.x)
            guard split else {
                draw(list, scale: scale, pixels: pixels, stride: stride, canvas: canvas, region: region)
                return
            }
            let middle = region.minY + region.height / 2
            let top = PixelRect(x: region.x, y: region.y, width: region.width, height: middle - region.minY)
            let bottom = PixelRect(x: region.x, y: middle, width: region.width, height: region.maxY - middle)
            var partner = partners.popLast() ?? Rasterizer()
            partner.parallel = false
            partner.stop = stop
            withUnsafeMutablePointer(to: &self) { me in
                withUnsafeMutablePointer(to: &partner) { other in
                    // The two bands are disjoint rows of the frame, each drawn with its own scratch buffers.
                    let shared = UncheckedPointers(me: me, other: other, pixels: pixels)
                    DispatchQueue.concurrentPerform(iterations: 2) { band in
                        if band == 0 {
                            shared.me.pointee.draw(
                                list, scale: scale, pixels: shared.pixels, stride: stride, canvas: canvas,
                                region: top)
                        } else {
                            shared.other.pointee.draw(
                                list, scale: scale, pixels: shared.pixels, stride: stride, canvas: canvas,
                                region: bottom)
                        }
                    }
                }
            }
            partners.append(partner)
        }
    }

    /// Renders `list` into each rectangle of `regions` (clipped to the frame; empty ones skipped).
    package mutating func render(
        _ list: DisplayList, scale: Double, into frame: inout Frame, regions: [PixelRect]
    ) throws(RenderError) {
        let (w, h) = try CanvasGeometry.pixelSize(of: list.size, scale: scale)
        guard frame.width == w, frame.height == h else { throw .frameSizeMismatch }
        for r in regions {
            let clipped = r.intersection(frame.bounds)
            if !clipped.isEmpty {
                draw(list, scale: scale, into: &frame, showing: frame.bounds, canvas: frame.bounds, region: clipped)
            }
        }
    }

    /// Draws `list` into the pixels of `canvas` (canvas pixel (i, j) at `pixels + j * stride + i`), touching only
    /// `region`.
    private mutating func draw(
        _ list: DisplayList, scale: Double, pixels: UnsafeMutablePointer<UInt32>, stride: Int, canvas: PixelRect,
        region: PixelRect
    ) {
        // Only layers that can touch the region are looked at closer (a small damage region in a big list): whole
        // segments away from it are skipped by their extent, the others' layers read in place.
        var maxShapes = 1
        for segment in list.segments where segment.extent.map({ Self.mayTouch($0, region, scale: scale) }) ?? true {
            segment.layers.withUnsafeBufferPointer { layers in
                for i in layers.indices where Self.mayTouch(layers[i].shape.rect, region, scale: scale) {
                    touching.append(layers[i])
                    maxShapes = max(maxShapes, layers[i].clips.count + 1)
                }
            }
        }
        touching.withUnsafeBufferPointer { layers in
            draw(
                layers, maxShapes: maxShapes, background: list.background, scale: scale, pixels: pixels,
                stride: stride, canvas: canvas, region: region)
        }
        // Kept for its capacity, not its layers.
        touching.removeAll(keepingCapacity: true)
    }

    /// Draws `layers` (those of a list that may touch `region`, in paint order; `maxShapes`: the most clips any
    /// has, plus one) into the pixels of `canvas`, touching only `region`.
    private mutating func draw(
        _ layers: UnsafeBufferPointer<Layer>, maxShapes: Int, background listBackground: RGBA, scale: Double,
        pixels: UnsafeMutablePointer<UInt32>, stride: Int, canvas: PixelRect, region: PixelRect
    ) {
        let touchingCount = layers.count
        if ramp.count < GradientRamp.maxEntries { ramp = Array(repeating: 0, count: GradientRamp.maxEntries) }
        let lineNeed = max(canvas.width, canvas.height)
        if line.count < lineNeed { line = Array(repeating: 0, count: lineNeed) }
        let placeholder = PixelShape.placeholder
        if shapes.count < maxShapes {
            shapes = Array(repeating: placeholder, count: maxShapes)
            rows = Array(
                repeating: PixelShape.Row(cy: 0, dy: 0, outerStart: 0, outerEnd: 0, innerStart: 0, innerEnd: 0),
                count: maxShapes)
        }
        let background = backgroundPixel(listBackground)
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        if occluders.count < touchingCount { occluders = Array(repeating: empty, count: touchingCount) }
        if occluding.count < Occlusion.maxPerLayer {
            occluding = Array(repeating: empty, count: Occlusion.maxPerLayer)
            spans = Array(repeating: 0, count: 2 * Occlusion.maxPerLayer + 2)
        }
        // Occluders of the touching layers only: a layer that cannot touch the region repaints none of it.
        let occlusion = occlusionEnabled && touchingCount <= Occlusion.maxLayers
        if occlusion {
            occluders.withUnsafeMutableBufferPointer { occluders in
                for t in 0..<touchingCount { occluders[t] = Occlusion.rect(layers[t], scale: scale, canvas: canvas) }
            }
        }
        ramp.withUnsafeMutableBufferPointer { rp in
            line.withUnsafeMutableBufferPointer { lp in
                shapes.withUnsafeMutableBufferPointer { sp in
                    rows.withUnsafeMutableBufferPointer { rw in
                        occluders.withUnsafeMutableBufferPointer { oc in
                            occluding.withUnsafeMutableBufferPointer { og in
                                spans.withUnsafeMutableBufferPointer { sn in
                                    guard let r = rp.baseAddress, let l = lp.baseAddress,
                                        let s = sp.baseAddress, let q = rw.baseAddress, let o = oc.baseAddress,
                                        let g = og.baseAddress, let z = sn.baseAddress
                                    else { return }
                                    let ctx = RasterContext(
                                        pixels: pixels, stride: stride, canvas: canvas, region: region,
                                        scale: scale,
                                        ramp: r, line: l, shapes: s, rows: q,
                                        occluders: o, layerCount: occlusion ? touchingCount : 0, occluding: g,
                                        spans: z, stop: stop
                                    )
                                    ctx.fill(region, with: background)
                                    for t in 0..<touchingCount {
                                        if stop.isStopped { break }
                                        ctx.draw(layers[t], at: t)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension Rasterizer {
    /// Whether a shape with bounding rectangle `rect` (points) may have coverage in `region` (pixels): false only
    /// when its whole-pixel box, widened by a pixel, misses the region. Non-finite rectangles may touch anything.
    static func mayTouch(_ rect: Rect, _ region: PixelRect, scale: Double) -> Bool {
        let x0 = min(rect.x, rect.x + rect.width) * scale
        let x1 = max(rect.x, rect.x + rect.width) * scale
        let y0 = min(rect.y, rect.y + rect.height) * scale
        let y1 = max(rect.y, rect.y + rect.height) * scale
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return true }
        return x1 + 1 > Double(region.minX) && x0 - 1 < Double(region.maxX)
            && y1 + 1 > Double(region.minY) && y0 - 1 < Double(region.maxY)
    }
}

extension PixelShape {
    /// A unit square, used only to initialise scratch storage.
    static var placeholder: PixelShape {
        PixelShape(unitSquare: ())
    }

    private init(unitSquare: Void) {
        x0 = 0
        y0 = 0
        x1 = 1
        y1 = 1
        r = 0
        outerX0 = 0
        outerX1 = 1
        innerX0 = 0
        innerX1 = 1
        outerY0 = 0
        outerY1 = 1
        innerY0 = 0
        innerY1 = 1
        steadyY0 = 0
        steadyY1 = 1
    }
}

/// The pointers the two bands of a split render use; each band touches only its own rasterizer and its own rows.
// Safety: the two bands write disjoint rows of `pixels` and each its own rasterizer, and the caller waits for both
// before it reads either.
private struct UncheckedPointers: @unchecked Sendable {
    let me: UnsafeMutablePointer<Rasterizer>
    let other: UnsafeMutablePointer<Rasterizer>
    let pixels: UnsafeMutablePointer<UInt32>
}
