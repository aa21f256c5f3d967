internal import SwiftSyntax

/// The skeleton data source's answers that differ per index path: `cellIdentifierForRowAt`/`ItemAt` answering by
/// `indexPath.row` (`item`, `section`), and the cells `prepareCellForSkeleton` and `skeletonCellForRowAt`/`ItemAt`
/// make skeletonable or not (`cell.isSkeletonable = indexPath.row != 0`, `if indexPath.row == 0 { … = false }`).
struct CellPreparationReader {
    let locations: SourceLocations
    let values: ValueReader

    /// Reads `function` if it is one of those methods.
    func read(_ function: FunctionDeclSyntax, into facts: inout ClassFacts) {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard function.name.text == "collectionSkeletonView", parameters.count >= 2, let body = function.body else {
            return
        }
        let label = parameters[1].firstName.text
        let indexPath = (parameters.last?.secondName ?? parameters.last?.firstName)?.text ?? "indexPath"
        switch label {
        case "prepareCellForSkeleton":
            let cell = (parameters[1].secondName ?? parameters[1].firstName).text
            var reading = Reading(indexPath: indexPath, aliases: [cell])
            read(body.statements, &reading, function: function, into: &facts)
            facts.dataSource.preparedSkeletonable = reading.skeletonable
        case "skeletonCellForRowAt", "skeletonCellForItemAt":
            var reading = Reading(indexPath: indexPath, aliases: [])
            read(body.statements, &reading, function: function, into: &facts)
            facts.dataSource.skeletonCellSkeletonable = reading.skeletonable
            facts.dataSource.skeletonCellIdentifier = reading.dequeued
        default:
            return
        }
    }

    /// What a method's statements do to the cell.
    struct Reading {
        /// The index path parameter's name.
        var indexPath: String
        /// Names bound to the cell (the parameter, `let c = cell as? T`, a dequeued cell).
        var aliases: Set<String>
        /// The cell's `isSkeletonable` as the statements so far leave it.
        var skeletonable: IndexPathAnswer<Bool>?
        /// The identifier a dequeued cell is dequeued with.
        var dequeued: String?
        /// The first statement that could not be read.
        var unread: Syntax?
    }

    private func read(
        _ statements: CodeBlockItemListSyntax, _ reading: inout Reading, function: FunctionDeclSyntax,
        into facts: inout ClassFacts
    ) {
        for statement in statements {
            step(statement.item, &reading)
            if let unread = reading.unread {
                facts.hints.append(
                    CodeHint(
                        kind: .notStatic,
                        message:
                            "`\(Excerpt.of(unread))` is not read per index path: the cells of `\(function.name.text)(…)` keep what was read before it",
                        range: locations.range(of: unread)))
                return
            }
        }
    }

