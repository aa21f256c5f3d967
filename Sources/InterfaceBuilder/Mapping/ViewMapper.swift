import JSON
import SkeletonModel

/// Maps the view elements of one scene to a node tree in the document format (`Protocol/document-format.md`),
/// recording where every node and member came from, and reporting what it cannot map at its line.
struct ViewMapper {
    let limits: DocumentLimits
    let colors: IBColorResolver
    /// View controllers that a container view can embed: id → root view element.
    let embeddable: [String: IBElement]
    var problems: [DocumentProblem] = []
    var sourceMap = SourceMap()
    /// Members added to the nodes of elements by IB id (`InterfaceBuilderFile.decodeScene(_:overlay:)`).
    var overlay: [String: JSONObject] = [:]
    /// The ids of the constraints the default variation excludes (not installed: they size nothing).
    var excludedConstraints: Set<String> = []
    /// The size the scene's root view is previewed at instead of its frame's (IB's generic canvas), if any.
    var rootSize: Size?
    /// The view controllers being mapped, outermost first (to find embedding cycles).
    var sceneStack: [String]
    /// The view controllers embedded so far in this scene: each is expanded once (a second embed would repeat its
    /// views' ids, which a document cannot hold).
    private var embeddedControllers: Set<String> = []
    /// Nodes emitted so far, embedded scenes' included: the work counter `maxViews` bounds.
    private(set) var emitted = 0
    /// The most nodes this scene may emit: what `ViewBudget` counted for it (more only through an embedding cycle).
    let maxViews: Int
    private var reportedTooDeep = false
    private var reportedTooMany = false

    /// - Important: `maxViews` is the scene's share of the file's budget (`ViewBudget`), at most `limits.maxNodes`.
    init(
        limits: DocumentLimits, colors: IBColorResolver, embeddable: [String: IBElement], scene: String, maxViews: Int
    ) {
        self.limits = limits
        self.colors = colors
        self.embeddable = embeddable
        self.sceneStack = [scene]
        self.maxViews = maxViews
    }

    mutating func report(
        _ code: ProblemCode, _ message: String, at location: IBSourceLocation,
        severity: DocumentProblem.Severity = .error
    ) {
        problems.append(IBProblems.problem(code, message, at: location, severity: severity))
    }

    /// The node for a view element at `pointer` (JSON Pointer tokens in the generated document), or nil when a
    /// limit stops it (already reported).
    mutating func node(_ e: IBElement, at pointer: [String], depth: Int) -> JSON? {
        guard depth <= limits.maxDepth else {
            if !reportedTooDeep {
                reportedTooDeep = true
                report(.tooDeep, "views nest deeper than the limit of \(limits.maxDepth) levels", at: e.location)
            }
            return nil
        }
        guard emitted < maxViews else {
            if !reportedTooMany {
                reportedTooMany = true
                report(
                    .tooManyNodes,
                    "the scene's container views embed more views than the \(maxViews) counted for it (an embedding "
                        + "cycle); the rest are not read", at: e.location)
            }
            return nil
        }
        emitted += 1
        sourceMap.record(pointer, e.location)
        let type = ElementTypes.nodeType(e.name)
        var o = JSONObject()
        o[.view.type] = .string(type.rawValue)
        if let id = e["id"], ElementTypes.isUsableID(id) { o[.view.id] = .string(id) }
        o[.view.frame] = frame(of: e, at: pointer)
        if pointer == [DocumentProperty.document.root.name], let rootSize, case .array(let values)? = o[.view.frame],
            values.count == 4
        {
            o[.view.frame] = .array(Array(values.prefix(2)) + [.double(rootSize.width), .double(rootSize.height)])
        }
        if ElementTypes.contentElements.contains(e.name) { o[.view.holdsContent] = true }
        mapFlags(e, into: &o)
        mapBackground(e, into: &o, at: pointer)
        mapConstraints(e, into: &o, at: pointer)
        if type.isText { mapText(e, type: type, into: &o, at: pointer) }
        mapContent(e, type: type, into: &o, at: pointer)
        if type == .stackView, let a = e["alignment"], let alignment = ElementTypes.stackAlignments[a] {
            o[.view.alignment] = .string(alignment.rawValue)
        }
        mapRuntimeAttributes(e, type: type, into: &o, at: pointer)

        mapAutoresizingMask(e, into: &o)
        var children: [JSON] = []
        let subviews = Self.childViews(of: e, type: type)
        let anchoring = HorizontalAnchoring(
            owner: Self.constraintOwner(of: e, type: type), subviews: subviews, excluded: excludedConstraints)
        for child in subviews {
            if var n = node(
                child, at: pointer + [DocumentProperty.view.children.name, String(children.count)], depth: depth + 1)
            {
                Self.anchor(child, &n, by: anchoring)
                children.append(n)
            }
        }
        if e.name == "containerView",
            let embedded = embeddedRoot(
                of: e, at: pointer + [DocumentProperty.view.children.name, String(children.count)], depth: depth + 1)
        {
            children.append(embedded)
        }
        if !children.isEmpty { o[.view.children] = .array(children) }
        if type == .tableView { mapTable(e, into: &o, at: pointer, depth: depth) }
        if type == .collectionView { mapCollection(e, into: &o, at: pointer, depth: depth) }
        if let id = e["id"], let extra = overlay[id] { Self.merge(extra, into: &o) }
        return .object(o)
    }

