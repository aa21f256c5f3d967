internal import SwiftSyntax

/// The skeleton data source methods whose answer is static: a literal or the app's constant (`Section.allCases.count`,
/// `items.count` of a literal array, `String(describing: Cell.self)`), or a `switch` whose every case answers one.
struct DataSourceReader {
    let locations: SourceLocations
    let values: ValueReader

    /// Reads `function` if it is a skeleton data source method; an answer that is not static is a `notStatic`
    /// hint, a `switch` whose cases answer differently an `assumed` one (its first case's answer is taken).
    func read(_ function: FunctionDeclSyntax, into facts: inout ClassFacts) {
        let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
        let name = function.name.text
        let answer: WritableKeyPath<DataSourceAnswers, Int?>?
        let identifier: WritableKeyPath<DataSourceAnswers, String?>?
        switch (name, labels.dropFirst().first) {
        case ("numSections", _): (answer, identifier) = (\.numberOfSections, nil)
        case ("collectionSkeletonView", "numberOfRowsInSection"?): (answer, identifier) = (\.numberOfRows, nil)
        case ("collectionSkeletonView", "numberOfItemsInSection"?): (answer, identifier) = (\.numberOfItems, nil)
        case ("collectionSkeletonView", "cellIdentifierForRowAt"?),
            ("collectionSkeletonView", "cellIdentifierForItemAt"?):
            (answer, identifier) = (nil, \.cellIdentifier)
        case ("collectionSkeletonView", "identifierForHeaderInSection"?):
            (answer, identifier) = (nil, \.headerIdentifier)
        case ("collectionSkeletonView", "identifierForFooterInSection"?):
            (answer, identifier) = (nil, \.footerIdentifier)
        case ("collectionSkeletonView", "supplementaryViewIdentifierOfKind"?):
            (answer, identifier) = (nil, \.supplementaryIdentifier)
        default: return
        }
        let signature = "`\(name)(\(labels.map { "\($0):" }.joined()))`"
        let answers = function.body.map(Self.answers) ?? []
        if let answer, let numbers = Self.all(answers.map(values.integer)), let first = numbers.first {
            if let bySection = function.body.flatMap({ countsBySection($0) }) {
                facts.dataSource[keyPath: answer] = bySection.others ?? bySection.counts.last
                facts.dataSource.countsBySection = bySection.counts
                return
            }
            facts.dataSource[keyPath: answer] = first
            differing(numbers.map(String.init), answers, signature, into: &facts)
        } else if let identifier, let strings = Self.all(answers.map(values.string)), let first = strings.first {
            facts.dataSource[keyPath: identifier] = first
            if identifier == \.cellIdentifier, let returned = answers.first {
                facts.cellIdentifierRange = locations.range(of: returned)
                if let body = function.body, let byIndex = identifiersByIndex(body, function: function) {
                    facts.dataSource.cellIdentifiers = byIndex
                    facts.dataSource.cellIdentifier = byIndex.others ?? first
                    return
                }
            }
            differing(strings.map { "\"\($0)\"" }, answers, signature, into: &facts)
        } else {
            let unread = answers.first { values.integer($0) == nil && values.string($0) == nil }
            let what = unread.map { Excerpt.of($0) } ?? "the body"
            facts.hints.append(
                CodeHint(
                    kind: .notStatic,
                    message: "`\(what)` is not a static answer; \(signature) keeps SkeletonView's default",
                    range: locations.range(of: unread.map { Syntax($0) } ?? Syntax(function.name))))
        }
    }

    /// An `assumed` hint when the cases of a `switch` answer differently: the first is used for every section.
    private func differing(
        _ shown: [String], _ answers: [ExprSyntax], _ signature: String, into facts: inout ClassFacts
    ) {
        guard let first = shown.first, let at = answers.first, shown.contains(where: { $0 != first }) else { return }
        facts.hints.append(
            CodeHint(
                kind: .assumed,
                message:
                    "\(signature) answers \(shown.prefix(4).joined(separator: ", "))\(shown.count > 4 ? "…" : "") by case; "
                    + "skeletond assumes the first, \(first), for every section",
                range: locations.range(of: at)))
    }

    /// The most sections a `switch` over the section gives counts for one by one.
    static let maxSections = 1_000

    /// A count answered by a `switch` over the section, case by case: `case 0: return 2` (integers), or the cases of
    /// an enum the subject takes by index (`switch Section.allCases[section]`, `Section(rawValue: section)`); the
    /// counts of sections 0, 1… and the `default` case's (sections after them). Nil when a case is not one of those
    /// or its answer is not static.
    func countsBySection(_ body: CodeBlockSyntax) -> (counts: [Int], others: Int?)? {
        guard let switchExpression = Self.onlySwitch(body) else { return nil }
        let enumCases = Self.enumType(of: switchExpression.subject).flatMap { values.constants?.cases[$0] }
        var bySection: [Int: Int] = [:]
        var others: Int?
        for element in switchExpression.cases {
            guard case .switchCase(let switchCase) = element,
                let answer = Self.returnedExpression(switchCase.statements).flatMap(values.integer)
            else { return nil }
            switch switchCase.label {
            case .default:
                others = answer
            case .case(let label):
                for item in label.caseItems {
                    guard let section = section(of: item.pattern, enumCases: enumCases), section < Self.maxSections
                    else { return nil }
                    bySection[section] = answer
                }
            }
        }
        guard let last = bySection.keys.max() else { return nil }
        var counts: [Int] = []
        for section in 0...last {
            guard let count = bySection[section] ?? others else { return nil }
            counts.append(count)
        }
        return (counts, others)
    }

