import JSON
package import SkeletonModel

/// `not-skeletonable-ancestor` for storyboards and XIBs: a view that is skeletonable under a view that is not never
/// shows a skeleton, because SkeletonView only recurses through skeletonable views. As for JSON documents, one warning
/// per such view, naming the nearest view above it that stops it; placed on the view's element (its start tag's line
/// in the XML), with a quick fix that sets `isSkeletonable` on the views that stop it (`skeletonableChainEdits`, the
/// runtime attribute "Make this scene skeletonable" writes).
///
/// Views are the elements with a frame, as the mapper reads them; cells' content views are passed through (their own
/// flag never matters, as for "Make this scene skeletonable"). A scene gets warnings only when at least one of its
/// views is skeletonable: a scene that does not use SkeletonView in Interface Builder says nothing.
extension InterfaceBuilderFile {
    /// A view element of a scene and the view elements above it in the scene, nearest first.
    struct ChainView {
        var element: IBElement
        var ancestors: [IBElement]
    }

    /// The warnings of scene `id`, in file order. `known` says whether the view with an element id is skeletonable
    /// as the scene was decoded (with the app's code, when linked); nil falls back to the element's own runtime
    /// attribute. `shownFrom` holds the element ids of the views the app's code shows skeletons from (empty: the
    /// scene's root, as a show without code): SkeletonView starts from the view it is called on, so only the views
    /// from a view under a shown one up to that shown view can stop it, and a view under no shown view gets none.
    package func skeletonableChainWarnings(
        scene id: String, shownFrom: Set<String> = [], known: (String) -> Bool? = { _ in nil }
    ) -> [DocumentProblem] {
        guard let root = roots[id] else { return [] }
        let views = Self.chainViews(root)
        func skeletonable(_ e: IBElement) -> Bool { Self.isSkeletonable(e, known) }
        guard views.contains(where: { skeletonable($0.element) }) else { return [] }
        var out: [DocumentProblem] = []
        for view in views where skeletonable(view.element) {
            guard let above = Self.ancestors(of: view, upToShown: shownFrom) else { continue }
            let blockers = above.filter { !skeletonable($0) }
            guard let nearest = blockers.first else { continue }
            let others = blockers.count > 1 ? " (nor are \(blockers.count - 1) more above it)" : ""
            out.append(
                DocumentProblem(
                    code: .notSkeletonableAncestor, pointer: JSONPointer([]),
                    message:
                        "\"\(Self.name(view.element))\" is skeletonable but its ancestor \"\(Self.name(nearest))\" is "
                        + "not\(others): SkeletonView only recurses through skeletonable views, so this skeleton "
                        + "never shows",
                    severity: .warning, line: view.element.location.line, column: view.element.location.column))
        }
        return out
    }

    /// The views that can stop a show from reaching `view`: all its ancestors without code shows; with them, those
    /// up to and including the nearest view the code shows from (nil when the view is itself shown, or under no
    /// shown view: no ancestor's flag matters to it).
    static func ancestors(of view: ChainView, upToShown shown: Set<String>) -> [IBElement]? {
        guard !shown.isEmpty else { return view.ancestors }
        if let own = view.element["id"], shown.contains(own) { return nil }
        guard let k = view.ancestors.firstIndex(where: { $0["id"].map(shown.contains) ?? false }) else { return nil }
        return Array(view.ancestors[...k])
    }

    /// Where each element with an id starts in scene `scene` (its start tag's line and column, 1-based; the first
    /// element when an id repeats).
    package func elementLocations(scene: String) -> [String: (line: Int, column: Int)] {
        var out: [String: (line: Int, column: Int)] = [:]
        forEachElement(inScene: scene) { e in
            if let id = e["id"], out[id] == nil { out[id] = (e.location.line, e.location.column) }
            return true
        }
        return out
    }

    /// Visits scene `scene`'s elements in file order until `visit` returns false.
    func forEachElement(inScene scene: String, _ visit: (IBElement) -> Bool) {
        guard let root = roots[scene] else { return }
        var stack = [root]
        while let e = stack.popLast() {
            guard visit(e) else { return }
            stack += e.children.reversed()
        }
    }

    /// The quick fix of the warning on the view whose element starts on the line of `offset` in `bytes` (this file's
    /// text): that view's name and the edits that make every view above it in its scene that is not skeletonable
    /// skeletonable, in file order; nil when no view there has the warning.
    package func skeletonableChainEdits(
        in bytes: [UInt8], at offset: Int, known: (String) -> Bool? = { _ in nil }
    ) -> (name: String, edits: [IBTextEdit])? {
        let lines = LineIndex(bytes)
        let line = lines.location(ofOffset: offset).line
        guard let scene = scenes.last(where: { $0.location.line <= line }) ?? scenes.first,
            skeletonableChainWarnings(scene: scene.id, known: known).contains(where: { $0.line == line }),
            let root = roots[scene.id]
        else { return nil }
        func skeletonable(_ e: IBElement) -> Bool { Self.isSkeletonable(e, known) }
        guard
            let view = Self.chainViews(root).first(where: {
                $0.element.location.line == line && skeletonable($0.element)
                    && $0.ancestors.contains { !skeletonable($0) }
            })
        else { return nil }
        let edits = view.ancestors.filter { !skeletonable($0) }.compactMap {
            Self.edit(setting: $0, in: bytes, lines: lines)
        }
        guard !edits.isEmpty else { return nil }
        return (Self.name(view.element), edits.sorted { $0.range.lowerBound < $1.range.lowerBound })
    }

    /// The view elements of the tree under `root` (`root` included), in file order, each with the view elements
    /// above it (cells' content views left out of both).
    static func chainViews(_ root: IBElement) -> [ChainView] {
        var out: [ChainView] = []
        // (element, whether it is a cell's content view, the views above it nearest first)
        var stack: [(IBElement, Bool, [IBElement])] = [(root, false, [])]
        while let (e, isCellContent, ancestors) = stack.popLast() {
            let isView = ElementTypes.isView(e) && !isCellContent
            if isView { out.append(ChainView(element: e, ancestors: ancestors)) }
            let below = isView ? [e] + ancestors : ancestors
            let isCell = e.name == "tableViewCell" || e.name == "collectionViewCell"
            for child in e.children.reversed() {
                let cellContent =
                    child.name == "tableViewCellContentView" || child.name == "collectionViewCellContentView"
                    || (isCell && child.key == "contentView")
                stack.append((child, cellContent, below))
            }
        }
        return out
    }

    /// Whether view element `e` is skeletonable: as decoded (`known`, by its id), else its runtime attribute.
    static func isSkeletonable(_ e: IBElement, _ known: (String) -> Bool?) -> Bool {
        if let id = e["id"], let decoded = known(id) { return decoded }
        return e.child("userDefinedRuntimeAttributes")?.children.first { $0["keyPath"] == "isSkeletonable" }?["value"]
            == "YES"
    }

    /// How a view is named in messages: its id (the node's reference), else its element name.
    static func name(_ e: IBElement) -> String { e["id"] ?? e.name }
}
