import JSON
import SkeletonModel
import SwiftCode

/// A cell's subviews built and constrained in code, placed by `AnchorSolver` in a cell of the list's size.
extension SceneOverlay {
    /// The template children for the views `facts`' code adds to its own view (or content view), nested as added,
    /// with their properties from code; hints for the views their constraints do not place and for constraints
    /// that disagree.
    mutating func codeBuiltSubviews(of facts: ClassFacts, width: Double, height: Double) -> [JSON] {
        guard !facts.layout.subviews.isEmpty else { return [] }
        let solver = AnchorSolver(layout: facts.layout, width: width, height: height)
        let size = "\(Self.number(width).text) × \(Self.number(height).text)"
        if solver.isTooLarge, let first = facts.layout.subviews.first {
            hints.append(
                CodeHint(
                    kind: .notStatic,
                    message:
                        "\(facts.name) adds more than \(AnchorSolver.maxViews) views or activates more than \(AnchorSolver.maxConstraints) constraints; its subviews are not placed",
                    range: first.range, file: facts.file))
            return []
        }
        for (view, missing) in solver.unplaced {
            let what = missing.joined(separator: " and ")
            hints.append(
                CodeHint(
                    kind: .notStatic,
                    message:
                        "`\(view.name)` of \(facts.name): its constraints do not give its \(what) frame in a \(size) cell (only equalities between anchors and constants are read); it is not drawn",
                    range: view.range, file: facts.file))
        }
        for conflict in solver.conflicts {
            hints.append(
                CodeHint(
                    kind: .assumed,
                    message:
                        "this constraint disagrees with the others in a \(size) cell of \(facts.name); the earlier ones are kept, as UIKit breaks one",
                    range: conflict.range, file: facts.file))
        }
        let properties = facts.finalProperties
        var byParent: [ViewTarget: [AnchorSolver.View]] = [:]
        for view in solver.views where solver.frames[view.name] != nil {
            byParent[view.parent, default: []].append(view)
        }
        func nodes(under parent: ViewTarget, depth: Int) -> [JSON] {
            guard depth < 64 else { return [] }
            return (byParent[parent] ?? []).compactMap { view in
                guard let frame = solver.frames[view.name] else { return nil }
                let type = facts.codeBuiltViews[view.name].flatMap(NodeType.init(rawValue:)) ?? .view
                var node = JSONObject()
                node[.view.type] = .string(type.rawValue)
                node[.view.id] = .string(view.name)
                node[.view.frame] = .array([frame.x, frame.y, frame.width, frame.height].map(Self.number))
                for (property, value) in (properties[.property(view.name)] ?? [:]).sorted(by: {
                    $0.key.rawValue < $1.key.rawValue
                }) {
                    node[property.documentProperty] = Self.json(value)
                }
                let children = nodes(under: .property(view.name), depth: depth + 1)
                if !children.isEmpty { node[.view.children] = .array(children) }
                return .object(node)
            }
        }
        return nodes(under: .root, depth: 0)
    }
}
