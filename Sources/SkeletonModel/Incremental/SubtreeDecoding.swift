import JSON

/// One node's subtree decoded on its own, for an edit that stayed inside it.
package struct SubtreeDecodingResult: Sendable {
    /// The subtree, nil when any problem is an error.
    package var node: Node?
    /// Nodes in the subtree.
    package var nodeCount: Int
    /// Every problem found, with pointers relative to the node.
    package var problems: [DocumentProblem]
}

extension DocumentDecoder {
    /// Parses and decodes the text of one node object (`bytes` is exactly the node's `{...}`) as the node at
    /// `indexPath` (the root is `[]`) of a document, exactly as a full decode of that document would decode it,
    /// provided no table or collection encloses it (template scopes are not known here).
    ///
    /// Checks that need the rest of the document (ids used elsewhere, the total node count) are the caller's.
    package func decodeSubtree(bytes: UnsafeRawBufferPointer, indexPath: [Int]) -> SubtreeDecodingResult {
        let parsed: JSONDocument
        do {
            parsed = try JSONDocument.parse(bytes, limits: limits.jsonLimits)
        } catch {
            return SubtreeDecodingResult(node: nil, nodeCount: 0, problems: [Self.problem(for: error)])
        }
        var run = DecodingRun(limits: limits)
        let name = (["0"] + indexPath.map(String.init)).joined(separator: ".")
        let decoded = run.decodeNode(parsed.value, indexPath: name, depth: indexPath.count + 1)
        let problems = run.collector.finished()
        guard let decoded, !run.collector.hasErrors else {
            return SubtreeDecodingResult(node: nil, nodeCount: 0, problems: problems)
        }
        return SubtreeDecodingResult(node: decoded.node, nodeCount: decoded.count, problems: problems)
    }
}
