/// What a `TextEngine` has done since it was made: counts for `daemon/status` and for tests that prove work stopped
/// or stayed bounded (never a time).
package struct TextWork: Hashable, Sendable {
    /// Layouts computed (cache misses).
    package var layouts: Int
    /// Masks computed (cache misses).
    package var masks: Int
    /// Scalars handed to HarfBuzz.
    package var shapedScalars: Int
    /// Glyph bitmaps rasterised by FreeType.
    package var rasterizedGlyphs: Int
    /// Layouts and masks given up because their `StopSignal` said so (a cancelled request).
    package var stopped: Int

    package init(layouts: Int, masks: Int, shapedScalars: Int, rasterizedGlyphs: Int, stopped: Int) {
        self.layouts = layouts
        self.masks = masks
        self.shapedScalars = shapedScalars
        self.rasterizedGlyphs = rasterizedGlyphs
        self.stopped = stopped
    }
}

extension TextEngine {
    /// The work done so far.
    package var work: TextWork {
        TextWork(
            layouts: counters.layouts.load(ordering: .relaxed), masks: counters.masks.load(ordering: .relaxed),
            shapedScalars: counters.shapedScalars.load(ordering: .relaxed),
            rasterizedGlyphs: counters.rasterizedGlyphs.load(ordering: .relaxed),
            stopped: counters.stops.load(ordering: .relaxed))
    }
}
