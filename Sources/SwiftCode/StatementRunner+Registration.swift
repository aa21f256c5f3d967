internal import SwiftSyntax

/// Cells, headers, footers and supplementary views registered in code, by class or by nib.
extension StatementRunner {
    /// A registration: the reuse identifier, and the class (a cell built in code) or the nib (a XIB of the app)
    /// it is registered with; both for a convention that names them after the class.
    struct Registration {
        var identifier: String
        var className: String?
        var nib: String?
    }

    /// The reuse identifier labels of UIKit's `register` calls.
    static let identifierLabels: Set<String> = [
        "forCellReuseIdentifier", "forCellWithReuseIdentifier", "forHeaderFooterViewReuseIdentifier",
        "withReuseIdentifier",
    ]

    /// `register(Cell.self, forCellReuseIdentifier: id)`, `register(UINib(nibName: n, bundle: nil), forCell…:)`,
    /// `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`, `forHeaderFooterViewReuseIdentifier:`; and the
    /// usual wrappers, which name the nib and the identifier after the class: `register(cellType: Cell.self)`,
    /// `registerCell(Cell.self)`, `Cell.registerNib(to: tableView)`.
    func registration(_ call: FunctionCallExprSyntax, base: ExprSyntax?) -> Registration? {
        let arguments = Array(call.arguments)
        if let first = arguments.first, first.label == nil,
            let label = arguments.last?.label?.text, Self.identifierLabels.contains(label),
            let identifier = arguments.last.flatMap({ values.string($0.expression) })
        {
            let registered = values.resolved(first.expression)
            if let className = ValueReader.typeName(registered) {
                return Registration(identifier: identifier, className: className)
            }
            if let nib = registered.as(FunctionCallExprSyntax.self), ValueReader.calleeName(nib) == "UINib",
                let name = nib.arguments.first(where: { $0.label?.text == "nibName" }),
                let nibName = values.string(name.expression)
            {
                return Registration(identifier: identifier, nib: nibName)
            }
            return nil
        }
        // Wrappers: a `Cell.self` argument, or a call on the cell's class.
        let named =
            arguments.lazy.compactMap { ValueReader.typeName($0.expression) }.first
            ?? base.map(Self.path).flatMap { $0.count == 1 && $0[0].first?.isUppercase == true ? $0[0] : nil }
        guard let named else { return nil }
        return Registration(identifier: named, className: named, nib: named)
    }
}
