import JSON
import SkeletonModel

/// One scene → the document format (a `JSON` tree, built into jansson's in memory) → `DocumentDecoder`, so that
/// validation, templates, automatic rows and limits are exactly those of JSON documents. Problems the decoder finds by JSON Pointer are moved to the
/// line of the element they came from.
struct SceneDecoder {
    let file: InterfaceBuilderFile
    /// Members added to the nodes of elements by IB id.
    var overlay: [String: JSONObject] = [:]

    /// The scene's document and problems, with the views mapped for it (`ViewMapper.emitted`, the work counter):
    /// none for a scene the file's budget refuses (`ViewBudget`).
    func decode(_ scene: IBScene, root: IBElement) -> (result: DocumentDecodingResult, viewsMapped: Int) {
        let maxViews: Int
        switch file.viewBudget.shares[scene.id] {
        case .admitted(let views)?: maxViews = views
        case .refused(let why)?:
            let problem = IBProblems.problem(.tooManyNodes, why, at: scene.location)
            return (DocumentDecodingResult(document: nil, problems: [problem]), 0)
        case nil: maxViews = 0
        }
        var mapper = ViewMapper(
            limits: file.limits, colors: file.colors, embeddable: file.embeddable, scene: scene.id, maxViews: maxViews)
        mapper.overlay = overlay
        mapper.excludedConstraints = file.excludedConstraints
        if file.resizedRoots.contains(scene.id) {
            mapper.rootSize = Size(width: scene.frame.width, height: scene.frame.height)
        }
        let node = mapper.node(root, at: ["root"], depth: 1)
        file.decodings.count(scene.id) { $0.mapped += 1 }
        var problems = mapper.problems
        var document: SkeletonDocument?
        if let node {
            var members = JSONObject()
            members[.document.root] = node
            members[.document.colorScheme] = .string(file.colorScheme.rawValue)
            // The decoder reads the mapped tree built straight into jansson's (no text written or parsed).
            let decoded = DocumentDecoder(limits: file.limits).decode(tree: .object(members))
            file.decodings.count(scene.id) { $0.decoded += 1 }
            problems += decoded.problems.map { relocate($0, map: mapper.sourceMap, fallback: scene.location) }
            document = decoded.document
        }
        problems = Self.ordered(problems, max: file.limits.maxProblems)
        let rejected = problems.contains { $0.severity == .error }
        return (DocumentDecodingResult(document: rejected ? nil : document, problems: problems), mapper.emitted)
    }

    /// A decoder problem placed at the IB element its pointer came from, in the file's terms: the member name leads
    /// the message but for `root` and `type` (the element itself, whose class it is), and a table or collection
    /// without a cell template is one without a prototype cell.
    private func relocate(_ p: DocumentProblem, map: SourceMap, fallback: IBSourceLocation) -> DocumentProblem {
        let location = map.location(of: p.pointer) ?? fallback
        if p.code == .missingCellTemplate {
            let what = p.message.contains("no items") ? "items" : "rows"
            let message =
                "no prototype cell: the skeleton has no \(what), as a SkeletonView data source without "
                + "cellIdentifierForRowAt"
            return IBProblems.problem(p.code, message, at: location, severity: p.severity)
        }
        let field = p.pointer.tokens.last { !$0.isEmpty && !$0.allSatisfy(\.isNumber) }
        let message = field.map { $0 == "root" || $0 == "type" ? p.message : "\($0): \(p.message)" } ?? p.message
        return IBProblems.problem(p.code, message, at: location, severity: p.severity)
    }

    /// Problems in line order (stable), without repeats, cut at `max` with a `too-many-problems` warning.
    static func ordered(_ problems: [DocumentProblem], max: Int) -> [DocumentProblem] {
        var seen = Set<DocumentProblem>()
        let unique = problems.filter { seen.insert($0).inserted }
        let sorted = unique.enumerated().sorted { a, b in
            let la = (a.element.line ?? 0, a.element.column ?? 0)
            let lb = (b.element.line ?? 0, b.element.column ?? 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
        guard sorted.count > max else { return sorted }
        return Array(sorted.prefix(max)) + [
            DocumentProblem(
                code: .tooManyProblems, pointer: JSONPointer(),
                message: "\(sorted.count - max) more problems not listed", severity: .warning)
        ]
    }
}
