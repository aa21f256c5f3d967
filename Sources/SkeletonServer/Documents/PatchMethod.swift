import JSON
import JSONRPC
import SkeletonModel
import SkeletonProtocol

/// `skeleton/patch`: structural edits of a document for scripted clients, applied to its text.
///
/// All ops or none: each op edits the text in place (minimal edits: the rest of the text is kept byte for byte),
/// the result must decode without errors, and only then does it replace the document, with a new version.
struct PatchMethod: Sendable {
    let documents: DocumentStore

    func register(in table: inout MethodTable) {
        table.request(PatchRequest.self) { params, context in try patch(params, context) }
    }

    private func patch(_ params: PatchRequest.Params, _ context: RequestContext) throws -> PatchResult {
        let document = try documents.skeletonTarget(params.document)
        let (uri, entry) = (document.uri, document.entry)
        var text = entry.state.withLock { $0.text }
        guard !entry.state.withLock({ $0.isInterfaceBuilder }) else {
            throw ResponseError(.requestFailed, "\(uri) is an Interface Builder file: patches edit JSON documents")
        }
        if let expected = params.version {
            guard expected == text.version else {
                throw ResponseError(.contentModified, "\(uri) is at version \(text.version), not \(expected)")
            }
        }
        // The edits start from the text's syntax tree (the entry's, shared with the other readers of this version).
        var editor = JSONTextEditor(tree: entry.syntaxTree(of: text))
        for op in params.ops { try apply(op, to: &editor) }
        // A patch of a valid document whose changes lie inside one node decodes that node alone: the rest of the
        // text did not change and was valid, so that node's text being valid (and its ids free) makes the whole
        // valid. The frames follow the answer.
        if let (range, replacement) = text.buffer.difference(to: editor.bytes),
            let spans = documents.spansForEdit(entry)
        {
            var patched = text
            let edit = patched.buffer.replace(range, with: replacement)
            patched.version += 1
            if let events = documents.replaceInPlace(
                uri, entry, text: patched, edit: edit, spans: consume spans, as: .runtime)
            {
                context.afterResponse {
                    documents.sessionChanged(uri, entry, events: events.map { SceneEvent(scene: "", event: $0) })
                }
                return PatchResult(version: patched.version)
            }
        }
        // Atomic: an invalid result changes nothing.
        let result = editor.bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
        if !result.errors.isEmpty {
            let problems = result.errors.prefix(20).map { problem -> JSON in
                [
                    "code": .string(problem.code.rawValue), "pointer": .string(problem.pointer.description),
                    "message": .string(problem.message),
                ]
            }
            let first = result.errors[0]
            throw ResponseError(
                .invalidParams,
                "/params/ops: the patch would make the document invalid: \(first.pointer): \(first.message)",
                data: ["pointer": "/params/ops", "problems": .array(problems)])
        }
        text.buffer = TextBuffer(bytes: editor.bytes)
        text.version += 1
        entry.state.withLock { $0.text = text }
        // The editor's tree is the new text's (the same bytes): the analysis reads it rather than building one.
        entry.keep(syntaxTree: editor.tree, of: text)
        let version = text.version
        context.afterResponse { documents.analyse(uri, entry, as: .runtime) }
        return PatchResult(version: version)
    }

    // MARK: Ops

