import JSON
import SkeletonEngine
import SkeletonGraphics
import SkeletonModel

/// `textDocument/hover`: on a node (its object, `id` or `type`), what the skeleton of that node is, from the live
/// session; on a member name, what it means (`PropertyRegistry`); on a colour, its light and dark values. Null
/// elsewhere, and on nodes while the text has errors (the live tree may not be the text's).
enum Hover {
    static func answer(_ request: TextDocumentRequest, at offset: Int) throws -> JSON {
        request.isInterfaceBuilder ? interfaceBuilder(request, at: offset) : document(request, at: offset)
    }

    private static func hover(_ markdown: String, _ range: Range<Int>, _ request: TextDocumentRequest) -> JSON {
        ["contents": ["kind": "markdown", "value": .string(markdown)], "range": request.range(range)]
    }

    // MARK: JSON documents

    private static func document(_ request: TextDocumentRequest, at offset: Int) -> JSON {
        let map = request.map
        guard let location = map.location(at: offset), location.span > 0 else { return .null }
        let span = map.spans[location.span]
        let bytes = request.text.buffer.bytes
        let key = span.key.map { range in bytes.withUnsafeBufferPointer { JSONSyntaxTree.string(in: range, of: $0) }
        }
        if location.inKey, let key, let range = span.key {
            // A template's name is a declaration: say what it is; any other key is a member.
            if map.node(ofSpan: location.span) >= 0, let node = location.node {
                return nodeHover(request, map: map, node: node, range: range)
            }
            return PropertyRegistry.named(key).map { hover($0.markdown, range, request) } ?? .null
        }
        if let color = map.colors.first(where: { $0.span == location.span })?.color {
            return hover(colorMarkdown(color), span.value, request)
        }
        guard let node = location.node else { return .null }
        let nodeSpan = map.nodes[node].span
        if location.span == nodeSpan || location.span == map.nodes[node].idSpan
            || location.span == map.nodes[node].typeSpan
        {
            return nodeHover(request, map: map, node: node, range: span.value)
        }
        // A member's value: the member's meaning, over the value.
        var k = location.span
        while k > 0, map.spans[k].parent != nodeSpan { k = map.spans[k].parent }
        guard k > 0, let memberKey = map.spans[k].key else { return .null }
        let name = bytes.withUnsafeBufferPointer { JSONSyntaxTree.string(in: memberKey, of: $0) }
        return PropertyRegistry.named(name).map { hover($0.markdown, span.value, request) } ?? .null
    }

    /// What the node is in the text and what its skeleton is in the live session.
    private static func nodeHover(
        _ request: TextDocumentRequest, map: DocumentTextMap, node n: Int, range: Range<Int>
    ) -> JSON {
        let node = map.nodes[n]
        var lines = ["**\(node.type ?? "?")** `\(node.localReference)`"]
        let (sessions, _) = request.currentSessions
        var reference: String? = node.localReference
        if case .template(let name, let owner) = node.scope {
            lines.append("In template `\(name)` of `\(Self.reference(of: owner, map: map) ?? "?")`.")
            reference = sessions[""].flatMap { map.sessionReference(of: n, in: $0) }
        }
        if let reference {
            let isTemplate = node.scope != .view
            lines.append((isTemplate ? "First instance: `" : "Reference: `") + reference + "`")
        }
        guard let session = sessions[""] else {
            lines.append("The text has errors: the skeleton is known once it is valid again.")
            return hover(lines.joined(separator: "\n\n"), range, request)
        }
        if let reference, let skeleton = try? session.skeleton(of: reference) {
            lines.append(describe(skeleton))
        }
        return hover(lines.joined(separator: "\n\n"), range, request)
    }

    /// The reference of a view-tree node (nil for nodes inside template bodies: they have one per instance).
    private static func reference(of n: Int, map: DocumentTextMap) -> String? {
        guard map.nodes[n].scope == .view else { return nil }
        return map.nodes[n].localReference
    }

    /// The skeleton in words: drawn (lines or block, colour) or why not.
    static func describe(_ skeleton: NodeSkeleton) -> String {
        var text = skeleton.isActive ? "Skeleton active now. " : "On `showSkeleton()` from the root: "
        guard let shape = skeleton.shape else {
            let why: String
            switch skeleton.absence {
            case .notSkeletonable, nil: why = "not drawn: `\(DocumentProperty.view.isSkeletonable.name)` is false"
            case .ancestorNotSkeletonable(let a): why = "not drawn: its ancestor `\(a)` is not skeletonable"
            case .notArranged(let stack): why = "not drawn: not an arranged subview of the stack view `\(stack)`"
            case .hidden: why = "not drawn: hidden (`\(DocumentProperty.view.isHidden.name)`)"
            case .ancestorHidden(let a): why = "not drawn: its ancestor `\(a)` is hidden"
            case .hiddenWhenSkeletonIsActive: why = "not drawn: hidden while the skeleton is active"
            case .ancestorHiddenWhenSkeletonIsActive(let a):
                why = "not drawn: its ancestor `\(a)` is hidden while the skeleton is active"
            case .container(let count):
                why = "no layer of its own: its \(count) skeletonable \(count == 1 ? "child is" : "children are") drawn"
            case .collection: why = "no layer of its own: its cells are drawn"
            }
            return text + why + "."
        }
        switch shape {
        case .block(let rect, let radius):
            text += "a block \(rect.framesText)"
            if radius > 0 { text += ", corner radius \(radius.pointsText)" }
        case .lines(let rects, let radius):
            let height = rects.first?.height ?? 0
            text += "\(rects.count) \(rects.count == 1 ? "line" : "lines"), \(height.pointsText) pt high"
            if let last = rects.last { text += ", the last \(last.width.pointsText) pt wide" }
            if radius > 0 { text += ", corner radius \(radius.pointsText)" }
        }
        let colors = skeleton.colors.map { "`\($0.hexRGBA)`" }.joined(separator: ", ")
        text += "; \(skeleton.type == .solid ? "solid" : "gradient") \(colors)."
        return text
    }

    /// A colour's value in both schemes.
    static func colorMarkdown(_ color: SkeletonColor) -> String {
        "Light: `\(color.light.hexRGBA)`\n\nDark: `\(color.dark.hexRGBA)`"
    }

    // MARK: Storyboards and XIBs

    /// On an `id` attribute that names a view of a scene: that view's skeleton. A view of a table's or collection's
    /// cell, header or footer is a template's: its first instance's skeleton, named.
    private static func interfaceBuilder(_ request: TextDocumentRequest, at offset: Int) -> JSON {
        let ids = InterfaceBuilderTextMap(bytes: request.text.buffer.bytes)
        guard let id = ids.id(at: offset), let range = ids.ids[id] else { return .null }
        let (sessions, scenes) = request.currentSessions
        for scene in scenes {
            guard let session = sessions[scene.id] else { continue }
            let instance = session.contains(id) ? nil : session.firstInstance(ofLocalReference: id)
            let reference = instance ?? id
            guard session.contains(reference), let skeleton = try? session.skeleton(of: reference),
                let tree = try? session.viewOutline(node: reference, limit: 1)
            else { continue }
            let title = scene.title.isEmpty ? scene.id : scene.title
            var text = ["**\(tree.type.rawValue)** `\(id)` in scene \(title)"]
            if let instance { text.append("First instance: `\(instance)`") }
            text += ["Frame: \(tree.frame.framesText)", describe(skeleton)]
            return hover(text.joined(separator: "\n\n"), range, request)
        }
        return .null
    }
}
