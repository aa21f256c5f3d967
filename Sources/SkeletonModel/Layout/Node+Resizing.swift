extension Node {
    /// Gives the node the width `width` and lays its subtree out again as UIKit's autoresizing does: each child's
    /// left margin, width and right margin take the change in proportion to their sizes among those its
    /// `autoresizingMask` makes flexible (equally when those are all 0; a child with none keeps its frame), and a child
    /// whose width changed lays out its own children the same way. The rows, headers and footers of a table are its
    /// width, as a `UITableView` makes them; a collection's items keep their places.
    ///
    /// - Important: `width` must be finite and not negative; the document's depth limit bounds the recursion.
    package mutating func resize(toWidth width: Double) {
        let old = frame.width
        frame.width = width
        guard old != width else { return }
        for k in children.indices {
            var child = children[k]
            if type == .tableView, child.instance.map({ Self.isTableRow($0.role) }) == true {
                child.frame.x = 0
                child.resize(toWidth: width)
            } else {
                let (x, childWidth) = Self.autoresized(child.frame, mask: child.autoresizingMask, from: old, to: width)
                child.frame.x = x
                child.resize(toWidth: childWidth)
            }
            children[k] = child
        }
    }

    /// The x and width UIKit's autoresizing gives a frame `rect` when its superview's width goes from `old` to `new`.
    static func autoresized(_ rect: Rect, mask: AutoresizingMask, from old: Double, to new: Double) -> (
        x: Double, width: Double
    ) {
        let parts: [(AutoresizingMask, Double)] = [
            (.flexibleLeftMargin, rect.x), (.flexibleWidth, rect.width),
            (.flexibleRightMargin, old - rect.x - rect.width),
        ]
        let flexible = parts.filter { mask.contains($0.0) }
        guard !flexible.isEmpty else { return (rect.x, rect.width) }
        let delta = new - old
        let total = flexible.reduce(0) { $0 + max($1.1, 0) }
        func share(_ option: AutoresizingMask, _ size: Double) -> Double {
            guard mask.contains(option) else { return 0 }
            return total > 0 ? delta * max(size, 0) / total : delta / Double(flexible.count)
        }
        let x = rect.x + share(.flexibleLeftMargin, rect.x)
        let width = rect.width + share(.flexibleWidth, rect.width)
        return (x, max(width, 0))
    }

    private static func isTableRow(_ role: InstanceInfo.Role) -> Bool {
        switch role {
        case .cell, .header, .footer: return true
        case .supplementary: return false
        }
    }
}
