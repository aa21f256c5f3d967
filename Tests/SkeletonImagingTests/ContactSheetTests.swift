import SkeletonImaging
import Testing

@Suite struct ContactSheetTests {
    @Test func placesFramedTilesUnderTheirLabels() {
        let tile = RGBAImage(width: 40, height: 30, fill: (255, 0, 0, 255))
        var sheet = ContactSheet(columns: 2)
        sheet.margin = 10
        sheet.gap = 4
        sheet.labelScale = 1
        let tiles = (0..<3).map { ContactSheet.Tile(label: "t\($0)", image: tile) }
        let image = sheet.compose(tiles)
        // Two columns of 42-pixel cells, two rows of (8 label + 6 + 32).
        #expect(image.width == 10 * 2 + 2 * 42 + 4)
        #expect(image.height == 10 * 2 + 2 * 46 + 4)
        #expect(image[0, 0]?.r == sheet.background.r)
        #expect(image[10, 24]?.r == sheet.frameColor.r)  // the frame of the first tile
        #expect(image[11, 25]?.r == 255 && image[11, 25]?.g == 0)  // its first pixel
        #expect(image[10 + 42 + 4 + 1, 25]?.r == 255)  // the second column
        #expect(image[10 + 42 + 4 + 1, 10 + 46 + 4 + 15]?.r == sheet.background.r)  // no fourth tile
        // The label "t0" is drawn in the text colour above the first tile.
        let labelPixels = (10..<22).flatMap { x in (10..<17).map { (x, $0) } }
            .filter { image[$0.0, $0.1]?.r == sheet.textColor.r }
        #expect(!labelPixels.isEmpty)
    }

    @Test func aTitleAddsARowAndLongLabelsShrink() {
        let tile = RGBAImage(width: 20, height: 10)
        let sheet = ContactSheet(columns: 4)
        let plain = sheet.compose([ContactSheet.Tile(label: "a very long label indeed", image: tile)])
        let titled = sheet.compose([ContactSheet.Tile(label: "x", image: tile)], title: "title")
        #expect(titled.height == plain.height + 16 + 12)
        #expect(plain.width == 24 * 2 + 22)
    }
}
