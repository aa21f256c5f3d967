import JSON
import SkeletonModel
import Testing

/// Every count a document derives is checked against `DocumentLimits` before anything is built for it. Each hostile
/// document here would abort the process or allocate gigabytes if its check broke; each must come back as one
/// problem on the offending member and no document.
@Suite("Document limits: work bounded by bytes")
struct DocumentLimitsTests {
    /// The problems of `text` as "code pointer" strings, requiring that it was rejected.
    func rejected(
        _ text: String, limits: DocumentLimits = .default, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String] {
        let result = DocumentDecoder(limits: limits).decode(text: text)
        #expect(result.document == nil, sourceLocation: sourceLocation)
        return result.problems.map { "\($0.code.rawValue) \($0.pointer)" }
    }

    /// A collection (or table, with `type`) whose members are `members`, with a one-node cell template "c".
    func collection(_ members: String, type: String = "UICollectionView", frame: String = "0, 0, 100, 100") -> String {
        #"{"root": {"type": ""# + type + #"", "frame": ["# + frame + "], " + members
            + #", "templates": {"c": {"type": "UICollectionViewCell", "frame": [0, 0, 10, 10]}}}}"#
    }

    /// A label (a child of a 320 × 480 root) with `members`.
    func label(_ members: String, height: Double = 40) -> String {
        #"{"root": {"type": "UIView", "frame": [0, 0, 320, 480], "children": [{"type": "UILabel", "frame": [0, 0, 200, "#
            + "\(height)], " + members + "}]}}"
    }

    // MARK: Row 1: instance counts

