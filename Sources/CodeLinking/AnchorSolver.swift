import SwiftCode

/// Places views built in code from their anchor constraints: a small, bounded solver for equalities.
///
/// Every anchor is a number in the container's coordinates; the container's own anchors are known (its size).
/// A constraint `first = second × multiplier + constant` (or `first = constant` for `equalToConstant`) gives its
/// first anchor once its second is known, or its second once its first is (a multiplier of 0 never does); on
/// each axis, any two of a view's edges, centre and size give the other two. Passes repeat while one gives a new
/// value, at most once per constraint, so the work is at most (constraints + 1) × constraints steps. A view is
/// placed when both its axes are known; the rest are said (`unplaced`). A constraint that disagrees with what is
/// already known is said too (`conflicts`), and the first value stays (UIKit would break one of them).
struct AnchorSolver {
    /// A solved rectangle, in its parent's coordinates.
    struct Frame: Hashable {
        var x, y, width, height: Double
    }

    /// A view built in code and where it was added.
    struct View: Hashable {
        var name: String
        var parent: ViewTarget
        var range: CodeRange
    }

    /// The most views and constraints one class's layout is solved for.
    static let maxViews = 256
    static let maxConstraints = 1_024

    /// The solved frames by view name, in the parent's coordinates.
    private(set) var frames: [String: Frame] = [:]
    /// The views added (to the container or to another added view), in the order they were added.
    private(set) var views: [View] = []
    /// Views whose frame is not determined, with the axes that are not.
    private(set) var unplaced: [(view: View, missing: [String])] = []
    /// Constraints that disagree with a value already known.
    private(set) var conflicts: [AnchorConstraint] = []
    /// Constraints on views that are not added (ignored).
    private(set) var ignored: [AnchorConstraint] = []
    /// Whether the layout was over `maxViews` or `maxConstraints` (nothing is placed then).
    private(set) var isTooLarge = false

    private var values: [Key: Double] = [:]

    private struct Key: Hashable {
        var view: ViewTarget
        var anchor: LayoutAnchor
    }

    /// Solves `layout` inside a container of `width` × `height` (the class's own view, `.root`).
    init(layout: CodeLayout, width: Double, height: Double) {
        var seen: Set<String> = []
        for addition in layout.subviews {
            guard case .property(let name) = addition.child, seen.insert(name).inserted else { continue }
            views.append(View(name: name, parent: addition.parent, range: addition.range))
        }
        guard views.count <= Self.maxViews, layout.constraints.count <= Self.maxConstraints else {
            isTooLarge = true
            views = []
            return
        }
        views = Self.attached(views)
        let known = Set(views.map { ViewTarget.property($0.name) }).union([.root])
        set(.root, .leading, 0)
        set(.root, .top, 0)
        set(.root, .width, width)
        set(.root, .height, height)
        var constraints: [AnchorConstraint] = []
        for c in layout.constraints {
            if known.contains(c.first) && (c.second.map { known.contains($0) } ?? true) {
                constraints.append(c)
            } else {
                ignored.append(c)
            }
        }
        var conflicting: Set<Int> = []
        for _ in 0...constraints.count {
            var progress = false
            for (k, c) in constraints.enumerated() {
                switch apply(c) {
                case .progress: progress = true
                case .conflict: conflicting.insert(k)
                case .nothing: break
                }
            }
            if !progress { break }
        }
        conflicts = conflicting.sorted().map { constraints[$0] }
        place()
    }

    /// The views whose parent chain reaches the container, in order (a view added to an unknown or unattached view
    /// is dropped; so is a chain that loops).
    private static func attached(_ views: [View]) -> [View] {
        let parents = Dictionary(views.map { ($0.name, $0.parent) }, uniquingKeysWith: { first, _ in first })
        return views.filter { view in
            var current = view.parent
            for _ in 0...views.count {
                switch current {
                case .root: return true
                case .property(let name):
                    guard let next = parents[name] else { return false }
                    current = next
                }
            }
            return false
        }
    }

    private enum Outcome { case progress, conflict, nothing }

    private mutating func apply(_ c: AnchorConstraint) -> Outcome {
        let first = Key(view: c.first, anchor: c.firstAnchor)
        let constant = c.constant.evaluate { target, dimension in
            target == .root ? values[Key(view: .root, anchor: dimension == .width ? .width : .height)] : nil
        }
        guard let constant else { return .nothing }
        let second = c.second.flatMap { view in c.secondAnchor.map { Key(view: view, anchor: $0) } }
        let target: Double?
        if let second {
            target = values[second].map { $0 * c.multiplier + constant }
        } else {
            target = constant
        }
        if let target, target.isFinite {
            guard let current = values[first] else {
                set(first.view, first.anchor, target)
                return .progress
            }
            return abs(current - target) > 0.001 ? .conflict : .nothing
        }
        if let second, values[second] == nil, let current = values[first], c.multiplier != 0 {
            let solved = (current - constant) / c.multiplier
            guard solved.isFinite else { return .nothing }
            set(second.view, second.anchor, solved)
            return .progress
        }
        return .nothing
    }

    /// Records one anchor and completes its axis: any two of an axis's edges, centre and size give the others.
    private mutating func set(_ view: ViewTarget, _ anchor: LayoutAnchor, _ value: Double) {
        values[Key(view: view, anchor: anchor)] = value
        let axis: [LayoutAnchor] =
            anchor.isHorizontal ? [.leading, .trailing, .centerX, .width] : [.top, .bottom, .centerY, .height]
        var low = values[Key(view: view, anchor: axis[0])]
        var high = values[Key(view: view, anchor: axis[1])]
        var center = values[Key(view: view, anchor: axis[2])]
        var size = values[Key(view: view, anchor: axis[3])]
        for _ in 0..<2 {
            if low == nil, let h = high, let s = size { low = h - s }
            if low == nil, let c = center, let s = size { low = c - s / 2 }
            if low == nil, let c = center, let h = high { low = 2 * c - h }
            if let l = low {
                if size == nil, let h = high { size = h - l }
                if size == nil, let c = center { size = 2 * (c - l) }
            }
            if let l = low, let s = size {
                if high == nil { high = l + s }
                if center == nil { center = l + s / 2 }
            }
        }
        for (k, v) in zip(axis, [low, high, center, size]) {
            if let v, v.isFinite, values[Key(view: view, anchor: k)] == nil { values[Key(view: view, anchor: k)] = v }
        }
    }

    /// Frames in the parents' coordinates for the views both of whose axes are known, with a size of at least 0.
    private mutating func place() {
        var origins: [String: (x: Double, y: Double)] = [:]
        for view in views {
            let v = ViewTarget.property(view.name)
            let x = values[Key(view: v, anchor: .leading)]
            let width = values[Key(view: v, anchor: .width)]
            let y = values[Key(view: v, anchor: .top)]
            let height = values[Key(view: v, anchor: .height)]
            var missing: [String] = []
            if x == nil || width == nil { missing.append("horizontal") }
            if y == nil || height == nil { missing.append("vertical") }
            let parentOrigin: (x: Double, y: Double)?
            switch view.parent {
            case .root: parentOrigin = (0, 0)
            case .property(let name): parentOrigin = origins[name]
            }
            guard missing.isEmpty, let x, let y, let width, let height, let parentOrigin, width >= 0, height >= 0
            else {
                if missing.isEmpty { missing.append(parentOrigin == nil ? "parent" : "size") }
                unplaced.append((view, missing))
                continue
            }
            origins[view.name] = (x, y)
            frames[view.name] = Frame(x: x - parentOrigin.x, y: y - parentOrigin.y, width: width, height: height)
        }
    }
}
