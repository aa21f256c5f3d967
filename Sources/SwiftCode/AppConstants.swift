import SkeletonModel
internal import SwiftSyntax

/// The app's constants, from every file: `let`/`static let` (and stored `static var`) members of its types and
/// top-level `let`s with a value, the cases of its enums (`allCases.count`, `allCases[section]`), and the static properties that
/// answer their type's own name (`static var identifier: String { String(describing: self) }`, as cells' reuse
/// identifiers are usually written). Looking a name up costs one dictionary lookup.
final class AppConstants {
    /// Values by qualified name: `Type.name` (and `Inner.name` for a nested type's), or `name` at the top level.
    private(set) var values: [String: ExprSyntax] = [:]
    /// The cases of each enum, by name, in declaration order (`Section.allCases[k]` is the k-th).
    private(set) var cases: [String: [String]] = [:]
    /// Static properties that answer the name of the type they are read on.
    private(set) var typeNameProperties: Set<String> = []
    /// The app's asset catalogue colours by name (`*.xcassets/*.colorset`), for `UIColor(named:)`.
    var namedColors: [String: SkeletonColor] = [:]

    /// Records a stored property or top-level constant of `type` (nil: top level); the first declaration wins.
    func record(_ variable: VariableDeclSyntax, in type: [String]) {
        let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if isStatic, let body = Self.getter(binding), Self.answersTypeName(body) {
                typeNameProperties.insert(name)
                continue
            }
            guard isLet || isStatic, binding.accessorBlock == nil, let value = binding.initializer?.value else {
                continue
            }
            if let last = type.last, type.count > 1, values["\(last).\(name)"] == nil {
                values["\(last).\(name)"] = value
            }
            let key = (type + [name]).joined(separator: ".")
            if values[key] == nil { values[key] = value }
        }
    }

    /// Records the cases of an enum's `case` declaration.
    func record(_ declaration: EnumCaseDeclSyntax, in type: [String]) {
        guard let name = type.last else { return }
        cases[name, default: []] += declaration.elements.map(\.name.text)
    }

    /// The value of a member chain (`Constants.rows`, `Self.rows`, a bare `rows` of `type` or of the top level).
    func value(of path: [String], in type: String?) -> ExprSyntax? {
        guard let first = path.first else { return nil }
        if path.count == 1 {
            return type.flatMap { values["\($0).\(first)"] } ?? values[first]
        }
        if first == "Self" || first == "self", let type {
            return values[([type] + path.dropFirst()).joined(separator: ".")]
        }
        return values[path.joined(separator: ".")]
    }

    /// The expression a computed property's getter returns, when its body is one expression.
    private static func getter(_ binding: PatternBindingSyntax) -> ExprSyntax? {
        guard case .getter(let statements)? = binding.accessorBlock?.accessors else { return nil }
        return DataSourceReader.returnedExpression(statements)
    }

    /// `String(describing: self)`, `String(describing: Self.self)`, `"\(self)"`: the type's own name.
    private static func answersTypeName(_ expression: ExprSyntax) -> Bool {
        if let call = expression.as(FunctionCallExprSyntax.self), ValueReader.calleeName(call) == "String",
            call.arguments.count == 1, let only = call.arguments.first, only.label?.text == "describing"
        {
            let text = Excerpt.of(only.expression, limit: 16)
            return text == "self" || text == "Self.self"
        }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            let parts = literal.segments.filter { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty != true }
            guard parts.count == 1, let interpolation = parts.first?.as(ExpressionSegmentSyntax.self) else {
                return false
            }
            return Excerpt.of(interpolation.expressions, limit: 16) == "self"
        }
        return false
    }
}
