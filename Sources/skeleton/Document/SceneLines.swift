/// The lines each `<scene>` of a storyboard spans, so that `--scene ID` prints only that scene's diagnostics (and
/// those outside every scene: the file's own).
struct SceneLines {
    /// One `<scene>` element: its first and last line (1-based) and the ids written in it (`sceneID`, `id`).
    struct Block {
        var lines: ClosedRange<Int>
        var ids: Set<String>
    }

    let blocks: [Block]

    /// Finds the scenes of `text` in one pass over its lines (a XIB, or JSON, has none).
    init(_ text: String) {
        var blocks: [Block] = []
        var open: (start: Int, ids: Set<String>)?
        var line = 0
        for content in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line += 1
            if open == nil, content.contains("<scene ") || content.contains("<scene>") { open = (line, []) }
            guard var current = open else { continue }
            current.ids.formUnion(Self.ids(in: content))
            open = current
            if content.contains("</scene>") {
                blocks.append(Block(lines: current.start...line, ids: current.ids))
                open = nil
            }
        }
        self.blocks = blocks
    }

    /// Whether a diagnostic on `line` is about scene `scene`: it is in that scene's block, or in no scene's.
    func line(_ line: Int, isAbout scene: String) -> Bool {
        guard let block = blocks.first(where: { $0.lines.contains(line) }) else { return true }
        return block.ids.contains(scene)
    }

    /// The values of `id="…"` and `sceneID="…"` attributes on one line.
    private static func ids(in line: Substring) -> [String] {
        var found: [String] = []
        var rest = line[...]
        while let range = rest.firstRange(of: "id=\"") ?? rest.firstRange(of: "ID=\"") {
            let after = rest[range.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            let before = rest[..<range.lowerBound].last
            if before == " " || before == "\t" || before == "e" { found.append(String(after[..<end])) }
            rest = after[after.index(after: end)...]
        }
        return found
    }
}
