package import SkeletonModel
internal import SwiftParser
internal import SwiftSyntax

/// Swift source → `SwiftCodeFacts`: every class's SkeletonView setup, read statically with swift-syntax.
///
/// A file that does not parse still gives what parsed, plus a `syntax` hint where the parser stopped
/// understanding it. A file over `maxBytes` is not parsed at all: its facts are one `tooLarge` hint and no class;
/// so is a file nested deeper than `NestingScan.maxDepth` (measured before it is parsed) or whose syntax tree is
/// deeper than `SyntaxDepth.maxDepth` (a postfix chain that long), with the hint where the limit is passed.
/// Reading is linear in the file's size: positions through one `LineIndex`, locals through one `LocalScope`,
/// statements run within the file's `ReadBudget`, messages quoting code through `Excerpt`.
///
/// Safe on any thread: the parse and the visitors run on a `ReadingThread` whose stack holds the deepest tree the
/// limits let through, and the caller waits for it.
package enum SwiftCodeReader {
    /// The largest file read, in UTF-8 bytes (4 MiB; `Protocol/base-protocol.md`, limits).
    package static let maxBytes = 4 << 20

    /// Reads one Swift file; `file` (a uri or a path), when given, is named by its classes and hints.
    package static func read(text: String, file: String? = nil) -> SwiftCodeFacts {
        readMeasured([SwiftSourceText(text: text, file: file)]).facts
    }

    /// Reads the Swift files of one app together, as Swift sees its classes: a class's extensions in any file,
    /// in any order, its superclass chain (lifecycle methods UIKit calls on the subclass, `super` calls, helpers a
    /// subclass overrides) and extensions of UIKit's views; every class and hint names its file. Reading costs the
    /// files' parses and a walk linear in their total size (one `ReadBudget` for all of them).
    package static func read(_ files: [SwiftSourceText], namedColors: [String: SkeletonColor] = [:]) -> SwiftCodeFacts {
        readMeasured(parsed: files.map(parse), namedColors: namedColors).facts
    }

    /// The work one reading did, for tests that hold it to the file's size.
    struct Work {
        /// Statements the file holds, and statements run (helpers, loops and closures run theirs again).
        var statements = 0
        var statementsRun = 0
        /// Positions placed, and line starts compared to place them.
        var positions = 0
        var lineProbes = 0
        /// Writes to the local constants' table.
        var scopeWrites = 0
        /// Syntax nodes looked at to measure the tree's depth.
        var nodesMeasured = 0
    }

    /// `read(text:file:)`, with the work it did.
    static func readMeasured(text: String, file: String? = nil) -> (facts: SwiftCodeFacts, work: Work) {
        readMeasured([SwiftSourceText(text: text, file: file)])
    }

    /// `read(_:)`, with the work it did.
    static func readMeasured(_ files: [SwiftSourceText]) -> (facts: SwiftCodeFacts, work: Work) {
        readMeasured(parsed: files.map(parse))
    }

    /// The parser's nesting limit: brackets past it are not parsed (`NestingScan` refuses a file before that).
    static let maxNestingLevel = NestingScan.maxDepth

    /// Parses one file, to be read with the rest of its app (`read(parsed:)`) as often as they change, without
    /// parsing it again. A file over `maxBytes` or nested deeper than `NestingScan.maxDepth` is refused before the
    /// parse, one whose tree is deeper than `SyntaxDepth.maxDepth` after it: its hint is its only fact. The parse
    /// runs on a `ReadingThread`.
    package static func parse(_ source: SwiftSourceText) -> ParsedSwiftFile {
        let size = source.text.utf8.count
        let index = LineIndex(source.text)
        func refused(_ hint: CodeHint, measured: Int = 0) -> ParsedSwiftFile {
            ParsedSwiftFile(
                source: source, tree: nil, index: index, hints: [hint.about(source.file)], nodesMeasured: measured)
        }
        if size > maxBytes { return refused(tooLarge(source.text, bytes: size)) }
        if let overflow = NestingScan.firstOverflow(in: source.text) {
            return refused(tooDeep(overflow, in: source.text))
        }
        let parsed = ReadingThread.run { () -> ParsedSwiftFile in
            var text = source.text
            // (The parser copies the bytes into its tree's arena.)
            let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: maxNestingLevel) }
            let locations = SourceLocations(index: index, file: source.file)
            let (tooDeepNode, measured) = SyntaxDepth.firstTooDeep(in: tree)
            if let tooDeepNode { return refused(tooDeep(tooDeepNode, locations), measured: measured) }
            var hints: [CodeHint] = []
            if tree.hasError {
                let syntax = SyntaxProblemFinder(locations: locations)
                syntax.walk(tree)
                hints = syntax.hints
            }
            return ParsedSwiftFile(source: source, tree: tree, index: index, hints: hints, nodesMeasured: measured)
        }
        return parsed ?? refused(noThread(source.text))
    }

    /// Reads the parsed files of one app together (as `read(_:)` does), on a `ReadingThread`: the walk is linear in
    /// their total size.
    ///
    /// `namedColors` are the app's asset catalogue colours (light and dark), what `UIColor(named:)` answers.
    package static func read(parsed: [ParsedSwiftFile], namedColors: [String: SkeletonColor] = [:]) -> SwiftCodeFacts {
        readMeasured(parsed: parsed, namedColors: namedColors).facts
    }

    /// `read(parsed:)`, with the work it did.
    static func readMeasured(parsed files: [ParsedSwiftFile], namedColors: [String: SkeletonColor] = [:])
        -> (facts: SwiftCodeFacts, work: Work)
    {
        let hints = files.flatMap(\.hints)
        let measured = files.reduce(0) { $0 + $1.nodesMeasured }
        let trees = files.filter { $0.tree != nil }
        guard !trees.isEmpty else { return (SwiftCodeFacts(hints: hints), Work(nodesMeasured: measured)) }
        guard var read = ReadingThread.run({ walk(trees, namedColors: namedColors) }) else {
            let refused = trees.map { noThread($0.source.text).about($0.source.file) }
            return (SwiftCodeFacts(hints: hints + refused), Work(nodesMeasured: measured))
        }
        read.facts.hints = hints + read.facts.hints
        read.work.nodesMeasured = measured
        return read
    }

    /// Collects the classes, constants and statements of parsed files, then runs every class, on the calling
    /// thread (a `ReadingThread`).
    private static func walk(_ files: [ParsedSwiftFile], namedColors: [String: SkeletonColor])
        -> (facts: SwiftCodeFacts, work: Work)
    {
        var sources: [SourceLocations] = []
        let collector = ClassCollector(viewMode: .sourceAccurate)
        for file in files {
            guard let tree = file.tree else { continue }
            let locations = SourceLocations(index: file.index, file: file.source.file)
            sources.append(locations)
            collector.locations = locations
            collector.walk(tree)
        }
        let budget = ReadBudget(statements: collector.statements)
        let scope = LocalScope()
        collector.constants.namedColors = namedColors
        let app = AppDeclarations(collector.declarations, constants: collector.constants)
        let classes = collector.declarations.map { declaration in
            var interpreter = ClassInterpreter(declaration: declaration, app: app, budget: budget, scope: scope)
            return interpreter.run()
        }
        let facts = SwiftCodeFacts(
            classes: classes, typeNames: collector.typeNames,
            declaredClasses: Set(collector.declarations.filter(\.isDeclared).map(\.name)))
        let work = Work(
            statements: collector.statements, statementsRun: budget.used,
            positions: sources.reduce(0) { $0 + $1.placed }, lineProbes: sources.reduce(0) { $0 + $1.probes },
            scopeWrites: scope.writes)
        return (facts, work)
    }
}

