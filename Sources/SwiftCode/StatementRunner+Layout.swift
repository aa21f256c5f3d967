internal import SwiftSyntax

/// Views laid out in code: `addSubview`, anchor constraints (`NSLayoutConstraint.activate([...])`,
/// `….constraint(…).isActive = true`), and tables and collections connected in code (`dataSource = self`).
extension StatementRunner {
    /// The view a size expression's chain names: the class's own view for an empty chain (`frame.width`).
    func sizeTarget(_ path: [String]) -> ViewTarget? { path.isEmpty ? .root : viewTarget(path: path) }

    /// `outlet.dataSource = self`, `outlet.delegate = self` and `anchor.constraint(…).isActive = true`, recorded;
    /// false when the assignment is none of them.
    mutating func layoutAssignment(_ left: ExprSyntax, _ right: ExprSyntax, at node: SequenceExprSyntax) -> Bool {
        guard let member = left.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
        let name = member.declName.baseName.text
        let range = locations.range(of: node)
        if name == "isActive", let call = base.as(FunctionCallExprSyntax.self),
            ValueReader.calleeName(call) == "constraint"
        {
            switch values.code(right) {
            case .bool(true)?: constraint(call)
            case .bool(false)?: break
            default:
                hint(
                    .notStatic, "`\(Excerpt.of(right))` is not known statically; the constraint is not applied",
                    at: range)
            }
            return true
        }
        guard let role = ListConnection.Role(rawValue: name),
            right.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return false }
        guard case .property(let outlet)? = viewTarget(base) else { return true }
        interpreter.facts.connections.append(ListConnection(outlet: outlet, role: role, range: range))
        assumed(at: range)
        return true
    }

    /// `NSLayoutConstraint.activate([...])` and `parent.addSubview(child)`, recorded; false for other calls.
    mutating func layoutCall(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?) -> Bool {
        if name == "activate", let base, Self.path(base) == ["NSLayoutConstraint"] {
            guard call.arguments.count == 1, let argument = call.arguments.first,
                let array = values.resolved(argument.expression).as(ArrayExprSyntax.self)
            else {
                hint(
                    .notStatic,
                    "`\(Excerpt.of(call.arguments))` is not a literal list of constraints; none is applied",
                    at: locations.range(of: call))
                return true
            }
            for element in array.elements {
                if let constraint = values.resolved(element.expression).as(FunctionCallExprSyntax.self),
                    ValueReader.calleeName(constraint) == "constraint"
                {
                    self.constraint(constraint)
                } else {
                    hint(
                        .notStatic,
                        "`\(Excerpt.of(element.expression))` is not an anchor constraint; it is not applied",
                        at: locations.range(of: element.expression))
                }
            }
            return true
        }
        if name == "addSubview", call.arguments.count == 1, let argument = call.arguments.first {
            guard let parent = base.map({ viewTarget($0) }) ?? .root, let child = viewTarget(argument.expression)
            else { return true }
            let range = locations.range(of: call)
            interpreter.facts.layout.subviews.append(SubviewAddition(parent: parent, child: child, range: range))
            assumed(at: range)
            return true
        }
        return false
    }

    /// One `anchor.constraint(equalTo: other, multiplier: m, constant: c)` or `(equalToConstant: c)`.
    private mutating func constraint(_ call: FunctionCallExprSyntax) {
        let range = locations.range(of: call)
        let arguments = Array(call.arguments)
        let text = Excerpt.of(call)
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
            let (first, firstAnchor) = anchor(base), let label = arguments.first?.label?.text
        else {
            hint(
                .notStatic, "`\(text)`: the anchor is not one skeletond reads; the constraint is not applied", at: range
            )
            return
        }
        var constraint = AnchorConstraint(first: first, firstAnchor: firstAnchor, range: range)
        switch label {
        case "equalTo":
            guard let (second, secondAnchor) = anchor(arguments[0].expression),
                secondAnchor.isSize == firstAnchor.isSize,
                firstAnchor.isSize || secondAnchor.isHorizontal == firstAnchor.isHorizontal
            else {
                hint(
                    .notStatic, "`\(text)`: the other anchor is not one skeletond reads; the constraint is not applied",
                    at: range)
                return
            }
            (constraint.second, constraint.secondAnchor) = (second, secondAnchor)
        case "equalToConstant" where firstAnchor.isSize:
            constraint.constant = .number(0)
        default:
            hint(
                .notStatic,
                "`\(text)`: skeletond places views by equalities between anchors (`equalTo:`, `equalToConstant:`) "
                    + "only; the constraint is not applied", at: range)
            return
        }
        for argument in arguments.dropFirst(label == "equalTo" ? 1 : 0) {
            let value = values.expression(argument.expression, target: sizeTarget)
            switch (argument.label?.text, value) {
            case ("multiplier"?, .some(let v)) where v.constant != nil: constraint.multiplier = v.constant ?? 1
            case ("constant"?, .some(let v)), ("equalToConstant"?, .some(let v)): constraint.constant = v
            default:
                hint(
                    .notStatic,
                    "`\(Excerpt.of(argument.expression))` is not known statically; the constraint `\(text)` is not applied",
                    at: locations.range(of: argument))
                return
            }
        }
        interpreter.facts.layout.constraints.append(constraint)
        assumed(at: range)
    }

    /// `x.leadingAnchor`, `centerXAnchor` (the class's own view), `contentView.topAnchor`,
    /// `x.safeAreaLayoutGuide.topAnchor` (read as the view's own: cells and plain views have no insets).
    private func anchor(_ expression: ExprSyntax) -> (ViewTarget, LayoutAnchor)? {
        var path = Self.path(expression)
        guard let last = path.popLast(), let anchor = LayoutAnchor(property: last) else { return nil }
        if path.last == "safeAreaLayoutGuide" { path.removeLast() }
        if path.last == "layoutMarginsGuide" || path.last == "readableContentGuide" { return nil }
        guard let view = sizeTarget(path) else { return nil }
        return (view, anchor)
    }
}
