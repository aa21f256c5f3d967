/// What a `TextEngine` has done since it was made: counts for `daemon/status` and for tests that prove work stopped
/// or stayed bounded (never a time).
public struct TextWork: Hashable, Sendable {
    /// Layouts computed (cache misses).
    public var layouts: Int
    /// Masks computed (cache misses).
    public var masks: Int
    /// Scalars handed to HarfBuzz.
    public var shapedScalars: Int
    /// Glyph bitmaps rasterised by FreeType.
    public var rasterizedGlyphs: Int
    /// Layouts and masks given up because their `StopSignal` said so (a cancelled request).
    public var stopped: Int

    public init(layouts: Int, masks: Int, shapedScalars: Int, rasterizedGlyphs: Int, stopped: Int) {
        self.layouts = layouts
        self.masks = masks
        self.shapedScalars = shapedScalars
        self.rasterizedGlyphs = rasterizedGlyphs
        self.stopped = stopped
    }
}

extension TextEngine {
    /// The work done so far.
    public var work: TextWork {
        TextWork(
            layouts: counters.layouts.load(ordering: .relaxed), masks: counters.masks.load(ordering: .relaxed),
            shapedScalars: counters.shapedScalars.load(ordering: .relaxed),
            rasterizedGlyphs: counters.rasterizedGlyphs.load(ordering: .relaxed),
            stopped: counters.stops.load(ordering: .relaxed))
    }
}
