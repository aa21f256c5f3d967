/// A labelled grid of pictures on a plain background: the layout of `skeleton matrix`'s sheets.
///
/// ```
/// margin
/// title (optional)
/// label    label    label    label
/// [tile]   [tile]   [tile]   [tile]
/// label    label    ...
/// [tile]   [tile]   ...
/// margin
/// ```
/// Every cell is as large as the largest tile; a tile sits at its cell's top-left corner inside a one-pixel
/// frame. Labels are drawn with `BitmapFont`, at `labelScale` unless that is wider than the cell (then smaller).
package struct ContactSheet: Sendable {
    package typealias Color = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    /// One picture and its caption.
    package struct Tile: Sendable {
        package var label: String
        package var image: RGBAImage
        package init(label: String, image: RGBAImage) {
            self.label = label
            self.image = image
        }
    }

    package var columns: Int
    package var margin = 24
    package var gap = 24
    package var labelScale = 2
    package var background: Color = (0x9A, 0xA0, 0xA6, 255)
    package var textColor: Color = (0x20, 0x21, 0x24, 255)
    package var frameColor: Color = (0x5F, 0x63, 0x68, 255)

    package init(columns: Int) { self.columns = max(1, columns) }

    /// The sheet with `tiles` in rows of `columns`, under `title` when given.
    package func compose(_ tiles: [Tile], title: String? = nil) -> RGBAImage {
        let cellWidth = tiles.map(\.image.width).max() ?? 0
        let cellHeight = tiles.map(\.image.height).max() ?? 0
        let rows = (tiles.count + columns - 1) / columns
        let usedColumns = min(columns, max(1, tiles.count))
        let labelGap = 6
        let labelHeight = BitmapFont.lineHeight * labelScale
        let titleHeight = title == nil ? 0 : labelHeight + gap / 2
        let rowHeight = labelHeight + labelGap + cellHeight + 2
        let width = margin * 2 + usedColumns * (cellWidth + 2) + (usedColumns - 1) * gap
        let height = margin * 2 + titleHeight + rows * rowHeight + max(0, rows - 1) * gap
        var sheet = RGBAImage(width: width, height: height, fill: background)
        if let title {
            BitmapFont.draw(
                title, into: &sheet, x: margin, y: margin, scale: fittingScale(title, width - 2 * margin),
                color: textColor)
        }
        for (index, tile) in tiles.enumerated() {
            let column = index % columns
            let row = index / columns
            let x = margin + column * (cellWidth + 2 + gap)
            let y = margin + titleHeight + row * (rowHeight + gap)
            BitmapFont.draw(
                tile.label, into: &sheet, x: x, y: y, scale: fittingScale(tile.label, cellWidth + 2), color: textColor)
            let top = y + labelHeight + labelGap
            drawFrame(into: &sheet, x: x, y: top, width: tile.image.width + 2, height: tile.image.height + 2)
            sheet.draw(tile.image, atX: x + 1, y: top + 1)
        }
        return sheet
    }

    /// `labelScale`, or the largest smaller scale at which `text` fits in `width` (at least 1).
    private func fittingScale(_ text: String, _ width: Int) -> Int {
        var scale = max(1, labelScale)
        while scale > 1, BitmapFont.width(of: text, scale: scale) > width { scale -= 1 }
        return scale
    }

    private func drawFrame(into sheet: inout RGBAImage, x: Int, y: Int, width: Int, height: Int) {
        for i in 0..<width {
            sheet.set(x: x + i, y: y, frameColor)
            sheet.set(x: x + i, y: y + height - 1, frameColor)
        }
        for j in 0..<height {
            sheet.set(x: x, y: y + j, frameColor)
            sheet.set(x: x + width - 1, y: y + j, frameColor)
        }
    }
}
