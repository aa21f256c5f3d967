import JSON
import MCP
import SkeletonModel
import SkeletonProtocol

extension SkeletonTools {
    static let explainTool = Tool(
        name: "explain", title: "Explain a view's skeleton",
        description: """
            Explain why a view draws a skeleton or does not: what showSkeleton() on the scene's root draws for it (or \
            why nothing: not skeletonable, an ancestor not skeletonable, hidden, not arranged, a container whose \
            children draw…), its isSkeletonable and isHidden, the diagnostics on it, the fixes skeletond offers \
            (each with the exact text edits to apply to the file), and what showSkeleton() called on the view itself \
            does. Composed from skeletond's hover, diagnostics, code actions, tree description and shows.
            """,
        inputSchema: schema(["file": fileProperty, "scene": sceneProperty, "node": nodeProperty], required: ["file"]),
        annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false))

    func explain(_ arguments: [String: Value]?) async throws(ToolError) -> CallTool.Result {
        let args = try ToolArguments(tool: Self.explainTool.name, arguments, known: ["file", "scene", "node"])
        var document = try ToolDocument(try args.file(), in: scope)
        document.source.scene = try args.optionalString("scene")
        let node = try args.optionalString("node")
        let report = try await host.perform { [document] daemon throws(ToolError) in
            try daemon.withValid(document) { diagnostics throws(ToolError) in
                try daemon.explanation(of: node, in: document, diagnostics)
            }
        }
        return Self.success(report.text, report.structured)
    }
}

/// What `explain` found about one view.
struct Explanation: Sendable {
    var text: String
    var structured: JSON
}

extension DaemonSession {
    /// Composes the explanation of `node` (nil: the scene's root) from the daemon's answers on an open, valid
    /// document with `diagnostics`.
    func explanation(of node: String?, in document: ToolDocument, _ diagnostics: [DiagnosticLine]) throws(ToolError)
        -> Explanation
    {
        let target = document.source.target
        let described = TreeDescriptionRequest.Params(
            target: target, node: node, options: TreeOptions(includeState: true))
        let tree = try request(TreeDescriptionRequest.self, described)["tree"] ?? .null
        let reference = tree["reference"]?.stringValue ?? node ?? ""
        var lines = ["\(tree["type"]?.stringValue ?? "view") `\(reference)` in \(document.shown)"]
        var structured: JSONObject = [
            "file": .string(document.shown), "node": .string(reference), "type": tree["type"] ?? .null,
            "isSkeletonable": tree["isSkeletonable"] ?? .null, "isHidden": tree["isHidden"] ?? .null,
        ]
        if let scene = document.source.scene { structured["scene"] = .string(scene) }

        // Where the view is written, and what hover says about it there.
        let symbol = try viewSymbol(reference, in: document)
        if let symbol, let hover = try hoverText(at: symbol, in: document) {
            lines.append(hover)
            structured["hover"] = .string(hover)
        } else {
            lines.append("(No place in the text names this view, so there is no hover for it.)")
        }
        lines.append(
            "isSkeletonable: \(tree["isSkeletonable"] == true ? "yes" : "no"); "
                + "isHidden: \(tree["isHidden"] == true ? "yes" : "no")")

        // Diagnostics written on the view itself (not on its subviews).
        let own = symbol.map { ownDiagnostics(diagnostics, of: $0, in: document) } ?? []
        if !own.isEmpty {
            lines.append("Diagnostics on this view:")
            lines += own.map { "  " + $0.formatted(path: document.shown) }
        }
        structured["diagnostics"] = .array(own.map(\.listed))

        var fixes: [JSON] = []
        if let symbol { fixes = try codeActions(at: symbol, in: document, own) }
        if !fixes.isEmpty {
            lines.append("Fixes (apply the edits to \(document.shown)):")
            for fix in fixes {
                let edits = fix["edits"]?.arrayValue ?? []
                lines.append("  \(fix["title"]?.stringValue ?? ""): \(edits.count) edit\(edits.count == 1 ? "" : "s")")
                for edit in edits { lines.append("    " + Self.editLine(edit)) }
            }
        }
        structured["fixes"] = .array(fixes)

        // What SkeletonView's showSkeleton() does from the root, then on the view itself.
        let rootShow = ShowRequest.Params(target: target, options: ShowOptions(type: .solid))
        let fromRoot = try request(ShowRequest.self, rootShow)
        let leaves = (fromRoot["leaves"]?.arrayValue ?? []).compactMap(\.stringValue)
        let draws = leaves.contains(reference)
        lines.append(
            "showSkeleton() on the root: \(Self.outcome(fromRoot)); this view "
                + (draws ? "draws a skeleton of its own." : "draws no skeleton of its own."))
        try request(HideRequest.self, .init(target: target, options: HideOptions(transition: .none)))
        let onView = ShowRequest.Params(target: target, node: reference, options: rootShow.options)
        let fromView = try request(ShowRequest.self, onView)
        lines.append("showSkeleton() on this view: \(Self.outcome(fromView)).")
        structured["drawsFromRoot"] = .bool(draws)
        structured["showFromRoot"] = fromRoot
        structured["showOnView"] = fromView
        return Explanation(text: lines.joined(separator: "\n"), structured: .object(structured))
    }

    /// A show's outcome as words: "shown on 3 views (a, b, c)", "not drawn: …".
    private static func outcome(_ answer: JSON) -> String {
        let leaves = (answer["leaves"]?.arrayValue ?? []).compactMap(\.stringValue)
        switch answer["outcome"]?.stringValue {
        case "shown"?:
            let named = leaves.prefix(8).joined(separator: ", ") + (leaves.count > 8 ? ", …" : "")
            return "skeletons on \(leaves.count) view\(leaves.count == 1 ? "" : "s") (\(named))"
        case "notSkeletonable"?: return answer["message"]?.stringValue ?? "nothing is drawn"
        case let other?: return other
        case nil: return answer.text
        }
    }

    /// An edit as `LINE:COL-LINE:COL: replace with "…"` (1-based, UTF-8 columns).
    private static func editLine(_ edit: JSON) -> String {
        func position(_ name: String) -> String {
            let point = edit["range"]?[name]
            return "\((point?["line"]?.intValue ?? 0) + 1):\((point?["character"]?.intValue ?? 0) + 1)"
        }
        return "\(position("start"))-\(position("end")): \(JSON.string(edit["newText"]?.stringValue ?? "").text)"
    }
}

extension DiagnosticLine {
    /// As `lint` and `explain` list it.
    var listed: JSON {
        var item: JSONObject = [
            "line": .int(line), "column": .int(column), "severity": .string(severity), "message": .string(message),
        ]
        if let code { item["code"] = .string(code) }
        return .object(item)
    }
}
