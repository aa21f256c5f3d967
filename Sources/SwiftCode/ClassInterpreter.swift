import SkeletonModel
internal import SwiftSyntax

/// Runs one class's lifecycle code symbolically, in the order UIKit calls it, and records what it states: its own
/// code and its superclasses' in the app (a method the class does not override is its superclass's; `super.m()`
/// runs the implementation above the one running), from whichever files declare them.
struct ClassInterpreter {
    let declaration: ClassDeclaration
    /// The app's classes (superclasses, extensions of UIKit's views).
    let app: AppDeclarations
    /// The file of the code being run.
    var locations: SourceLocations
    /// The app's statement runs (shared by every class of the app).
    let budget: ReadBudget
    /// The local constants in scope (shared: runs nest, each block undoes its own bindings).
    let scope: LocalScope
    var facts: ClassFacts
    /// The class's methods and its superclasses', by name, the most derived first.
    private var methods: [String: [MethodBody]] = [:]
    /// The `@IBOutlet` names (`facts.outlets` as a set, so naming a view costs one lookup, not one per outlet).
    private(set) var outletNames: Set<String> = []

    /// The lifecycle methods UIKit calls, in its order (initialisers and outlets' `didSet` come before them): a
    /// view's as it is loaded and put on screen, a view controller's as its view is.
    static let lifecycle = [
        "awakeFromNib", "didMoveToSuperview", "didMoveToWindow", "viewDidLoad", "viewWillAppear",
        "viewDidLayoutSubviews", "viewDidAppear", "layoutSubviews",
    ]

    init(declaration: ClassDeclaration, app: AppDeclarations, budget: ReadBudget, scope: LocalScope) {
        self.declaration = declaration
        self.app = app
        self.budget = budget
        self.scope = scope
        locations = declaration.members.first?.locations ?? SourceLocations(index: LineIndex(""))
        facts = ClassFacts(name: declaration.name, superclass: declaration.superclass)
        facts.file = declaration.file
    }

    /// An interpreter of the same class that starts with no facts, for code that is read but assumed not to run
    /// (an `else` branch): it names views as this one does, and follows no helper.
    func sibling() -> ClassInterpreter {
        var sibling = ClassInterpreter(declaration: declaration, app: app, budget: budget, scope: scope)
        sibling.outletNames = outletNames
        sibling.locations = locations
        return sibling
    }

    /// Whether the class declares a view named `name` (an outlet, or a view it builds).
    func declaresView(_ name: String) -> Bool {
        outletNames.contains(name) || facts.codeBuiltViews[name] != nil
    }

    /// Everything the class states.
    mutating func run() -> ClassFacts {
        var initialisers: [(CodeBlockSyntax, SourceLocations)] = []
        var actions: [(name: String, method: MethodBody)] = []
        var observers: [(CodeBlockSyntax, SourceLocations)] = []
        let chain = app.chain(of: declaration)
        // Superclasses first: what a subclass declares or answers wins.
        for (level, declaration) in chain.enumerated().reversed() {
            for member in declaration.members {
                locations = member.locations
                let decl = member.syntax.decl
                if let variable = decl.as(VariableDeclSyntax.self) {
                    observers += readProperty(variable).map { ($0, member.locations) }
                } else if let initialiser = decl.as(InitializerDeclSyntax.self), let body = initialiser.body {
                    initialisers.append((body, member.locations))
                } else if let function = decl.as(FunctionDeclSyntax.self), let body = function.body {
                    let method = MethodBody(function, body: body, locations: member.locations, level: level)
                    methods[function.name.text, default: []].insert(method, at: 0)
                    if level == 0, Self.isAction(function) { actions.append((function.name.text, method)) }
                    let values = ValueReader(locals: [:], constants: app.constants, type: declaration.name)
                    DataSourceReader(locations: member.locations, values: values).read(function, into: &facts)
                    CellPreparationReader(locations: member.locations, values: values).read(function, into: &facts)
                    FlowLayoutReader(locations: member.locations, values: values).read(function, into: &facts)
                }
            }
        }
        outletNames = Set(facts.outlets)
        var run = StatementRunner(interpreter: self)
        for (body, file) in initialisers + observers { run.run(body.statements, in: file) }
        for name in Self.lifecycle {
            if let method = implementation(of: name, above: -1) {
                run.method(method, named: name)
            }
        }
        facts = run.interpreter.facts
        // Actions do not run while the screen loads: only the shows they would make are kept, apart.
        for (name, action) in actions {
            var tapped = run
            let before = tapped.interpreter.facts.shows.count
            tapped.method(action, named: name)
            let made = tapped.interpreter.facts.shows.dropFirst(before)
            facts.actionShows += made.map { ActionShow(action: name, show: $0) }
        }
        return facts
    }

