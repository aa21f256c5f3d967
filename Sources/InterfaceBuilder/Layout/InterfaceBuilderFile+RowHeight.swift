package import JSON

/// Cells at a row height the file does not give them (set in code): the frames of the cells and their views as UIKit
/// lays them out at that height (`CellHeightLayout`), as overlay members by element id (`decodeScene(_:overlay:)`,
/// `nibView(scene:overlay:)`).
extension InterfaceBuilderFile {
    /// The prototype cells of table `tableID` in scene `scene` (nil: the initial scene) at row height `height`:
    /// `{"frame": [x, y, width, height]}` for each cell and each of its views whose frame changes.
    package func prototypeFrames(table tableID: String, scene: String?, rowHeight height: Double) -> [String:
        JSONObject]
    {
        guard let id = self.scene(scene)?.id, let root = roots[id], let table = Self.element(tableID, under: root),
            table.name == "tableView"
        else { return [:] }
        var out: [String: JSONObject] = [:]
        for cell in ViewMapper.prototypes(of: table) { Self.add(cell, height, excludedConstraints, into: &out) }
        return out
    }

    /// The top-level cell of nib scene `scene` (`nibScene(elements:)`) at row height `height`, as
    /// `prototypeFrames(table:scene:rowHeight:)` gives a prototype's.
    package func nibCellFrames(scene: String, rowHeight height: Double) -> [String: JSONObject] {
        guard let cell = roots[scene], cell.name == "tableViewCell" else { return [:] }
        var out: [String: JSONObject] = [:]
        Self.add(cell, height, excludedConstraints, into: &out)
        return out
    }

    private static func add(
        _ cell: IBElement, _ height: Double, _ excluded: Set<String>, into out: inout [String: JSONObject]
    ) {
        for (id, frame) in CellHeightLayout.frames(of: cell, height: height, excluded: excluded) {
            out[id] = ["frame": .array(frame.map(JSON.double))]
        }
    }

    /// The element with id `id` in the tree under `root` (depth first, without recursion).
    private static func element(_ id: String, under root: IBElement) -> IBElement? {
        var stack = [root]
        while let e = stack.popLast() {
            if e["id"] == id { return e }
            stack += e.children.reversed()
        }
        return nil
    }
}
