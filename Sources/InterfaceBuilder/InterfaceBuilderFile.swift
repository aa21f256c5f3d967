package import JSON
package import SkeletonModel

/// A parsed Interface Builder file (`.storyboard` or `.xib`): its scenes and what is needed to turn any one
/// of them into a `SkeletonDocument` on demand.
///
/// `problems` are about the file as a whole (not XML, not an IB document, no scenes, an initial view
/// controller that loops); each scene's own problems come with its `DocumentDecodingResult`. Every problem
/// carries the 1-based `line` and `column` of the element it is about; its pointer is empty.
package struct InterfaceBuilderFile: Sendable {
    /// Storyboard or XIB; nil when the file is not an IB document.
    package let kind: IBFileKind?
    /// The scenes, in file order.
    package let scenes: [IBScene]
    /// The scene shown by default: the initial view controller's (through navigation and tab bar
    /// controllers), else the first.
    package let initialSceneID: String?
    /// Problems of the file as a whole.
    package let problems: [DocumentProblem]
    /// The limits scene documents are decoded with.
    package let limits: DocumentLimits

    let roots: [String: IBElement]
    /// Scene id → its index in `scenes` (the first scene with that id).
    let sceneIndex: [String: Int]
    /// How the file's budget of views is shared among its scenes.
    let viewBudget: ViewBudget
    let embeddable: [String: IBElement]
    let codeObjects: [String: [IBElement]]
    /// The scenes whose root is previewed at the size of `IBScene.frame`, not its own frame's (IB's generic canvas).
    let resizedRoots: Set<String>
    /// The ids of the constraints a `<variation key="default">` excludes: they are not installed.
    let excludedConstraints: Set<String>
    let colors: IBColorResolver
    let colorScheme: ColorScheme
    /// The scenes' decodings kept for reuse and the work they cost, shared by the file's copies.
    let decodings = SceneDecodings()

    /// Parses UTF-8 bytes of an IB file: the same bytes parsed lately with the same limits and colours give the same
    /// file again, its scenes' decodings kept (`recent`).
    ///
    /// `namedColors`: the app's asset catalogue colours (light and dark), over the single value a file's
    /// `<resources><namedColor>` keeps.
    package static func parse(
        bytes: [UInt8], limits: DocumentLimits = .default, namedColors: [String: SkeletonColor] = [:],
        recent: RecentFiles = .shared
    ) -> InterfaceBuilderFile {
        recent.file(bytes: bytes, limits: limits, namedColors: namedColors) {
            read(bytes: bytes, limits: limits, namedColors: namedColors)
        }
    }

    /// Reads UTF-8 bytes of an IB file.
    private static func read(bytes: [UInt8], limits: DocumentLimits, namedColors: [String: SkeletonColor])
        -> InterfaceBuilderFile
    {
        guard bytes.count <= limits.maxBytes else {
            return failed(
                IBProblems.problem(
                    .xmlSyntax, "the file is \(bytes.count) bytes, over the limit of \(limits.maxBytes)",
                    at: IBSourceLocation(line: 1, column: 1)), limits: limits)
        }
        let root: IBElement
        switch IBXMLReader.read(bytes, maxDepth: 2 * limits.maxDepth + 16) {
        case .failure(let p): return failed(p, limits: limits)
        case .document(let r): root = r
        }
        let type = root["type"] ?? ""
        guard root.name == "document", type.hasPrefix("com.apple.InterfaceBuilder") else {
            let what = root.name == "document" ? "a <document> of type \"\(type)\"" : "a <\(root.name)> element"
            return failed(
                IBProblems.problem(
                    .notInterfaceBuilder,
                    "not an Interface Builder document: expected <document type=\"com.apple.InterfaceBuilder…\">, found \(what)",
                    at: root.location), limits: limits)
        }
        let kind: IBFileKind = type.contains("Storyboard") || root.child("scenes") != nil ? .storyboard : .xib
        if let runtime = root["targetRuntime"], runtime.hasPrefix("MacOSX") {
            return failed(
                IBProblems.problem(
                    .unsupportedPlatform,
                    "a macOS (AppKit) \(kind.rawValue) (targetRuntime \"\(runtime)\"): skeletond previews UIKit files "
                        + "(iOS and tvOS) only, so none of its scenes is read", at: root.location),
                limits: limits, kind: kind)
        }
        let catalog = SceneCatalog(document: root, kind: kind)
        var problems = catalog.problems
        if catalog.scenes.isEmpty {
            let what = kind == .storyboard ? "no view controller with a view" : "no top-level view"
            problems.insert(
                IBProblems.problem(.noScenes, "the \(kind.rawValue) has no scenes (\(what))", at: root.location), at: 0)
        }
        // `<device appearance="dark">` is the canvas Xcode draws on, not the device's scheme at run time: a scene
        // runs light, as on a new device, unless its views or `skeleton/setTraits` say otherwise.
        let scheme = ColorScheme.light
        return InterfaceBuilderFile(
            kind: kind, scenes: catalog.scenes, initialSceneID: catalog.initialSceneID, problems: problems,
            limits: limits,
            roots: catalog.roots, sceneIndex: Self.index(catalog.scenes),
            viewBudget: ViewBudget(catalog: catalog, maxNodes: limits.maxNodes),
            embeddable: catalog.embeddable, codeObjects: catalog.codeObjects,
            resizedRoots: catalog.resizedRoots, excludedConstraints: Self.excludedConstraints(in: root),
            colors: IBColorResolver(resources: root.child("resources"), assetColors: namedColors), colorScheme: scheme)
    }

    /// The constraints that the default variation (size classes "any") excludes anywhere in the file:
    /// `<variation key="default"><mask key="constraints"><exclude reference="…"/>`. Ids are unique in a file.
    private static func excludedConstraints(in document: IBElement) -> Set<String> {
        var excluded: Set<String> = []
        document.forEachElement { element in
            guard element.name == "variation", element.key == "default" else { return }
            for mask in element.children where mask.name == "mask" && mask.key == "constraints" {
                for exclude in mask.children where exclude.name == "exclude" {
                    if let reference = exclude["reference"] { excluded.insert(reference) }
                }
            }
        }
        return excluded
    }

    /// Parses IB text.
    package static func parse(text: String, limits: DocumentLimits = .default) -> InterfaceBuilderFile {
        parse(bytes: Array(text.utf8), limits: limits)
    }

    /// A file with no scenes and one problem; `kind` is nil when the file is not an IB document.
    private static func failed(_ problem: DocumentProblem, limits: DocumentLimits, kind: IBFileKind? = nil)
        -> InterfaceBuilderFile
    {
        InterfaceBuilderFile(
            kind: kind, scenes: [], initialSceneID: nil, problems: [problem], limits: limits, roots: [:],
            sceneIndex: [:], viewBudget: .none,
            embeddable: [:], codeObjects: [:], resizedRoots: [], excludedConstraints: [],
            colors: IBColorResolver(resources: nil), colorScheme: .light)
    }

    /// Scene id → its first index in `scenes`.
    private static func index(_ scenes: [IBScene]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (k, scene) in scenes.enumerated() where index[scene.id] == nil { index[scene.id] = k }
        return index
    }

    /// The scene with `id`, or the initial scene when `id` is nil; nil when there is no such scene.
    package func scene(_ id: String? = nil) -> IBScene? {
        guard let id = id ?? initialSceneID, let k = sceneIndex[id], scenes.indices.contains(k) else { return nil }
        return scenes[k]
    }

    /// Maps and decodes one scene (nil: the initial scene); nil when there is no such scene.
    ///
    /// `overlay` adds document members to the nodes of elements by IB id (code's settings): a member replaces the
    /// mapped one, except `templates`, whose entries are added to the mapped ones.
    package func decodeScene(_ id: String? = nil, overlay: [String: JSONObject] = [:]) -> DocumentDecodingResult? {
        decodeSceneCounting(id, overlay: overlay)?.result
    }

    /// `decodeScene(_:overlay:)` with the views mapped for it (the work counter behind `IBDecodingResult.viewsMapped`):
    /// a scene already decoded with an equal overlay is not decoded again (`SceneDecodings`), and reports the views
    /// its decoding mapped.
    func decodeSceneCounting(_ id: String? = nil, overlay: [String: JSONObject] = [:])
        -> (result: DocumentDecodingResult, viewsMapped: Int)?
    {
        guard let scene = scene(id), let root = roots[scene.id] else { return nil }
        if let kept = decodings.decoding(scene.id, overlay: overlay) { return (kept.result, kept.viewsMapped) }
        let decoded = SceneDecoder(file: self, overlay: overlay).decode(scene, root: root)
        decodings.keep(
            SceneDecodings.Decoding(overlay: overlay, result: decoded.result, viewsMapped: decoded.viewsMapped),
            of: scene.id)
        return decoded
    }

    /// The work spent so far turning scene `id` (nil: the initial scene) into documents, by any copy of this file.
    package func work(scene id: String? = nil) -> SceneWork {
        guard let scene = scene(id) else { return SceneWork() }
        return decodings.work(scene.id)
    }

    /// The scene's objects whose classes code may define (nil: the initial scene), in file order.
    package func classBindings(scene id: String? = nil) -> [IBClassBinding] {
        guard let scene = scene(id), let root = roots[scene.id] else { return [] }
        return IBClassBinding.bindings(in: codeObjects[scene.id] ?? [root], sceneRootID: root["id"] ?? "")
    }
}
