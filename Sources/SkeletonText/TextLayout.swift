package import SkeletonGraphics

/// A glyph placed on a line.
package struct PositionedGlyph: Hashable, Sendable {
    /// The face it comes from (the role the face was opened for: a fallback's own role when text fell back).
    package var font: FontRole
    /// The glyph index in that face.
    package var id: UInt32
    /// The pen position: points from the box's left edge, before the glyph's own offset.
    package var x: Double
    /// HarfBuzz's offsets (marks on their bases, kerning), in points; `yOffset` upwards as in fonts.
    package var xOffset: Double
    package var yOffset: Double
    /// The advance, in points (justification's extra space not included).
    package var advance: Double
    /// The first scalar of the glyph's cluster, as an offset into the line's `text` scalars.
    package var cluster: Int
}

/// One laid-out line.
package struct TextLine: Hashable, Sendable {
    /// The line's text in logical order as shown: trailing white space dropped, "…" appended when truncated.
    package var text: String
    /// The scalars of `TextContent.text` the line shows (offsets in its Unicode scalars), without the "…".
    package var range: Range<Int>
    /// Left edge of the line's ink advance box, in points from the box's left edge (alignment and insets applied).
    package var x: Double
    /// The sum of the glyphs' advances (with justification's extra space), in points.
    package var width: Double
    /// The top of the line's box (`lineHeight` tall), in points from the box's top.
    package var top: Double
    /// The baseline: `top + 1950/2048 × size` (SF Pro's ascender), in points from the box's top.
    package var baseline: Double
    /// The paragraph's base direction (its first strong character; the view's direction when it has none).
    package var isRightToLeft: Bool
    /// The line ends with "…" because text remains.
    package var isTruncated: Bool
    /// The glyphs in visual order, left to right.
    package var glyphs: [PositionedGlyph]
}

/// `TextContent` laid out in a box: what `TextEngine.mask` draws.
package struct TextLayout: Hashable, Sendable {
    package var lines: [TextLine]
    /// Text remained after the last line (whose tail is then "…").
    package var isTruncated: Bool
    /// The box laid out in, in points.
    package var size: Size
    /// The font the text was laid out with.
    package var font: FontSpec

    package init(lines: [TextLine], isTruncated: Bool, size: Size, font: FontSpec) {
        self.lines = lines
        self.isTruncated = isTruncated
        self.size = size
        self.font = font
    }

    /// Nothing to draw.
    package static func empty(_ size: Size, _ font: FontSpec) -> TextLayout {
        TextLayout(lines: [], isTruncated: false, size: size, font: font)
    }

    /// The lines' texts, top to bottom.
    package var lineTexts: [String] { lines.map(\.text) }

    /// What the layout cache charges for it.
    var byteCost: Int {
        var bytes = 256
        for line in lines { bytes += 160 + line.text.utf8.count + line.glyphs.count * 56 }
        return bytes
    }
}

/// Coverage of laid-out text in device pixels: `width × height` bytes, row-major, 0 (none) … 255 (full), whose
/// top-left pixel is (`x`, `y`) of the frame. The renderer blends `colour × coverage/255 × opacity`.
package struct CoverageMask: Hashable, Sendable {
    package let x: Int
    package let y: Int
    package let width: Int
    package let height: Int
    package let coverage: [UInt8]

    package init(x: Int, y: Int, width: Int, height: Int, coverage: [UInt8]) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.coverage = coverage
    }

    /// No pixels.
    package static let empty = CoverageMask(x: 0, y: 0, width: 0, height: 0, coverage: [])

    package var isEmpty: Bool { width == 0 || height == 0 }

    /// The coverage at frame pixel (`px`, `py`): 0 outside the mask.
    package func coverage(atX px: Int, y py: Int) -> UInt8 {
        guard px >= x, py >= y, px < x + width, py < y + height else { return 0 }
        return coverage[(py - y) * width + (px - x)]
    }
}
