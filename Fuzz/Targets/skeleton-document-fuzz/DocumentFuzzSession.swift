import InterfaceBuilder
import JSON
import SkeletonEngine
import SkeletonModel
import SkeletonServer

/// Runs one input through what a document goes through in the daemon: text sync, parsing and validation (JSON
/// or Interface Builder), diagnostics placement, and the engine (show, layers, tree description, replace).
/// Every problem must come out as a diagnostic; nothing may crash or hang.
enum DocumentFuzzSession {
    static func run(_ data: UnsafeRawBufferPointer) {
        guard let input = DocumentFuzzInput(data) else { return }
        var buffer = TextBuffer(bytes: input.text)
        var session: SkeletonSession?
        var clean = analyse(buffer, input, &session)
        if !input.interfaceBuilder { SyntaxTreeCheck.check(buffer.bytes) }
        for edit in input.edits.prefix(32) {
            let text = String(decoding: edit.text, as: UTF8.self)
            // The daemon's short path for an edit inside one node, from the session of a clean text...
            let spans =
                clean && !input.interfaceBuilder
                ? buffer.bytes.withUnsafeBufferPointer { NodeSpanIndex.build(document: $0) } : nil
            let before = session
            let tree = input.interfaceBuilder ? nil : JSONSyntaxTree.detach(JSONSyntaxTree(bytes: buffer.bytes))
            let byteEdit: ByteEdit?
            do { byteEdit = try buffer.apply(range: edit.range, text: text, encoding: input.encoding) } catch {
                continue
            }
            var inPlace: SkeletonSession?
            if let spans, let byteEdit, var copy = before,
                let prepared = IncrementalEdit(text: buffer, edit: byteEdit, spans: spans),
                prepared.apply(to: &copy, at: input.time, as: .edit) != nil
            {
                inPlace = copy
            }
            clean = analyse(buffer, input, &session)
            if !input.interfaceBuilder { SyntaxTreeCheck.check(buffer.bytes) }
            if let tree, let byteEdit { SyntaxTreeCheck.checkFollowing(tree, byteEdit, buffer.bytes) }
            // ...must end where analysing the whole new text ends.
            if let inPlace {
                guard let session, clean, inPlace.layers(at: input.time + 1) == session.layers(at: input.time + 1),
                    (try? inPlace.treeDescription(at: input.time + 1))
                        == (try? session.treeDescription(at: input.time + 1))
                else { preconditionFailure("an edit applied to one node differs from analysing the whole text") }
            }
        }
    }

    /// Analyses the text like the daemon; true when it has no problem at all.
    @discardableResult
    private static func analyse(_ buffer: TextBuffer, _ input: DocumentFuzzInput, _ session: inout SkeletonSession?)
        -> Bool
    {
        var clean = true
        let results: [DocumentDecodingResult]
        if input.interfaceBuilder {
            let decoded = InterfaceBuilderDocument.decode(bytes: buffer.bytes)
            results = decoded.scenes.compactMap { decoded.documents[$0.id] }
            place(decoded.allProblems, in: buffer, input.encoding)
            clean = false
        } else {
            let result = buffer.bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
            results = [result]
            place(result.problems, in: buffer, input.encoding)
            clean = result.problems.isEmpty && result.document != nil
        }
        for result in results {
            guard let document = result.document else { continue }
            if var existing = session {
                _ = existing.replaceDocument(document, at: input.time, as: .edit)
                session = existing
            } else {
                var fresh = SkeletonSession(document: document)
                _ = try? fresh.show(ShowOptions(type: input.time > 1 ? .gradient : .solid, animated: true), at: 0)
                session = fresh
            }
            if let session {
                _ = session.layers(at: input.time)
                _ = try? session.treeDescription(node: nil, at: input.time).prettyPrinted()
            }
        }
        return clean
    }

    /// Every problem gets a range in the text, whatever the text is.
    private static func place(_ problems: [DocumentProblem], in buffer: TextBuffer, _ encoding: PositionEncoding) {
        for problem in problems.prefix(16) {
            _ = DocumentDiagnostics.lsp(problem, in: buffer, encoding: encoding)
        }
    }
}
