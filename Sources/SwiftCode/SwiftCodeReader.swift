internal import SwiftParser
internal import SwiftSyntax

/// Swift source → `SwiftCodeFacts`: every class's SkeletonView setup, read statically with swift-syntax.
///
/// A file that does not parse still gives what parsed, plus a `syntax` hint where the parser stopped
/// understanding it.
public enum SwiftCodeReader {
    /// Reads one Swift file; `file` (a uri or a path), when given, is named by its classes and hints.
    public static func read(text: String, file: String? = nil) -> SwiftCodeFacts {
        let tree = Parser.parse(source: text)
        let locations = SourceLocations(converter: SourceLocationConverter(fileName: "", tree: tree))
        let collector = ClassCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        let syntax = SyntaxProblemFinder(locations: locations)
        if tree.hasError { syntax.walk(tree) }
        let classes = collector.order.compactMap { name in
            collector.declarations[name].map {
                var interpreter = ClassInterpreter(declaration: $0, locations: locations)
                return interpreter.run()
            }
        }
        var facts = SwiftCodeFacts(classes: classes, hints: syntax.hints)
        if let file { facts.attribute(to: file) }
        return facts
    }
}

/// Positions of syntax nodes as 1-based lines and UTF-8 columns.
struct SourceLocations {
    let converter: SourceLocationConverter

    /// The node's range without its trivia.
    func range(of node: some SyntaxProtocol) -> CodeRange {
        let start = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        let end = converter.location(for: node.endPositionBeforeTrailingTrivia)
        return CodeRange(
            start: CodePosition(line: start.line, column: start.column),
            end: CodePosition(line: end.line, column: end.column))
    }
}

/// A class's members gathered from its declaration and its extensions in the same file.
struct ClassDeclaration {
    var name: String
    var superclass: String?
    var members: [MemberBlockItemSyntax] = []
}

/// Finds classes and extensions (at any depth) and gathers their members by class name.
final class ClassCollector: SyntaxVisitor {
    var declarations: [String: ClassDeclaration] = [:]
    var order: [String] = []

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let superclass = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
        add(name: name, superclass: superclass, members: node.memberBlock.members)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(name: node.extendedType.trimmedDescription, superclass: nil, members: node.memberBlock.members)
        return .visitChildren
    }

    private func add(name: String, superclass: String?, members: MemberBlockItemListSyntax) {
        if declarations[name] == nil {
            declarations[name] = ClassDeclaration(name: name)
            order.append(name)
        }
        if let superclass { declarations[name]?.superclass = superclass }
        declarations[name]?.members += Array(members)
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
        let text = node.trimmedDescription
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        hints.append(
            CodeHint(
                kind: .syntax, message: "the file does not parse here: unexpected `\(shown)`; it is skipped",
                range: locations.range(of: node)))
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing {
            let position = locations.converter.location(for: token.position)
            let at = CodePosition(line: position.line, column: position.column)
            hints.append(
                CodeHint(
                    kind: .syntax, message: "the file does not parse here: expected `\(token.text)`",
                    range: CodeRange(start: at, end: at)))
        }
        return .skipChildren
    }
}
