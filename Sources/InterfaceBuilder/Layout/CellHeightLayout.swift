/// How a cell's views follow its height when the row is taller or shorter than the cell in the file (a row height
/// set in code): UIKit sizes the cell to the row and its content view to the cell, then lays the content view's
/// views out by their constraints, or by their autoresizing masks where they have none.
///
/// Only the vertical axis changes. Each view's top and bottom edges move by a factor of the change in the cell's
/// height (`Edges`): the cell and its content view keep their top (0) and move their bottom (1). The factors come
/// from the file's equality constraints on `top`, `bottom`, `centerY`, `height` (and their margins' and baselines'
/// forms, a baseline read as its edge), solved by propagation, and from autoresizing masks (`flexibleMinY`,
/// `heightSizable`, `flexibleMaxY`: the parent's change shared by the flexible parts in proportion to their sizes,
/// as UIKit's autoresizing does). A view no constraint places keeps its height and its place in its parent (a label
/// pinned by its top alone keeps its intrinsic height; a view centred alone keeps its height about its centre).
/// Inequalities are not read.
struct CellHeightLayout {
    /// A view's top and bottom edges' moves, as factors of the change in the cell's height.
    struct Edges: Equatable {
        var top: Double?
        var bottom: Double?
    }

    /// At most this many views and constraints in one cell; a larger cell keeps its views' frames.
    static let maxViews = 256
    static let maxConstraints = 1_024

    private struct View {
        var element: IBElement
        var parent: Int?
        /// Placed by its autoresizing mask (not `translatesAutoresizingMaskIntoConstraints="NO"`).
        var autoresizes: Bool
    }

    private struct Term {
        var view: Int
        var attribute: String
    }

    private struct Equation {
        var first: Term
        var second: Term?
        var multiplier: Double
    }

    private var views: [View] = []
    private var index: [String: Int] = [:]
    private var equations: [Equation] = []
    private var edges: [Edges] = []

    /// The new frames (`[x, y, width, height]`, each relative to its parent as in the file) of `cell` and of every
    /// view under its content view, by element id, at `height`; only the frames that change. Empty when the cell
    /// has no frame, the height is its own, or the cell is over the limits.
    static func frames(of cell: IBElement, height: Double, excluded: Set<String>) -> [String: [Double]] {
        guard let cellFrame = frame(of: cell), height.isFinite, height >= 0, height != cellFrame[3] else { return [:] }
        var layout = CellHeightLayout()
        guard layout.collect(cell, excluded: excluded) else { return [:] }
        layout.solve()
        let change = height - cellFrame[3]
        var out: [String: [Double]] = [:]
        if let id = cell["id"] { out[id] = [cellFrame[0], cellFrame[1], cellFrame[2], height] }
        for (k, view) in layout.views.enumerated() where k >= 2 {
            guard let id = view.element["id"], let frame = frame(of: view.element), let parent = view.parent else {
                continue
            }
            let top = layout.edges[k].top ?? 0
            let bottom = layout.edges[k].bottom ?? top
            let parentTop = layout.edges[parent].top ?? 0
            let y = frame[1] + (top - parentTop) * change
            let h = max(0, frame[3] + (bottom - top) * change)
            if y != frame[1] || h != frame[3] { out[id] = [frame[0], y, frame[2], h] }
        }
        return out
    }

    /// `<rect key="frame">` as `[x, y, width, height]`, nil when it is missing or not numbers.
    static func frame(of e: IBElement) -> [Double]? {
        guard let rect = e.child("rect", key: "frame") else { return nil }
        let values = ["x", "y", "width", "height"].compactMap { IBNumbers.finite(rect[$0] ?? "0") }
        return values.count == 4 ? values : nil
    }

    // MARK: Reading

