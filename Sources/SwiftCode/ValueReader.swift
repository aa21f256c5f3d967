import SkeletonModel
internal import SwiftSyntax

/// Expressions whose value is known statically: literals, UIKit and SkeletonView constants, and local constants
/// bound to them. Anything else is nil.
struct ValueReader {
    /// Local constants in scope, by name.
    var locals: [String: ExprSyntax]

    /// A local constant's expression, followed (one level per name, no cycles).
    func resolved(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        var seen: Set<String> = []
        while let name = current.as(DeclReferenceExprSyntax.self)?.baseName.text, let bound = locals[name],
            seen.insert(name).inserted
        {
            current = bound
        }
        return current
    }

    /// A property value.
    func code(_ expression: ExprSyntax) -> CodeValue? {
        let e = resolved(expression)
        if let literal = e.as(BooleanLiteralExprSyntax.self) {
            return .bool(literal.literal.tokenKind == .keyword(.true))
        }
        if let n = number(e) { return .number(n) }
        if let member = e.as(MemberAccessExprSyntax.self) {
            switch member.declName.baseName.text {
            case "automaticDimension": return .automatic
            case "inherited": return .inherited
            case "relativeToFont": return .relativeToFont
            case "relativeToConstraints": return .relativeToConstraints
            case "zero": return .insets(top: 0, left: 0, bottom: 0, right: 0)
            default: return nil
            }
        }
        guard let call = e.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = Self.calleeName(call)
        let arguments = Array(call.arguments)
        if ["custom", "fixed"].contains(callee), arguments.count == 1, let n = number(arguments[0].expression) {
            return .number(n)
        }
        if ["UIEdgeInsets", "init", "NSDirectionalEdgeInsets"].contains(callee), arguments.count == 4 {
            let values = arguments.compactMap { number($0.expression) }
            guard values.count == 4 else { return nil }
            return .insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        }
        return nil
    }

    /// A number literal, negated or not, or a number constant; nil otherwise.
    func number(_ expression: ExprSyntax) -> Double? {
        let e = resolved(expression)
        if let literal = e.as(IntegerLiteralExprSyntax.self) {
            return Double(literal.literal.text.filter { $0 != "_" })
        }
        if let literal = e.as(FloatLiteralExprSyntax.self) { return Double(literal.literal.text.filter { $0 != "_" }) }
        if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return number(prefix.expression).map { -$0 }
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            ["CGFloat", "Double", "Float", "Int"].contains(Self.calleeName(call)),
            call.arguments.count == 1, let only = call.arguments.first
        {
            return number(only.expression)
        }
        if let member = e.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "automaticNumberOfSkeletonRows"
        {
            return -1
        }
        return nil
    }

    /// A whole number.
    func integer(_ expression: ExprSyntax) -> Int? {
        guard let n = number(expression), n.rounded() == n, abs(n) < 1e15 else { return nil }
        return Int(n)
    }

    /// A string literal without interpolation.
    static func string(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
            text += plain.content.text
        }
        return text
    }

    /// `.emerald`, `UIColor.emerald`, `.skeletonDefault`, `UIColor.white`…; nil otherwise.
    func color(_ expression: ExprSyntax) -> SkeletonColor? {
        guard let member = resolved(expression).as(MemberAccessExprSyntax.self) else { return nil }
        let base = member.base.map { Excerpt.of($0, limit: 16) }
        guard base == nil || base == "UIColor" else { return nil }
        return SkeletonColor(named: member.declName.baseName.text)
    }

    /// `SkeletonGradient(baseColor:)`, `(baseColor:secondaryColor:)`, `(colors: [...])`.
    func gradient(_ expression: ExprSyntax) -> SkeletonGradient? {
        guard let call = resolved(expression).as(FunctionCallExprSyntax.self),
            ["SkeletonGradient", "init"].contains(Self.calleeName(call))
        else { return nil }
        let arguments = Array(call.arguments)
        let labels = arguments.map { $0.label?.text ?? "" }
        switch labels {
        case ["baseColor"]:
            return color(arguments[0].expression).map { SkeletonGradient(baseColor: $0) }
        case ["baseColor", "secondaryColor"]:
            guard let base = color(arguments[0].expression), let secondary = color(arguments[1].expression) else {
                return nil
            }
            return SkeletonGradient(baseColor: base, secondaryColor: secondary)
        case ["colors"]:
            guard let array = arguments[0].expression.as(ArrayExprSyntax.self) else { return nil }
            let colors = array.elements.compactMap { color($0.expression) }
            guard colors.count == array.elements.count, !colors.isEmpty else { return nil }
            return SkeletonGradient(colors: colors)
        default:
            return nil
        }
    }

    /// `SkeletonTextLineHeight`: `.relativeToFont`, `.relativeToConstraints`, `.fixed(n)`.
    func textLineHeight(_ expression: ExprSyntax) -> TextLineHeight? {
        switch code(expression) {
        case .relativeToFont?: .relativeToFont
        case .relativeToConstraints?: .relativeToConstraints
        case .number(let n)?: .fixed(n)
        default: nil
        }
    }

    /// `SkeletonTransitionStyle`: `.none`, `.crossDissolve(n)`.
    func transition(_ expression: ExprSyntax) -> TransitionStyle? {
        let e = resolved(expression)
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "none" {
            return TransitionStyle.none
        }
        guard let call = e.as(FunctionCallExprSyntax.self), Self.calleeName(call) == "crossDissolve",
            call.arguments.count == 1, let only = call.arguments.first, let seconds = number(only.expression)
        else { return nil }
        return .crossDissolve(seconds)
    }

    /// `SkeletonAnimationBuilder().makeSlidingAnimation(withDirection:duration:autoreverses:)`.
    func animation(_ expression: ExprSyntax) -> AnimationSpec? {
        guard let call = resolved(expression).as(FunctionCallExprSyntax.self),
            Self.calleeName(call) == "makeSlidingAnimation"
        else { return nil }
        var direction = GradientDirection.leftRight
        var duration = 1.5
        var autoreverses = false
        for argument in call.arguments {
            switch argument.label?.text {
            case "withDirection":
                guard let name = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                    let d = GradientDirection(rawValue: name)
                else { return nil }
                direction = d
            case "duration":
                guard let d = number(argument.expression) else { return nil }
                duration = d
            case "autoreverses":
                guard case .bool(let b)? = code(argument.expression) else { return nil }
                autoreverses = b
            default: return nil
            }
        }
        return .sliding(direction: direction, duration: duration, autoreverses: autoreverses)
    }

    /// `.now() + n` (or `DispatchTime.now() + n`): n seconds.
    func deadline(_ expression: ExprSyntax) -> Double? {
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let parts = Array(sequence.elements)
        guard parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+",
            let now = parts[0].as(FunctionCallExprSyntax.self), Self.calleeName(now) == "now"
        else { return nil }
        return number(parts[2])
    }

    /// The last name of what a call calls (`a.b.c(…)` → `c`, `Foo(…)` → `Foo`).
    static func calleeName(_ call: FunctionCallExprSyntax) -> String {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    }
}

