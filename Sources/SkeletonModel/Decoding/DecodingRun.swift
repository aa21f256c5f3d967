import JSON

/// One decoding pass: the problem collector, template scopes and counters.
struct DecodingRun {
    let limits: DocumentLimits
    var collector: ProblemCollector
    /// Lexical template scopes (one per table or collection with `templates`), innermost last.
    var templateScopes: [TemplateScope] = []
    /// Ids seen in the current id scope (the main tree, or one template body).
    var idScopes: [Set<String>] = [[]]
    /// Nodes currently being decoded (the real nesting depth, template bodies included).
    var recursion = 0
    /// Nodes built so far (decoded or copied): a work budget against template blow-ups.
    var materialized = 0
    var reportedTooDeep = false
    var reportedTooMany = false
    var reportedTooManyLines = false

    init(limits: DocumentLimits) {
        self.limits = limits
        collector = ProblemCollector(maxProblems: limits.maxProblems)
    }

    mutating func decodeDocument(_ value: JSONValue) -> SkeletonDocument? {
        guard value.kind == .object else {
            collector.report(.invalidValue, "a document must be an object, not \(value.kind)")
            return nil
        }
        var r = MemberReader(value)
        var appearance = AppearanceOverrides()
        if let a = r(.document.appearance) {
            var failures: [ValueFailure] = []
            appearance = AppearanceOverrides.decode(a, failures: &failures)
            for f in failures { collector.report(f, at: [.key(.document.appearance)]) }
            checkLineHeights(of: appearance, in: a)
        }
        let scheme = read(&r, .document.colorScheme) { v throws(ValueFailure) in
            try ValueParsers.enumeration(v, ColorScheme.self)
        }
        let direction = read(&r, .document.layoutDirection) { v throws(ValueFailure) in
            try ValueParsers.enumeration(v, LayoutDirection.self)
        }
        var root: DecodedNode?
        if let rootValue = r(.document.root) {
            collector.path = [.key(.document.root)]
            root = decodeNode(rootValue, indexPath: "0", depth: 1)
            collector.path = []
        } else {
            collector.report(.missingField, "a document needs a \"root\" node", at: [.key(.document.root)])
        }
        reportUnknown(r, known: DocumentDecoder.topLevelFieldNames)
        guard let root else { return nil }
        let size = root.node.frame.size
        if size.width > limits.maxCanvasWidth || size.height > limits.maxCanvasHeight {
            collector.report(
                .canvasTooLarge,
                "the canvas is \(size.width) × \(size.height) points, over the limit of \(limits.maxCanvasWidth) × \(limits.maxCanvasHeight)",
                at: [.key(.document.root), .key(.view.frame)])
        }
        if root.count > limits.maxNodes, !reportedTooMany {
            collector.report(
                .tooManyNodes, "\(root.count) nodes after template instantiation, over the limit of \(limits.maxNodes)")
        }
        return SkeletonDocument(
            root: root.node, appearance: appearance, colorScheme: scheme ?? .light,
            layoutDirection: direction ?? .leftToRight, nodeCount: root.count)
    }

    /// Reads and parses a member, reporting a failure at that member.
    mutating func read<T>(
        _ r: inout MemberReader, _ key: String, _ parse: (JSONValue) throws(ValueFailure) -> T
    ) -> T? {
        guard let v = r(key) else { return nil }
        do { return try parse(v) } catch {
            collector.report(error, at: [.key(key)])
            return nil
        }
    }

    /// Reads and parses member `property`, reporting a failure at that member.
    mutating func read<T>(
        _ r: inout MemberReader, _ property: DocumentProperty, _ parse: (JSONValue) throws(ValueFailure) -> T
    ) -> T? {
        read(&r, property.name, parse)
    }

    /// Warns about members that are not part of the format here.
    mutating func reportUnknown(
        _ r: MemberReader, known: @autoclosure () -> Set<String>, what: @autoclosure () -> String = "here"
    ) {
        guard r.hasUnrecognised else { return }
        let what = what()
        for key in r.unrecognisedKeys(known: known()) {
            collector.report(
                .unknownField, "\"\(key)\" is not a field of the format \(what); it is ignored",
                at: [.key(key)], severity: .warning)
        }
    }
}

/// A decoded subtree with its height (levels), node count and skeleton line count.
struct DecodedNode {
    var node: Node
    var height: Int
    var count: Int
    /// Skeleton lines of the subtree's text nodes (`Node.skeletonLineCount` under the default appearance).
    var lines: Int
}

/// The templates of one table or collection, decoded on first use.
struct TemplateScope {
    /// The path of the `templates` object.
    var basePath: [PathToken]
    var sources: [String: JSONValue]
    /// nil value: decoding failed (already reported).
    var decoded: [String: DecodedNode?] = [:]
    var inProgress: Set<String> = []
}
