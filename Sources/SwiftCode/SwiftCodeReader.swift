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
public enum SwiftCodeReader {
    /// The largest file read, in UTF-8 bytes (4 MiB; `Protocol/base-protocol.md`, limits).
    public static let maxBytes = 4 << 20

    /// Reads one Swift file; `file` (a uri or a path), when given, is named by its classes and hints.
    public static func read(text: String, file: String? = nil) -> SwiftCodeFacts {
        readMeasured(text: text, file: file).facts
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
        let size = text.utf8.count
        var (facts, work): (SwiftCodeFacts, Work)
        if size > maxBytes {
            (facts, work) = (SwiftCodeFacts(hints: [tooLarge(text, bytes: size)]), Work())
        } else if let overflow = NestingScan.firstOverflow(in: text) {
            (facts, work) = (SwiftCodeFacts(hints: [tooDeep(overflow, in: text)]), Work())
        } else if let read = ReadingThread.run({ readParsed(text: text) }) {
            (facts, work) = read
        } else {
            (facts, work) = (SwiftCodeFacts(hints: [noThread(text)]), Work())
        }
        if let file { facts.attribute(to: file) }
        return (facts, work)
    }

    /// The parser's nesting limit: brackets past it are not parsed (`NestingScan` refuses a file before that).
    static let maxNestingLevel = NestingScan.maxDepth

    /// Parses and reads a file within `maxBytes` and `NestingScan.maxDepth`, on the calling thread (a
    /// `ReadingThread`).
    private static func readParsed(text: String) -> (facts: SwiftCodeFacts, work: Work) {
        var source = text
        // (The parser copies the bytes into its tree's arena.)
        let tree = source.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: maxNestingLevel) }
        let locations = SourceLocations(index: LineIndex(text))
        let (tooDeepNode, measured) = SyntaxDepth.firstTooDeep(in: tree)
        if let tooDeepNode {
            let facts = SwiftCodeFacts(hints: [tooDeep(tooDeepNode, locations)])
            return (facts, Work(nodesMeasured: measured))
        }
        let collector = ClassCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        let syntax = SyntaxProblemFinder(locations: locations)
        if tree.hasError { syntax.walk(tree) }
        let budget = ReadBudget(statements: collector.statements)
        let scope = LocalScope()
        let classes = collector.declarations.map { declaration in
            var interpreter = ClassInterpreter(
                declaration: declaration, locations: locations, budget: budget, scope: scope)
            return interpreter.run()
        }
        let facts = SwiftCodeFacts(classes: classes, hints: syntax.hints)
        let work = Work(
            statements: collector.statements, statementsRun: budget.used, positions: locations.placed,
            lineProbes: locations.probes, scopeWrites: scope.writes, nodesMeasured: measured)
        return (facts, work)
    }

}

/// A class's members gathered from its declaration and its extensions in the same file.
struct ClassDeclaration {
    var name: String
    var superclass: String?
    var members: [MemberBlockItemSyntax] = []
}

/// Finds classes and extensions (at any depth) and gathers their members by class name; counts the file's
/// statements (for its `ReadBudget`).
final class ClassCollector: SyntaxVisitor {
    /// The classes, in the order their declarations first appear.
    private(set) var declarations: [ClassDeclaration] = []
    /// Where each class is in `declarations`.
    private var index: [String: Int] = [:]
    /// The statements (code block items) of the file.
    private(set) var statements = 0

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let superclass = node.inheritanceClause?.inheritedTypes.first.map { Excerpt.text(of: $0.type) }
        add(name: name, superclass: superclass, members: node.memberBlock.members)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(name: Excerpt.text(of: node.extendedType), superclass: nil, members: node.memberBlock.members)
        return .visitChildren
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        statements += 1
        return .visitChildren
    }

    /// Appends in place: an extension costs its own members, never a copy of those gathered before.
    private func add(name: String, superclass: String?, members: MemberBlockItemListSyntax) {
        let k: Int
        if let found = index[name] {
            k = found
        } else {
            k = declarations.count
            index[name] = k
            declarations.append(ClassDeclaration(name: name))
        }
        if let superclass { declarations[k].superclass = superclass }
        declarations[k].members.append(contentsOf: members)
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
                    range: CodeRange(start: at, end: at)))
        }
        return .skipChildren
    }
}
