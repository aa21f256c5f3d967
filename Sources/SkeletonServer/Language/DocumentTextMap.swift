import JSON
import SkeletonModel

/// A JSON skeleton document's text seen as the format sees it: which values are nodes (the view tree and template
/// bodies), where each node's `id`, `type` and `frame` are, which strings name templates, and which are colours.
///
/// Built from the locator's value spans (`JSONSourceLocator.valueSpans`: a light scan, nothing parsed), once per text
/// version (see `DocumentEntry.State.textMap`); every language feature reads positions through it. Works on any
/// text, valid or not: what is well formed is mapped.
struct DocumentTextMap: Sendable {
    /// A node object written in the text.
    struct TextNode: Sendable {
        /// Where a node sits: the view tree, or a template body.
        enum Scope: Sendable, Hashable {
            case view
            /// The body of template `name` defined in table or collection node `owner`.
            case template(name: String, owner: Int)
        }

        /// The object's index in `spans`.
        var span: Int
        /// The enclosing node (for a template's root, the table or collection that defines it); -1 for the root.
        var parent: Int
        var scope: Scope
        /// The index path inside its scope (the view tree, or the template body, whose root is `0`).
        var indexPath: [Int]
        var id: String?
        var type: String?
        /// Spans of the `id`, `type` and `frame` values.
        var idSpan: Int?
        var typeSpan: Int?
        var frameSpan: Int?
        /// The templates this node defines (tables and collections): name → node index of the template's root.
        var templates: [String: Int] = [:]

        /// The node's local reference: its id, else its index path (`0`, `0.1`), as the decoder names it.
        var localReference: String {
            id ?? (["0"] + indexPath.map(String.init)).joined(separator: ".")
        }
    }

    /// A string in a table or collection that names a template (`cell`, a section's `cell`, `header`, `footer`,
    /// or a `supplementary` kind's value).
    struct TemplateUse: Sendable {
        /// The string's index in `spans`.
        var span: Int
        var name: String
        /// The table or collection node it belongs to.
        var owner: Int
        /// The template's root node, found as the decoder finds it (the owner's templates, then enclosing ones).
        var template: Int?
    }

    let spans: [JSONSourceLocator.ValueSpan]
    /// What the language features work out once for this text version (line kinds, the encoded outline).
    let cache = TextMapCache()
    private(set) var nodes: [TextNode] = []
    private(set) var uses: [TemplateUse] = []
    /// Strings in colour positions that are colours (`backgroundColor`, `tintColor`, gradient members, `light`,
    /// `dark`, elements of `colors`), with the colour.
    private(set) var colors: [(span: Int, color: SkeletonColor)] = []
    /// The node each span is (or -1).
    private var nodeOfSpan: [Int]
    /// The keys of container spans that are object members, decoded once.
    private var memberNames: [Int: String] = [:]

    /// Members whose string values are colours.
    static let colorMembers: Set<String> = [
        "backgroundColor", "tintColor", "baseColor", "secondaryColor", "light", "dark", "color",
    ]
    /// Arrays whose string elements are colours.
    static let colorArrays: Set<String> = ["colors", "gradient"]
    /// Members of a table, a collection or one of their sections whose strings name a template.
    static let templateMembers: Set<String> = ["cell", "header", "footer"]

    init(bytes: UnsafeBufferPointer<UInt8>) {
        spans = JSONSourceLocator.valueSpans(in: bytes)
        nodeOfSpan = Array(repeating: -1, count: spans.count)
        guard let top = spans.first, top.isObject else { return }
        for k in 1..<spans.count {
            let span = spans[k]
            let key = span.key.map { JSONSourceLocator.string(in: $0, of: bytes) }
            let parent = span.parent
            let parentNode = parent >= 0 ? nodeOfSpan[parent] : -1
            if span.isObject || span.isArray, let key { memberNames[k] = key }
            // Nodes: the root, the elements of a node's children, the members of a node's templates.
            if span.isObject {
                if parent == 0, key == "root" {
                    addNode(span: k, parent: -1, scope: .view, indexPath: [])
                } else if let element = span.element, let holder = owner(ofMember: parent, named: "children") {
                    var path = nodes[holder].indexPath
                    path.append(element)
                    addNode(span: k, parent: holder, scope: nodes[holder].scope, indexPath: path)
                } else if let key, let holder = owner(ofMember: parent, named: "templates") {
                    let index = addNode(
                        span: k, parent: holder, scope: .template(name: key, owner: holder), indexPath: [])
                    nodes[holder].templates[key] = nodes[holder].templates[key] ?? index
                }
            }
            if parentNode >= 0, let key {
                switch key {
                case "id" where span.isString: nodes[parentNode].idSpan = k
                case "type" where span.isString: nodes[parentNode].typeSpan = k
                case "frame": nodes[parentNode].frameSpan = k
                default: break
                }
            }
            if span.isString {
                let string = { JSONSourceLocator.string(in: span.value, of: bytes) }
                if let key, parentNode >= 0 {
                    if key == "id" { nodes[parentNode].id = string() }
                    if key == "type" { nodes[parentNode].type = string() }
                }
                if let owner = templateOwner(of: k, key: key) {
                    uses.append(TemplateUse(span: k, name: string(), owner: owner, template: nil))
                }
                let inColorArray = span.element != nil && memberName(parent).map(Self.colorArrays.contains) == true
                if key.map(Self.colorMembers.contains) == true || inColorArray,
                    let color = SkeletonColor(parsing: string())
                {
                    colors.append((k, color))
                }
            }
        }
        let collections = Set(nodes.indices.filter(isCollectionNode))
        uses.removeAll { !collections.contains($0.owner) }
        for u in uses.indices { uses[u].template = resolve(uses[u].name, from: uses[u].owner) }
    }

