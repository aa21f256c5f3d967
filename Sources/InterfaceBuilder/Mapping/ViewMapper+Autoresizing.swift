import JSON
import SkeletonModel

/// How a view follows its superview's width (`autoresizingMask` in the document format, used at a device width):
/// its `<autoresizingMask>` when it translates that mask into constraints, else what its horizontal constraints
/// make of it.
///
/// Constraints: those of the superview's `<constraints>` (a cell's content view's) between the view's leading,
/// trailing, left, right or centre X (margins alike) and the superview's (or one of its layout guides': the safe area,
/// the margins), or a sibling's edge, which is followed to what that sibling's edge follows (each sibling once, so a
/// cycle ends). An edge pinned to the superview's leading side stays, to its trailing side moves with the width, to
/// its centre moves half as much; a width equal to the superview's times a multiplier grows by that share. The
/// view's left and right edges' moves are then written as the mask that moves them so: fixed left and right edges
/// `[]`, fixed left and moving right `flexibleWidth`, both moving `flexibleLeftMargin`, both moving half
/// `flexibleLeftMargin` + `flexibleRightMargin`, and the flexible parts between them otherwise.
struct HorizontalAnchoring {
    /// A view's horizontal constraints, by the view's id.
    private var constraints: [String: [(attribute: Edge, other: String?, otherAttribute: Edge?, multiplier: Double)]]
    /// The ids that stand for the superview: its own and its layout guides'.
    private let superview: Set<String>

    /// The horizontal edges a constraint can tie.
    enum Edge: Hashable {
        case left, right, center, width

        init?(_ attribute: String?) {
            switch attribute {
            case "leading", "left", "leadingMargin", "leftMargin": self = .left
            case "trailing", "right", "trailingMargin", "rightMargin": self = .right
            case "centerX", "centerXWithinMargins": self = .center
            case "width": self = .width
            default: return nil
            }
        }
    }

    /// The anchoring of `subviews` from the `<constraints>` of `owner` (their superview, or a cell's content view)
    /// and their own width constraints; `excluded` are the constraint ids of other size classes.
    init(owner: IBElement, subviews: [IBElement], excluded: Set<String>) {
        let id = owner["id"]
        var superview: Set<String> = id.map { [$0] } ?? []
        for guide in owner.children where guide.name == "viewLayoutGuide" {
            if let guideID = guide["id"] { superview.insert(guideID) }
        }
        self.superview = superview
        constraints = [:]
        for c in Self.installed(owner, excluded) {
            guard c["relation"] == nil || c["relation"] == "equal", let first = Edge(c["firstAttribute"]) else {
                continue
            }
            let second = Edge(c["secondAttribute"])
            let firstItem = c["firstItem"] ?? id
            let secondItem = c["secondItem"]
            let multiplier = Self.multiplier(c["multiplier"])
            if let firstItem, !superview.contains(firstItem) {
                constraints[firstItem, default: []].append((first, secondItem, second, multiplier))
            }
            if let secondItem, let second, !superview.contains(secondItem), multiplier != 0 {
                constraints[secondItem, default: []].append((second, firstItem, first, 1 / multiplier))
            }
        }
        // A width the view's own constraints fix (a constant, or a ratio to its own height).
        for view in subviews {
            guard let viewID = view["id"] else { continue }
            for c in Self.installed(view, excluded) where c["firstAttribute"] == "width" {
                guard c["firstItem"] == nil || c["firstItem"] == viewID,
                    c["secondItem"] == nil || c["secondItem"] == viewID
                else { continue }
                constraints[viewID, default: []].append((.width, nil, nil, 0))
                break
            }
        }
    }

    /// The installed constraints in `view`'s own `<constraints>`.
    private static func installed(_ view: IBElement, _ excluded: Set<String>) -> [IBElement] {
        view.grandchildren(of: "constraints").filter { c in
            c.name == "constraint" && c.flag("placeholder") != true && !(c["id"].map(excluded.contains) ?? false)
        }
    }

    /// The mask of the view `id`, or nil when no horizontal constraint names it.
    func mask(of id: String) -> [String]? {
        guard constraints[id] != nil else { return nil }
        var visited: Set<String> = []
        guard let (left, right) = edges(of: id, visited: &visited) else { return [] }
        return Self.mask(left: left, right: right)
    }

