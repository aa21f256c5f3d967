import SwiftParser
import SwiftSyntax
import Testing

@testable import SwiftCode

/// Issue #25, row 1: code nested or chained deeper than the parser and the visitors can recurse is one `tooLarge`
/// warning where it passes the limit, never a stack overflow; code just within the limits is read, on the reading
/// thread's stack (these tests run the reader on the test's own thread, as the daemon's lanes and the CLI do).
@Suite struct DepthLimitTests {
    /// A class whose `awakeFromNib` holds `body` on line 3.
    static func view(_ body: String) -> String {
        "class V: UIView {\n    override func awakeFromNib() {\n        \(body)\n    }\n}\n"
    }

    /// The one hint of a refused file, which knows no class.
    static func refusal(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CodeHint {
        let facts = SwiftCodeReader.read(text: text)
        #expect(facts.classes.isEmpty, sourceLocation: sourceLocation)
        #expect(facts.hints.count == 1, sourceLocation: sourceLocation)
        let hint = try #require(facts.hints.first, sourceLocation: sourceLocation)
        #expect(hint.kind == .tooLarge, sourceLocation: sourceLocation)
        #expect(hint.message.hasSuffix(SwiftCodeReader.notRead), sourceLocation: sourceLocation)
        return hint
    }

    // MARK: What the parser would recurse on (NestingScan)

    @Test func aGenericTypeNestedTwoThousandDeepIsRefusedWhereItPassesTheLimit() throws {
        let text =
            "let x: " + String(repeating: "A<", count: 2_000) + "Int" + String(repeating: ">", count: 2_000) + " = 1\n"
        let hint = try Self.refusal(text)
        // The 257th `<`: `let x: ` is 7 bytes, then `A<` 257 times.
        #expect(hint.range == Code.range(1, 7 + 2 * 257, 7 + 2 * 257 + 1))
        #expect(hint.message.contains("nests more than 256 levels deep (generic arguments)"))
    }

    @Test func anElseIfChainOfTwoThousandBranchesIsRefused() throws {
        let chain =
            "if a { isSkeletonable = true }" + String(repeating: " else if a { isSkeletonable = true }", count: 2_000)
        let hint = try Self.refusal(Self.view(chain))
        #expect(hint.message.contains("(an `else if` chain and brackets)"))
        // The brace of the 254th `else if`: 2 levels (the class's and the method's braces), 254 links and itself.
        let first = "if a { isSkeletonable = true }".utf8.count
        let column = 9 + first + 253 * " else if a { isSkeletonable = true }".utf8.count + 11
        #expect(hint.range == Code.range(3, column, column + 1))
    }

    @Test func tenThousandTriesInARowAreRefused() throws {
        let hint = try Self.refusal(Self.view("let v = " + String(repeating: "try ", count: 10_000) + "f()"))
        #expect(hint.message.contains("(`try` in a row)"))
        // The 255th `try` (the class's and the method's braces are two levels), after 8 spaces and `let v = `.
        let column = 9 + 8 + 4 * 254
        #expect(hint.range == Code.range(3, column, column + 3))
    }

    @Test func nestedTernariesAndCurriedFunctionTypesAreRefused() throws {
        let ternary = try Self.refusal(Self.view("let v = " + String(repeating: "a ? ", count: 1_000) + "1"))
        #expect(ternary.message.contains("ternaries nested in ternaries"))
        let arrows = try Self.refusal("let f: " + String(repeating: "A -> ", count: 1_000) + "Int\n")
        #expect(arrows.message.contains("(function types returning function types)"))
        // A bracket that passes the limit names what nests most around it.
        let curried = try Self.refusal("let f: " + String(repeating: "() -> ", count: 1_000) + "Int\n")
        #expect(curried.message.contains("(function types returning function types and brackets)"))
    }

    @Test func bracketsTenThousandDeepAreRefusedAtTheTwoHundredAndFiftySeventh() throws {
        let text = Self.view(
            "let v = " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000))
        let hint = try Self.refusal(text)
        #expect(hint.message.contains("(brackets)"))
        // Two brackets are open before (the class's and the method's), so the 255th `(` is the 257th level.
        let column = 9 + 8 + 254
        #expect(hint.range == Code.range(3, column, column + 1))
    }

    @Test func theEstimateCountsKeywordsInsideTheBracketsTheyOpen() throws {
        // 128 `try`s, a call, 128 `try`s more inside it: 256 + the call's bracket + the two braces is over.
        let half = String(repeating: "try ", count: 128)
        let hint = try Self.refusal(Self.view("let v = " + half + "f(" + half + "g())"))
        #expect(hint.message.contains("(`try` in a row)"))
        #expect(NestingScan.firstOverflow(in: Self.view("let v = " + half + "f(" + "g())")) == nil)
    }

    @Test func whatOrdinaryCodeRepeatsDoesNotAddUp() {
        // Statements that each start a keyword run, comparisons without spaces (`a<b`, read as generic arguments
        // until what no type holds), chains of `if` that are not `else if`, ternaries that end: none accumulate.
        let lines = (0..<2_000).map { k in
            "try f(\(k)); if a<b { x = c ? 1 : 2 }\nif c<d && e > f { } else { }\nlet g: () -> Int = h\nawait y()"
        }
        #expect(NestingScan.firstOverflow(in: Self.view(lines.joined(separator: "\n"))) == nil)
    }

