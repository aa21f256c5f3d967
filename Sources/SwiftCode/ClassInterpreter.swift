import SkeletonModel
internal import SwiftSyntax

/// Runs one class's lifecycle code symbolically, in the order UIKit calls it, and records what it states.
struct ClassInterpreter {
    let declaration: ClassDeclaration
    let locations: SourceLocations
    /// The file's statement runs (shared by every class of the file).
    let budget: ReadBudget
    /// The file's local constants in scope (shared: runs nest, each block undoes its own bindings).
    let scope: LocalScope
    var facts: ClassFacts
    /// Methods without parameters, by name, for following `helper()` calls.
    private var helpers: [String: CodeBlockSyntax] = [:]
    /// The `@IBOutlet` names (`facts.outlets` as a set, so naming a view costs one lookup, not one per outlet).
    private(set) var outletNames: Set<String> = []

    /// The lifecycle methods UIKit calls, in its order (initialisers and outlets' `didSet` come before them).
    static let lifecycle = ["awakeFromNib", "viewDidLoad", "viewWillAppear", "viewDidAppear"]

    init(declaration: ClassDeclaration, locations: SourceLocations, budget: ReadBudget, scope: LocalScope) {
        self.declaration = declaration
        self.locations = locations
        self.budget = budget
        self.scope = scope
        facts = ClassFacts(name: declaration.name, superclass: declaration.superclass)
    }

    /// An interpreter of the same class that starts with no facts, for code that is read but assumed not to run
    /// (an `else` branch): it names views as this one does, and follows no helper.
    func sibling() -> ClassInterpreter {
        var sibling = ClassInterpreter(declaration: declaration, locations: locations, budget: budget, scope: scope)
        sibling.outletNames = outletNames
        return sibling
    }

    /// Whether the class declares a view named `name` (an outlet, or a view it builds).
    func declaresView(_ name: String) -> Bool {
        outletNames.contains(name) || facts.codeBuiltViews[name] != nil
    }

    /// Everything the class states.
    mutating func run() -> ClassFacts {
        var initialisers: [CodeBlockSyntax] = []
        var observers: [CodeBlockSyntax] = []
        var methods: [String: CodeBlockSyntax] = [:]
        for member in declaration.members {
            let decl = member.decl
            if let variable = decl.as(VariableDeclSyntax.self) {
                observers += readProperty(variable)
            } else if let initialiser = decl.as(InitializerDeclSyntax.self), let body = initialiser.body {
                initialisers.append(body)
            } else if let function = decl.as(FunctionDeclSyntax.self), let body = function.body {
                let name = function.name.text
                if Self.lifecycle.contains(name) { methods[name] = body }
                if function.signature.parameterClause.parameters.isEmpty { helpers[name] = body }
                DataSourceReader(locations: locations).read(function, into: &facts)
                FlowLayoutReader(locations: locations).read(function, into: &facts)
            }
        }
        outletNames = Set(facts.outlets)
        var run = StatementRunner(interpreter: self)
        for body in initialisers + observers + Self.lifecycle.compactMap({ methods[$0] }) {
            run.block(body.statements)
        }
        facts = run.interpreter.facts
        return facts
    }

    /// Records an `@IBOutlet` and a view built in the declaration; returns its `didSet` body.
    private mutating func readProperty(_ variable: VariableDeclSyntax) -> [CodeBlockSyntax] {
        let isOutlet = variable.attributes.contains {
            $0.as(AttributeSyntax.self).map { Excerpt.of($0.attributeName, limit: 16) } == "IBOutlet"
        }
        var observers: [CodeBlockSyntax] = []
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if isOutlet { facts.outlets.append(name) }
            if let value = binding.initializer?.value, let built = Self.builtViewClass(value) {
                facts.codeBuiltViews[name] = built
            }
            if case .accessors(let accessors)? = binding.accessorBlock?.accessors {
                for accessor in accessors where accessor.accessorSpecifier.tokenKind == .keyword(.didSet) {
                    if let body = accessor.body { observers.append(body) }
                }
            }
        }
        return observers
    }

    /// `UILabel()`, `UIImageView(image: …)`: the UIKit view class an expression builds, if it is one.
    static func builtViewClass(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            callee.hasPrefix("UI"), callee.hasSuffix("View") || callee.hasSuffix("Label") || callee.hasSuffix("Button")
        else { return nil }
        return callee
    }

    /// The body of a method without parameters named `name`, for following a call to it.
    func helper(_ name: String) -> CodeBlockSyntax? { helpers[name] }
}
