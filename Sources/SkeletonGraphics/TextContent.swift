/// Text as the content under a skeleton: what a label, text view, text field or button shows. Pure values: the
/// engine computes them, `SkeletonText` lays them out and rasterises them, the renderer composites the result.

/// A font weight of the system font (`UIFont.Weight`), as documents name it.
package enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case regular, medium, semibold, bold

    /// The OpenType weight class (`wght` axis value): 400, 500, 600, 700.
    package var weightClass: Int {
        switch self {
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        }
    }
}

/// The system font at a size and weight, with UIKit's line height.
package struct FontSpec: Hashable, Sendable {
    /// The point size (`UIFont.pointSize`).
    package var size: Double
    package var weight: FontWeight
    /// `UIFont.lineHeight` in points: one line's advance; baselines are placed from it as UIKit does.
    package var lineHeight: Double

    /// The system font's line height per point of size (SF Pro: ascender + descender + line gap over the em).
    package static let systemLineHeightRatio = 1.193359375

    /// The system font of `size` points, its line height `systemLineHeightRatio × size`.
    package init(size: Double, weight: FontWeight = .regular) {
        self.size = size
        self.weight = weight
        self.lineHeight = size * Self.systemLineHeightRatio
    }

    /// A font named by its line height alone (the document's number and `{lineHeight}` forms).
    package init(lineHeight: Double, weight: FontWeight = .regular) {
        self.size = lineHeight / Self.systemLineHeightRatio
        self.weight = weight
        self.lineHeight = lineHeight
    }
}

/// How a paragraph's lines sit in their box (`NSTextAlignment`).
package enum ParagraphAlignment: String, Hashable, Sendable, CaseIterable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
    case left, center, right
    /// Every line but the last spread to the full width; the last as `natural`.
    case justified
}

/// Where the block of lines sits vertically in its box.
package enum VerticalPlacement: String, Hashable, Sendable {
    /// UILabel, UIButton's title, UITextField: the lines' block centred in the box.
    case center
    /// UITextView: from the top (after its text container inset).
    case top
}

/// One paragraph-level text to draw in a box: the laid-out result depends only on these values and the box size.
///
/// - Important: `text` may be long (a label given 1 MB); whoever lays it out must not cost more than the lines
///   that can show (`maxLines`, or the lines that fit the box).
package struct TextContent: Hashable, Sendable {
    /// The string; `\n` starts a new paragraph.
    package var text: String
    package var font: FontSpec
    package var alignment: ParagraphAlignment
    /// At most this many lines (0: as many as fit the box); the last shown line is truncated at its tail with
    /// "…" when text remains, as `lineBreakMode = .byTruncatingTail` does.
    package var maxLines: Int
    /// The view's effective layout direction is right to left (decides `natural`; the paragraph's own
    /// direction comes from its first strong character).
    package var isRightToLeft: Bool
    package var placement: VerticalPlacement
    /// Insets of the text inside the box (a text view's container inset, a text field's padding), in points.
    package var insets: EdgeInsets

    package init(
        text: String, font: FontSpec, alignment: ParagraphAlignment = .natural, maxLines: Int = 1,
        isRightToLeft: Bool = false, placement: VerticalPlacement = .center, insets: EdgeInsets = .zero
    ) {
        self.text = text
        self.font = font
        self.alignment = alignment
        self.maxLines = maxLines
        self.isRightToLeft = isRightToLeft
        self.placement = placement
        self.insets = insets
    }
}
