/// SkeletonView's automatic row and item counts (`automaticNumberOfSkeletonRows/Items`, §8).
extension TableProperties {
    /// `Int(ceil(frameHeight / rowHeight))` with the skeleton row height; nil when that height is not
    /// positive (SkeletonView traps there; skeletond reports `invalid-row-height`).
    package func automaticRowCount(frameHeight: Double) -> Int? {
        let h = skeletonRowHeight
        guard h > 0 else { return nil }
        return AutomaticCount.ceilingRatio(frameHeight, h)
    }
}

extension CollectionProperties {
    /// Flow layout only: `ceil(frame.height / itemSize.height)` (vertical) or `ceil(frame.width / itemSize.width)`
    /// (horizontal); any other layout gives 0. nil when the item size on the scroll axis is not positive.
    package func automaticItemCount(frame: Size) -> Int? {
        guard case .flow = layout else { return 0 }
        switch scrollDirection {
        case .vertical:
            guard itemSize.height > 0 else { return nil }
            return AutomaticCount.ceilingRatio(frame.height, itemSize.height)
        case .horizontal:
            guard itemSize.width > 0 else { return nil }
            return AutomaticCount.ceilingRatio(frame.width, itemSize.width)
        }
    }
}

/// Counts computed from sizes, as Ints that never trap.
enum AutomaticCount {
    /// The largest count computed from a size: far above any limit, far below where `Int` conversion traps.
    static let saturation = Double(Int32.max)

    /// `ceil(a / b)` as an Int: NaN gives 0, and anything past `saturation` (infinity included) gives
    /// `saturation`, so a size too small for its extent is over every limit rather than zero.
    static func ceilingRatio(_ a: Double, _ b: Double) -> Int {
        let q = (a / b).rounded(.up)
        guard !q.isNaN else { return 0 }
        return Int(min(max(q, 0), saturation))
    }
}
