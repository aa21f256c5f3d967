import SkeletonGraphics

@testable import SkeletonText

/// One engine with the system's fonts for the whole test run (its caches make repeated layouts cheap).
let engine = TextEngine()

/// The system font at 17 pt, UIKit's body size.
let body = FontSpec(size: 17)

/// `text` at 17 pt in a box of `width` × `height` points, as many lines as fit unless `maxLines` says otherwise.
func layout(
    _ text: String, width: Double = 300, height: Double = 400, maxLines: Int = 0,
    alignment: ParagraphAlignment = .natural, isRightToLeft: Bool = false, font: FontSpec = body,
    placement: VerticalPlacement = .center, insets: EdgeInsets = .zero, on textEngine: TextEngine = engine
) -> TextLayout {
    textEngine.layout(
        TextContent(
            text: text, font: font, alignment: alignment, maxLines: maxLines, isRightToLeft: isRightToLeft,
            placement: placement, insets: insets),
        in: Size(width: width, height: height))
}

/// CRC-32 (IEEE, zlib's) of `bytes`.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

let lorem =
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore "
    + "magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea "
    + "commodo consequat."
