internal import SwiftSyntax

/// The `UICollectionViewDelegateFlowLayout` methods whose answer is static: `sizeForItemAt` (a
/// `CGSize(width:height:)` of numbers and views' sizes), `minimumLineSpacingForSectionAt`,
/// `minimumInteritemSpacingForSectionAt` and `insetForSectionAt` (literals).
struct FlowLayoutReader {
    let locations: SourceLocations
    let values: ValueReader

    /// Reads `function` if it is one of those methods; an answer that is not static is a `notStatic` hint.
    func read(_ function: FunctionDeclSyntax, into facts: inout ClassFacts) {
        let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
        if function.name.text == "tableView", labels == ["_", "heightForRowAt"] {
            let answer = function.body.flatMap(DataSourceReader.returnedExpression)
            facts.flowLayout.rowHeight = answer.flatMap(values.number)
            if facts.flowLayout.rowHeight == nil {
                let what = answer.map { Excerpt.of($0) } ?? "the body"
                facts.hints.append(
                    CodeHint(
                        kind: .notStatic,
                        message: "`\(what)` is not known statically; the table's row height is left as it is",
                        range: locations.range(of: answer.map { Syntax($0) } ?? Syntax(function.name))))
            }
            return
        }
        guard function.name.text == "collectionView", labels.count == 3, labels[1] == "layout" else { return }
        let selector = labels[2]
        guard
            [
                "sizeForItemAt", "minimumLineSpacingForSectionAt", "minimumInteritemSpacingForSectionAt",
                "insetForSectionAt",
            ].contains(selector)
        else { return }
        let returned = function.body.flatMap(DataSourceReader.returnedExpression)
        var read = false
        if let returned {
            switch selector {
            case "sizeForItemAt":
                if let size = Self.size(returned, values: values) {
                    facts.flowLayout.itemSize = size
                    facts.flowLayout.itemSizeRange = locations.range(of: returned)
                    read = true
                }
            case "minimumLineSpacingForSectionAt":
                facts.flowLayout.minimumLineSpacing = values.number(returned)
                read = facts.flowLayout.minimumLineSpacing != nil
            case "minimumInteritemSpacingForSectionAt":
                facts.flowLayout.minimumInteritemSpacing = values.number(returned)
                read = facts.flowLayout.minimumInteritemSpacing != nil
            default:
                if case .insets(let top, let left, let bottom, let right)? = values.code(returned) {
                    facts.flowLayout.sectionInset = [top, left, bottom, right]
                    read = true
                }
            }
        }
        guard !read else { return }
        let what = returned.map { Excerpt.of($0) } ?? "the body"
        facts.hints.append(
            CodeHint(
                kind: .notStatic,
                message:
                    "`\(what)` is not a static answer; `collectionView(_:layout:\(selector):)` keeps the flow layout's value",
                range: locations.range(of: returned.map { Syntax($0) } ?? Syntax(function.name))))
    }

    /// `CGSize(width: a, height: b)`, each side a number or an expression of the view controller's views' sizes.
    static func size(_ expression: ExprSyntax, values: ValueReader) -> CodeSize? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            ["CGSize", "init"].contains(ValueReader.calleeName(call)),
            call.arguments.map({ $0.label?.text ?? "" }) == ["width", "height"]
        else { return nil }
        let sides = call.arguments.compactMap { values.expression($0.expression, target: Self.target) }
        guard sides.count == 2 else { return nil }
        return CodeSize(width: sides[0], height: sides[1])
    }

    /// A chain in a delegate method: `view` / `self.view` / `collectionView` … (no statements run there, so
    /// outlets are named as written).
    static func target(_ path: [String]) -> ViewTarget? {
        let names = path.first == "self" ? Array(path.dropFirst()) : path
        switch names.count {
        case 0: return .root
        case 1: return names[0] == "view" ? .root : .property(names[0])
        default: return nil
        }
    }
}