    /// `extra`'s members replace `o`'s, except `templates`, whose entries are added.
    static func merge(_ extra: JSONObject, into o: inout JSONObject) {
        for (key, value) in extra {
            if key == DocumentProperty.list.templates.name, case .object(var templates)? = o[key],
                case .object(let added) = value
            {
                for (name, template) in added { templates[name] = template }
                o[key] = .object(templates)
            } else {
                o[key] = value
            }
        }
    }

    /// The view elements that become children: a cell's content view's subviews; otherwise a keyed content
    /// view (visual effect views), then `<subviews>`.
    static func childViews(of e: IBElement, type: NodeType) -> [IBElement] {
        let content = e.child(key: "contentView")
        if type == .tableViewCell || type == .collectionViewCell {
            return content?.grandchildren(of: "subviews") ?? e.grandchildren(of: "subviews")
        }
        return (content.map { [$0] } ?? []) + e.grandchildren(of: "subviews")
    }

    /// `<rect key="frame">` as `[x, y, width, height]`; a non-numeric value is `invalid-frame` at the rect.
    private mutating func frame(of e: IBElement, at pointer: [String]) -> JSON {
        guard let rect = e.child("rect", key: "frame") else {
            report(
                .invalidFrame, "<\(e.name)> has no <rect key=\"frame\">; using an empty frame", at: e.location,
                severity: .warning)
            return [0, 0, 0, 0]
        }
        sourceMap.record(pointer + [DocumentProperty.view.frame.name], rect.location)
        var values: [JSON] = []
        for k in ["x", "y", "width", "height"] {
            let text = rect[k] ?? "0"
            guard let d = IBNumbers.finite(text) else {
                report(.invalidFrame, "the frame's \(k) \"\(text)\" is not a number", at: rect.location)
                values.append(0)
                continue
            }
            values.append(.double(d))
        }
        return .array(values)
    }

    /// `hidden`, `userInteractionEnabled`, `clipsSubviews`, `alpha`, `semanticContentAttribute`.
    private func mapFlags(_ e: IBElement, into o: inout JSONObject) {
        if let b = e.flag("hidden") { o[.view.isHidden] = .bool(b) }
        if let b = e.flag("userInteractionEnabled") { o[.view.isUserInteractionEnabled] = .bool(b) }
        o[.view.clipsToBounds] = .bool(e.flag("clipsSubviews") ?? false)
        // `alpha="0.5"`: Interface Builder writes it only when it is not 1; a value outside 0...1 is left out.
        if let text = e["alpha"], let a = Double(text), a >= 0, a <= 1 { o[.view.alpha] = .double(a) }
        if let b = e.flag("scrollEnabled"), ["tableView", "collectionView", "textView"].contains(e.name) {
            o[.view.isScrollEnabled] = .bool(b)
        }
        switch e["semanticContentAttribute"] {
        case "forceRightToLeft": o[.view.layoutDirection] = .string(LayoutDirection.rightToLeft.rawValue)
        case "forceLeftToRight": o[.view.layoutDirection] = .string(LayoutDirection.leftToRight.rawValue)
        default: break
        }
    }

    private mutating func mapBackground(_ e: IBElement, into o: inout JSONObject, at pointer: [String]) {
        guard let c = e.child("color", key: "backgroundColor") else { return }
        switch colors.resolve(c) {
        case .color(let color):
            o[.view.backgroundColor] = IBColorResolver.json(color)
            sourceMap.record(pointer + [DocumentProperty.view.backgroundColor.name], c.location)
        case .unknown(let why):
            report(.unknownColor, why + "; the background is left clear", at: c.location, severity: .warning)
        case .invalid(let why):
            report(.invalidValue, "backgroundColor: " + why, at: c.location)
        }
    }

    /// Width and height constraints the view owns (in its own `<constraints>`, with no second item, not excluded by
    /// the default variation): their constants widen the skeleton (`definedMaxBounds`).
    private mutating func mapConstraints(_ e: IBElement, into o: inout JSONObject, at pointer: [String]) {
        var width: [JSON] = []
        var height: [JSON] = []
        let own = e["id"]
        for c in e.grandchildren(of: "constraints") where c.name == "constraint" {
            guard c["secondItem"] == nil, c.flag("placeholder") != true else { continue }
            if let id = c["id"], excludedConstraints.contains(id) { continue }
            if let first = c["firstItem"], first != own { continue }
            let attribute = c["firstAttribute"]
            guard attribute == "width" || attribute == "height" else { continue }
            let text = c["constant"] ?? "0"
            guard let d = IBNumbers.finite(text) else {
                report(
                    .invalidValue, "the \(attribute ?? "") constraint's constant \"\(text)\" is not a number",
                    at: c.location)
                continue
            }
            if attribute == "width" {
                sourceMap.record(
                    pointer + [DocumentProperty.view.constraints.name, "width", String(width.count)], c.location)
                width.append(.double(d))
            } else {
                sourceMap.record(
                    pointer + [DocumentProperty.view.constraints.name, "height", String(height.count)], c.location)
                height.append(.double(d))
            }
        }
        guard !width.isEmpty || !height.isEmpty else { return }
        var c = JSONObject()
        if !width.isEmpty { c["width"] = .array(width) }
        if !height.isEmpty { c["height"] = .array(height) }
        o[.view.constraints] = .object(c)
    }

