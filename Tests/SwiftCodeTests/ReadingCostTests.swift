import Foundation
import Testing

@testable import SwiftCode

/// Reading is linear in the file's size: each test counts the work a shape of code costs (statements run, line
/// starts compared, local-table writes), never the time, and would fail if that shape went quadratic again.
@Suite struct ReadingCostTests {
    /// `count` lines of `line(k)`, one after the other.
    static func lines(_ count: Int, _ line: (Int) -> String) -> String {
        (0..<count).map(line).joined(separator: "\n")
    }

    /// A class whose `viewDidLoad` holds `body`, after `members`.
    static func controller(members: String = "", body: String) -> String {
        "class Big: UIViewController {\n\(members)\n    override func viewDidLoad() {\n\(body)\n    }\n}\n"
    }

    // MARK: The line index

    @Test func aPositionComparesLogarithmicallyManyLineStarts() {
        let text = Self.lines(100_000) { "let a\($0) = \($0)" }
        let index = LineIndex(text)
        #expect(index.lineStarts.count == 100_000)
        var worst = 0
        for (k, start) in index.lineStarts.enumerated() where k % 97 == 0 {
            let (line, probes) = index.line(containing: start + 2)
            #expect(line == k)
            worst = max(worst, probes)
        }
        // ⌈log₂ 100,000⌉ = 17; a scan from the start would compare up to 100,000.
        #expect(worst <= 17)
    }

    @Test func positionsAreLinesAndUTF8ColumnsAsTheServerCountsThem() {
        let locations = SourceLocations(index: LineIndex("ab\r\né x\nlast"))
        let position: (Int) -> CodePosition = { locations.position(.init(utf8Offset: $0)) }
        #expect(position(0) == CodePosition(line: 1, column: 1))
        #expect(position(3) == CodePosition(line: 1, column: 4))  // the \n after \r
        #expect(position(7) == CodePosition(line: 2, column: 4))  // x, after the two bytes of é
        #expect(position(13) == CodePosition(line: 3, column: 5))  // the end
        #expect(position(99) == CodePosition(line: 3, column: 5))  // clamped
    }

    @Test func placingEveryHintOfALongFileCostsLogarithmsNotScans() {
        let body = Self.lines(20_000) { "        label\($0).skeletonCornerRadius = width\($0)" }
        let (facts, work) = SwiftCodeReader.readMeasured(text: Self.controller(body: body))
        let hints = facts.allHints
        #expect(hints.count == 20_000)
        #expect(hints.last?.range.start == CodePosition(line: 20_003, column: 9))
        // A few positions per statement, each ≤ ⌈log₂ 20,005 lines⌉ = 15 comparisons (a scan would be thousands).
        #expect(work.positions <= 4 * work.statementsRun)
        #expect(work.lineProbes <= work.positions * 15)
    }

    // MARK: Statements

    @Test func manyOutletsAreReadOncePerAssignment() throws {
        let members = Self.lines(4_000) { "    @IBOutlet weak var label\($0): UILabel!" }
        let body = Self.lines(4_000) { "        label\($0).isSkeletonable = true" }
        let (facts, work) = SwiftCodeReader.readMeasured(text: Self.controller(members: members, body: body))
        let big = try #require(facts.facts(forClass: "Big"))
        #expect(big.outlets.count == 4_000)
        #expect(big.assignments.count == 4_000)
        #expect(big.assignments.last?.target == .property("label3999"))
        #expect(work.statementsRun == 4_000)
    }

    @Test func localsCostWhatEachBlockDeclares() throws {
        let lets = Self.lines(3_000) { "        let value\($0) = \($0)" }
        let blocks = Self.lines(3_000) { "        if flag { let inner = \($0); view.skeletonCornerRadius = inner }" }
        let (facts, work) = SwiftCodeReader.readMeasured(text: Self.controller(body: lets + "\n" + blocks))
        let big = try #require(facts.facts(forClass: "Big"))
        #expect(big.assignments.last?.value == .number(2_999))
        // Each `let` is bound once and undone once: a copy of the table per block would write 3,000 per block.
        #expect(work.scopeWrites == 2 * 6_000)
    }

    @Test func helpersThatCallHelpersTwiceStopAtTheBudget() throws {
        // step0 calls step1 twice, which calls step2 twice…: 2^40 runs if every call were followed.
        var members = "    func step40() { view.isSkeletonable = true }\n"
        for k in 0..<40 { members += "    func step\(k)() { step\(k + 1)(); step\(k + 1)() }\n" }
        let source = "class Big: UIViewController {\n\(members)    override func viewDidLoad() { step0() }\n}\n"
        let (facts, work) = SwiftCodeReader.readMeasured(text: source)
        let big = try #require(facts.facts(forClass: "Big"))
        #expect(big.assignments.first?.value == .bool(true))
        #expect(work.statementsRun <= work.statements * ReadBudget.perStatement + ReadBudget.base)
        let stop = big.hints.filter { $0.kind == .tooLarge }
        #expect(stop.count == 1)
        #expect(stop.first?.message.hasPrefix("reading stops here") == true)
    }

