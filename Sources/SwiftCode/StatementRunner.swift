import SkeletonModel
internal import SwiftSyntax

/// Walks statements as UIKit would run them, recording assignments, appearance changes and shows.
///
/// What may not run (a branch, a loop, a closure handed to an unknown call) is still read, and every fact taken
/// from it carries an `assumed` hint naming the assumption; an `else` branch is assumed not taken, and facts it
/// would have given are hinted as ignored.
struct StatementRunner {
    var interpreter: ClassInterpreter
    /// What the code being walked assumes, innermost last.
    private var assumptions: [String] = []
    /// Seconds before the code being walked runs (`asyncAfter`).
    private var delay: Double = 0
    /// Closure parameters bound to views (`$0` in `[a, b].forEach`).
    private var boundViews: [String: ViewTarget] = [:]
    /// Methods being followed, by name and chain level (against recursion).
    private var following: Set<String> = []
    /// The chain level of the method running (`super.m()` runs the implementation above it).
    private var methodLevel = 0
    /// The view `self` is: the class's own, or the view a UIKit view extension's method is called on.
    private(set) var selfTarget: ViewTarget = .root

    init(interpreter: ClassInterpreter) {
        self.interpreter = interpreter
    }

    /// The file's local constants in scope.
    var scope: LocalScope { interpreter.scope }

    var values: ValueReader {
        ValueReader(locals: scope.bound, constants: interpreter.app.constants, type: interpreter.declaration.name)
    }

    // MARK: Statements

    /// Runs statements written in the file of `locations`.
    mutating func run(_ statements: CodeBlockItemListSyntax, in locations: SourceLocations) {
        let saved = interpreter.locations
        interpreter.locations = locations
        block(statements)
        interpreter.locations = saved
    }

    /// Runs a method's body (once at a time: a method that calls itself is not followed again), at its level of
    /// the class's chain; `target` is what `self` is in it, and each parameter whose argument names a view is
    /// that view in it.
    mutating func method(
        _ method: MethodBody, named name: String, self target: ViewTarget? = nil,
        arguments: LabeledExprListSyntax? = nil
    ) {
        let key = "\(name)@\(method.level)@\(target.map { "\($0)" } ?? "")"
        guard following.insert(key).inserted else { return }
        let saved = (methodLevel, selfTarget, boundViews)
        methodLevel = method.level
        if let target { selfTarget = target }
        let given: [LabeledExprSyntax] = arguments.map { Array($0) } ?? []
        for (name, argument) in zip(method.names, given) {
            if let view = viewTarget(argument.expression) { boundViews[name] = view }
        }
        run(method.body.statements, in: method.locations)
        (methodLevel, selfTarget, boundViews) = saved
        following.remove(key)
    }

    /// The method a call runs, when the app declares it: one of the class's (on `self`, or without a base), or a
    /// static method of one of the app's types (`Helper.style(label: x)`), whose labels are the call's.
    private func helper(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?) -> MethodBody? {
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let path = base.map(Self.path)
        if base == nil || path == ["self"] {
            return interpreter.implementation(of: name, above: -1, labels: labels)
        }
        guard let path, path.count == 1 else { return nil }
        let type = path[0] == "Self" ? interpreter.declaration.name : path[0]
        return interpreter.app.staticMethods["\(type).\(name)"]?.first { $0.labels == labels }
    }

    /// Runs a block's statements; what it binds and assumes (`guard`) ends with it. Every statement run is taken
    /// from the file's `ReadBudget`: once it is spent, nothing more runs and one hint says where reading stopped.
    mutating func block(_ statements: CodeBlockItemListSyntax) {
        let (assumed, bound) = (assumptions.count, scope.mark)
        defer {
            assumptions.removeSubrange(assumed...)
            scope.restore(to: bound)
        }
        for item in statements {
            guard interpreter.budget.spend() else {
                stopped(at: item)
                return
            }
            switch item.item {
            case .decl(let decl):
                if let variable = decl.as(VariableDeclSyntax.self) { declare(variable) }
            case .stmt(let statement):
                if statement.is(ReturnStmtSyntax.self) { return }
                self.statement(statement)
            case .expr(let expression):
                self.expression(expression)
            }
        }
    }