    @discardableResult
    private mutating func addNode(span: Int, parent: Int, scope: TextNode.Scope, indexPath: [Int]) -> Int {
        nodes.append(TextNode(span: span, parent: parent, scope: scope, indexPath: indexPath))
        nodeOfSpan[span] = nodes.count - 1
        return nodes.count - 1
    }

    /// The node whose member `name` is the container span `container`, if any.
    private func owner(ofMember container: Int, named name: String) -> Int? {
        guard container > 0 else { return nil }
        let holder = spans[container].parent
        guard holder >= 0, nodeOfSpan[holder] >= 0, memberName(container) == name else { return nil }
        return nodeOfSpan[holder]
    }

    /// The member name of container span `k` (nil for elements and the top value).
    private func memberName(_ k: Int) -> String? { memberNames[k] }

    /// The table or collection node whose template the string at `k` names, or nil.
    private func templateOwner(of k: Int, key: String?) -> Int? {
        let parent = spans[k].parent
        guard parent >= 0 else { return nil }
        if let key, Self.templateMembers.contains(key) {
            // A node's own `cell`, or a section's (an element of the node's `sections`).
            if nodeOfSpan[parent] >= 0 { return key == "cell" ? nodeOfSpan[parent] : nil }
            guard spans[parent].element != nil else { return nil }
            return owner(ofMember: spans[parent].parent, named: "sections")
        }
        // A value of a section's `supplementary` object.
        if key != nil, memberName(parent) == "supplementary" {
            let section = spans[parent].parent
            guard section > 0, spans[section].element != nil else { return nil }
            return owner(ofMember: spans[section].parent, named: "sections")
        }
        return nil
    }

    /// Whether node `n` is written as a table or collection (its `type`, or it defines templates).
    private func isCollectionNode(_ n: Int) -> Bool {
        nodes[n].type == "UITableView" || nodes[n].type == "UICollectionView" || !nodes[n].templates.isEmpty
    }

    /// The template `name` as seen from node `n`: its own templates, then enclosing tables' and collections'.
    func resolve(_ name: String, from n: Int) -> Int? {
        var k = n
        while k >= 0 {
            if let found = nodes[k].templates[name] { return found }
            k = nodes[k].parent
        }
        return nil
    }

    /// The node span `k` is, or -1.
    func node(ofSpan k: Int) -> Int { nodeOfSpan[k] }

    // MARK: Positions

    /// What sits at a byte offset of the text.
    struct Location: Sendable {
        /// The innermost span whose value (or key) holds the offset.
        var span: Int
        /// Whether the offset is in that span's key rather than its value.
        var inKey: Bool
        /// The innermost node whose object holds the offset, or nil.
        var node: Int?
    }

    /// The innermost value (or key) at `offset`, and the node around it; nil when the offset is outside the top
    /// value. An offset just past a value's last byte still counts as that value (a cursor after a word).
    func location(at offset: Int) -> Location? {
        guard let top = spans.first, top.value.lowerBound <= offset, offset <= top.value.upperBound else { return nil }
        var k = 0
        var inKey = false
        var node: Int? = nodeOfSpan[0] >= 0 ? nodeOfSpan[0] : nil
        descend: while true {
            var c = k + 1
            while c < spans[k].subtreeEnd {
                let s = spans[c]
                if let key = s.key, key.lowerBound <= offset, offset < key.upperBound {
                    k = c
                    inKey = true
                    break descend
                }
                if s.value.lowerBound <= offset,
                    offset < s.value.upperBound
                        || (offset == s.value.upperBound && !s.isObject && !s.isArray)
                {
                    k = c
                    if nodeOfSpan[c] >= 0 { node = nodeOfSpan[c] }
                    continue descend
                }
                c = s.subtreeEnd
            }
            break
        }
        return Location(span: k, inKey: inKey, node: node)
    }
}
