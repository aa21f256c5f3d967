import SkeletonGraphics
import Testing

@testable import SkeletonText

/// The system font takes SF's widths (`SystemFontMetrics.advanceFactor`): labels that Interface Builder sized to
/// their text in real storyboards (`../shared/fixtures/`: hugging, one line, the system font) fit on one line
/// without "…", as they do on a device.
@Suite("System font widths")
struct SystemWidthTests {
    /// (text, size, weight, the width Interface Builder gave the label).
    static let intrinsic: [(String, Double, FontWeight, Double)] = [
        ("Color", 17, .regular, 41.5), ("Animated", 17, .regular, 73), ("Label", 17, .regular, 42),
        ("Fade Duration: 0.25 sec", 15, .regular, 162.5), ("Try editing the last cell.", 17, .regular, 176),
        ("Folding Cell", 17, .bold, 96), ("+", 17, .regular, 11),
    ]

    @Test(arguments: intrinsic.indices)
    func labelsSizedToTheirTextFit(index: Int) {
        let (text, size, weight, width) = Self.intrinsic[index]
        let layout = TextEngine.shared.layout(
            TextContent(text: text, font: FontSpec(size: size, weight: weight)), in: Size(width: width, height: 30))
        #expect(!layout.isTruncated && layout.lines.count == 1, "\(text): \(layout.lines.map(\.width))")
        // And not much narrower than SF: within 8 % of the label's width.
        #expect((layout.lines.first?.width ?? 0) > width * 0.92, "\(text)")
    }

    @Test func theFactorFollowsSFsTracking() {
        // Tighter at body sizes (negative tracking), looser below 12 pt, constant relative to the size above 20.
        #expect(SystemFontMetrics.advanceFactor(size: 17) < SystemFontMetrics.advanceFactor(size: 12))
        #expect(SystemFontMetrics.advanceFactor(size: 8) > SystemFontMetrics.advanceFactor(size: 12))
        #expect(SystemFontMetrics.advanceFactor(size: 34) == SystemFontMetrics.advanceFactor(size: 20))
        #expect(SystemFontMetrics.advanceFactor(size: .nan) == 1 && SystemFontMetrics.advanceFactor(size: -3) == 1)
    }
}