    /// A cell identifier answered by a `switch` over `indexPath.row` (`item`, `section`) whose cases are integers
    /// (`case 0:`, `case 1, 2:`, `default:`), each answering a static string; nil otherwise.
    func identifiersByIndex(_ body: CodeBlockSyntax, function: FunctionDeclSyntax) -> IndexPathAnswer<String>? {
        guard let switchExpression = Self.onlySwitch(body),
            let indexPath = function.signature.parameterClause.parameters.last.map({
                ($0.secondName ?? $0.firstName).text
            })
        else { return nil }
        let path = StatementRunner.path(switchExpression.subject)
        guard path.count == 2, path[0] == indexPath else { return nil }
        var answer: IndexPathAnswer<String>
        switch path[1] {
        case "row", "item": answer = IndexPathAnswer(axis: .row)
        case "section": answer = IndexPathAnswer(axis: .section)
        default: return nil
        }
        for element in switchExpression.cases {
            guard case .switchCase(let switchCase) = element,
                let value = Self.returnedExpression(switchCase.statements).flatMap(values.string)
            else { return nil }
            switch switchCase.label {
            case .default:
                answer.others = value
            case .case(let label):
                for item in label.caseItems {
                    guard let expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression,
                        let k = values.integer(expression), k >= 0, k < IndexPathAnswer<String>.maxIndex
                    else { return nil }
                    if answer.byIndex[k] == nil { answer.byIndex.updateValue(value, forKey: k) }
                }
            }
        }
        return answer
    }

    /// The section a case pattern stands for: an integer, or an enum case's index.
    private func section(of pattern: PatternSyntax, enumCases: [String]?) -> Int? {
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let n = values.integer(expression), n >= 0 { return n }
        guard let member = expression.as(MemberAccessExprSyntax.self), let enumCases else { return nil }
        return enumCases.firstIndex(of: member.declName.baseName.text)
    }

    /// `Section.allCases[section]`, `Section(rawValue: section)` (forced or not): `Section`.
    private static func enumType(of subject: ExprSyntax) -> String? {
        var e = subject
        if let forced = e.as(ForceUnwrapExprSyntax.self) { e = forced.expression }
        if let optional = e.as(OptionalChainingExprSyntax.self) { e = optional.expression }
        if let subscripted = e.as(SubscriptCallExprSyntax.self) {
            let path = StatementRunner.path(subscripted.calledExpression)
            return path.count == 2 && path[1] == "allCases" ? path[0] : nil
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.first?.label?.text == "rawValue" {
            let path = StatementRunner.path(call.calledExpression)
            return path.count == 1 ? path[0] : nil
        }
        return nil
    }

    /// Every element, or nil when one is nil or there is none.
    private static func all<T>(_ values: [T?]) -> [T]? {
        let known = values.compactMap { $0 }
        return known.count == values.count && !known.isEmpty ? known : nil
    }

    /// The answers of a body: its one `return x` or expression `x`, or those of every case of its one `switch`
    /// (each case one answer), in case order; empty for anything else.
    static func answers(_ body: CodeBlockSyntax) -> [ExprSyntax] {
        if let only = returnedExpression(body.statements) { return [only] }
        guard let switchExpression = onlySwitch(body) else { return [] }
        var answers: [ExprSyntax] = []
        for element in switchExpression.cases {
            guard case .switchCase(let switchCase) = element,
                let answer = returnedExpression(switchCase.statements)
            else { return [] }
            answers.append(answer)
        }
        return answers
    }

    /// The `switch` a body is made of, when it is its one statement.
    static func onlySwitch(_ body: CodeBlockSyntax) -> SwitchExprSyntax? {
        guard body.statements.count == 1, let only = body.statements.first else { return nil }
        switch only.item {
        case .expr(let e): return e.as(SwitchExprSyntax.self)
        case .stmt(let s): return s.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self)
        case .decl: return nil
        }
    }

    /// The expression of a body that is one `return x` or one expression `x`.
    static func returnedExpression(_ body: CodeBlockSyntax) -> ExprSyntax? { returnedExpression(body.statements) }

    /// The expression of statements that are one `return x` or one expression `x`.
    static func returnedExpression(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let only = statements.first else { return nil }
        switch only.item {
        case .expr(let e): return e.is(SwitchExprSyntax.self) ? nil : e
        case .stmt(let s): return s.as(ReturnStmtSyntax.self)?.expression
        case .decl: return nil
        }
    }
}