/// SkeletonView's `show*Skeleton` calls as `ShowOptions`.
struct ShowCallReader {
    let values: ValueReader

    /// The four show methods.
    static let names: Set<String> = [
        "showSkeleton", "showAnimatedSkeleton", "showGradientSkeleton", "showAnimatedGradientSkeleton",
    ]

    /// The options a call asks for; arguments that are not known statically keep SkeletonView's defaults.
    func options(name: String, arguments: LabeledExprListSyntax) -> ShowOptions {
        var options = ShowOptions()
        options.type = name.contains("Gradient") ? .gradient : .solid
        let isDelayed = arguments.contains { $0.label?.text == "delay" }
        // The delayed variants default `animated` to true; the others are animated by name.
        options.animated = name.contains("Animated") || isDelayed
        for argument in arguments {
            let e = argument.expression
            switch argument.label?.text {
            case "usingColor": if let c = values.color(e) { options.color = c }
            case "usingGradient": if let g = values.gradient(e) { options.gradient = g }
            case "animation": if let a = values.animation(e) { options.animation = a }
            case "transition": if let t = values.transition(e) { options.transition = t }
            case "delay": if let d = values.number(e) { options.delay = d }
            case "animated": if case .bool(let b)? = values.code(e) { options.animated = b }
            default: break
            }
        }
        return options
    }

    /// The arguments `options` could not read (`SkeletonAppearance.default.*` colours are the defaults and read).
    func unread(arguments: LabeledExprListSyntax) -> [LabeledExprSyntax] {
        arguments.filter { argument in
            let e = argument.expression
            if Excerpt.of(e, limit: 40).hasPrefix("SkeletonAppearance.default.") { return false }
            switch argument.label?.text {
            case "usingColor": return values.color(e) == nil
            case "usingGradient": return values.gradient(e) == nil
            case "animation": return values.animation(e) == nil
            case "transition": return values.transition(e) == nil
            case "delay": return values.number(e) == nil
            case "animated": return values.code(e).flatMap { if case .bool = $0 { true } else { nil } } == nil
            default: return false
            }
        }
    }
}

/// The skeleton data source methods whose answer is a literal.
struct DataSourceReader {
    let locations: SourceLocations

    /// Reads `function` if it is a skeleton data source method; a non-literal answer is a `notStatic` hint.
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
        let returned = function.body.flatMap(Self.returnedExpression)
        let values = ValueReader(locals: [:])
        if let answer, let returned, let n = values.integer(returned) {
            facts.dataSource[keyPath: answer] = n
        } else if let identifier, let returned, let s = ValueReader.string(returned) {
            facts.dataSource[keyPath: identifier] = s
            if identifier == \.cellIdentifier { facts.cellIdentifierRange = locations.range(of: returned) }
        } else {
            let what = returned.map { Excerpt.of($0) } ?? "the body"
            facts.hints.append(
                CodeHint(
                    kind: .notStatic,
                    message:
                        "`\(what)` is not a literal answer; `\(name)(\(labels.map { "\($0):" }.joined()))` keeps SkeletonView's default",
                    range: locations.range(of: returned.map { Syntax($0) } ?? Syntax(function.name))))
        }
    }

    /// The expression of a body that is one `return x` or one expression `x`.
    static func returnedExpression(_ body: CodeBlockSyntax) -> ExprSyntax? {
        guard body.statements.count == 1, let only = body.statements.first else { return nil }
        switch only.item {
        case .expr(let e): return e
        case .stmt(let s): return s.as(ReturnStmtSyntax.self)?.expression
        case .decl: return nil
        }
    }
}
