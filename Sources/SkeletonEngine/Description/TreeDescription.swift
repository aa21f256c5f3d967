/// `sk.skeletonTreeDescription` for one node: SkeletonView's keys plus the state skeletond reports.
package struct TreeDescription: Sendable, Hashable {
    /// The UIKit class name (`"UILabel"`).
    package var type: String
    /// The node's id, or its index path.
    package var reference: String
    /// Whether the view takes part in skeletons (`isSkeletonable`).
    package var isSkeletonable: Bool
    /// The descriptions of `skeletonChildren` (omitted from the JSON when empty).
    package var children: [TreeDescription]
    /// skeletond's additions (not in SkeletonView's string unless asked for):
    package var isSkeletonActive: Bool
    /// Effective `isHidden` (the document's, or forced by `isHiddenWhenSkeletonIsActive`).
    package var isHidden: Bool
    /// Effective `isUserInteractionEnabled`.
    package var isUserInteractionEnabled: Bool
    /// Effective `isScrollEnabled`, for scroll views only.
    package var isScrollEnabled: Bool?

    /// The JSON text as Foundation's `JSONSerialization` writes it with `.prettyPrinted`: two-space
    /// indent, `"key" : value`, `/` escaped as `\/`. Keys in the order type, reference, isSkeletonable,
    /// (state keys when `includeState`), children.
    package func prettyPrinted(includeState: Bool = false) -> String {
        var out = ""
        write(into: &out, indent: 0, includeState: includeState)
        return out
    }

    private func write(into out: inout String, indent: Int, includeState: Bool) {
        let pad = String(repeating: "  ", count: indent + 1)
        var members: [(String, String)] = [
            ("type", Self.quoted(type)), ("reference", Self.quoted(reference)),
            ("isSkeletonable", String(isSkeletonable)),
        ]
        if includeState {
            members.append(("isSkeletonActive", String(isSkeletonActive)))
            members.append(("isHidden", String(isHidden)))
            members.append(("isUserInteractionEnabled", String(isUserInteractionEnabled)))
            if let s = isScrollEnabled { members.append(("isScrollEnabled", String(s))) }
        }
        out += "{\n"
        for (k, (key, value)) in members.enumerated() {
            out += pad + Self.quoted(key) + " : " + value
            out += (k < members.count - 1 || !children.isEmpty) ? ",\n" : "\n"
        }
        if !children.isEmpty {
            out += pad + "\"children\" : [\n"
            for (k, child) in children.enumerated() {
                out += pad + "  "
                child.write(into: &out, indent: indent + 2, includeState: includeState)
                out += k < children.count - 1 ? ",\n" : "\n"
            }
            out += pad + "]\n"
        }
        out += String(repeating: "  ", count: indent) + "}"
    }

    /// A JSON string literal with JSONSerialization's escapes, except that `/` is never escaped: a reference such as
    /// `grid[0,header]/heading` prints as it is written, so it can be pasted into `--node`.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}

extension SkeletonSession {
    /// The tree description of `node` (nil: the root), as SkeletonView builds it: the node (even when it
    /// is not skeletonable) and, recursively, its `skeletonChildren`.
    package func treeDescription(node reference: String? = nil, at time: Double? = nil) throws(EngineError)
        -> TreeDescription
    {
        var copy = self
        if let time { _ = copy.advance(to: time) }
        return copy.describe(try copy.resolve(reference))
    }

    private func describe(_ v: Int) -> TreeDescription {
        let node = tree.nodes[v]
        let st = states[v]
        return TreeDescription(
            type: node.type.rawValue, reference: node.reference, isSkeletonable: tree.isSkeletonable(v),
            children: tree.skeletonChildren(of: v).map(describe),
            isSkeletonActive: isActive(v),
            isHidden: node.isHidden || st.hiddenBySkeleton,
            isUserInteractionEnabled: node.isUserInteractionEnabled && !st.interactionDisabled,
            isScrollEnabled: node.type.isScrollView
                ? node.isScrollEnabled && !(node.type.isCollection && st.interactionDisabled) : nil)
    }
}
