package import SkeletonGraphics
import Synchronization

/// Real text under skeletons: `TextContent` shaped with HarfBuzz (bidi by FriBidi) and rasterised with FreeType,
/// UILabel's behaviour as the model (see `Protocol/content.md`, "Text rendering").
///
/// Thread-safe: layouts, masks and glyph bitmaps are cached behind locks (each bounded by bytes, LRU-ish), FreeType
/// faces are used under their own locks, and HarfBuzz fonts are immutable. A mask is the whole layer's coverage,
/// never a region's, and the same inputs give the same bytes on any thread.
package final class TextEngine: Sendable {
    /// The engine of the process, its fonts discovered (`FontFiles.discover()`) on first use.
    package static let shared = TextEngine()

    /// Bytes of laid-out lines kept.
    static let layoutBudget = 16 << 20
    /// Bytes of masks kept.
    static let maskBudget = 64 << 20
    /// Bytes of glyph bitmaps kept.
    static let glyphBudget = 32 << 20

    let fonts: FontSet
    let counters = TextCounters()
    private let layouts = Mutex(GenerationalCache<LayoutKey, TextLayout>(budget: TextEngine.layoutBudget))
    private let masks = Mutex(GenerationalCache<MaskKey, CoverageMask>(budget: TextEngine.maskBudget))
    private let glyphs = Mutex(GenerationalCache<GlyphKey, GlyphBitmap>(budget: TextEngine.glyphBudget))

    /// Opens the fonts of `fontFiles`; `warn` is called once for each role whose font is missing or unreadable
    /// (its text then falls back: Inter → DejaVu Sans → nothing drawn).
    package init(fontFiles: FontFiles = .discover(), warn: @escaping @Sendable (String) -> Void = { _ in }) {
        fonts = FontSet(files: fontFiles, warn: warn)
    }

    /// Which font file each role uses, one line per role (system regular, medium, semibold, bold; Arabic, Hebrew,
    /// CJK and the last resort, each regular and bold), and what a missing role falls back to.
    package var fontReport: [String] { fonts.report }

    /// One line per role whose font is missing or unreadable, and what its text falls back to (empty when every
    /// font was found): what `warn` was told, kept so a daemon can log it.
    package var fontProblems: [String] { fonts.problems }

    /// Lays `content` out in a box of `size` points: lines, glyph positions, truncation. Cached.
    ///
    /// Invalid inputs (a size or font size that is not finite, not positive or over `TextLimits`) give no lines.
    package func layout(_ content: TextContent, in size: Size) -> TextLayout {
        layout(content, in: size, stop: .never) ?? .empty(size, content.font)
    }

    /// `layout(_:in:)`, nil when `stop` says so before it is done (then nothing is cached).
    package func layout(_ content: TextContent, in size: Size, stop: StopSignal) -> TextLayout? {
        let key = LayoutKey(content: ContentKey(content), size: size)
        if let hit = layouts.withLock({ $0.value(for: key) }) { return hit }
        guard let layout = ParagraphLayout.layout(content, in: size, fonts: fonts, counters: counters, stop: stop)
        else {
            counters.stops.add(1, ordering: .relaxed)
            return nil
        }
        if !layout.lines.isEmpty {
            let cost = layout.byteCost + content.text.utf8.count
            layouts.withLock { $0.insert(key, layout, cost: cost) }
        }
        return layout
    }

    /// The coverage of `content` laid out in `box` (absolute points) at `scale` pixels per point, placed in absolute
    /// device pixels (so the fractional pixel phase of `box.origin` is honoured). Cached (bounded memory,
    /// LRU-ish).
    ///
    /// Baselines are rounded to whole device pixels; pen positions to quarter pixels (the glyph bitmaps' phases).
    /// The mask is clipped to the box grown by a line height and the font size on every side. Invalid inputs (a
    /// scale outside `TextLimits.scale`, a box that is not finite, a mask over `TextLimits`) give an empty mask.
    package func mask(_ content: TextContent, in box: Rect, scale: Double) -> CoverageMask {
        mask(content, in: box, scale: scale, stop: .never) ?? .empty
    }

    /// `mask(_:in:scale:)`, nil when `stop` says so before it is done (then nothing is cached but the glyph bitmaps
    /// already made).
    package func mask(_ content: TextContent, in box: Rect, scale: Double, stop: StopSignal) -> CoverageMask? {
        guard scale.isFinite, TextLimits.scale.contains(scale), box.x.isFinite, box.y.isFinite,
            abs(box.x) <= TextLimits.maxBoxSide, abs(box.y) <= TextLimits.maxBoxSide
        else { return .empty }
        let key = MaskKey(content: ContentKey(content), box: box, scale: scale)
        if let hit = masks.withLock({ $0.value(for: key) }) { return hit }
        guard let layout = self.layout(content, in: Size(width: box.width, height: box.height), stop: stop) else {
            return nil
        }
        guard !layout.lines.isEmpty else { return .empty }
        guard let mask = draw(layout, in: box, scale: scale, stop: stop) else {
            counters.stops.add(1, ordering: .relaxed)
            return nil
        }
        counters.masks.add(1, ordering: .relaxed)
        let cost = mask.coverage.count + 128 + content.text.utf8.count
        masks.withLock { $0.insert(key, mask, cost: cost) }
        return mask
    }

    /// Forgets every cached layout and mask, and the glyph bitmaps too unless `keepingGlyphs` (the bench measures
    /// cold and warm costs with it).
    package func removeCachedData(keepingGlyphs: Bool = false) {
        layouts.withLock { $0.removeAll() }
        masks.withLock { $0.removeAll() }
        if !keepingGlyphs { glyphs.withLock { $0.removeAll() } }
    }

    // MARK: Drawing

    private struct Placement {
        var key: GlyphKey
        var x: Int
        var y: Int
    }

    /// The mask of `layout`; nil when `stop` says so (asked before each line's glyphs and while rasterising).
    private func draw(_ layout: TextLayout, in box: Rect, scale: Double, stop: StopSignal) -> CoverageMask? {
        let font = layout.font
        let ppem = font.size * scale
        guard ppem * 64 >= 1, ppem <= Double(TextLimits.maxPixelsPerEm) else { return .empty }
        let ppem26 = Int32((ppem * 64).rounded())
        // Every magnitude below is at most maxBoxSide × 16 (2^24) plus a few font sizes: Int conversions are safe.
        let margin = (font.lineHeight + font.size) * scale + 2
        let clipX0 = Int((box.x * scale - margin).rounded(.down))
        let clipY0 = Int((box.y * scale - margin).rounded(.down))
        let clipX1 = Int(((box.x + box.width) * scale + margin).rounded(.up))
        let clipY1 = Int(((box.y + box.height) * scale + margin).rounded(.up))

        var placements: [Placement] = []
        for line in layout.lines {
            if stop.isStopped { return nil }
            let baseline = Int(((box.y + line.baseline) * scale).rounded())
            for g in line.glyphs where g.id != 0 {
                let quarters = Int(((box.x + g.x + g.xOffset) * scale * 4).rounded())
                let whole = quarters >= 0 ? quarters / 4 : -((3 - quarters) / 4)
                let phase = UInt8(quarters - whole * 4)
                let y = baseline - Int((g.yOffset * scale).rounded())
                placements.append(
                    Placement(key: GlyphKey(font: g.font, glyph: g.id, ppem26: ppem26, phase: phase), x: whole, y: y))
            }
        }
        guard let bitmaps = self.bitmaps(for: placements.map(\.key), stop: stop) else { return nil }

        var x0 = Int.max
        var y0 = Int.max
        var x1 = Int.min
        var y1 = Int.min
        for p in placements {
            guard let b = bitmaps[p.key], b.width > 0 else { continue }
            x0 = min(x0, p.x + b.left)
            y0 = min(y0, p.y - b.top)
            x1 = max(x1, p.x + b.left + b.width)
            y1 = max(y1, p.y - b.top + b.height)
        }
        x0 = max(x0, clipX0)
        y0 = max(y0, clipY0)
        x1 = min(x1, clipX1)
        y1 = min(y1, clipY1)
        guard x1 > x0, y1 > y0 else { return .empty }
        let width = x1 - x0
        let height = y1 - y0
        guard width <= TextLimits.maxMaskSide, height <= TextLimits.maxMaskSide,
            width * height <= TextLimits.maxMaskPixels
        else { return .empty }

        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for p in placements {
                guard let b = bitmaps[p.key], b.width > 0 else { continue }
                let left = p.x + b.left
                let top = p.y - b.top
                let fromX = max(0, x0 - left)
                let toX = min(b.width, x1 - left)
                let fromY = max(0, y0 - top)
                let toY = min(b.height, y1 - top)
                guard fromX < toX, fromY < toY else { continue }
                b.pixels.withUnsafeBufferPointer { source in
                    for row in fromY..<toY {
                        let sourceRow = row * b.width
                        let outRow = (top + row - y0) * width + (left - x0)
                        for column in fromX..<toX {
                            let value = source[sourceRow + column]
                            if value > out[outRow + column] { out[outRow + column] = value }
                        }
                    }
                }
            }
        }
        return CoverageMask(x: x0, y: y0, width: width, height: height, coverage: coverage)
    }

    /// The bitmaps of `keys`: from the glyph cache under one lock, the misses rasterised outside it (each face under
    /// its own lock) and kept under one more; nil when `stop` says so (the bitmaps made so far are kept).
    private func bitmaps(for keys: [GlyphKey], stop: StopSignal) -> [GlyphKey: GlyphBitmap]? {
        var found: [GlyphKey: GlyphBitmap] = [:]
        var missing: [GlyphKey] = []
        var seen = Set<GlyphKey>()
        glyphs.withLock { cache in
            for key in keys where seen.insert(key).inserted {
                if let hit = cache.value(for: key) {
                    found[key] = hit
                } else {
                    missing.append(key)
                }
            }
        }
        guard !missing.isEmpty else { return found }
        var made: [(GlyphKey, GlyphBitmap)] = []
        var stopped = false
        for (index, key) in missing.enumerated() {
            if index % StopSignal.glyphStride == StopSignal.glyphStride - 1, stop.isStopped {
                stopped = true
                break
            }
            let bitmap =
                fonts.face(key.font)?.rasterize(glyph: key.glyph, ppem26: Int(key.ppem26), phase: Int(key.phase))
                ?? .empty
            counters.rasterizedGlyphs.add(1, ordering: .relaxed)
            found[key] = bitmap
            made.append((key, bitmap))
        }
        glyphs.withLock { cache in
            for (key, bitmap) in made { cache.insert(key, bitmap, cost: bitmap.byteCost) }
        }
        return stopped ? nil : found
    }
}

/// A `TextContent` as a cache key: equal when the contents are equal; hashed on the text's length, its first and
/// last 64 bytes and the other fields, so a hit on a 1 MB label does not hash a megabyte (equal strings that share
/// storage compare in O(1)).
struct ContentKey: Hashable, Sendable {
    let content: TextContent

    init(_ content: TextContent) {
        self.content = content
    }

    static func == (a: ContentKey, b: ContentKey) -> Bool { a.content == b.content }

    func hash(into hasher: inout Hasher) {
        let utf8 = content.text.utf8
        hasher.combine(utf8.count)
        for byte in utf8.prefix(64) { hasher.combine(byte) }
        for byte in utf8.suffix(64) { hasher.combine(byte) }
        hasher.combine(content.font)
        hasher.combine(content.alignment)
        hasher.combine(content.maxLines)
        hasher.combine(content.isRightToLeft)
        hasher.combine(content.placement)
        hasher.combine(content.insets)
    }
}

struct LayoutKey: Hashable, Sendable {
    var content: ContentKey
    var size: Size
}

struct MaskKey: Hashable, Sendable {
    var content: ContentKey
    var box: Rect
    var scale: Double
}