    /// The cell (view 0), its content view (view 1), then every view under it, parents first; and the constraints
    /// they hold. False when the cell has no content view or is over the limits.
    private mutating func collect(_ cell: IBElement, excluded: Set<String>) -> Bool {
        guard let content = cell.child(key: "contentView") else { return false }
        add(cell, parent: nil, autoresizes: false)
        add(content, parent: 0, autoresizes: false)
        var next = 1
        while next < views.count {
            let parent = next
            for child in views[parent].element.grandchildren(of: "subviews") {
                guard views.count < Self.maxViews else { return false }
                add(child, parent: parent, autoresizes: child["translatesAutoresizingMaskIntoConstraints"] != "NO")
            }
            next += 1
        }
        edges = Array(repeating: Edges(), count: views.count)
        edges[0] = Edges(top: 0, bottom: 1)
        edges[1] = Edges(top: 0, bottom: 1)
        for (k, view) in views.enumerated() {
            for c in view.element.grandchildren(of: "constraints") where c.name == "constraint" {
                guard equations.count < Self.maxConstraints else { return false }
                if let id = c["id"], excluded.contains(id) { continue }
                if let equation = equation(c, owner: k) { equations.append(equation) }
            }
        }
        return true
    }

    private mutating func add(_ e: IBElement, parent: Int?, autoresizes: Bool) {
        let k = views.count
        views.append(View(element: e, parent: parent, autoresizes: autoresizes))
        if let id = e["id"] { index[id] = k }
        // A view's layout guides (the safe area) and margins move with the view itself.
        for guide in e.children where guide.name == "viewLayoutGuide" {
            if let id = guide["id"] { index[id] = k }
        }
    }

    /// An equality constraint between vertical attributes, nil for any other.
    private func equation(_ c: IBElement, owner: Int) -> Equation? {
        guard c["relation"] == nil, c["placeholder"] == nil, let attribute = c["firstAttribute"],
            Self.isVertical(attribute)
        else { return nil }
        let firstView = c["firstItem"].map { index[$0] } ?? owner
        guard let firstView else { return nil }
        var second: Term?
        if let item = c["secondItem"] {
            guard let view = index[item], let secondAttribute = c["secondAttribute"], Self.isVertical(secondAttribute)
            else { return nil }
            second = Term(view: view, attribute: secondAttribute)
        }
        return Equation(
            first: Term(view: firstView, attribute: attribute), second: second, multiplier: Self.multiplier(c))
    }

    private static func isVertical(_ attribute: String) -> Bool {
        [
            "top", "bottom", "centerY", "height", "topMargin", "bottomMargin", "centerYWithinMargins",
            "firstBaseline", "lastBaseline", "baseline",
        ].contains(attribute)
    }

    /// `multiplier="2"` or `"16:9"` (a ratio); 1 when absent or not a finite number.
    private static func multiplier(_ c: IBElement) -> Double {
        guard let text = c["multiplier"] else { return 1 }
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = IBNumbers.finite(String(parts[0])), let b = IBNumbers.finite(String(parts[1])),
            b != 0
        {
            return a / b
        }
        return IBNumbers.finite(text) ?? 1
    }

    // MARK: Solving

    /// Propagates the equations until nothing more follows; then the first view still open takes its default (its
    /// height kept, its place in its parent kept) and propagation goes on, until every view is placed.
    private mutating func solve() {
        while true {
            var changed = true
            var passes = 0
            while changed, passes <= equations.count + views.count {
                changed = false
                passes += 1
                for k in views.indices where views[k].autoresizes { changed = placeByMask(k) || changed }
                for equation in equations { changed = apply(equation) || changed }
            }
            guard let open = edges.indices.first(where: { edges[$0].top == nil || edges[$0].bottom == nil }) else {
                return
            }
            let parentTop = views[open].parent.flatMap { edges[$0].top } ?? 0
            // Its height kept: an edge known, else a position an equation gives (a centred view), else its place.
            let top = edges[open].top ?? edges[open].bottom ?? position(of: open) ?? parentTop
            edges[open] = Edges(top: top, bottom: edges[open].bottom ?? top)
        }
    }

