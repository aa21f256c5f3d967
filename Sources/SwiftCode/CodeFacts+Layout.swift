/// A number written in code that may depend on a view's size: `10`, `view.frame.width / 3 - 10`, `frame.width`.
/// `CodeLinking` evaluates it once it knows the sizes (`evaluate(_:)`); the reader keeps it symbolic.
package indirect enum CodeExpression: Sendable, Hashable {
    /// A literal.
    case number(Double)
    /// The width or height of a view's `frame` or `bounds` (equal for a size).
    case dimension(ViewTarget, Dimension)
    /// `a + b`, `a - b`, `a * b`, `a / b`.
    case binary(CodeOperator, CodeExpression, CodeExpression)
    /// `-a`.
    case negated(CodeExpression)

    /// The value, given each view's size (nil: unknown); nil when a size is unknown, a division by zero, or the
    /// value is not finite.
    package func evaluate(_ size: (ViewTarget, Dimension) -> Double?) -> Double? {
        let value: Double?
        switch self {
        case .number(let n): value = n
        case .dimension(let target, let dimension): value = size(target, dimension)
        case .negated(let a): value = a.evaluate(size).map { -$0 }
        case .binary(let op, let a, let b):
            guard let x = a.evaluate(size), let y = b.evaluate(size) else { return nil }
            switch op {
            case .add: value = x + y
            case .subtract: value = x - y
            case .multiply: value = x * y
            case .divide: value = y == 0 ? nil : x / y
            }
        }
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// The literal value, when the expression names no view.
    package var constant: Double? { evaluate { _, _ in nil } }
}

/// An arithmetic operator of a `CodeExpression`.
package enum CodeOperator: String, Sendable, Hashable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
}

/// A side of a size.
package enum Dimension: String, Sendable, Hashable {
    case width, height
}

/// `CGSize(width:height:)` in code.
package struct CodeSize: Sendable, Hashable {
    /// The width.
    package var width: CodeExpression
    /// The height.
    package var height: CodeExpression

    package init(width: CodeExpression, height: CodeExpression) {
        self.width = width
        self.height = height
    }
}

/// The literal answers of `UICollectionViewDelegateFlowLayout` (nil: not implemented, or not static; the flow
/// layout's own value then applies), with where each was written.
package struct FlowLayoutAnswers: Sendable, Hashable {
    /// `collectionView(_:layout:sizeForItemAt:)`.
    package var itemSize: CodeSize?
    /// `collectionView(_:layout:minimumLineSpacingForSectionAt:)`.
    package var minimumLineSpacing: Double?
    /// `collectionView(_:layout:minimumInteritemSpacingForSectionAt:)`.
    package var minimumInteritemSpacing: Double?
    /// `collectionView(_:layout:insetForSectionAt:)`: top, left, bottom, right.
    package var sectionInset: [Double]?
    /// Where `itemSize` was answered.
    package var itemSizeRange: CodeRange?
    /// A table delegate's `tableView(_:heightForRowAt:)`, when it is one number (every row's height).
    package var rowHeight: Double?

    package init(
        itemSize: CodeSize? = nil, minimumLineSpacing: Double? = nil, minimumInteritemSpacing: Double? = nil,
        sectionInset: [Double]? = nil, itemSizeRange: CodeRange? = nil
    ) {
        self.itemSize = itemSize
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.itemSizeRange = itemSizeRange
    }

    /// Whether any answer was read.
    package var isEmpty: Bool {
        itemSize == nil && minimumLineSpacing == nil && minimumInteritemSpacing == nil && sectionInset == nil
    }
}

/// `collectionView.dataSource = self` / `tableView.delegate = self`: the class made its outlet's data source or
/// delegate in code.
package struct ListConnection: Sendable, Hashable {
    /// Which role the class takes.
    package enum Role: String, Sendable, Hashable {
        case dataSource, delegate
    }

    /// The outlet (a table or collection view) by property name.
    package var outlet: String
    /// The role.
    package var role: Role
    /// The assignment's range.
    package var range: CodeRange

    package init(outlet: String, role: Role, range: CodeRange) {
        self.outlet = outlet
        self.role = role
        self.range = range
    }
}

/// An edge, centre or side of a view's layout (`leadingAnchor`…); `left`/`right` are read as leading/trailing
/// (left to right).
package enum LayoutAnchor: String, Sendable, Hashable, CaseIterable {
    case leading, trailing, centerX, width, top, bottom, centerY, height

    /// The anchor of a property name (`leadingAnchor`, `leftAnchor` → leading).
    package init?(property: String) {
        guard property.hasSuffix("Anchor") else { return nil }
        let name = String(property.dropLast("Anchor".count))
        switch name {
        case "left": self = .leading
        case "right": self = .trailing
        default:
            guard let anchor = LayoutAnchor(rawValue: name) else { return nil }
            self = anchor
        }
    }

    /// Whether the anchor is horizontal (leading, trailing, centerX, width).
    package var isHorizontal: Bool { [.leading, .trailing, .centerX, .width].contains(self) }
    /// Whether the anchor is a size (width, height).
    package var isSize: Bool { self == .width || self == .height }
}

/// `first.anchor.constraint(equalTo: second.anchor, multiplier: m, constant: c)` or
/// `(equalToConstant: c)` (second nil), where it was written.
package struct AnchorConstraint: Sendable, Hashable {
    /// The view constrained and its anchor.
    package var first: ViewTarget
    /// Its anchor.
    package var firstAnchor: LayoutAnchor
    /// The other view (nil: `equalToConstant`).
    package var second: ViewTarget?
    /// Its anchor.
    package var secondAnchor: LayoutAnchor?
    /// The multiplier (1 unless given).
    package var multiplier: Double
    /// The constant (0 unless given).
    package var constant: CodeExpression
    /// The call's range.
    package var range: CodeRange

    package init(
        first: ViewTarget, firstAnchor: LayoutAnchor, second: ViewTarget? = nil, secondAnchor: LayoutAnchor? = nil,
        multiplier: Double = 1, constant: CodeExpression = .number(0), range: CodeRange
    ) {
        self.first = first
        self.firstAnchor = firstAnchor
        self.second = second
        self.secondAnchor = secondAnchor
        self.multiplier = multiplier
        self.constant = constant
        self.range = range
    }
}

/// `parent.addSubview(child)`, where it was written.
package struct SubviewAddition: Sendable, Hashable {
    /// The view added to (`.root` for `addSubview` on the class's own view or a cell's `contentView`).
    package var parent: ViewTarget
    /// The view added.
    package var child: ViewTarget
    /// The call's range.
    package var range: CodeRange

    package init(parent: ViewTarget, child: ViewTarget, range: CodeRange) {
        self.parent = parent
        self.child = child
        self.range = range
    }
}

/// Views a class builds and lays out in code: the subviews it adds and the anchor constraints it activates.
package struct CodeLayout: Sendable, Hashable {
    /// `addSubview` calls, in run order.
    package var subviews: [SubviewAddition]
    /// Active equality constraints, in run order.
    package var constraints: [AnchorConstraint]

    package init(subviews: [SubviewAddition] = [], constraints: [AnchorConstraint] = []) {
        self.subviews = subviews
        self.constraints = constraints
    }
}