    /// Whether a method is an `@IBAction`.
    static func isAction(_ function: FunctionDeclSyntax) -> Bool {
        function.attributes.contains {
            $0.as(AttributeSyntax.self).map { Excerpt.of($0.attributeName, limit: 16) } == "IBAction"
        }
    }

    /// Records an `@IBOutlet` and a view built in the declaration; returns its `didSet` body.
    private mutating func readProperty(_ variable: VariableDeclSyntax) -> [CodeBlockSyntax] {
        let isOutlet = variable.attributes.contains {
            $0.as(AttributeSyntax.self).map { Excerpt.of($0.attributeName, limit: 16) } == "IBOutlet"
        }
        var observers: [CodeBlockSyntax] = []
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if isOutlet, !facts.outlets.contains(name) { facts.outlets.append(name) }
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

    /// The implementation a call of `name` runs: the most derived one declared above chain level `level` (-1: any,
    /// as a call on `self` dispatches; the running method's level for `super.name()`); with `labels`, one whose
    /// parameters' labels are those (`_` for none), else any.
    func implementation(of name: String, above level: Int, labels: [String]? = nil) -> MethodBody? {
        methods[name]?.first { $0.level > level && (labels == nil || $0.labels == labels) }
    }
}

/// A method's body, where it is written, how far up the class's chain it is declared (0: the class itself), and
/// its parameters.
struct MethodBody {
    var body: CodeBlockSyntax
    var locations: SourceLocations
    var level: Int
    /// The parameters' argument labels (`_` for none) and names inside the body.
    var labels: [String]
    var names: [String]
    var isStatic: Bool

    init(_ function: FunctionDeclSyntax, body: CodeBlockSyntax, locations: SourceLocations, level: Int) {
        self.body = body
        self.locations = locations
        self.level = level
        let parameters = function.signature.parameterClause.parameters
        labels = parameters.map(\.firstName.text)
        names = parameters.map { ($0.secondName ?? $0.firstName).text }
        isStatic = function.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
    }
}

/// The app's classes by name: superclass chains, and the parameterless methods of extensions of UIKit's views
/// (`extension UIView { func round() { … } }`), which run with `self` the view they are called on.
final class AppDeclarations {
    /// The longest superclass chain followed (the class and 15 superclasses).
    static let maxChain = 16

    private let byName: [String: ClassDeclaration]
    /// Methods of extensions of UIKit's views, by name (the first declared wins).
    let viewMethods: [String: MethodBody]
    /// Static methods of the app's types, by type and name (`SkelHelper.skeletonize(label:)`).
    let staticMethods: [String: [MethodBody]]
    /// The constants of every file.
    let constants: AppConstants

    init(_ declarations: [ClassDeclaration], constants: AppConstants = AppConstants()) {
        self.constants = constants
        var byName: [String: ClassDeclaration] = [:]
        var viewMethods: [String: MethodBody] = [:]
        var staticMethods: [String: [MethodBody]] = [:]
        for declaration in declarations {
            byName[declaration.name] = declaration
            let extendsView = !declaration.isDeclared && declaration.name.hasPrefix("UI")
            for member in declaration.members {
                guard let function = member.syntax.decl.as(FunctionDeclSyntax.self), let body = function.body else {
                    continue
                }
                let method = MethodBody(function, body: body, locations: member.locations, level: 0)
                if method.isStatic {
                    staticMethods["\(declaration.name).\(function.name.text)", default: []].append(method)
                } else if extendsView, method.labels.isEmpty, viewMethods[function.name.text] == nil {
                    viewMethods[function.name.text] = method
                }
            }
        }
        self.byName = byName
        self.viewMethods = viewMethods
        self.staticMethods = staticMethods
    }

    /// `declaration` and its superclasses the app declares, nearest first (at most `maxChain`, no class twice).
    func chain(of declaration: ClassDeclaration) -> [ClassDeclaration] {
        var chain = [declaration]
        var seen: Set<String> = [declaration.name]
        while chain.count < Self.maxChain, let name = chain.last?.superclass.map(Self.baseName),
            let next = byName[name], next.isDeclared, seen.insert(name).inserted
        {
            chain.append(next)
        }
        return chain
    }

    /// A type's name without generic arguments (`Base<Item>` → `Base`).
    static func baseName(_ type: String) -> String {
        String(type.prefix { $0 != "<" }.filter { $0 != " " })
    }
}
