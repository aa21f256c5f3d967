/// A deterministic skeleton document of any size: a grid of feed cards, every node skeletonable.
///
/// Root `UIView` → one `UIView` per grid row → cards (`UIView`, rounded, clipped, white) → a header row (`UIView`
/// with an avatar `UIImageView`, a name and a subtitle `UILabel`), a multiline body `UILabel`
/// (`numberOfLines: 0`, 2–3 lines), a picture `UIImageView`, and an actions row (`UIView` with three
/// `UIButton`s). Eleven nodes per card, depth 5. One node per line, so an edit can address a value by line and
/// column: `editTarget` is the width of the first card's picture (three digits, `154`), which the latency bench
/// toggles between `154` and `155` without moving any other text.
struct CardDocument {
    let text: [UInt8]
    /// Nodes in the document (root and row containers included).
    let nodeCount: Int
    /// Leaves (each becomes a skeleton block or text lines).
    let leafCount: Int
    let canvasWidth: Int
    let canvasHeight: Int
    /// Zero-based line and UTF-8 column of the three width digits of the edit target.
    let editLine: Int
    let editColumn: Int

    static let nodesPerCard = 11
    static let cardWidth = 170, cardHeight = 180, gutter = 8

    /// Exactly `nodes` nodes (at least 13): whole cards, then small badge leaves (`UIImageView`) at the end of
    /// the root to make up the count.
    static func make(nodes: Int, seed: UInt64 = 7) -> CardDocument {
        var cards = max(1, (nodes - 1) / nodesPerCard)
        while cards > 1, 1 + rows(cards: cards) + nodesPerCard * cards > nodes { cards -= 1 }
        return make(cards: cards, badges: max(0, nodes - 1 - rows(cards: cards) - nodesPerCard * cards), seed: seed)
    }

    /// The smallest document of at least `bytes` bytes.
    static func make(bytes: Int, seed: UInt64 = 7) -> CardDocument {
        let probe = make(cards: 100, seed: seed)
        let perCard = max(1, probe.text.count / 100)
        var cards = max(1, bytes / perCard)
        var document = make(cards: cards, seed: seed)
        while document.text.count < bytes {
            cards += max(1, (bytes - document.text.count) / perCard + 1)
            document = make(cards: cards, seed: seed)
        }
        return document
    }

    /// A near-square grid of cards (the canvas limit is 16384 points a side).
    static func columns(cards: Int) -> Int {
        var columns = 1
        while columns * columns < cards { columns += 1 }
        return columns
    }

    static func rows(cards: Int) -> Int {
        let columns = columns(cards: cards)
        return (cards + columns - 1) / columns
    }

