import JSON
import SkeletonRender

extension FrameWire {
    /// `cellsPacked` runs: `[[x, y, fg₀, bg₀, fg₁, bg₁, …], …]`, each colour the integer 0xRRGGBB. The same runs
    /// as `cellRuns`, without a string or an object per cell: a client's JSON parser makes one array of integers a
    /// run.
    static func packedCellRuns(_ runs: [CellRun]) -> JSON {
        .array(
            runs.map { run in
                var values: [JSON] = [.int(run.column), .int(run.row)]
                values.reserveCapacity(2 + 2 * run.cells.count)
                for cell in run.cells {
                    values.append(.int(packed(cell.top)))
                    values.append(.int(packed(cell.bottom)))
                }
                return .array(values)
            })
    }

    /// `color` as the integer 0xRRGGBB.
    static func packed(_ color: RGB8) -> Int { Int(color.r) << 16 | Int(color.g) << 8 | Int(color.b) }
}