/// One Swift file parsed (or refused), kept so that its app can be read again, as often as its files change,
/// without parsing it again (`SwiftCodeReader.parse(_:)`, `read(parsed:)`).
package struct ParsedSwiftFile: Sendable {
    /// Its text and where it is.
    package let source: SwiftSourceText
    /// Its syntax tree; nil for a file refused (its one hint says why).
    let tree: SourceFileSyntax?
    /// Its line starts.
    let index: LineIndex
    /// Its refusal, or where it does not parse.
    let hints: [CodeHint]
    /// Syntax nodes looked at to measure the tree's depth.
    let nodesMeasured: Int
}

/// One Swift file of an app: its text and where it is (a uri or a path), for `SwiftCodeReader.read(_:)`.
package struct SwiftSourceText: Sendable, Hashable {
    /// The file's text.
    package var text: String
    /// Where it is, named by its classes and hints.
    package var file: String?

    package init(text: String, file: String? = nil) {
        self.text = text
        self.file = file
    }
}

/// One member of a class, with the file it is written in.
struct ClassMember {
    var syntax: MemberBlockItemSyntax
    var locations: SourceLocations
}

/// A class's members gathered from its declaration and its extensions, in any file of the app.
struct ClassDeclaration {
    var name: String
    var superclass: String?
    /// Whether the app declares the class itself (not only extensions of it, as of UIKit's `UIView`).
    var isDeclared = false
    /// The file of its declaration (else of its first extension).
    var file: String?
    var members: [ClassMember] = []
}

