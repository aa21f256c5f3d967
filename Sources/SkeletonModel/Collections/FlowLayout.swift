/// Item placement of a `UICollectionViewFlowLayout` section, as skeletond approximates it: items of
/// `itemSize` fill lines across the scroll axis; lines with more than one item are justified (first item
/// at the leading inset, last at the trailing inset, the gap never below `minimumInteritemSpacing`) and
/// the last, partial line uses the same columns; a line with room for one item centres it.
package enum FlowLayout {
    /// The placement of a section's items in the collection's coordinates, starting at `offset` on the scroll
    /// axis (after the section's header). Computes nothing per item until asked, so a count costs nothing.
    package static func placement(in bounds: Size, properties p: CollectionProperties, startingAt offset: Double)
        -> FlowPlacement
    {
        FlowPlacement(bounds: bounds, properties: p, offset: offset)
    }

    /// Whether a supplementary kind is the flow layout's section header or footer.
    package static func isHeader(_ kind: String) -> Bool {
        kind == "header" || kind == "UICollectionElementKindSectionHeader"
    }
    /// Whether a supplementary kind is the flow layout's section footer.
    package static func isFooter(_ kind: String) -> Bool {
        kind == "footer" || kind == "UICollectionElementKindSectionFooter"
    }
}

/// Where the items of one flow-layout section go: any item's frame and the section's end, in constant time and
/// memory whatever the item count.
package struct FlowPlacement: Sendable, Hashable {
    private let vertical: Bool
    /// Across the scroll axis ("cross") and along it ("main").
    private let crossStart: Double
    private let crossAvailable: Double
    private let itemCross: Double
    private let itemMain: Double
    private let mainStart: Double
    private let lineSpacing: Double
    private let trailingInset: Double
    /// Items on one line (at least 1).
    package let perLine: Int
    private let gap: Double

    init(bounds: Size, properties p: CollectionProperties, offset: Double) {
        vertical = p.scrollDirection == .vertical
        let inset = p.sectionInset
        crossStart = vertical ? inset.left : inset.top
        crossAvailable = vertical ? bounds.width - inset.left - inset.right : bounds.height - inset.top - inset.bottom
        itemCross = vertical ? p.itemSize.width : p.itemSize.height
        itemMain = vertical ? p.itemSize.height : p.itemSize.width
        mainStart = offset + (vertical ? inset.top : inset.left)
        lineSpacing = p.minimumLineSpacing
        trailingInset = vertical ? inset.bottom : inset.right
        let spacing = p.minimumInteritemSpacing
        var perLine = 1
        if itemCross + spacing > 0 {
            let fit = ((crossAvailable + spacing) / (itemCross + spacing)).rounded(.down)
            perLine = fit.isFinite ? Int(min(max(fit, 1), 1e6)) : 1
        }
        self.perLine = perLine
        gap = perLine > 1 ? (crossAvailable - Double(perLine) * itemCross) / Double(perLine - 1) : 0
    }

    /// The frame of item `i` (from 0).
    package func frame(at i: Int) -> Rect {
        let line = i / perLine
        let column = i % perLine
        let cross =
            perLine == 1
            ? crossStart + (crossAvailable - itemCross) / 2 : crossStart + Double(column) * (itemCross + gap)
        let main = mainStart + Double(line) * (itemMain + lineSpacing)
        return vertical
            ? Rect(x: cross, y: main, width: itemCross, height: itemMain)
            : Rect(x: main, y: cross, width: itemMain, height: itemCross)
    }

    /// The offset on the scroll axis after the bottom (or trailing) inset of a section of `count` items.
    package func end(count: Int) -> Double {
        let lines = count > 0 ? count / perLine + (count % perLine > 0 ? 1 : 0) : 0
        let extent = lines > 0 ? Double(lines) * itemMain + Double(lines - 1) * lineSpacing : 0
        return mainStart + extent + trailingInset
    }
}
