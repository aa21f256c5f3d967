import InterfaceBuilder
import JSON
import SkeletonModel
import SwiftCode

/// Cells at the row height code sets: UIKit sizes every row's cell to the table's row height (`rowHeight`, or the
/// delegate's `heightForRowAt`) and lays its views out again at that height, so the cells in the file (prototypes)
/// and the XIBs code registers are laid out at it (`InterfaceBuilderFile.prototypeFrames`, `nibCellFrames`).
extension SceneOverlay {
    /// The row height in points code gives table `listID` (`tableView.rowHeight = n`, `heightForRowAt`); nil when
    /// code gives none (or makes it automatic).
    func codeRowHeight(_ listID: String) -> Double? {
        switch members[listID]?[DocumentProperty.list.rowHeight.name] {
        case .int(let n)?: Double(n)
        case .double(let d)?: d
        default: nil
        }
    }

    /// Lays the file's prototype cells out at the row height code gives their table.
    mutating func layOutPrototypes(of file: InterfaceBuilderFile, scene: String?) {
        for listID in members.keys.sorted() {
            guard let height = codeRowHeight(listID) else { continue }
            merge(file.prototypeFrames(table: listID, scene: scene, rowHeight: height))
        }
    }

    /// Adds `frames` (members by element id) to the overlay.
    mutating func merge(_ frames: [String: JSONObject]) {
        for (id, added) in frames {
            for (key, value) in added { members[id, default: [:]][key] = value }
        }
    }
}
