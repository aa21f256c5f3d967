/// Trimming damage by comparing the pixels of two frames tile by tile.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Compares frames in tiles of `TileDiff.tileWidth` × `TileDiff.tileHeight` pixels (aligned to the frame origin,
/// cut at its right and bottom edges) and returns rectangles covering exactly the tiles that differ.
package enum TileDiff {
    /// Tile width in pixels.
    package static let tileWidth = 64
    /// Tile height in pixels.
    package static let tileHeight = 16

    /// The differing tiles between `old` and `new` among the tiles that meet `within` (the whole frame when nil),
    /// merged: runs of adjacent dirty tiles in a tile row become one rectangle, and rectangles with the same
    /// columns in consecutive tile rows are joined. Rectangles are clipped to the frame, do not overlap, and are
    /// sorted top to bottom, then left to right. Empty when nothing differs.
    package static func changedRects(from old: Frame, to new: Frame, within: [PixelRect]? = nil) throws(RenderError)
        -> [PixelRect]
    {
        guard old.width == new.width, old.height == new.height else { throw .frameSizeMismatch }
        let dirty = dirtyTiles(old, new, within: within)
        return merge(
            dirty, columns: tileColumns(new.width), rows: tileRows(new.height), width: new.width, height: new.height,
            candidateRows: candidateRows(within, height: new.height, bounds: new.bounds))
    }

    /// Damage of at most this many pixels (after overlapping rectangles are merged) is cut to its differing pixels
    /// directly, without the tile pass (which pays only when it can skip unchanged tiles of a big damage).
    package static let directPixels = 8192

    /// What a frame carries for `damage` (pixel rectangles inside the frames, such as `LayerDamage` gives): the
    /// bounding boxes of the differing pixels, one per merged damage rectangle when the damage is small, else per
    /// run of differing tiles (`changedRects`, then `tightened`). The rectangles cover every differing pixel inside
    /// the damage, do not overlap, and each has a differing pixel on every edge. Empty when nothing differs.
    ///
    /// - Important: `old` and `new` have the same size.
    package static func changedPixels(from old: Frame, to new: Frame, within damage: [PixelRect]) throws(RenderError)
        -> [PixelRect]
    {
        guard old.width == new.width, old.height == new.height else { throw .frameSizeMismatch }
        let merged = disjoint(damage.map { $0.intersection(new.bounds) }.filter { !$0.isEmpty })
        let area = merged.reduce(0) { $0 + $1.area }
        guard area <= directPixels else {
            return tightened(try changedRects(from: old, to: new, within: damage), from: old, to: new)
        }
        return tightened(merged, from: old, to: new)
    }

    /// `rects` with every overlapping pair replaced by its bounding box until none overlap.
    static func disjoint(_ rects: [PixelRect]) -> [PixelRect] {
        var out: [PixelRect] = []
        for r in rects {
            var merged = r
            // A union can meet rectangles kept before: merge until it meets none.
            while let i = out.firstIndex(where: { !$0.intersection(merged).isEmpty }) {
                merged = merged.union(out.remove(at: i))
            }
            out.append(merged)
        }
        return out
    }

    /// The tile rows `within` meets (all rows when nil; empty when it meets none).
    static func candidateRows(_ within: [PixelRect]?, height: Int, bounds: PixelRect) -> Range<Int> {
        let rows = tileRows(height)
        guard let within else { return 0..<rows }
        var low = rows
        var high = 0
        for r in within {
            let c = r.intersection(bounds)
            guard !c.isEmpty else { continue }
            low = min(low, c.minY / tileHeight)
            high = max(high, (c.maxY - 1) / tileHeight + 1)
        }
        return low < high ? low..<high : 0..<0
    }

    /// `rects` (from `changedRects`, between the same frames), each cut to the bounding box of its pixels that
    /// differ between `old` and `new`; a rectangle with no differing pixel is dropped. The result still covers every
    /// differing pixel the input covered, and rectangles that did not overlap still do not.
    ///
    /// - Important: `old` and `new` have the same size and every rectangle lies inside them (as `changedRects`
    ///   returns them).
    package static func tightened(_ rects: [PixelRect], from old: Frame, to new: Frame) -> [PixelRect] {
        guard old.width == new.width, old.height == new.height else { return rects }
        let w = new.width
        return old.pixels.withUnsafeBufferPointer { a in
            new.pixels.withUnsafeBufferPointer { b in
                guard let pa = a.baseAddress, let pb = b.baseAddress else { return [] }
                var result: [PixelRect] = []
                result.reserveCapacity(rects.count)
                for r in rects {
                    let rect = r.intersection(new.bounds)
                    guard !rect.isEmpty else { continue }
                    let bytes = rect.width * 4
                    func rowDiffers(_ y: Int) -> Bool {
                        memcmp(pa + y * w + rect.minX, pb + y * w + rect.minX, bytes) != 0
                    }
                    var top = rect.minY
                    while top < rect.maxY && !rowDiffers(top) { top += 1 }
                    guard top < rect.maxY else { continue }
                    var bottom = rect.maxY - 1
                    while bottom > top && !rowDiffers(bottom) { bottom -= 1 }
                    var left = rect.maxX
                    var right = rect.minX - 1
                    for y in top...bottom {
                        let row = PixelRows(a: pa + y * w, b: pb + y * w)
                        if let x = row.firstDifference(in: rect.minX..<left) { left = x }
                        if let z = row.lastDifference(in: (right + 1)..<rect.maxX) { right = z }
                    }
                    guard left <= right else { continue }
                    result.append(PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1))
                }
                return result
            }
        }
    }

    static func tileColumns(_ width: Int) -> Int { (width + tileWidth - 1) / tileWidth }
    static func tileRows(_ height: Int) -> Int { (height + tileHeight - 1) / tileHeight }

    /// One flag per tile, row-major: true when the tile was a candidate and its pixels differ.
    static func dirtyTiles(_ old: Frame, _ new: Frame, within: [PixelRect]?) -> [Bool] {
        let cols = tileColumns(new.width)
        let rows = tileRows(new.height)
        let w = new.width
        let h = new.height
        var candidate = [Bool](repeating: within == nil, count: cols * rows)
        if let within {
            for r in within {
                let c = r.intersection(new.bounds)
                guard !c.isEmpty else { continue }
                for ty in (c.minY / tileHeight)...((c.maxY - 1) / tileHeight) {
                    for tx in (c.minX / tileWidth)...((c.maxX - 1) / tileWidth) { candidate[ty * cols + tx] = true }
                }
            }
        }
        var dirty = [Bool](repeating: false, count: cols * rows)
        old.pixels.withUnsafeBufferPointer { a in
            new.pixels.withUnsafeBufferPointer { b in
                guard let pa = a.baseAddress, let pb = b.baseAddress else { return }
                for ty in candidateRows(within, height: h, bounds: new.bounds) {
                    let y0 = ty * tileHeight
                    let y1 = min(h, y0 + tileHeight)
                    for tx in 0..<cols where candidate[ty * cols + tx] {
                        let x0 = tx * tileWidth
                        let n = min(w, x0 + tileWidth) - x0
                        var differs = false
                        var y = y0
                        while y < y1 && !differs {
                            differs = memcmp(pa + y * w + x0, pb + y * w + x0, n * 4) != 0
                            y += 1
                        }
                        dirty[ty * cols + tx] = differs
                    }
                }
            }
        }
        return dirty
    }

    /// Merges dirty tiles into rectangles (runs per tile row, then equal runs stacked vertically). Only the rows in
    /// `candidateRows` can hold dirty tiles (the others are not looked at).
    static func merge(
        _ dirty: [Bool], columns cols: Int, rows: Int, width: Int, height: Int, candidateRows: Range<Int>? = nil
    ) -> [PixelRect] {
        let scanned = candidateRows ?? 0..<rows
        var done: [PixelRect] = []
        // Open rectangles from the previous tile row, keyed by their tile column span.
        var open: [(tx0: Int, tx1: Int, ty0: Int)] = []
        func close(_ o: (tx0: Int, tx1: Int, ty0: Int), endRow: Int) {
            let x0 = o.tx0 * tileWidth
            let y0 = o.ty0 * tileHeight
            done.append(
                PixelRect(
                    x: x0, y: y0, width: min(width, o.tx1 * tileWidth) - x0,
                    height: min(height, endRow * tileHeight) - y0))
        }
        var runs: [(Int, Int)] = []
        for ty in scanned {
            runs.removeAll(keepingCapacity: true)
            var tx = 0
            while tx < cols {
                if dirty[ty * cols + tx] {
                    let start = tx
                    while tx < cols && dirty[ty * cols + tx] { tx += 1 }
                    runs.append((start, tx))
                } else {
                    tx += 1
                }
            }
            var next: [(tx0: Int, tx1: Int, ty0: Int)] = []
            for o in open {
                if runs.contains(where: { $0.0 == o.tx0 && $0.1 == o.tx1 }) {
                    next.append(o)
                } else {
                    close(o, endRow: ty)
                }
            }
            for run in runs where !next.contains(where: { $0.tx0 == run.0 && $0.tx1 == run.1 }) {
                next.append((run.0, run.1, ty))
            }
            open = next
        }
        for o in open { close(o, endRow: scanned.upperBound) }
        return done.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}

/// One row of two frames, compared eight pixels at a time.
private struct PixelRows {
    let a: UnsafePointer<UInt32>
    let b: UnsafePointer<UInt32>

    /// Whether pixels `x..<(x + 8)` are the same in both rows.
    private func sameOctet(_ x: Int) -> Bool {
        let ra = UnsafeRawPointer(a + x)
        let rb = UnsafeRawPointer(b + x)
        var d: UInt64 = 0
        for k in 0..<4 {
            d |=
                ra.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)
                ^ rb.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)
        }
        return d == 0
    }

    /// The first column of `range` where the rows differ.
    func firstDifference(in range: Range<Int>) -> Int? {
        var x = range.lowerBound
        while x + 8 <= range.upperBound && sameOctet(x) { x += 8 }
        while x < range.upperBound {
            if a[x] != b[x] { return x }
            x += 1
        }
        return nil
    }

    /// The last column of `range` where the rows differ.
    func lastDifference(in range: Range<Int>) -> Int? {
        var z = range.upperBound
        while z - 8 >= range.lowerBound && sameOctet(z - 8) { z -= 8 }
        while z > range.lowerBound {
            z -= 1
            if a[z] != b[z] { return z }
        }
        return nil
    }
}
