/// Runs of a display list's layers that lists spliced from one another share.

/// At most `LayerSegment.capacity` consecutive layers of a display list, with the box their shapes lie in.
///
/// Never changed once made: lists share segments, and a splice replaces the segments its run touches.
package final class LayerSegment: Sendable {
    /// The most layers a segment holds: a splice copies at most two segments' worth beside its run, and a renderer
    /// looks at a segment's box before its layers.
    package static let capacity = 64

    /// The layers, in paint order (at least one).
    package let layers: [Layer]
    /// The union of the layers' shape rectangles, each normalised (a negative width or height spans the other
    /// way); nil when any is not finite (then the segment may touch anything).
    package let extent: Rect?

    init(_ layers: ArraySlice<Layer>) {
        self.layers = Array(layers)
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        var finite = true
        for layer in layers {
            let r = layer.shape.rect
            guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else {
                finite = false
                break
            }
            x0 = min(x0, r.x, r.x + r.width)
            x1 = max(x1, r.x, r.x + r.width)
            y0 = min(y0, r.y, r.y + r.height)
            y1 = max(y1, r.y, r.y + r.height)
        }
        extent = finite && x0 <= x1 && y0 <= y1 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// `layers` in segments of at most `capacity` (none for no layers).
    static func segments(of layers: ArraySlice<Layer>) -> [LayerSegment] {
        var out: [LayerSegment] = []
        out.reserveCapacity((layers.count + capacity - 1) / capacity)
        var start = layers.startIndex
        while start < layers.endIndex {
            let end = min(layers.endIndex, start + capacity)
            out.append(LayerSegment(layers[start..<end]))
            start = end
        }
        return out
    }

    /// `segments` with their layers `replaced` (indices over all of them) replaced by `run`: the segments before
    /// and after the ones `replaced` touches are kept as they are; those it touches are cut anew around `run`.
    ///
    /// - Important: `replaced` lies within the segments' layers.
    static func splice(_ segments: [LayerSegment], replacing replaced: Range<Int>, with run: [Layer])
        -> [LayerSegment]
    {
        // The first segment ending after the replaced layers start (an empty run at a boundary goes before the
        // segment after it), and the last one starting before they end.
        var first = segments.count
        var firstStart = 0
        var start = 0
        for (i, segment) in segments.enumerated() {
            let end = start + segment.layers.count
            if end > replaced.lowerBound {
                first = i
                firstStart = start
                break
            }
            start = end
        }
        guard first < segments.count else {
            // After every layer (or no layers at all): the run goes on top.
            return segments + Self.segments(of: run[...])
        }
        var last = first
        var lastEnd = firstStart + segments[first].layers.count
        while lastEnd < replaced.upperBound, last + 1 < segments.count {
            last += 1
            lastEnd += segments[last].layers.count
        }
        // What the touched segments keep before and after the replaced layers, around the run.
        let head = segments[first].layers
        let tail = segments[last].layers
        let lastStart = lastEnd - tail.count
        var middle: [Layer] = []
        middle.reserveCapacity(lastEnd - firstStart - replaced.count + run.count)
        middle.append(contentsOf: head[..<min(replaced.lowerBound - firstStart, head.count)])
        middle.append(contentsOf: run)
        middle.append(contentsOf: tail[min(tail.count, replaced.upperBound - lastStart)...])
        var out: [LayerSegment] = []
        out.reserveCapacity(segments.count + run.count / capacity + 1)
        out.append(contentsOf: segments[..<first])
        out.append(contentsOf: Self.segments(of: middle[...]))
        out.append(contentsOf: segments[(last + 1)...])
        return out
    }
}
