/// What an answer per index path depends on.
package enum IndexPathAxis: Sendable, Hashable {
    /// `indexPath.row` or `indexPath.item`.
    case row
    /// `indexPath.section`.
    case section
}

/// An answer a skeleton data source gives per index path: by row (item) in every section, or by section, for the
/// indexes the code names, and one answer for every other index.
package struct IndexPathAnswer<Value: Sendable & Hashable>: Sendable, Hashable {
    /// What the answer depends on.
    package typealias Axis = IndexPathAxis

    /// The most indexes one answer names one by one (`case 0:` … ); a `switch` or comparison past it is not read.
    package static var maxIndex: Int { 1_000 }

    /// What the answer depends on.
    package var axis: Axis
    /// Index → answer, for the indexes the code names (each below `maxIndex`); nil: no answer there (the one
    /// before stays), even when `others` has one.
    package var byIndex: [Int: Value?]
    /// Every other index's answer (`default`, an `else`); nil: none (the one before stays).
    package var others: Value?

    package init(axis: Axis, byIndex: [Int: Value?] = [:], others: Value? = nil) {
        self.axis = axis
        self.byIndex = byIndex
        self.others = others
    }

    /// The same answer for every index path.
    package static func always(_ value: Value) -> Self { Self(axis: .row, others: value) }

    /// The answer at `index` of the axis.
    package func at(_ index: Int) -> Value? {
        if let named = byIndex[index] { return named }
        return others
    }

    /// The answer at `section`, `row`.
    package func value(section: Int, row: Int) -> Value? { at(axis == .section ? section : row) }

    /// `over`'s answer where it has one, else this one's; nil when both depend on their axes and those differ.
    package func overlaid(by over: Self) -> Self? {
        if axis != over.axis, !byIndex.isEmpty, !over.byIndex.isEmpty { return nil }
        var result = Self(axis: over.byIndex.isEmpty ? axis : over.axis, others: over.others ?? others)
        for k in Set(byIndex.keys).union(over.byIndex.keys) {
            result.byIndex.updateValue(over.at(k) ?? at(k), forKey: k)
        }
        return result
    }

    /// `then` where `condition` holds, else `otherwise`; nil when their axes differ.
    package static func choosing(_ condition: IndexPathAnswer<Bool>, _ then: Self, _ otherwise: Self) -> Self? {
        var axes: Set<Axis> = []
        if !condition.byIndex.isEmpty { axes.insert(condition.axis) }
        if !then.byIndex.isEmpty { axes.insert(then.axis) }
        if !otherwise.byIndex.isEmpty { axes.insert(otherwise.axis) }
        let keys = Set(condition.byIndex.keys).union(then.byIndex.keys).union(otherwise.byIndex.keys)
        func pick(_ holds: Bool?, _ k: Int?) -> Value? {
            guard let holds else { return nil }
            let side = holds ? then : otherwise
            guard let k else { return side.others }
            return side.at(k)
        }
        var result = Self(axis: axes.first ?? .row, others: pick(condition.others, nil))
        for k in keys { result.byIndex.updateValue(pick(condition.at(k), k), forKey: k) }
        return result
    }
}