    private func apply(_ op: PatchOperation, to editor: inout JSONTextEditor) throws {
        let tree: NodeIndex
        do { tree = try NodeIndex(editor.bytes) } catch {
            throw ResponseError(
                .requestFailed, "the document's text is not valid JSON (\(error)): fix it before patching")
        }
        do {
            switch op.operation {
            case .set(let reference, let properties):
                let node = try tree.pointer(reference)
                for (key, value) in properties {
                    if value.isNull {
                        try editor.removeMember(key, of: node)
                    } else {
                        try editor.setMember(key, of: node, to: value.json.bytes)
                    }
                }
            case .insert(let parentReference, let node, let index):
                let parent = try tree.pointer(parentReference)
                try insert(
                    node.json.bytes, into: parent, at: try Self.position(index, count: tree.childCount(parent)), &editor
                )
            case .remove(let reference):
                let node = try tree.pointer(reference)
                guard node != NodeIndex.root else {
                    throw JSONDecodingError(at: reference.source, "the root cannot be removed")
                }
                try editor.removeElement(at: node)
            case .move(let reference, let parentReference, let index):
                let node = try tree.pointer(reference)
                var parent = try tree.pointer(parentReference)
                guard node != NodeIndex.root else {
                    throw JSONDecodingError(at: reference.source, "the root cannot be moved")
                }
                guard !parent.tokens.starts(with: node.tokens) else {
                    throw JSONDecodingError(
                        at: parentReference.source, "is the moved node or inside it: that would make a cycle")
                }
                let moved = try editor.valueText(at: node)
                try editor.removeElement(at: node)
                parent = NodeIndex.shifted(parent, afterRemoving: node)
                try insert(
                    moved, into: parent, at: try Self.position(index, count: tree.childCount(parent, after: node)),
                    &editor)
            }
        } catch let error as JSONTextEditor.EditError {
            throw JSONDecodingError(at: op.source, error.description)
        }
    }

    private func insert(_ node: [UInt8], into parent: JSONPointer, at index: Int, _ editor: inout JSONTextEditor) throws
    {
        if (try? editor.valueText(at: parent.appending("children"))) == nil {
            try editor.setMember("children", of: parent, to: Array("[]".utf8))
        }
        try editor.insertElement(node, into: parent.appending("children"), at: index)
    }

    /// Where `index` puts a node among `count` children: 0 ... count (default: the end).
    private static func position(_ index: PatchOperation.Index?, count: Int) throws(JSONDecodingError) -> Int {
        guard let index else { return count }
        guard index.value >= 0, index.value <= count else {
            throw JSONDecodingError(at: index.source, "must be between 0 and \(count)")
        }
        return index.value
    }
}

/// Where each node of a document's tree (not its templates) sits in its text, by reference.
struct NodeIndex {
    static let root = JSONPointer(["root"])
    private var pointers: [String: JSONPointer] = [:]
    private var childCounts: [JSONPointer: Int] = [:]

    init(_ bytes: [UInt8]) throws {
        let document = try JSONDocument.parse(bytes)
        guard let root = document.value["root"] else { return }
        walk(root, pointer: Self.root, path: "0")
    }

    private mutating func walk(_ node: JSONValue, pointer: JSONPointer, path: String) {
        pointers[path] = pointer
        if let id = node["id"]?.string { pointers[id] = pointer }
        let children = node["children"]?.elements ?? []
        childCounts[pointer] = children.count
        for (i, child) in children.enumerated() {
            walk(child, pointer: pointer.appending("children").appending(i), path: "\(path).\(i)")
        }
    }

    /// The node `reference` names (an id or an index path).
    func pointer(_ reference: PatchOperation.Reference) throws(JSONDecodingError) -> JSONPointer {
        guard let pointer = pointers[reference.name] else {
            throw JSONDecodingError(
                at: reference.source,
                "no node of the document has the reference \"\(reference.name)\" (template instances are patched through their template)"
            )
        }
        return pointer
    }

    func childCount(_ parent: JSONPointer, after removing: JSONPointer? = nil) -> Int {
        let count = childCounts[parent] ?? 0
        guard let removing, removing.tokens.dropLast(2) == parent.tokens[...] else { return count }
        return count - 1
    }

    /// `pointer` after the array element at `removed` is gone: a later sibling on its path moves up by one.
    static func shifted(_ pointer: JSONPointer, afterRemoving removed: JSONPointer) -> JSONPointer {
        let prefix = removed.tokens.dropLast()
        guard let removedIndex = removed.tokens.last.flatMap(Int.init), pointer.tokens.count > prefix.count,
            pointer.tokens.starts(with: prefix), let index = Int(pointer.tokens[prefix.count]), index > removedIndex
        else { return pointer }
        var tokens = pointer.tokens
        tokens[prefix.count] = String(index - 1)
        return JSONPointer(tokens)
    }
}
