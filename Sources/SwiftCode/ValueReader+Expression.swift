internal import SwiftSyntax

extension ValueReader {
    /// A number that may depend on views' sizes: literals, `a.frame.width` / `bounds.size.height` of a view that
    /// `target` names (the member chain before `frame`/`bounds`; empty for the class's own `frame`), and `+ - * /`
    /// with Swift's precedence; nil for anything else.
    func expression(_ expression: ExprSyntax, target: ([String]) -> ViewTarget?) -> CodeExpression? {
        let e = resolved(expression)
        if let n = number(e) { return .number(n) }
        if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return self.expression(only.expression, target: target)
        }
        if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return self.expression(prefix.expression, target: target).map { .negated($0) }
        }
        if let call = e.as(FunctionCallExprSyntax.self), ["CGFloat", "Double"].contains(Self.calleeName(call)),
            call.arguments.count == 1, let only = call.arguments.first, only.label == nil
        {
            return self.expression(only.expression, target: target)
        }
        if let sequence = e.as(SequenceExprSyntax.self) { return fold(Array(sequence.elements), target: target) }
        return dimension(e, target: target)
    }

    /// `UIEdgeInsets(top:left:bottom:right:)` whose sides are numbers and views' sizes (`label.frame.height`).
    func sizedInsets(_ expression: ExprSyntax, target: ([String]) -> ViewTarget?) -> CodeValue? {
        guard let call = resolved(expression).as(FunctionCallExprSyntax.self),
            ["UIEdgeInsets", "init"].contains(Self.calleeName(call)), call.arguments.count == 4
        else { return nil }
        let sides = call.arguments.compactMap { self.expression($0.expression, target: target) }
        guard sides.count == 4 else { return nil }
        return .sizedInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
    }

    /// `x.frame.width`, `bounds.size.height`, `self.view.frame.width`.
    private func dimension(_ e: ExprSyntax, target: ([String]) -> ViewTarget?) -> CodeExpression? {
        var path = StatementRunner.path(e)
        guard let last = path.popLast(), let dimension = Dimension(rawValue: last) else { return nil }
        if path.last == "size" { path.removeLast() }
        guard let rect = path.popLast(), rect == "frame" || rect == "bounds", let view = target(path) else {
            return nil
        }
        return .dimension(view, dimension)
    }

    /// An unfolded operator sequence (`a / 3 - 10`) folded with `*` and `/` before `+` and `-`, left to right.
    func fold(_ parts: [ExprSyntax], target: ([String]) -> ViewTarget?) -> CodeExpression? {
        guard parts.count >= 3, parts.count % 2 == 1, parts.count <= 64 else { return nil }
        var operands: [CodeExpression] = []
        var operators: [CodeOperator] = []
        for (k, part) in parts.enumerated() {
            if k % 2 == 0 {
                guard let operand = self.expression(part, target: target) else { return nil }
                operands.append(operand)
            } else {
                guard let name = part.as(BinaryOperatorExprSyntax.self)?.operator.text,
                    let op = CodeOperator(rawValue: name)
                else { return nil }
                operators.append(op)
            }
        }
        // Multiplications and divisions first.
        var terms = [operands[0]]
        var additive: [CodeOperator] = []
        for (k, op) in operators.enumerated() {
            let next = operands[k + 1]
            if op == .multiply || op == .divide, let last = terms.popLast() {
                terms.append(.binary(op, last, next))
            } else {
                additive.append(op)
                terms.append(next)
            }
        }
        var result = terms[0]
        for (k, op) in additive.enumerated() { result = .binary(op, result, terms[k + 1]) }
        return result
    }
}