    static func make(cards: Int, badges: Int = 0, seed: UInt64) -> CardDocument {
        var random = SplitMix64(seed: seed)
        let columns = columns(cards: cards)
        let rows = rows(cards: cards)
        let strideX = cardWidth + gutter
        let strideY = cardHeight + gutter
        let width = columns * strideX + gutter
        let height = rows * strideY + gutter
        var lines: [String] = []
        var nodes = 1
        var leaves = 0
        var editLine = -1
        var editColumn = -1
        lines.append("{")
        lines.append("\"$schema\": \"../Protocol/schemas/document.schema.json\",")
        lines.append("\"appearance\": {\"multilineCornerRadius\": 4, \"skeletonCornerRadius\": 2},")
        lines.append(
            "\"root\": {\"type\": \"UIView\", \"id\": \"screen\", \"frame\": [0, 0, \(width), \(height)], \"isSkeletonable\": true, \"backgroundColor\": \"#F2F2F7\", \"children\": ["
        )
        let colours = ["#FFFFFF", "#FAFAFA", "#FFFFFF", "#F8F8F8"]
        let alignments = ["natural", "left", "natural", "center"]
        for row in 0..<rows {
            let inRow = min(columns, cards - row * columns)
            lines.append(
                "{\"type\": \"UIView\", \"id\": \"row-\(row)\", \"frame\": [0, \(gutter + row * strideY), \(width), \(cardHeight)], \"isSkeletonable\": true, \"children\": ["
            )
            nodes += 1
            for column in 0..<inRow {
                let c = row * columns + column
                let last = column == inRow - 1
                let bodyHeight = random.pick([40, 44, 46])
                let nameWidth = 60 + random.below(47)
                lines.append(
                    "{\"type\": \"UIView\", \"id\": \"card-\(c)\", \"frame\": [\(gutter + column * strideX), 0, \(cardWidth), \(cardHeight)], \"isSkeletonable\": true, \"cornerRadius\": 12, \"clipsToBounds\": true, \"backgroundColor\": \"\(random.pick(colours))\", \"children\": ["
                )
                lines.append(
                    "  {\"type\": \"UIView\", \"id\": \"card-\(c)-header\", \"frame\": [8, 8, 154, 40], \"isSkeletonable\": true, \"children\": ["
                )
                lines.append(
                    "    {\"type\": \"UIImageView\", \"id\": \"card-\(c)-avatar\", \"frame\": [0, 0, 40, 40], \"isSkeletonable\": true, \"cornerRadius\": 20, \"clipsToBounds\": true},"
                )
                lines.append(
                    "    {\"type\": \"UILabel\", \"id\": \"card-\(c)-name\", \"frame\": [48, 2, \(nameWidth), 16], \"isSkeletonable\": true, \"font\": 16, \"linesCornerRadius\": 4, \"textAlignment\": \"\(random.pick(alignments))\"},"
                )
                lines.append(
                    "    {\"type\": \"UILabel\", \"id\": \"card-\(c)-subtitle\", \"frame\": [48, 24, 80, 12], \"isSkeletonable\": true, \"font\": {\"lineHeight\": 12}, \"lastLineFillPercent\": 50}"
                )
                lines.append("  ]},")
                lines.append(
                    "  {\"type\": \"UILabel\", \"id\": \"card-\(c)-body\", \"frame\": [8, 56, 154, \(bodyHeight)], \"isSkeletonable\": true, \"numberOfLines\": 0, \"linesCornerRadius\": 4, \"skeletonLineSpacing\": 10, \"lastLineFillPercent\": \(50 + random.below(40))},"
                )
                if c == 0 {
                    let prefix = "  {\"type\": \"UIImageView\", \"id\": \"card-0-picture\", \"frame\": [8, 104, "
                    editLine = lines.count
                    editColumn = prefix.utf8.count
                    lines.append(
                        prefix + "154, 44], \"isSkeletonable\": true, \"cornerRadius\": 6, \"clipsToBounds\": true},")
                } else {
                    lines.append(
                        "  {\"type\": \"UIImageView\", \"id\": \"card-\(c)-picture\", \"frame\": [8, 104, 154, 44], \"isSkeletonable\": true, \"cornerRadius\": 6, \"clipsToBounds\": true},"
                    )
                }
                lines.append(
                    "  {\"type\": \"UIView\", \"id\": \"card-\(c)-actions\", \"frame\": [8, 152, 154, 20], \"isSkeletonable\": true, \"children\": ["
                )
                lines.append(
                    "    {\"type\": \"UIButton\", \"id\": \"card-\(c)-like\", \"frame\": [0, 0, 44, 20], \"isSkeletonable\": true, \"skeletonCornerRadius\": 10},"
                )
                lines.append(
                    "    {\"type\": \"UIButton\", \"id\": \"card-\(c)-comment\", \"frame\": [55, 0, 44, 20], \"isSkeletonable\": true, \"skeletonCornerRadius\": 10},"
                )
                lines.append(
                    "    {\"type\": \"UIButton\", \"id\": \"card-\(c)-share\", \"frame\": [110, 0, 44, 20], \"isSkeletonable\": true, \"skeletonCornerRadius\": 10}"
                )
                lines.append("  ]}")
                lines.append(last ? "]}" : "]},")
                nodes += nodesPerCard
                leaves += 8
            }
            lines.append(row == rows - 1 && badges == 0 ? "]}" : "]},")
        }
        for b in 0..<badges {
            let x = gutter + (b % max(1, columns)) * strideX + cardWidth - 20
            let y = gutter + (b / max(1, columns)) * strideY + 4
            lines.append(
                "{\"type\": \"UIImageView\", \"id\": \"badge-\(b)\", \"frame\": [\(x), \(y), 12, 12], \"isSkeletonable\": true, \"cornerRadius\": 6}"
                    + (b == badges - 1 ? "" : ","))
            nodes += 1
            leaves += 1
        }
        lines.append("]}")
        lines.append("}")
        var text: [UInt8] = []
        for line in lines {
            text.append(contentsOf: line.utf8)
            text.append(10)
        }
        return CardDocument(
            text: text, nodeCount: nodes, leafCount: leaves, canvasWidth: width, canvasHeight: height,
            editLine: editLine, editColumn: editColumn)
    }
}