    @Test func codeJustWithinTheLimitsIsParsedAndRead() throws {
        // 250 levels of each construct (the class and its method add 2): parsed on the reading thread, read.
        let depth = 250
        let generics = "let x: " + String(repeating: "A<", count: depth) + "Int" + String(repeating: ">", count: depth)
        let chain = "if a { }" + String(repeating: " else if a { }", count: depth)
        let tries = "let t = " + String(repeating: "try ", count: depth) + "f()"
        let brackets = "let p = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        for body in [generics, chain, tries, brackets] {
            let facts = SwiftCodeReader.read(text: Self.view(body + "\n        isSkeletonable = true"))
            let v = try #require(facts.facts(forClass: "V"))
            #expect(v.assignments.map(\.property) == [.isSkeletonable])
            #expect(!facts.allHints.contains { $0.kind == .tooLarge })
        }
    }

    // MARK: What the parser would read again and again

    /// `if a {` nested `depth` deep around `statements` statements.
    static func conditions(depth: Int, statements: Int) -> String {
        let body = String(repeating: "label.isSkeletonable = true\n", count: statements)
        return view(String(repeating: "if a { ", count: depth) + body + String(repeating: "} ", count: depth))
    }

    @Test func conditionBlocksNestedDeepAroundABigBodyAreRefused() throws {
        // The parser looks ahead over each `if a {` block (is it a trailing closure?): 40 levels read the body 40
        // times, over 16 times the file's size.
        let hint = try Self.refusal(Self.conditions(depth: 40, statements: 2_000))
        #expect(hint.message.contains("read ahead more than 16 times the file's size"))
        // The outermost block that passes it: the 1st `{` after the method's, whose read-ahead is counted last.
        #expect(hint.range.start.line == 3)
        // 12 levels read it 12 times: within the limit, read.
        let facts = SwiftCodeReader.read(text: Self.conditions(depth: 12, statements: 2_000))
        #expect(facts.facts(forClass: "V") != nil)
        #expect(!facts.allHints.contains { $0.kind == .tooLarge })
        // Deep conditions around a small body cost the depth squared: 64 levels are within the limit's base (64 KiB),
        // 200 (the nesting limit allows them) are not.
        #expect(NestingScan.firstOverflow(in: Self.conditions(depth: 64, statements: 1)) == nil)
        #expect(NestingScan.firstOverflow(in: Self.conditions(depth: 200, statements: 1)) != nil)
    }

    // MARK: What the visitors would recurse on (SyntaxDepth)

    /// The postfix chains of the issue, each 30,000 links long.
    static let chains: [(name: String, body: String)] = [
        ("`!`", "x" + String(repeating: "!", count: 30_000) + ".isSkeletonable = true"),
        ("calls", "f" + String(repeating: "()", count: 30_000)),
        ("members", "a" + String(repeating: ".x", count: 30_000) + " = 1"),
        ("optional members", "a" + String(repeating: "?.b", count: 30_000) + " = 1"),
        ("subscripts", "a" + String(repeating: "[0]", count: 30_000) + " = 1"),
        ("trailing closures", "_ = v" + String(repeating: ".map{}", count: 30_000)),
    ]

    @Test(arguments: chains.map(\.name)) func aPostfixChainOfThirtyThousandLinksIsRefusedAtItsStart(name: String)
        throws
    {
        let body = try #require(Self.chains.first { $0.name == name }).body
        let hint = try Self.refusal(Self.view(body))
        #expect(hint.message.contains("more than 4096 syntax levels deep"))
        // The outermost node past the limit: from the chain's start, on line 3.
        #expect(hint.range.start.line == 3)
        #expect(hint.range.start.column == 9 || hint.range.start.column == 13)
    }

    @Test func aChainOfFifteenHundredLinksIsReadAndItsPathIsEveryName() throws {
        let body = "view" + String(repeating: ".subviews.first!", count: 750) + ".isSkeletonable = true"
        let (facts, work) = SwiftCodeReader.readMeasured(text: Self.view(body))
        #expect(facts.facts(forClass: "V") != nil)
        #expect(!facts.allHints.contains { $0.kind == .tooLarge })
        #expect(work.nodesMeasured > 0)
        let file = Parser.parse(source: "a" + String(repeating: ".x", count: 1_500))
        guard case .expr(let chain)? = file.statements.first?.item else {
            Issue.record("not an expression")
            return
        }
        let path = ReadingThread.run { StatementRunner.path(chain) } ?? []
        #expect(path.count == 1_501)
        #expect(path.first == "a" && path.last == "x")
    }

    // MARK: Row 6: member chains cost their size

    @Test func aSixteenThousandLinkChainAndA320KBFileCostNodesInProportionToTheirBytes() throws {
        for links in [16_000, 160_000] {
            let text = Self.view("a" + String(repeating: ".x", count: links) + ".isSkeletonable = true")
            let (facts, work) = SwiftCodeReader.readMeasured(text: text)
            #expect(facts.hints.first?.kind == .tooLarge)
            // Refused at the depth limit: the nodes measured are at most those of the tree, a few per byte.
            #expect(work.nodesMeasured <= 4 * text.utf8.count)
            #expect(work.statementsRun == 0)
        }
        // Many chains within the limit: every node is measured once, and the statements run once each.
        let line = "        view" + String(repeating: ".subviews.first!", count: 40) + ".isSkeletonable = true\n"
        let count = 320_000 / line.utf8.count
        let text =
            "class V: UIView {\n    override func awakeFromNib() {\n"
            + String(repeating: line, count: count) + "    }\n}\n"
        let (facts, work) = SwiftCodeReader.readMeasured(text: text)
        #expect(facts.facts(forClass: "V") != nil)
        #expect(work.nodesMeasured <= 4 * text.utf8.count)
        #expect(work.statementsRun <= count + 10)
    }

    // MARK: The reading thread

    @Test func theReadingThreadRunsTheBodyOnceAndGivesItsResult() {
        var runs = 0
        let result = ReadingThread.run {
            runs += 1
            return 42
        }
        #expect(result == 42)
        #expect(runs == 1)
    }
}