    private mutating func statement(_ statement: StmtSyntax) {
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            self.expression(expression.expression)
        } else if let guardStatement = statement.as(GuardStmtSyntax.self) {
            assumptions.append("`guard \(Excerpt.of(guardStatement.conditions))` passes")
        } else if let loop = statement.as(ForStmtSyntax.self) {
            if let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let array = values.resolved(loop.sequence).as(ArrayExprSyntax.self)
            {
                // `for view in [a, b] { view.showSkeleton() }`: once per view, as `forEach`.
                each(array.elements.map(\.expression), as: name, loop.body.statements)
                return
            }
            assuming("the body of `for \(Excerpt.of(loop.pattern)) in \(Excerpt.of(loop.sequence))` runs") {
                $0.block(loop.body.statements)
            }
        } else if let loop = statement.as(WhileStmtSyntax.self) {
            assuming("the body of `while \(Excerpt.of(loop.conditions))` runs") {
                $0.block(loop.body.statements)
            }
        } else if let doStatement = statement.as(DoStmtSyntax.self) {
            block(doStatement.body.statements)
        } else if let deferStatement = statement.as(DeferStmtSyntax.self) {
            block(deferStatement.body.statements)
        }
    }

    private mutating func declare(_ variable: VariableDeclSyntax) {
        for binding in variable.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value
            {
                scope.bind(name, to: value)
                if let built = ClassInterpreter.builtViewClass(value) { interpreter.facts.codeBuiltViews[name] = built }
                expression(value)
            }
        }
    }

    private mutating func assuming(_ assumption: String, _ body: (inout StatementRunner) -> Void) {
        assumptions.append(assumption)
        body(&self)
        assumptions.removeLast()
    }

    // MARK: Expressions

    private mutating func expression(_ expression: ExprSyntax) {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            if parts.count >= 3, parts[1].is(AssignmentExprSyntax.self) {
                assign(parts[0], Array(parts[2...]), at: sequence)
            }
        } else if let call = expression.as(FunctionCallExprSyntax.self) {
            self.call(call)
        } else if let branch = expression.as(IfExprSyntax.self) {
            ifExpression(branch)
        } else if let switchExpression = expression.as(SwitchExprSyntax.self) {
            guard case .switchCase(let first)? = switchExpression.cases.first else { return }
            let label = Excerpt.of(first.label)
            assuming("`switch \(Excerpt.of(switchExpression.subject))` takes `\(label)`") {
                $0.block(first.statements)
            }
        } else if let optional = expression.as(OptionalChainingExprSyntax.self) {
            self.expression(optional.expression)
        } else if let tryExpression = expression.as(TryExprSyntax.self) {
            self.expression(tryExpression.expression)
        }
    }

    private mutating func ifExpression(_ branch: IfExprSyntax) {
        let condition = Excerpt.of(branch.conditions)
        assuming("`if \(condition)` is true") { $0.block(branch.body.statements) }
        guard let elseBody = branch.elseBody else { return }
        var skipped = StatementRunner(interpreter: interpreter.sibling())
        switch elseBody {
        case .codeBlock(let block): skipped.block(block.statements)
        case .ifExpr(let nested): skipped.ifExpression(nested)
        }
        let ignored = skipped.interpreter.facts
        let ranges = ignored.assignments.map(\.range) + ignored.shows.map(\.range)
        for range in ranges {
            hint(.assumed, "ignored: the else branch of `if \(condition)` is assumed not taken", at: range)
        }
    }

    /// `target.property = value`, `SkeletonAppearance.default.member = value`, `view = UILabel()`.
    /// `right` is what follows `=` in the unfolded sequence: one expression, or operands and operators (never a
    /// static value).
    private mutating func assign(_ left: ExprSyntax, _ parts: [ExprSyntax], at node: SequenceExprSyntax) {
        var rightParts = parts
        if parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
            // `a ?? b` (`UIColor(named: "x") ?? .gray`): one value, read as a whole (a detached copy, never placed).
            rightParts = [ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(parts)))]
        }
        if rightParts.count == 1, let right = rightParts.first, layoutAssignment(left, right, at: node) { return }
        let path = Self.path(left)
        guard rightParts.count == 1, let right = rightParts.first else {
            if Self.property(of: left).0 != nil || (path.count == 3 && path[0] == "SkeletonAppearance") {
                let text = Excerpt.of(rightParts)
                hint(
                    .notStatic,
                    "`\(text)` is not known statically; `\(Excerpt.of(left))` is left as the file sets it",
                    at: locations.range(of: node))
            }
            return
        }
        guard let last = path.last else { return }
        if path.count == 3, path[0] == "SkeletonAppearance", path[1] == "default" {
            appearance(last, right, at: node)
            return
        }
        if let built = ClassInterpreter.builtViewClass(right), let target = viewTarget(left),
            case .property(let name) = target
        {
            interpreter.facts.codeBuiltViews[name] = built
            return
        }
        let (property, base): (ViewProperty?, ExprSyntax?) = Self.property(of: left)
        guard let property else { return }
        guard let target = base.map({ viewTarget($0) }) ?? selfTarget else { return }
        let sized = property == .skeletonPaddingInsets ? values.sizedInsets(right, target: sizeTarget) : nil
        guard let value = values.code(right) ?? sized, Self.fits(value, property) else {
            hint(
                .notStatic,
                "`\(Excerpt.of(right))` is not known statically; `\(Excerpt.of(left))` is left as the file sets it",
                at: locations.range(of: node))
            return
        }
        let range = locations.range(of: node)
        interpreter.facts.assignments.append(
            PropertyAssignment(target: target, property: property, value: value, range: range))
        assumed(at: range)
    }

    private mutating func appearance(_ member: String, _ right: ExprSyntax, at node: SequenceExprSyntax) {
        let range = locations.range(of: node)
        var overrides = interpreter.facts.appearance
        let read: Bool
        let a = DocumentProperty.appearance
        guard let property = PropertyRegistry.property(swiftName: member, in: .appearance) else { return }
        switch property {
        case a.tintColor: read = values.color(right).map { overrides.tintColor = $0 } != nil
        case a.gradient: read = values.gradient(right).map { overrides.gradient = $0 } != nil
        case a.multilineHeight: read = values.number(right).map { overrides.multilineHeight = $0 } != nil
        case a.multilineSpacing: read = values.number(right).map { overrides.multilineSpacing = $0 } != nil
        case a.skeletonCornerRadius: read = values.number(right).map { overrides.skeletonCornerRadius = $0 } != nil
        case a.multilineLastLineFillPercent:
            read = values.integer(right).map { overrides.multilineLastLineFillPercent = $0 } != nil
        case a.multilineCornerRadius: read = values.integer(right).map { overrides.multilineCornerRadius = $0 } != nil
        case a.renderSingleLineAsView:
            read =
                values.code(right).flatMap { if case .bool(let b) = $0 { b } else { nil } }.map {
                    overrides.renderSingleLineAsView = $0
                } != nil
        case a.textLineHeight:
            read = values.textLineHeight(right).map { overrides.textLineHeight = $0 } != nil
        default: return
        }
        guard read else {
            hint(
                .notStatic,
                "`\(Excerpt.of(right))` is not known statically; the appearance's \(member) is left as is",
                at: range)
            return
        }
        interpreter.facts.appearance = overrides
        assumed(at: range)
    }

    // MARK: Calls

    private mutating func call(_ call: FunctionCallExprSyntax) {
        let callee = call.calledExpression
        let member = callee.as(MemberAccessExprSyntax.self)
        let name = member?.declName.baseName.text ?? callee.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        let base = member?.base
        if ShowCallReader.names.contains(name) {
            show(call, name: name, base: base)
        } else if name == "forEach", let base, let closure = Self.closures(of: call).first {
            forEach(base, closure)
        } else if name.lowercased().contains("register"), let registration = registration(call, base: base) {
            if let className = registration.className {
                interpreter.facts.registeredCells[registration.identifier] = className
            }
            if let nib = registration.nib { interpreter.facts.registeredNibs[registration.identifier] = nib }
            interpreter.facts.registrationRanges[registration.identifier] = locations.range(of: call)
        } else if layoutCall(call, name: name, base: base) {
            return
        } else if name == "asyncAfter", let deadline = call.arguments.first?.expression {
            var seconds = values.deadline(deadline)
            if seconds == nil {
                hint(
                    .notStatic, "`\(Excerpt.of(deadline))` is not known statically; no delay is assumed",
                    at: locations.range(of: deadline))
            } else if let read = seconds, !Self.delays.contains(read) {
                hint(
                    .assumed, "`\(Excerpt.of(deadline))`: \(Self.outOfRange(read)); no delay is assumed",
                    at: locations.range(of: deadline))
                seconds = nil
            }
            let saved = delay
            delay += seconds ?? 0
            for closure in Self.closures(of: call) { block(closure.statements) }
            delay = saved
        } else if ["async", "prepareSkeleton", "performWithoutAnimation"].contains(name) {
            for closure in Self.closures(of: call) { block(closure.statements) }
        } else if let base, base.is(SuperExprSyntax.self) {
            if let above = interpreter.implementation(of: name, above: methodLevel) {
                method(above, named: name)
            }
        } else if let helper = helper(call, name: name, base: base) {
            method(helper, named: name, arguments: call.arguments)
        } else if let base, call.arguments.isEmpty, let extended = interpreter.app.viewMethods[name],
            let target = viewTarget(base)
        {
            method(extended, named: name, self: target)
        } else {
            for closure in Self.closures(of: call) {
                assuming("the closure passed to `\(name)` runs") { $0.block(closure.statements) }
            }
        }
    }

    private mutating func show(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?) {
        guard let target = base.map({ viewTarget($0) }) ?? selfTarget else { return }
        let range = locations.range(of: call)
        let reader = ShowCallReader(values: values)
        var options = reader.options(name: name, arguments: call.arguments)
        for argument in reader.unread(arguments: call.arguments) {
            hint(
                .notStatic,
                "`\(Excerpt.of(argument.expression))` is not known statically; \(argument.label?.text ?? "the argument") keeps SkeletonView's default",
                at: locations.range(of: argument))
        }
        if let asked = options.delay, !Self.delays.contains(asked) {
            hint(.assumed, "`delay: \(asked)`: \(Self.outOfRange(asked)); no delay is assumed", at: range)
            options.delay = nil
        }
        if delay > 0 {
            let total = (options.delay ?? 0) + delay
            if Self.delays.contains(total) {
                options.delay = total
            } else {
                hint(
                    .assumed,
                    "the delays before this show add up to \(total) seconds: \(Self.outOfRange(total)); "
                        + "no delay is assumed", at: range)
                options.delay = nil
            }
        }
        interpreter.facts.shows.append(ShowCall(target: target, options: options, range: range))
        assumed(at: range)
    }

    private mutating func forEach(_ base: ExprSyntax, _ closure: ClosureExprSyntax) {
        let parameter = Self.closureParameter(closure) ?? "$0"
        let views: [ExprSyntax]
        if let array = values.resolved(base).as(ArrayExprSyntax.self) {
            views = array.elements.map(\.expression)
        } else {
            hint(
                .notStatic, "`\(Excerpt.of(base))` is not a literal list of views; its forEach is skipped",
                at: locations.range(of: base))
            return
        }
        each(views, as: parameter, closure.statements)
    }

    /// Runs `statements` once for each of `views` that names a view, with `name` bound to it.
    private mutating func each(_ views: [ExprSyntax], as name: String, _ statements: CodeBlockItemListSyntax) {
        let saved = boundViews
        for view in views {
            guard let target = viewTarget(view) else { continue }
            boundViews[name] = target
            block(statements)
        }
        boundViews = saved
    }

    // MARK: Targets and paths

    /// The view an expression names: `view`, `self`, `self.view`, `contentView` (the root); `x`, `self.x`,
    /// `x?`, `x!` (a property); a closure parameter bound to a view.
    func viewTarget(_ expression: ExprSyntax) -> ViewTarget? { viewTarget(path: Self.path(expression)) }

    /// The view a member chain names (see `viewTarget(_:)`); nil for an empty or longer chain.
    func viewTarget(path: [String]) -> ViewTarget? {
        switch path.count {
        case 1:
            if let bound = boundViews[path[0]] { return bound }
            if path[0] == "self" { return selfTarget }
            if (path[0] == "view" || path[0] == "contentView") && !interpreter.declaresView(path[0]) {
                return .root
            }
            return .property(path[0])
        case 2 where path[0] == "self" && selfTarget == .root:
            let isRoot = (path[1] == "view" || path[1] == "contentView") && !interpreter.declaresView(path[1])
            return isRoot ? .root : .property(path[1])
        default:
            return nil
        }
    }

    /// The names of a member chain (`self.x?.layer` → `self, x, layer`), through `?`, `!` and parentheses; empty for
    /// anything else. One step per link, from the last name down to the first (no recursion, no copy per link).
    static func path(_ expression: ExprSyntax) -> [String] {
        var reversed: [String] = []
        var current = expression
        while true {
            if let member = current.as(MemberAccessExprSyntax.self) {
                guard let base = member.base else { return [] }
                reversed.append(member.declName.baseName.text)
                current = base
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                reversed.append(reference.baseName.text)
                return reversed.reversed()
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1,
                let only = tuple.elements.first
            {
                current = only.expression
            } else {
                return []
            }
        }
    }

    /// Whether `value` is one `property` can take: an alpha is a number from 0 to 1.
    static func fits(_ value: CodeValue, _ property: ViewProperty) -> Bool {
        guard property == .alpha else { return true }
        guard case .number(let n) = value else { return false }
        return n >= 0 && n <= 1
    }

    /// `base.property` or `base.layer.cornerRadius` (nil base: a bare `isSkeletonable`).
    static func property(of left: ExprSyntax) -> (ViewProperty?, ExprSyntax?) {
        if let reference = left.as(DeclReferenceExprSyntax.self) {
            return (ViewProperty(swiftName: reference.baseName.text), nil)
        }
        guard let member = left.as(MemberAccessExprSyntax.self), let base = member.base else { return (nil, nil) }
        let name = member.declName.baseName.text
        // `x.layer.cornerRadius`, or a view's own `layer.cornerRadius`.
        let layer = base.as(MemberAccessExprSyntax.self).map { ($0.declName.baseName.text, $0.base) }
        let ownLayer = base.as(DeclReferenceExprSyntax.self)?.baseName.text == "layer"
        if ownLayer || layer?.0 == "layer" {
            let view = ownLayer ? nil : layer?.1
            guard let property = ViewProperty(swiftName: "layer." + name) else { return (nil, nil) }
            return (property, view)
        }
        guard let property = ViewProperty(swiftName: name) else { return (nil, nil) }
        return (property, base)
    }

    static func closures(of call: FunctionCallExprSyntax) -> [ClosureExprSyntax] {
        call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            + (call.trailingClosure.map { [$0] } ?? [])
            + call.additionalTrailingClosures.map(\.closure)
    }

    static func closureParameter(_ closure: ClosureExprSyntax) -> String? {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: return names.first?.name.text
        case .parameterClause(let clause)?: return clause.parameters.first?.firstName.text
        case nil: return nil
        }
    }

    // MARK: Hints

    var locations: SourceLocations { interpreter.locations }

    mutating func hint(_ kind: CodeHint.Kind, _ message: String, at range: CodeRange) {
        interpreter.facts.hints.append(CodeHint(kind: kind, message: message, range: range))
    }

    /// An `assumed` hint for a fact taken under assumptions: the outermost and the two innermost when there are
    /// more than four (a message stays short however deep the code nests).
    mutating func assumed(at range: CodeRange) {
        guard !assumptions.isEmpty else { return }
        var shown = assumptions
        if shown.count > 4 {
            shown = [assumptions[0], "\(assumptions.count - 3) more"] + assumptions.suffix(2)
        }
        hint(.assumed, "assumed " + shown.joined(separator: " and "), at: range)
    }

    /// Once per file: reading stopped at `item` because the file's statement runs are spent.
    mutating func stopped(at item: CodeBlockItemSyntax) {
        guard !interpreter.budget.isReported else { return }
        interpreter.budget.isReported = true
        hint(
            .tooLarge,
            "reading stops here: this file's helpers, loops and closures run more than \(interpreter.budget.limit) "
                + "statements (\(ReadBudget.perStatement) per statement it holds); nothing after this is read",
            at: locations.range(of: item))
    }
}