    /// An autoresizing view whose parent is placed: the parent's change shared by the flexible parts.
    private mutating func placeByMask(_ k: Int) -> Bool {
        guard edges[k].top == nil || edges[k].bottom == nil, let parent = views[k].parent,
            let parentTop = edges[parent].top, let parentBottom = edges[parent].bottom
        else { return false }
        let e = views[k].element
        let mask = e.child("autoresizingMask", key: "autoresizingMask")
        let flexible = ["flexibleMinY", "heightSizable", "flexibleMaxY"].map { mask?.flag($0) == true }
        let frame = Self.frame(of: e) ?? [0, 0, 0, 0]
        let parentHeight = Self.frame(of: views[parent].element)?[3] ?? 0
        let sizes = [frame[1], frame[3], parentHeight - frame[1] - frame[3]].map { max(0, $0) }
        let total = zip(flexible, sizes).reduce(0.0) { $0 + ($1.0 ? $1.1 : 0) }
        let count = Double(flexible.filter { $0 }.count)
        let share = { (i: Int) -> Double in
            guard flexible[i] else { return 0 }
            return total > 0 ? sizes[i] / total : 1 / count
        }
        let change = parentBottom - parentTop
        let top = parentTop + share(0) * change
        edges[k] = Edges(top: top, bottom: top + share(1) * change)
        return true
    }

    /// Solves `equation` for one edge when the rest is known; true when it placed one.
    private mutating func apply(_ equation: Equation) -> Bool {
        let m = equation.multiplier
        guard let second = equation.second else {
            // A constant height keeps the view's height.
            guard Self.isHeight(equation.first.attribute) else { return false }
            return solve(equation.first, equals: 0)
        }
        let (left, right) = (value(equation.first), value(second))
        if let right, left == nil { return solve(equation.first, equals: m * right) }
        if let left, right == nil, m != 0 { return solve(second, equals: left / m) }
        return false
    }

    private static func isHeight(_ attribute: String) -> Bool { attribute == "height" }

    /// The move of view `k`'s top, centre or bottom that an equation gives from known terms (they all move alike
    /// when its height is kept); nil when none does.
    private func position(of k: Int) -> Double? {
        for equation in equations {
            guard let second = equation.second else { continue }
            if equation.first.view == k, !Self.isHeight(equation.first.attribute), let right = value(second) {
                return equation.multiplier * right
            }
            if second.view == k, !Self.isHeight(second.attribute), equation.multiplier != 0,
                let left = value(equation.first)
            {
                return left / equation.multiplier
            }
        }
        return nil
    }

    /// A term's move: an edge's, the centre's (their mean) or the height's (their difference); nil while open.
    private func value(_ term: Term) -> Double? {
        let e = edges[term.view]
        switch term.attribute {
        case "top", "topMargin", "firstBaseline": return e.top
        case "bottom", "bottomMargin", "lastBaseline", "baseline": return e.bottom
        case "height":
            guard let top = e.top, let bottom = e.bottom else { return nil }
            return bottom - top
        default:
            guard let top = e.top, let bottom = e.bottom else { return nil }
            return (top + bottom) / 2
        }
    }

    /// Places the open edge that makes `term` move by `value`, when one edge of it is known (or the term is an edge).
    private mutating func solve(_ term: Term, equals value: Double) -> Bool {
        var e = edges[term.view]
        switch term.attribute {
        case "top", "topMargin", "firstBaseline":
            guard e.top == nil else { return false }
            e.top = value
        case "bottom", "bottomMargin", "lastBaseline", "baseline":
            guard e.bottom == nil else { return false }
            e.bottom = value
        case "height":
            if let top = e.top, e.bottom == nil {
                e.bottom = top + value
            } else if let bottom = e.bottom, e.top == nil {
                e.top = bottom - value
            } else {
                return false
            }
        default:
            if let top = e.top, e.bottom == nil {
                e.bottom = 2 * value - top
            } else if let bottom = e.bottom, e.top == nil {
                e.top = 2 * value - bottom
            } else {
                return false
            }
        }
        edges[term.view] = e
        return true
    }
}
