import SkeletonModel

/// The scenes of a parsed file, the view controllers they belong to, and the initial scene.
struct SceneCatalog: Sendable {
    var kind: IBFileKind
    var scenes: [IBScene] = []
    /// Scene id → root view element.
    var roots: [String: IBElement] = [:]
    /// Every view controller with a view (embeddable by container views): id → root view element.
    var embeddable: [String: IBElement] = [:]
    /// Scene id → the elements whose classes code may define: the view controller (storyboards; XIB view
    /// controllers too) or the root view and the File's Owner (XIBs).
    var codeObjects: [String: [IBElement]] = [:]
    var initialSceneID: String?
    var problems: [DocumentProblem] = []
    /// IB's generic canvas when the file has one (no `<device>`): its square roots are previewed at a phone's size.
    let genericCanvas: GenericCanvas?
    /// The scenes whose root is previewed at another size than its frame's (`IBScene.frame` has that size).
    var resizedRoots: Set<String> = []

    /// Reads the scenes of an IB `<document>`.
    init(document: IBElement, kind: IBFileKind) {
        self.kind = kind
        genericCanvas = GenericCanvas(document: document)
        var controllers: [String: IBElement] = [:]
        switch kind {
        case .storyboard:
            for scene in document.grandchildren(of: "scenes") where scene.name == "scene" {
                for object in scene.grandchildren(of: "objects") where object["sceneMemberID"] == "viewController" {
                    if let id = object["id"] { controllers[id] = object }
                    addController(object, sceneComment: scene.precedingComment)
                }
            }
        case .xib:
            let objects = document.grandchildren(of: "objects")
            let owner = objects.filter { $0["placeholderIdentifier"] == "IBFilesOwner" }
            for (k, object) in objects.enumerated() where object.name != "placeholder" {
                if object.child(key: "view") != nil {
                    addController(object, sceneComment: object.precedingComment)
                } else if ElementTypes.isView(object) {
                    let id = object["id"] ?? "view\(k)"
                    let title = object["userLabel"] ?? object["customClass"] ?? object.name
                    add(id: id, title: title, root: object, controller: nil, at: object.location)
                    if codeObjects[id] == nil { codeObjects[id] = owner + [object] }
                }
            }
        }
        if kind == .storyboard, let initial = document["initialViewController"] {
            initialSceneID = follow(initial, controllers: controllers, from: document.location)
        }
        if initialSceneID == nil { initialSceneID = scenes.first?.id }
    }

    /// A view controller with a `view` becomes a scene.
    private mutating func addController(_ object: IBElement, sceneComment: String?) {
        guard let id = object["id"], let view = object.child(key: "view"), ElementTypes.isView(view) else { return }
        embeddable[id] = view
        let title =
            [sceneComment, object["title"], object["userLabel"], object["customClass"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? object.name
        add(id: id, title: title, root: view, controller: object, at: object.location)
        if codeObjects[id] == nil { codeObjects[id] = [object] }
    }

    /// Adds a scene whose root view is `root` (of `controller`, when a view controller's), unless its id is taken.
    private mutating func add(
        id: String, title: String, root: IBElement, controller: IBElement?, at location: IBSourceLocation
    ) {
        guard roots[id] == nil else {
            problems.append(
                IBProblems.problem(
                    .duplicateID, "the scene id \"\(id)\" is used twice; the second scene is ignored", at: location,
                    severity: .warning))
            return
        }
        let r = root.child("rect", key: "frame")
        var frame = Rect(
            x: IBNumbers.finite(r?["x"]) ?? 0, y: IBNumbers.finite(r?["y"]) ?? 0,
            width: IBNumbers.finite(r?["width"]) ?? 0, height: IBNumbers.finite(r?["height"]) ?? 0)
        if let (size, reason) = genericCanvas?.screen(for: frame, controller: controller) {
            frame.width = size.width
            frame.height = size.height
            resizedRoots.insert(id)
            problems.append(IBProblems.problem(.genericCanvas, reason, at: root.location, severity: .information))
        }
        let rootID = root["id"].flatMap { ElementTypes.isUsableID($0) ? $0 : nil } ?? "0"
        scenes.append(IBScene(id: id, title: title, rootViewID: rootID, frame: frame, location: location))
        roots[id] = root
    }

    /// The scene the initial view controller shows: itself when it has a view, else (navigation, tab bar and
    /// split view controllers) the destination of its first relationship segue, followed until a scene.
    private mutating func follow(_ initial: String, controllers: [String: IBElement], from location: IBSourceLocation)
        -> String?
    {
        var current = initial
        var visited: [String] = []
        var at = location
        while true {
            if roots[current] != nil { return current }
            if visited.contains(current) {
                problems.append(
                    IBProblems.problem(
                        .referenceCycle,
                        "the initial view controller's relationships loop: "
                            + (visited + [current]).joined(separator: " → ")
                            + "; the first scene is used", at: at))
                return nil
            }
            visited.append(current)
            guard let vc = controllers[current] else {
                problems.append(
                    IBProblems.problem(
                        .invalidValue,
                        "the initial view controller \"\(current)\" is not a view controller of this file; the first scene is used",
                        at: at, severity: .warning))
                return nil
            }
            guard
                let segue = vc.grandchildren(of: "connections").first(where: {
                    $0.name == "segue" && $0["kind"] == "relationship"
                }),
                let next = segue["destination"]
            else { return nil }
            at = segue.location
            current = next
        }
    }
}
