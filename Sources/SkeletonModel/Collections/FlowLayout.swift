/// Item placement of a `UICollectionViewFlowLayout` section, as skeletond approximates it: items of
/// `itemSize` fill lines across the scroll axis; lines with more than one item are justified (first item
/// at the leading inset, last at the trailing inset, the gap never below `minimumInteritemSpacing`) and
/// the last, partial line uses the same columns; a line with room for one item centres it.
public enum FlowLayout {
    /// The frames of `count` items, in the collection's coordinates, starting at `offset` on the scroll
    /// axis (after the section's header); returns them and the offset after the section's bottom inset.
    public static func items(
        count: Int, in bounds: Size, properties p: CollectionProperties, startingAt offset: Double
    ) -> (frames: [Rect], end: Double) {
        let vertical = p.scrollDirection == .vertical
        let inset = p.sectionInset
        // Across the scroll axis ("cross") and along it ("main").
        let crossStart = vertical ? inset.left : inset.top
        let crossAvailable =
            (vertical ? bounds.width - inset.left - inset.right : bounds.height - inset.top - inset.bottom)
        let itemCross = vertical ? p.itemSize.width : p.itemSize.height
        let itemMain = vertical ? p.itemSize.height : p.itemSize.width
        let mainStart = offset + (vertical ? inset.top : inset.left)
        let spacing = p.minimumInteritemSpacing
        var perLine = 1
        if itemCross + spacing > 0 {
            let fit = ((crossAvailable + spacing) / (itemCross + spacing)).rounded(.down)
            perLine = fit.isFinite ? Int(min(max(fit, 1), 1e6)) : 1
        }
        let gap = perLine > 1 ? (crossAvailable - Double(perLine) * itemCross) / Double(perLine - 1) : 0
        var frames: [Rect] = []
        frames.reserveCapacity(max(0, count))
        for i in 0..<max(0, count) {
            let line = i / perLine
            let column = i % perLine
            let cross =
                perLine == 1
                ? crossStart + (crossAvailable - itemCross) / 2 : crossStart + Double(column) * (itemCross + gap)
            let main = mainStart + Double(line) * (itemMain + p.minimumLineSpacing)
            frames.append(
                vertical
                    ? Rect(x: cross, y: main, width: itemCross, height: itemMain)
                    : Rect(x: main, y: cross, width: itemMain, height: itemCross))
        }
        let lines = count > 0 ? (count + perLine - 1) / perLine : 0
        let extent = lines > 0 ? Double(lines) * itemMain + Double(lines - 1) * p.minimumLineSpacing : 0
        let end = mainStart + extent + (vertical ? inset.bottom : inset.right)
        return (frames, end)
    }

    /// Whether a supplementary kind is the flow layout's section header or footer.
    public static func isHeader(_ kind: String) -> Bool {
        kind == "header" || kind == "UICollectionElementKindSectionHeader"
    }
    /// Whether a supplementary kind is the flow layout's section footer.
    public static func isFooter(_ kind: String) -> Bool {
        kind == "footer" || kind == "UICollectionElementKindSectionFooter"
    }
}
