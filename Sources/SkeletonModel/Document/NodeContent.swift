package import SkeletonGraphics

/// What a view shows under its skeleton (`Protocol/content.md`): its text, image, text colour and border. A
/// skeleton stands in for this content; previews draw it before a show, after a hide and through cross-dissolves.
package struct NodeContent: Sendable, Hashable {
    /// The text a label, text view or text field shows (`text`), or a button's title (`title`).
    package var text: String?
    /// A text field's placeholder, shown while its text is empty.
    package var placeholder: String?
    /// nil: the type's default (`NodeContent.defaultTextColor(for:)`).
    package var textColor: SkeletonColor?
    /// nil: the type's default font (`NodeContent.defaultFont(for:)`).
    package var font: FontSpec?
    /// A text field's `textAlignment` (labels and text views keep theirs in `Node.text`); nil: natural.
    package var textAlignment: TextAlignment?
    /// An image view's image name (drawn as a placeholder: the daemon reads no image files).
    package var image: String?
    /// `layer.borderWidth` in points (0: no border).
    package var borderWidth: Double = 0
    /// `layer.borderColor`; nil: opaque black, Core Animation's default.
    package var borderColor: SkeletonColor?

    package init() {}

    /// Whether there is nothing to draw beyond the background.
    package var isEmpty: Bool { !hasClearableContent && borderWidth <= 0 }

    /// Whether the view shows text, a placeholder or an image: what SkeletonView clears on show (the border stays).
    package var hasClearableContent: Bool { text != nil || placeholder != nil || image != nil }

    /// The font a view of `type` draws with when the document names none: UILabel 17 pt, UIButton 15 pt (Interface
    /// Builder's system button), UITextField and UITextView 14 pt (Interface Builder's defaults).
    package static func defaultFont(for type: NodeType) -> FontSpec {
        switch type {
        case .label: FontSpec(size: 17)
        case .button: FontSpec(size: 15)
        default: FontSpec(size: 14)
        }
    }

    /// UIKit's default text colour: `UIColor.label` (black, white in dark mode); a button's title is
    /// `UIColor.systemBlue` (#007AFF, #0A84FF in dark mode).
    package static func defaultTextColor(for type: NodeType) -> SkeletonColor {
        type == .button ? systemBlue : label
    }

    /// `UIColor.label`.
    package static let label = SkeletonColor(
        light: RGBA(red: 0, green: 0, blue: 0), dark: RGBA(red: 1, green: 1, blue: 1))
    /// `UIColor.placeholderText`: #3C3C43 at 30 % (#EBEBF5 at 30 % in dark mode).
    package static let placeholderText = SkeletonColor(
        light: RGBA(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3),
        dark: RGBA(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.3))
    /// `UIColor.systemBlue`.
    package static let systemBlue = SkeletonColor(
        light: RGBA(red: 0, green: 122 / 255, blue: 1), dark: RGBA(red: 10 / 255, green: 132 / 255, blue: 1))
    /// The placeholder tile of an image: `UIColor.systemGray5` (#E5E5EA, #2C2C2E in dark mode).
    package static let imageTile = SkeletonColor(
        light: RGBA(red: 229 / 255, green: 229 / 255, blue: 234 / 255),
        dark: RGBA(red: 44 / 255, green: 44 / 255, blue: 46 / 255))
    /// The placeholder's glyph and caption: `UIColor.systemGray` (#8E8E93, #8D8D93 in dark mode).
    package static let imageGlyph = SkeletonColor(
        light: RGBA(red: 142 / 255, green: 142 / 255, blue: 147 / 255),
        dark: RGBA(red: 141 / 255, green: 141 / 255, blue: 147 / 255))
}
