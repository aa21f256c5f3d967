/// The bounds every input of the text engine meets before anything is allocated for it. Inputs outside them give an
/// empty layout or mask, never a crash and never work proportional to a number.
package enum TextLimits {
    /// Font sizes, in points (`FontSpec.size`); the line height must be finite, positive and at most 4 × this.
    package static let fontSize: ClosedRange<Double> = 0.5...1_024
    /// Box sides, in points (a side of zero or less lays out nothing).
    package static let maxBoxSide = 1_000_000.0
    /// Lines laid out for one content, whatever `maxLines` and the box say.
    package static let maxLines = 4_096
    /// Unicode scalars on one line: a line is broken here even without a break opportunity (1 MB of zero-width
    /// joiners must not make one line of it).
    package static let maxScalarsPerLine = 8_192
    /// Scalars on the lines of one layout: the line laid out once this many are on lines is the last shown (cut with
    /// "…" when text remains), so a 4 MB label at 0.5 pt costs about as much as a screenful of small text.
    package static let maxScalarsPerLayout = 1 << 16
    /// Invisible scalars (`InvisibleScalars`) a layout skips past the first `InvisibleScalars.keptRun` of each run;
    /// beyond it they are laid out like the others (so they fill lines of `maxScalarsPerLine`).
    package static let maxSkippedScalars = 1 << 22
    /// Scales (pixels per point) a mask is drawn at.
    package static let scale: ClosedRange<Double> = 0.05...16
    /// The largest font size in pixels per em a glyph is rasterised at.
    package static let maxPixelsPerEm = 2_048
    /// The largest glyph bitmap, in bytes.
    package static let maxGlyphBitmapBytes = 4 << 20
    /// The largest mask side, in pixels (`RenderLimits.maxDimension`).
    package static let maxMaskSide = 16_384
    /// The largest mask, in pixels (`RenderLimits.maxPixels`).
    package static let maxMaskPixels = 1 << 25
    /// The largest font file read, in bytes (Noto Sans CJK's collections are 20 MB): a bigger file is skipped as if
    /// missing (the next candidate is tried).
    package static let maxFontFileBytes = 64 << 20
}