    private func step(_ item: CodeBlockItemSyntax.Item, _ reading: inout Reading) {
        switch item {
        case .decl(let decl):
            guard let variable = decl.as(VariableDeclSyntax.self) else { return }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value
                else { continue }
                bind(name, to: value, &reading)
            }
        case .stmt(let stmt):
            if let guarded = stmt.as(GuardStmtSyntax.self) {
                for condition in guarded.conditions { bindCondition(condition.condition, &reading) }
            } else if let expression = stmt.as(ExpressionStmtSyntax.self)?.expression {
                self.expression(expression, &reading)
            } else if let returned = stmt.as(ReturnStmtSyntax.self)?.expression {
                noteDequeue(returned, &reading)
            }
        case .expr(let expression):
            self.expression(expression, &reading)
        }
    }

    private func expression(_ expression: ExprSyntax, _ reading: inout Reading) {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            // An unfolded sequence: `c.isSkeletonable = indexPath.row != 0` is five elements.
            let parts = Array(sequence.elements)
            guard parts.count >= 3, parts[1].is(AssignmentExprSyntax.self) else { return }
            let path = StatementRunner.path(parts[0])
            guard path.count == 2, reading.aliases.contains(path[0]),
                ViewProperty(swiftName: path[1]) == .isSkeletonable
            else { return }
            let right =
                parts.count == 3 ? parts[2] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(parts[2...])))
            guard let value = boolean(right, reading),
                let next = (reading.skeletonable ?? IndexPathAnswer(axis: value.axis)).overlaid(by: value)
            else {
                reading.unread = Syntax(sequence)
                return
            }
            reading.skeletonable = next
        } else if let branch = expression.as(IfExprSyntax.self) {
            ifExpression(branch, &reading)
        } else if let optional = expression.as(OptionalChainingExprSyntax.self) {
            // `cell?.isSkeletonable = x` is one optional chain around the assignment.
            self.expression(optional.expression, &reading)
        }
    }

    private func ifExpression(_ branch: IfExprSyntax, _ reading: inout Reading) {
        if branch.conditions.count == 1, let only = branch.conditions.first,
            case .optionalBinding = only.condition
        {
            // `if let c = cell as? T { … }`: the body runs for every cell.
            bindCondition(only.condition, &reading)
            for statement in branch.body.statements { step(statement.item, &reading) }
            return
        }
        guard branch.conditions.count == 1, let only = branch.conditions.first,
            case .expression(let condition) = only.condition, let holds = boolean(condition, reading)
        else {
            reading.unread = Syntax(branch.conditions)
            return
        }
        let before = reading.skeletonable
        var then = reading
        then.skeletonable = nil
        for statement in branch.body.statements { step(statement.item, &then) }
        var otherwise = reading
        otherwise.skeletonable = nil
        switch branch.elseBody {
        case .codeBlock(let block)?:
            for statement in block.statements { step(statement.item, &otherwise) }
        case .ifExpr(let nested)?:
            ifExpression(nested, &otherwise)
        case nil:
            break
        }
        if let unread = then.unread ?? otherwise.unread {
            reading.unread = unread
            return
        }
        let empty = IndexPathAnswer<Bool>(axis: holds.axis)
        guard
            let chosen = IndexPathAnswer.choosing(
                holds, then.skeletonable ?? empty, otherwise.skeletonable ?? empty),
            let next = (before ?? empty).overlaid(by: chosen)
        else {
            reading.unread = Syntax(branch.conditions)
            return
        }
        reading.skeletonable = next
    }

    /// `let c = cell as? T`, `let c = tableView.dequeueReusableCell(withIdentifier: "id", for: indexPath) as? T`.
    private func bind(_ name: String, to value: ExprSyntax, _ reading: inout Reading) {
        let inner = Self.uncast(value)
        if let reference = inner.as(DeclReferenceExprSyntax.self), reading.aliases.contains(reference.baseName.text) {
            reading.aliases.insert(name)
        } else if noteDequeue(inner, &reading) {
            reading.aliases.insert(name)
        }
    }

    private func bindCondition(_ condition: ConditionElementSyntax.Condition, _ reading: inout Reading) {
        guard case .optionalBinding(let binding) = condition,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return }
        // `if let cell` (no initialiser) keeps a name that is already the cell.
        if let value = binding.initializer?.value { bind(name, to: value, &reading) }
    }

    /// Whether `expression` is a `dequeueReusableCell(…)` call; records its static identifier.
    @discardableResult
    private func noteDequeue(_ expression: ExprSyntax, _ reading: inout Reading) -> Bool {
        guard let call = Self.uncast(expression).as(FunctionCallExprSyntax.self),
            ValueReader.calleeName(call) == "dequeueReusableCell"
        else { return false }
        let identifier = call.arguments.first {
            ["withIdentifier", "withReuseIdentifier"].contains($0.label?.text ?? "")
        }
        if let identifier, let value = values.string(identifier.expression) { reading.dequeued = value }
        return true
    }

    /// `x as? T`, `x as! T`, `(x)`: `x`.
    static func uncast(_ expression: ExprSyntax) -> ExprSyntax {
        var e = expression
        while true {
            if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                let first = sequence.elements.first, Array(sequence.elements)[1].is(UnresolvedAsExprSyntax.self)
            {
                e = first
            } else if let cast = e.as(AsExprSyntax.self) {
                e = cast.expression
            } else if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first
            {
                e = only.expression
            } else {
                return e
            }
        }
    }

    /// A boolean of the index path: `true`, `false`, `indexPath.row == 0` (`!=`, `<`, `<=`, `>`, `>=`, an integer
    /// on either side; `row`, `item` or `section`), `!(…)`.
    func boolean(_ expression: ExprSyntax, _ reading: Reading) -> IndexPathAnswer<Bool>? {
        let e = values.resolved(Self.uncast(expression))
        if let literal = e.as(BooleanLiteralExprSyntax.self) {
            return .always(literal.literal.tokenKind == .keyword(.true))
        }
        if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
            let inner = boolean(prefix.expression, reading)
        {
            return IndexPathAnswer(
                axis: inner.axis, byIndex: inner.byIndex.mapValues { $0.map { !$0 } }, others: inner.others.map { !$0 })
        }
        guard let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let parts = Array(sequence.elements)
        guard let op = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
        if let axis = index(parts[0], reading), let k = values.integer(parts[2]) {
            return Self.comparison(axis, op, k)
        }
        if let k = values.integer(parts[0]), let axis = index(parts[2], reading), let flipped = Self.flipped[op] {
            return Self.comparison(axis, flipped, k)
        }
        return nil
    }

    /// `k op index` as `index op' k`.
    private static let flipped = ["==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="]

    /// `indexPath.row`, `indexPath.item`, `indexPath.section`.
    func index(_ expression: ExprSyntax, _ reading: Reading) -> IndexPathAnswer<Bool>.Axis? {
        let path = StatementRunner.path(expression)
        guard path.count == 2, path[0] == reading.indexPath else { return nil }
        switch path[1] {
        case "row", "item": return .row
        case "section": return .section
        default: return nil
        }
    }

    /// `index op k` at every index: those up to `k` one by one, the rest as `others`. Nil past `maxIndex`.
    static func comparison(_ axis: IndexPathAnswer<Bool>.Axis, _ op: String, _ k: Int) -> IndexPathAnswer<Bool>? {
        let test: (Int) -> Bool
        switch op {
        case "==": test = { $0 == k }
        case "!=": test = { $0 != k }
        case "<": test = { $0 < k }
        case "<=": test = { $0 <= k }
        case ">": test = { $0 > k }
        case ">=": test = { $0 >= k }
        default: return nil
        }
        guard k < IndexPathAnswer<Bool>.maxIndex else { return nil }
        var answer = IndexPathAnswer<Bool>(axis: axis, others: test(max(k, 0) + 1))
        for index in 0...max(k, 0) { answer.byIndex.updateValue(test(index), forKey: index) }
        return answer
    }
}