    /// `numberOfLines`, `textAlignment` and `fontDescription` of labels and text views.
    private mutating func mapText(_ e: IBElement, type: NodeType, into o: inout JSONObject, at pointer: [String]) {
        if type == .label, let text = e["numberOfLines"] {
            if let n = IBNumbers.integer(text) {
                o[.text.numberOfLines] = .int(n)
                sourceMap.record(pointer + [DocumentProperty.text.numberOfLines.name], e.location)
            } else {
                report(.invalidValue, "numberOfLines \"\(text)\" is not an integer", at: e.location)
            }
        }
        if let a = e["textAlignment"], let alignment = ElementTypes.textAlignments[a] {
            o[.text.textAlignment] = .string(alignment.rawValue)
        }
        mapFont(e, into: &o, at: pointer)
    }

    /// `fontDescription` as `font: {size, weight}` (iOS's own fonts with the system font's metrics; custom fonts
    /// too, and a warning).
    mutating func mapFont(_ e: IBElement, into o: inout JSONObject, at pointer: [String]) {
        guard let font = e.child("fontDescription", key: "fontDescription") else { return }
        switch FontMetrics.font(font.attributes) {
        case .exact(let f), .builtIn(let f, _):
            o[.text.font] = ["size": .double(f.size), "weight": .string(f.weight.rawValue)]
            sourceMap.record(pointer + [DocumentProperty.text.font.name], font.location)
        case .approximated(let f, let name):
            o[.text.font] = ["size": .double(f.size), "weight": .string(f.weight.rawValue)]
            sourceMap.record(pointer + [DocumentProperty.text.font.name], font.location)
            report(
                .invalidValue,
                "the metrics of the font \"\(name)\" are unknown; using the system font's line height (\(f.lineHeight))",
                at: font.location, severity: .warning)
        case .invalid(let why):
            report(.invalidValue, why, at: font.location)
        }
    }

    /// SkeletonView's inspectables (and `layer.cornerRadius`/`layer.masksToBounds`) from
    /// `userDefinedRuntimeAttributes`; other key paths are skipped.
    private mutating func mapRuntimeAttributes(
        _ e: IBElement, type: NodeType, into o: inout JSONObject, at pointer: [String]
    ) {
        for a in RuntimeAttribute.all(of: e) {
            guard let property = InspectableProperty(keyPath: a.keyPath) else { continue }
            if !property.property.applies(to: type) {
                report(
                    .invalidValue,
                    "\(a.keyPath) is a property of \(property.typesText), not \(type.rawValue); it is ignored",
                    at: a.location, severity: .warning)
                continue
            }
            switch property.json(a.value, typeName: a.typeName) {
            case .success(let value):
                o[property.member] = value
                sourceMap.record(pointer + [property.member], a.location)
            case .failure(let mismatch):
                report(.invalidValue, mismatch.message, at: a.location)
            }
        }
    }

    /// A container view's embedded view controller's view, sized to the container (UIKit adds it as a subview).
    private mutating func embeddedRoot(of e: IBElement, at pointer: [String], depth: Int) -> JSON? {
        guard let segue = Self.embedSegue(of: e), let destination = segue["destination"] else { return nil }
        if sceneStack.contains(destination) {
            report(
                .referenceCycle,
                "the container view embeds the view controller \"\(destination)\", which contains this container: "
                    + (sceneStack + [destination]).joined(separator: " → "), at: segue.location)
            return nil
        }
        guard let root = embeddable[destination] else {
            report(
                .invalidValue, "the embedded view controller \"\(destination)\" has no view in this file",
                at: segue.location, severity: .warning)
            return nil
        }
        guard embeddedControllers.insert(destination).inserted else {
            report(
                .duplicateID,
                "the view controller \"\(destination)\" is already embedded in this scene; embedding it again would "
                    + "repeat its views' ids, so this container stays empty", at: segue.location)
            return nil
        }
        sceneStack.append(destination)
        defer { sceneStack.removeLast() }
        guard var n = node(root, at: pointer, depth: depth), case .object(var o) = n else { return nil }
        let size =
            e.child("rect", key: "frame").map {
                (IBNumbers.finite($0["width"]) ?? 0, IBNumbers.finite($0["height"]) ?? 0)
            } ?? (0, 0)
        o[.view.frame] = [0, 0, .double(size.0), .double(size.1)]
        n = .object(o)
        return n
    }
}
