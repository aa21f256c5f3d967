/// Per-subscriber frame state for the `raw` and `png` stream encodings.

package import SkeletonGraphics

/// One frame for a subscriber: applying `rects` in order to the previous frame it received (or, for a keyframe,
/// to any canvas of `width` × `height`) gives exactly the pixels of the display list it was built from.
package struct FrameUpdate: Hashable, Sendable {
    package var width: Int
    package var height: Int
    package var keyframe: Bool
    package var rects: [EncodedRect]
}

/// What one `raw`/`png` subscriber last received, and how to bring it up to date.
///
/// Memory: two frames (the last-sent frame and a work frame) of the canvas, or of the viewport when there is one,
/// whatever happens. Damage is computed from the display list last *sent* to the new one, so frames that were never
/// built (flow control) cost nothing and the next frame still carries every change ("latest frame wins").
package struct PixelStream: Sendable {
    package let scale: Double
    package let encoding: PixelEncoding
    /// The canvas pixels the frames show (nil: the whole canvas).
    package private(set) var viewport: PixelRect?
    private var rasterizer = Rasterizer()
    private var lastList: DisplayList?
    /// The canvas (in pixels) of `lastList`.
    private var lastCanvas: PixelRect?
    private var sent: Frame?
    private var work: Frame?
    private var keyframeRequested = true

    /// A stream at `scale` (validated against `RenderLimits.scaleRange`) showing the canvas pixels of `viewport`
    /// (nil: the whole canvas; see `Viewport`).
    package init(scale: Double, encoding: PixelEncoding, viewport: PixelRect? = nil) throws(RenderError) {
        guard scale.isFinite, RenderLimits.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        self.scale = scale
        self.encoding = encoding
        self.viewport = viewport
    }

    /// The pixels the subscriber has now (after the last update returned), if any.
    package var lastSentFrame: Frame? { sent }

    /// Makes the next update a keyframe (`preview/refresh`).
    package mutating func requestKeyframe() { keyframeRequested = true }

    /// Shows the canvas pixels of `viewport` from the next update on, which is a keyframe of it. The frames of the
    /// old viewport go now.
    package mutating func setViewport(_ viewport: PixelRect) {
        self.viewport = viewport
        sent = nil
        work = nil
        keyframeRequested = true
    }

    /// The update from the last sent frame to `list`, or nil when no pixel changed. Call it only when a frame may be
    /// sent; the returned update counts as sent.
    package mutating func next(_ list: DisplayList) throws(RenderError) -> FrameUpdate? {
        let (w, h) = try CanvasGeometry.pixelSize(of: list.size, scale: scale)
        let canvas = PixelRect(x: 0, y: 0, width: w, height: h)
        let window = viewport ?? canvas
        guard !keyframeRequested, canvas == lastCanvas, lastList != nil, var sentFrame = sent, var workFrame = work
        else { return try keyframe(list, canvas: canvas, window: window) }
        let damage = try LayerDamage.between(lastList, list, scale: scale)
        lastList = list
        // Damage is canvas pixels; the frames hold the window's.
        let shown = viewport == nil ? damage : damage.map { $0.intersection(window) }.filter { !$0.isEmpty }
        guard !shown.isEmpty else { return nil }
        sent = nil
        work = nil
        defer {
            sent = sentFrame
            work = workFrame
        }
        try rasterizer.render(list, scale: scale, into: &workFrame, window: window, regions: shown)
        let local = shown.map { $0.offsetBy(dx: -window.x, dy: -window.y) }
        let changed = try TileDiff.changedPixels(from: sentFrame, to: workFrame, within: local)
        guard !changed.isEmpty else { return nil }
        let rects = try RectEncoder.encode(workFrame, rects: changed, as: encoding)
        try sentFrame.copy(changed, from: workFrame)
        return FrameUpdate(width: window.width, height: window.height, keyframe: false, rects: rects)
    }

    /// A keyframe: the whole window as a background `fill`, then the tiles that differ from the background.
    private mutating func keyframe(_ list: DisplayList, canvas: PixelRect, window: PixelRect) throws(RenderError)
        -> FrameUpdate
    {
        // The old frames go before the new ones are made: never four at once.
        sent = nil
        work = nil
        lastList = nil
        let bg = RGB8(pixel: backgroundPixel(list.background))
        var base = try Frame(width: window.width, height: window.height, color: bg)
        var full = try Frame(width: window.width, height: window.height, color: bg)
        try rasterizer.render(list, scale: scale, into: &full, window: window, regions: [window])
        let changed = try TileDiff.changedPixels(from: base, to: full, within: [full.bounds])
        var rects = [EncodedRect(rect: base.bounds, encoding: .fill, color: bg)]
        rects += try RectEncoder.encode(full, rects: changed, as: encoding)
        try base.copy(changed, from: full)
        sent = base
        work = full
        lastList = list
        lastCanvas = canvas
        keyframeRequested = false
        return FrameUpdate(width: window.width, height: window.height, keyframe: true, rects: rects)
    }
}

/// The opaque canvas pixel of a background colour: the colour composited over black.
func backgroundPixel(_ bg: RGBA) -> UInt32 {
    blend(0xFF00_0000, packColor(red: bg.red, green: bg.green, blue: bg.blue, alpha: 1), UInt32(quantize(bg.alpha)))
}