    /// How far the view's left and right edges move per point of superview width: from its ties to the superview
    /// and its own width first, then, for what those leave open, from its ties to siblings' edges.
    private func edges(of id: String, visited: inout Set<String>) -> (left: Double, right: Double)? {
        guard visited.insert(id).inserted, let list = constraints[id] else { return nil }
        var known: [Edge: Double] = [:]
        var siblings: [(attribute: Edge, other: String, otherAttribute: Edge)] = []
        for (attribute, other, otherAttribute, multiplier) in list {
            guard let other else {
                if attribute == .width { known[.width] = known[.width] ?? 0 }
                continue
            }
            guard superview.contains(other) else {
                if attribute != .width, let otherAttribute, otherAttribute != .width {
                    siblings.append((attribute, other, otherAttribute))
                }
                continue
            }
            let move: Double
            switch otherAttribute {
            case .left?: move = 0
            case .right?, .width?: move = multiplier
            case .center?: move = multiplier / 2
            case nil: continue
            }
            known[attribute] = known[attribute] ?? move
        }
        for link in siblings where known.count < 2 && known[link.attribute] == nil {
            guard let sibling = edges(of: link.other, visited: &visited) else { continue }
            switch link.otherAttribute {
            case .left: known[link.attribute] = sibling.left
            case .right: known[link.attribute] = sibling.right
            default: known[link.attribute] = (sibling.left + sibling.right) / 2
            }
        }
        return Self.solve(known)
    }

    /// The left and right edges' moves that the known edges, centre and width moves give: two of them fix both; one
    /// edge or the centre alone moves the view whole; a width alone grows it from its left edge.
    private static func solve(_ known: [Edge: Double]) -> (left: Double, right: Double)? {
        switch (known[.left], known[.right], known[.center], known[.width]) {
        case (let l?, let r?, _, _): return (l, r)
        case (let l?, nil, let c?, _): return (l, 2 * c - l)
        case (nil, let r?, let c?, _): return (2 * c - r, r)
        case (let l?, nil, nil, let w): return (l, l + (w ?? 0))
        case (nil, let r?, nil, let w): return (r - (w ?? 0), r)
        case (nil, nil, let c?, let w): return (c - (w ?? 0) / 2, c + (w ?? 0) / 2)
        case (nil, nil, nil, let w?): return (0, w)
        case (nil, nil, nil, nil): return nil
        }
    }

    /// The mask whose autoresizing moves the left edge by `left` and the right edge by `right` per point.
    static func mask(left: Double, right: Double) -> [String] {
        let tolerance = 1e-9
        var names: [String] = []
        if left > tolerance { names.append("flexibleLeftMargin") }
        if right - left > tolerance { names.append("flexibleWidth") }
        if right < 1 - tolerance && (right > tolerance || left > tolerance) { names.append("flexibleRightMargin") }
        return names
    }

    private static func multiplier(_ text: String?) -> Double {
        guard let text else { return 1 }
        // Xcode writes ratios as "1:2" too.
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = IBNumbers.finite(String(parts[0])), let b = IBNumbers.finite(String(parts[1])),
            b != 0
        {
            return a / b
        }
        return IBNumbers.finite(text) ?? 1
    }
}

extension ViewMapper {
    /// `<autoresizingMask key="autoresizingMask" widthSizable="YES" …>` as the document's `autoresizingMask`.
    func mapAutoresizingMask(_ e: IBElement, into o: inout JSONObject) {
        guard let mask = e.child("autoresizingMask", key: "autoresizingMask") else { return }
        let names = Self.autoresizingAttributes.filter { mask.flag($0.attribute) == true }.map(\.name)
        if !names.isEmpty { o[.view.autoresizingMask] = .array(names.map { .string($0) }) }
    }

    /// Interface Builder's attribute for each option of the document format.
    static let autoresizingAttributes: [(attribute: String, name: String)] = [
        ("flexibleMinX", "flexibleLeftMargin"), ("widthSizable", "flexibleWidth"),
        ("flexibleMaxX", "flexibleRightMargin"),
        ("flexibleMinY", "flexibleTopMargin"), ("heightSizable", "flexibleHeight"),
        ("flexibleMaxY", "flexibleBottomMargin"),
    ]

    /// The element whose `<constraints>` place the subviews: a cell's content view, else the view itself.
    static func constraintOwner(of e: IBElement, type: NodeType) -> IBElement {
        guard type == .tableViewCell || type == .collectionViewCell else { return e }
        return e.child(key: "contentView") ?? e
    }

    /// Gives a subview that does not translate its mask into constraints (Auto Layout) the mask its constraints make.
    static func anchor(_ child: IBElement, _ n: inout JSON, by anchoring: HorizontalAnchoring) {
        guard child.flag("translatesAutoresizingMaskIntoConstraints") == false, let id = child["id"],
            let names = anchoring.mask(of: id), case .object(var o) = n
        else { return }
        o[.view.autoresizingMask] = names.isEmpty ? nil : .array(names.map { .string($0) })
        n = .object(o)
    }
}
