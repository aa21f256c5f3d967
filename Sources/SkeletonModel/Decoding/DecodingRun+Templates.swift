import JSON

extension DecodingRun {
    /// The decoded body of the template `name` from the innermost scope that defines it, decoding it on
    /// first use (so that a use inside its own body is found as a cycle). Reports unknown names and cycles
    /// at `path`, the member that names the template.
    mutating func templateBody(named name: String, usedAt path: [PathToken]) -> DecodedNode? {
        guard let scope = templateScopes.lastIndex(where: { $0.sources[name] != nil }),
            let source = templateScopes[scope].sources[name]
        else {
            collector.report(.unknownTemplate, "no template named \"\(name)\" is defined here", atPath: path)
            return nil
        }
        if let cached = templateScopes[scope].decoded[name] { return cached }
        if templateScopes[scope].inProgress.contains(name) {
            collector.report(.templateCycle, "the template \"\(name)\" is used inside itself", atPath: path)
            return nil
        }
        templateScopes[scope].inProgress.insert(name)
        // Decode in the template's own lexical scope, path and id scope.
        let innerScopes = Array(templateScopes[(scope + 1)...])
        templateScopes.removeLast(innerScopes.count)
        let savedPath = collector.path
        collector.path = templateScopes[scope].basePath + [.key(name)]
        idScopes.append([])
        let body = decodeNode(source, indexPath: "0", depth: 1)
        idScopes.removeLast()
        collector.path = savedPath
        templateScopes.append(contentsOf: innerScopes)
        templateScopes[scope].inProgress.remove(name)
        templateScopes[scope].decoded[name] = .some(body)
        return body
    }

    /// A copy of a template body as one instance: every reference prefixed with `prefix/`, the root placed.
    static func instance(of body: Node, prefix: String, frame: Rect, info: InstanceInfo) -> Node {
        var root = prefixed(body, prefix + "/")
        root.frame = frame
        root.instance = info
        return root
    }

    private static func prefixed(_ node: Node, _ prefix: String) -> Node {
        var copy = node
        copy.reference = prefix + node.reference
        if !node.children.isEmpty {
            copy.children = node.children.map { prefixed($0, prefix) }
        }
        return copy
    }
}
