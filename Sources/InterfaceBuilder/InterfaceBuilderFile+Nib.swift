package import JSON

/// A XIB as a nib the app loads by name: its top-level cell (or header, footer or supplementary view) as a list's
/// template, the way `register(UINib(nibName:bundle:), forCellReuseIdentifier:)` makes a table use it.
extension InterfaceBuilderFile {
    /// The scene of the first top-level view whose element is one of `elements` (in file order; else of the first
    /// top-level view): its `classBindings` say which class the view is. Nil when the file has no view.
    package func nibScene(elements: [String]) -> String? {
        let candidates = scenes.compactMap { scene in roots[scene.id].map { (scene.id, $0.name) } }
        return (candidates.first { elements.contains($0.1) } ?? candidates.first)?.0
    }

    /// The top-level view of scene `scene` mapped to the document format (a list's template), with `overlay`
    /// (members by element id, as `decodeScene(_:overlay:)` takes). Nil for an unknown scene, or a view over the
    /// file's limits (its own analysis says so).
    package func nibView(scene: String, overlay: [String: JSONObject] = [:]) -> JSON? {
        // The view's share of the file's view budget (`ViewBudget`): a view the budget refuses is not mapped.
        guard let root = roots[scene], case .admitted(let views)? = viewBudget.shares[scene] else { return nil }
        var mapper = ViewMapper(
            limits: limits, colors: colors, embeddable: embeddable, scene: scene, maxViews: views)
        mapper.overlay = overlay
        mapper.excludedConstraints = excludedConstraints
        return mapper.node(root, at: ["root"], depth: 1)
    }

    /// The nib name of a XIB at `path` (a path or a uri): its last path component without `.xib`; nil for a
    /// storyboard or any other file.
    package static func nibName(ofPath path: String) -> String? {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard last.lowercased().hasSuffix(".xib"), last.count > 4 else { return nil }
        return String(last.dropLast(4))
    }
}
