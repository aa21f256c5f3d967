package import JSON

/// Explicit limits on what a document may be. All are checked; going over one is an error.
package struct DocumentLimits: Sendable, Hashable {
    /// The deepest node nesting, counting the root as 1 and template instances at their final depth.
    package var maxDepth: Int = 256
    /// Nodes after template instantiation.
    package var maxNodes: Int = 100_000
    /// The largest root frame, in points.
    package var maxCanvasWidth: Double = 16384
    /// The tallest root frame, in points.
    package var maxCanvasHeight: Double = 16384
    /// The largest document text, in bytes.
    package var maxBytes: Int = 64 << 20
    /// Problems listed at most (one more `too-many-problems` warning says the list was cut).
    package var maxProblems: Int = 100
    /// Skeleton lines of one text node (`numberOfLines`, `skeletonTextNumberOfLines`, or the automatic count its
    /// height gives). 1,000 lines at SkeletonView's default pitch (15-pt lines, 10 pt apart) are 25,000 pt, more
    /// than the tallest canvas, so no document that draws inside its canvas needs more.
    package var maxLinesPerText: Int = TextLineCount.ceiling
    /// Skeleton lines of one table or collection, its template instances included: templates multiply lines as they
    /// multiply nodes, so they get the same budget. Checked where instances are made, from that node's subtree
    /// alone, so an edit decoded on its own is judged as the whole document would be.
    package var maxLines: Int = 100_000
    /// Sections of one table or collection.
    package var maxSections: Int = 1_000
    /// The smallest positive row height, item size and line height, in points: below it (denormals included), the
    /// counts computed from it grow without bound.
    package var minimumSize: Double = 0.5
    /// The largest font size, in points: glyphs are rasterised at this size times the render scale, so it bounds
    /// the memory one glyph can take.
    package var maxFontSize: Double = 512

    package init() {}

    /// The defaults: 256 levels, 100,000 nodes, 16384 × 16384 points, 64 MiB, 100 problems, 1,000 lines per text
    /// node and 100,000 per table or collection, 1,000 sections, sizes of at least 0.5 pt.
    package static let `default` = DocumentLimits()

    /// Limits for the JSON parse: deep enough for `maxDepth` nodes (each node level is an object in a
    /// `children` array, so two JSON levels), plus room for the members of the deepest node.
    package var jsonLimits: JSONLimits {
        JSONLimits(maxBytes: maxBytes, maxDepth: 2 * maxDepth + 8)
    }
}