    @Test func aLongClosureOverManyViewsStopsAtTheBudget() throws {
        let views = (0..<2_000).map { "v\($0)" }.joined(separator: ", ")
        let body =
            "        [\(views)].forEach { v in\n"
            + Self.lines(2_000) { "            v.skeletonCornerRadius = \($0)" } + "\n        }"
        let (facts, work) = SwiftCodeReader.readMeasured(text: Self.controller(body: body))
        let big = try #require(facts.facts(forClass: "Big"))
        // 4,000,000 runs if every view ran the whole closure.
        #expect(work.statementsRun <= work.statements * ReadBudget.perStatement + ReadBudget.base)
        #expect(big.assignments.count == work.statementsRun - 1)
        #expect(big.hints.filter { $0.kind == .tooLarge }.count == 1)
    }

    @Test func extensionsGatherTheirMembersInPlace() throws {
        let source =
            "class Big: UIViewController {}\n"
            + Self.lines(5_000) { "extension Big { func f\($0)() { view.isSkeletonable = true } }" } + "\n"
            + "extension Big { override func viewDidLoad() { f4999() } }\n"
        let (facts, _) = SwiftCodeReader.readMeasured(text: source)
        let big = try #require(facts.facts(forClass: "Big"))
        #expect(facts.classes.count == 1)
        #expect(big.assignments.map(\.range.start.line) == [5_001])
    }

    /// swift-syntax's `trimmed`, `trimmedDescription` and `with(_:_:)` rebuild every ancestor of the node up to the
    /// file (each copies its class's members and the file's declarations): called per class, member or hint, they
    /// made reading quadratic. The reader quotes code through `Excerpt` instead.
    @Test func theReaderNeverRebuildsTheTreeToQuoteIt() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SwiftCode")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 5)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                #expect(!line.contains(".trimmed") && !line.contains(".with(\\."), "\(file): \(line)")
            }
        }
    }

    // MARK: Messages

    @Test func aMessageQuotesAtMostAnExcerptOfHugeCode() throws {
        let operands = (0..<20_000).map { "width\($0)" }.joined(separator: " + ")
        let source = Self.controller(body: "        if \(operands) > 0 { view.skeletonCornerRadius = \(operands) }")
        let big = try #require(SwiftCodeReader.read(text: source).facts(forClass: "Big"))
        #expect(big.hints.count == 1)
        #expect(big.hints.allSatisfy { $0.message.count < 4 * Excerpt.limit })
        #expect(big.hints.first?.message.hasPrefix("`width0 + width1 + width2") == true)
    }

    @Test func excerptsAreTheTrimmedTextWhenItFits() throws {
        let source = Self.controller(body: "        view.skeletonCornerRadius = compute( a,  /* two */ b )  // why")
        let big = try #require(SwiftCodeReader.read(text: source).facts(forClass: "Big"))
        #expect(big.hints.first?.message.hasPrefix("`compute( a,  /* two */ b )` is not known statically") == true)
    }

    // MARK: The size limit

    @Test func aFileOverTheLimitIsNotParsed() throws {
        let head = "class Big: UIViewController { override func viewDidLoad() { view.isSkeletonable = true } }\r\n"
        let source = head + String(repeating: "/", count: SwiftCodeReader.maxBytes + 1 - head.utf8.count)
        #expect(source.utf8.count == SwiftCodeReader.maxBytes + 1)
        let (facts, work) = SwiftCodeReader.readMeasured(text: source, file: "file:///big.swift")
        #expect(facts.classes.isEmpty)
        #expect(work.statements == 0)
        let hint = try #require(facts.hints.first)
        #expect(facts.hints.count == 1)
        #expect(hint.kind == .tooLarge)
        #expect(hint.file == "file:///big.swift")
        #expect(hint.range == Code.range(1, 1, head.utf8.count - 1, file: "file:///big.swift"))
        #expect(hint.message.hasPrefix("this file is 4194305 bytes (4.0 MiB), over the 4 MiB skeletond reads"))
    }

    @Test func aFileAtTheLimitIsRead() throws {
        let head = "class Big: UIViewController { override func viewDidLoad() { view.isSkeletonable = true } }\n"
        let source = head + String(repeating: "/", count: SwiftCodeReader.maxBytes - head.utf8.count)
        let big = try #require(SwiftCodeReader.read(text: source).facts(forClass: "Big"))
        #expect(big.assignments.count == 1)
    }
}
