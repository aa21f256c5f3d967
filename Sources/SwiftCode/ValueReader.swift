import SkeletonModel
internal import SwiftSyntax

/// Expressions whose value is known statically: literals, UIKit and SkeletonView constants, and local constants
/// bound to them. Anything else is nil.
struct ValueReader {
    /// Local constants in scope, by name.
    var locals: [String: ExprSyntax]
    /// The app's constants (`Constants.rows`, `static let identifier`), when reading an app.
    var constants: AppConstants?
    /// The type whose code is read: a bare name may be one of its constants, `Self.x` is.
    var type: String?

    /// The most names one value is followed through (`let a = b`, `static let b = Constants.c`…).
    static let maxIndirections = 16

    init(locals: [String: ExprSyntax], constants: AppConstants? = nil, type: String? = nil) {
        self.locals = locals
        self.constants = constants
        self.type = type
    }

    /// A local constant's or the app's constant's expression, followed (at most `maxIndirections` names; a local
    /// first, then a constant of the type, then of the app).
    func resolved(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        for _ in 0..<Self.maxIndirections {
            if let name = current.as(DeclReferenceExprSyntax.self)?.baseName.text {
                guard let next = locals[name] ?? constants?.value(of: [name], in: type) else { break }
                current = next
            } else if current.is(MemberAccessExprSyntax.self), let constants {
                let path = StatementRunner.path(current)
                guard path.count >= 2, let next = constants.value(of: path, in: type) else { break }
                current = next
            } else {
                break
            }
        }
        return current
    }

    /// A string: a literal without interpolation, `String(describing: Cell.self)` and `"\(Cell.self)"` (the type's
    /// name), `Cell.identifier` where the app declares it as the type's name, or a constant bound to one.
    func string(_ expression: ExprSyntax) -> String? {
        let e = resolved(expression)
        if let literal = Self.string(e) { return literal }
        if let call = e.as(FunctionCallExprSyntax.self), Self.calleeName(call) == "String", call.arguments.count == 1,
            let only = call.arguments.first, only.label?.text == "describing"
        {
            return Self.typeName(only.expression)
        }
        if let literal = e.as(StringLiteralExprSyntax.self) {
            // `"\(Cell.self)"`: one interpolation (and empty text around it).
            let parts = literal.segments.filter { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty != true }
            guard parts.count == 1, let segment = parts.first?.as(ExpressionSegmentSyntax.self),
                segment.expressions.count == 1, let only = segment.expressions.first
            else { return nil }
            return Self.typeName(only.expression)
        }
        if let constants, let member = e.as(MemberAccessExprSyntax.self),
            constants.typeNameProperties.contains(member.declName.baseName.text),
            let base = member.base.map(StatementRunner.path), base.count == 1
        {
            return base[0] == "Self" || base[0] == "self" ? type : base[0]
        }
        return nil
    }

    /// `Cell.self`: `Cell`.
    static func typeName(_ expression: ExprSyntax) -> String? {
        let path = StatementRunner.path(expression)
        guard path.count == 2, path[1] == "self", path[0] != "self" else { return nil }
        return path[0]
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
        if let sequence = e.as(SequenceExprSyntax.self) {
            // `230 / 255`, `Constants.rows * 2`.
            return fold(Array(sequence.elements), target: { _ in nil })?.evaluate { _, _ in nil }
        }
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count",
            let base = member.base
        {
            return count(base)
        }
        return nil
    }

    /// The number of elements of a literal array (or a constant bound to one), or of an enum's `allCases`.
    func count(_ expression: ExprSyntax) -> Double? {
        if let array = resolved(expression).as(ArrayExprSyntax.self) { return Double(array.elements.count) }
        let path = StatementRunner.path(expression)
        guard path.count == 2, path[1] == "allCases", let constants else { return nil }
        let name = path[0] == "Self" ? type : path[0]
        return name.flatMap { constants.cases[$0]?.count }.map(Double.init)
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

    /// `.emerald`, `UIColor.emerald`, `.skeletonDefault`, `UIColor.white`…, `UIColor(red:green:blue:alpha:)`,
    /// `UIColor(white:alpha:)`, and the app's colour constants (`static let brand = …` in an extension of `UIColor`,
    /// `Constants.skeletonColor`), `UIColor(named: "Name")` of the app's asset catalogue (forced, or `?? fallback`:
    /// the fallback when the app has no colour set of that name); nil otherwise.
    func color(_ expression: ExprSyntax, depth: Int = 0) -> SkeletonColor? {
        let e = resolved(expression)
        if let forced = e.as(ForceUnwrapExprSyntax.self) { return color(forced.expression, depth: depth) }
        if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let first = sequence.elements.first, let last = sequence.elements.last,
            Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        {
            return color(first, depth: depth) ?? color(last, depth: depth)
        }
        if let call = e.as(FunctionCallExprSyntax.self), ["UIColor", "init"].contains(Self.calleeName(call)),
            call.arguments.count == 1, let only = call.arguments.first, only.label?.text == "named"
        {
            return string(only.expression).flatMap { constants?.namedColors[$0] }
        }
        if let call = e.as(FunctionCallExprSyntax.self) { return Self.components(call, values: self) }
        guard let member = e.as(MemberAccessExprSyntax.self) else { return nil }
        let base = member.base.map { Excerpt.of($0, limit: 16) }
        guard base == nil || base == "UIColor" else { return nil }
        let name = member.declName.baseName.text
        if let named = SkeletonColor(named: name) { return named }
        // An implicit `.brand` of the app's `extension UIColor { static let brand = … }`.
        guard depth < Self.maxIndirections, let value = constants?.value(of: ["UIColor", name], in: nil) else {
            return nil
        }
        return color(value, depth: depth + 1)
    }

    /// `UIColor(red:green:blue:alpha:)` and `UIColor(white:alpha:)` of numbers from 0 to 1.
    private static func components(_ call: FunctionCallExprSyntax, values: ValueReader) -> SkeletonColor? {
        guard ["UIColor", "init"].contains(calleeName(call)) else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "" }
        let numbers = call.arguments.compactMap { values.number($0.expression) }
        guard numbers.count == labels.count, numbers.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return nil }
        switch labels {
        case ["red", "green", "blue", "alpha"]:
            return SkeletonColor(RGBA(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3]))
        case ["white", "alpha"]:
            return SkeletonColor(white: numbers[0], alpha: numbers[1])
        default:
            return nil
        }
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