    @Test func aBillionCollectionItemsAreTooManyNodesOnTheCount() {
        #expect(
            rejected(collection(#""sections": [{"items": 1000000000, "cell": "c"}]"#))
                == ["too-many-nodes /root/sections/0/items"])
    }

    @Test func aBillionTableRowsAreTooManyNodesOnTheCount() {
        #expect(
            rejected(
                collection(#""rowHeight": 10, "sections": [{"rows": 1000000000, "cell": "c"}]"#, type: "UITableView"))
                == ["too-many-nodes /root/sections/0/rows"])
    }

    @Test func instanceCountsThatOverflowWhenMultipliedAreTooManyNodes() {
        // 2⁵³ - 1 items of a 1,024-node cell: the product overflows Int.
        let children = Array(repeating: #"{"type": "UIView", "frame": [0, 0, 1, 1]}"#, count: 1023)
            .joined(separator: ",")
        let text =
            #"{"root": {"type": "UICollectionView", "frame": [0, 0, 100, 100], "sections": [{"items": 9007199254740991, "cell": "c"}], "templates": {"c": {"type": "UICollectionViewCell", "frame": [0, 0, 10, 10], "children": ["#
            + children + "]}}}}"
        #expect(rejected(text) == ["too-many-nodes /root/sections/0/items"])
    }

    @Test func anAutomaticCountFromAnExtentOverDoublesRangeIsTooManyNodes() {
        // 1.7e308 / 0.5 is infinite: the count saturates and is over the limit, instead of being zero rows.
        let text =
            #"{"root": {"type": "UIView", "frame": [0, 0, 100, 100], "children": [{"type": "UITableView", "frame": [0, 0, 100, 1.7e308], "rowHeight": 0.5, "cell": "c", "templates": {"c": {"type": "UITableViewCell", "frame": [0, 0, 10, 10]}}}]}}"#
        #expect(rejected(text) == ["too-many-nodes /root/children/0/cell"])
    }

    @Test func nodesRightAtTheLimitPassAndOneMoreFails() {
        var small = DocumentLimits()
        small.maxNodes = 10
        // The collection and 9 one-node items: 10 nodes.
        let fits = DocumentDecoder(limits: small).decode(text: collection(#""sections": [{"items": 9, "cell": "c"}]"#))
        #expect(fits.errors.isEmpty)
        #expect(fits.document?.nodeCount == 10)
        #expect(
            rejected(collection(#""sections": [{"items": 10, "cell": "c"}]"#), limits: small)
                == ["too-many-nodes /root/sections/0/items"])
    }

    // MARK: Row 2: explicit line counts

    @Test func aBillionNumberOfLinesIsTooManyLines() {
        #expect(rejected(label(#""numberOfLines": 1000000000"#)) == ["too-many-lines /root/children/0/numberOfLines"])
    }

    @Test func aBillionSkeletonTextNumberOfLinesIsTooManyLines() {
        #expect(
            rejected(label(#""skeletonTextNumberOfLines": 1000000000"#))
                == ["too-many-lines /root/children/0/skeletonTextNumberOfLines"])
        #expect(
            rejected(label(#""skeletonTextNumberOfLines": {"custom": 1000000000}"#))
                == ["too-many-lines /root/children/0/skeletonTextNumberOfLines/custom"])
    }

    @Test func linesPerTextRightAtTheLimitPassAndOneMoreFails() throws {
        #expect(DocumentLimits.default.maxLinesPerText == 1000)
        let doc = try decodeValid(label(#""numberOfLines": 1000"#))
        #expect(doc.root.children.first?.skeletonLineCount(appearance: .default) == 1000)
        #expect(rejected(label(#""numberOfLines": 1001"#)) == ["too-many-lines /root/children/0/numberOfLines"])
        _ = try decodeValid(label(#""skeletonTextNumberOfLines": 1000"#))
        #expect(
            rejected(label(#""skeletonTextNumberOfLines": 1001"#))
                == ["too-many-lines /root/children/0/skeletonTextNumberOfLines"])
    }

    // MARK: Row 3: automatic line counts

    @Test func aMicroPointLineHeightIsSizeTooSmall() {
        #expect(
            rejected(label(#""numberOfLines": 0, "skeletonLineSpacing": 0, "skeletonTextLineHeight": 1e-6"#))
                == ["size-too-small /root/children/0/skeletonTextLineHeight"])
        #expect(
            rejected(label(#""numberOfLines": 0, "skeletonTextLineHeight": {"fixed": 1e-320}"#))
                == ["size-too-small /root/children/0/skeletonTextLineHeight/fixed"])
        #expect(
            rejected(label(#""numberOfLines": 0, "font": {"lineHeight": 1e-6}"#))
                == ["size-too-small /root/children/0/font/lineHeight"])
        let appearance =
            #"{"appearance": {"multilineHeight": 1e-6}, "root": {"type": "UILabel", "frame": [0, 0, 100, 100]}}"#
        #expect(rejected(appearance) == ["size-too-small /appearance/multilineHeight"])
    }

    @Test func lineHeightsRightAtTheMinimumPassAndBelowFail() throws {
        #expect(DocumentLimits.default.minimumSize == 0.5)
        _ = try decodeValid(label(#""numberOfLines": 0, "skeletonTextLineHeight": 0.5"#))
        #expect(
            rejected(label(#""numberOfLines": 0, "skeletonTextLineHeight": 0.49999999999999994"#))
                == ["size-too-small /root/children/0/skeletonTextLineHeight"])
    }

    @Test func anAutomaticLineCountOverTheLimitIsTooManyLinesOnTheFrame() throws {
        // Default lines: 15 pt every 25 pt, so a 25,000-pt label holds exactly 1,000 lines.
        let doc = try decodeValid(label(#""numberOfLines": 0"#, height: 25000))
        #expect(doc.root.children.first?.skeletonLineCount(appearance: .default) == 1000)
        #expect(rejected(label(#""numberOfLines": 0"#, height: 25025)) == ["too-many-lines /root/children/0/frame"])
        // A tiny pitch from a negative spacing is caught the same way.
        #expect(
            rejected(label(#""numberOfLines": 0, "skeletonLineSpacing": -14.999"#, height: 400))
                == ["too-many-lines /root/children/0/frame"])
    }

    @Test func linesOfATableRightAtTheLimitPassAndOneMoreFails() throws {
        // A text cell of 1,000 lines, as rows: 100 rows are 100,000 lines, the limit; the table's own one-line label
        // is one more.
        func table(rows: Int, extraLabel: Bool) -> String {
            let extra = extraLabel ? #", "children": [{"type": "UILabel", "frame": [0, 0, 10, 10]}]"# : ""
            return
                #"{"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "rowHeight": 10, "sections": [{"rows": "#
                + "\(rows)"
                + #", "cell": "c"}], "templates": {"c": {"type": "UILabel", "frame": [0, 0, 10, 10], "numberOfLines": 1000}}"#
                + extra + "}}"
        }
        #expect(DocumentLimits.default.maxLines == 100_000)
        _ = try decodeValid(table(rows: 100, extraLabel: false))
        #expect(rejected(table(rows: 100, extraLabel: true)) == ["too-many-lines /root/sections/0/rows"])
        #expect(rejected(table(rows: 1_000_000_000, extraLabel: false)) == ["too-many-nodes /root/sections/0/rows"])
    }

    @Test func aTextCellsAutomaticLinesFollowItsRowHeight() throws {
        // The template is 10 pt tall (0 lines), but each 2,500-pt row holds 100 lines: 1,001 rows are 100,100.
        func table(rows: Int) -> String {
            #"{"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "rowHeight": 2500, "sections": [{"rows": "#
                + "\(rows)"
                + #", "cell": "c"}], "templates": {"c": {"type": "UILabel", "frame": [0, 0, 10, 10], "numberOfLines": 0}}}}"#
        }
        _ = try decodeValid(table(rows: 1000))
        #expect(rejected(table(rows: 1001)) == ["too-many-lines /root/sections/0/rows"])
    }

    // MARK: Row 4: sections and row heights

    @Test func manyEmptySectionsAreTooManySections() {
        let sections = Array(repeating: "{}", count: 200_000).joined(separator: ",")
        #expect(
            rejected(collection(#""rowHeight": 10, "sections": ["# + sections + "]", type: "UITableView"))
                == ["too-many-sections /root/sections"])
        #expect(rejected(collection(#""sections": ["# + sections + "]")) == ["too-many-sections /root/sections"])
    }

    /// A million objects cost more than the tree the value limit allows: the byte pre-scan refuses them before
    /// jansson builds anything (issue #25, row 12), with the limit named.
    @Test func aMillionEmptySectionsAreRefusedBeforeTheyAreParsed() {
        let sections = Array(repeating: "{}", count: 1_000_000).joined(separator: ",")
        let result = DocumentDecoder().decode(text: collection(#""sections": ["# + sections + "]"))
        #expect(result.document == nil)
        #expect(result.problems.map(\.code.rawValue) == ["json-syntax"])
        #expect(result.problems.first?.message.contains("\(JSONLimits.defaultMaxValues)") == true)
    }

    @Test func sectionsRightAtTheLimitPassAndOneMoreFail() throws {
        #expect(DocumentLimits.default.maxSections == 1000)
        func sections(_ n: Int) -> String {
            #""rowHeight": 10, "sections": ["#
                + Array(repeating: #"{"rows": 0, "cell": "c"}"#, count: n).joined(separator: ",") + "]"
        }
        let doc = try decodeValid(collection(sections(1000), type: "UITableView"))
        #expect(doc.root.table?.sections.count == 1000)
        #expect(rejected(collection(sections(1001), type: "UITableView")) == ["too-many-sections /root/sections"])
    }

    @Test func microPointAndDenormalRowHeightsAreSizeTooSmall() {
        let table = { (members: String) in self.collection(members + #", "cell": "c""#, type: "UITableView") }
        #expect(rejected(table(#""rowHeight": 1e-6"#)) == ["size-too-small /root/rowHeight"])
        #expect(rejected(table(#""rowHeight": 1e-320"#)) == ["size-too-small /root/rowHeight"])
        #expect(
            rejected(table(#""rowHeight": "automatic", "estimatedRowHeight": 1e-320"#))
                == ["size-too-small /root/estimatedRowHeight"])
    }

    @Test func rowHeightsRightAtTheMinimumPassAndBelowFail() throws {
        let table = { (h: String) in
            self.collection(#""rowHeight": "# + h + #", "cell": "c""#, type: "UITableView", frame: "0, 0, 100, 2")
        }
        let doc = try decodeValid(table("0.5"))
        #expect(doc.nodeCount == 1 + 4)
        #expect(rejected(table("0.49999999999999994")) == ["size-too-small /root/rowHeight"])
    }

    @Test func microPointItemSizesAreSizeTooSmall() throws {
        #expect(
            rejected(collection(#""itemSize": [1e-6, 50], "cell": "c""#)) == ["size-too-small /root/itemSize/0"])
        #expect(
            rejected(collection(#""itemSize": [50, 1e-320], "cell": "c""#)) == ["size-too-small /root/itemSize/1"])
        let doc = try decodeValid(collection(#""itemSize": [0.5, 0.5], "cell": "c""#, frame: "0, 0, 100, 2"))
        #expect(doc.nodeCount == 1 + 4)
    }
}