/// Finds classes and extensions (at any depth) and gathers their members by class name, over every file of the
/// app; counts the files' statements (for their `ReadBudget`).
final class ClassCollector: SyntaxVisitor {
    /// The classes, in the order their declarations first appear.
    private(set) var declarations: [ClassDeclaration] = []
    /// Where each class is in `declarations`.
    private var index: [String: Int] = [:]
    /// The statements (code block items) of the files.
    private(set) var statements = 0
    /// The file being walked.
    var locations = SourceLocations(index: LineIndex(""))
    /// Every struct and enum declared (classes and extensions are `declarations`).
    private(set) var typeNames: Set<String> = []
    /// The constants of every file.
    let constants = AppConstants()
    /// The types around the node being walked, outermost first.
    private var types: [String] = []

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let superclass = node.inheritanceClause?.inheritedTypes.first.map { Excerpt.text(of: $0.type) }
        add(name: name, superclass: superclass, isDeclared: true, members: node.memberBlock.members)
        types.append(name)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = Excerpt.text(of: node.extendedType)
        add(name: name, superclass: nil, isDeclared: false, members: node.memberBlock.members)
        types.append(name)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.insert(node.name.text)
        types.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.insert(node.name.text)
        types.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        constants.record(node, in: types)
        return .visitChildren
    }

    /// A type's member, or a constant at the top level of a file (not a local of a function).
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(MemberBlockItemSyntax.self) == true {
            constants.record(node, in: types)
        } else if types.isEmpty, node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
            constants.record(node, in: [])
        }
        return .visitChildren
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        statements += 1
        return .visitChildren
    }

    /// Appends in place: an extension costs its own members, never a copy of those gathered before.
    private func add(name: String, superclass: String?, isDeclared: Bool, members: MemberBlockItemListSyntax) {
        let k: Int
        if let found = index[name] {
            k = found
        } else {
            k = declarations.count
            index[name] = k
            declarations.append(ClassDeclaration(name: name, file: locations.file))
        }
        if let superclass { declarations[k].superclass = superclass }
        if isDeclared {
            declarations[k].isDeclared = true
            declarations[k].file = locations.file
        }
        declarations[k].members.append(contentsOf: members.map { ClassMember(syntax: $0, locations: locations) })
    }
}

/// `syntax` hints where the parser found text it could not place or tokens that are missing.
final class SyntaxProblemFinder: SyntaxVisitor {
    let locations: SourceLocations
    var hints: [CodeHint] = []

    init(locations: SourceLocations) {
        self.locations = locations
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        let shown = Excerpt.of(node, limit: 40)
        hints.append(
            CodeHint(
                kind: .syntax, message: "the file does not parse here: unexpected `\(shown)`; it is skipped",
                range: locations.range(of: node)))
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing {
            let at = locations.position(token.position)
            hints.append(
                CodeHint(
                    kind: .syntax, message: "the file does not parse here: expected `\(token.text)`",
                    range: locations.range(from: at, to: at)))
        }
        return .skipChildren
    }
}
