import CHarfBuzz
import SkeletonGraphics
import Synchronization

/// SF Pro's vertical metrics (units per em 2048), which UIKit's system font uses and Inter's do not match: the
/// line height is `FontSpec.lineHeight` (1.193359375 × size for the system font, (1950 + 494) / 2048) and the
/// baseline sits `ascender × size` below the line's top.
package enum SystemFontMetrics {
    /// SF Pro's ascender over its em: 1950 / 2048.
    package static let ascender = 1950.0 / 2048.0
    /// SF Pro's descender over its em: 494 / 2048.
    package static let descender = 494.0 / 2048.0

    /// SF Pro Text's tracking in points by point size (Apple's Human Interface Guidelines, iOS), which Core Text
    /// applies to the system font by itself; sizes in between take the nearer entry, sizes above 20 (where SF switches
    /// to its narrower Display cut) the 20-pt value.
    static let tracking: [(size: Double, points: Double)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
        (15, -0.24), (16, -0.32), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45),
    ]

    /// How much narrower Inter's letterforms are drawn than its own advances so the system font's lines take SF's
    /// widths: Inter is about 1.5 % wider than SF Pro Text before tracking (calibrated on labels that Interface
    /// Builder sized to their text: with it they all fit, as they do on a device).
    static let interWidth = 0.985

    /// The factor applied to Inter's advances at `size` points: SF's tracking at that size spread over an average
    /// advance (0.53 em), times `interWidth`. So a label sized to its text in Interface Builder is not truncated.
    package static func advanceFactor(size: Double) -> Double {
        guard size.isFinite, size > 0 else { return 1 }
        let clamped = min(max(size, 6), 20)
        let entry = tracking.min { abs($0.size - clamped) < abs($1.size - clamped) } ?? (size: 12, points: 0)
        return interWidth * (1 + entry.points / (0.53 * clamped))
    }
}

/// Counts of the work done, read by tests to prove that work is bounded by what is visible (never wall-clock).
final class TextCounters: Sendable {
    /// Scalars handed to HarfBuzz (a scalar shaped twice counts twice).
    let shapedScalars = Atomic<Int>(0)
    /// Scalars read from `TextContent.text`.
    let readScalars = Atomic<Int>(0)
    /// Layouts computed (cache misses).
    let layouts = Atomic<Int>(0)
    /// Masks computed (cache misses).
    let masks = Atomic<Int>(0)
    /// Glyph bitmaps rasterised by FreeType (glyph cache misses).
    let rasterizedGlyphs = Atomic<Int>(0)
    /// Layouts and masks given up because their `StopSignal` said so.
    let stops = Atomic<Int>(0)
}

/// A piece of a paragraph analysed for line breaking: bidi levels, the face of every scalar, and each cluster's
/// advance (at its first scalar; the other scalars of a cluster have `clusterStart` false and no advance).
private struct Analysis {
    var scalars: [UInt32]
    var levels: [UInt8]
    var faces: [Int]
    var advances: [Double]
    var clusterStart: [Bool]
    /// The runs as shaped for measuring: a line that is the whole analysed text reuses them.
    var runs: [Run] = []
    var shaped: [[ShapedGlyph]] = []

    var count: Int { scalars.count }

    /// The end of the cluster starting at `i`.
    func clusterEnd(after i: Int) -> Int {
        var j = i + 1
        while j < count, !clusterStart[j] { j += 1 }
        return j
    }
}

/// Where the scalars of a paragraph's pending text are in `TextContent.text`: `start` for the first, one more for
/// each next, plus the invisible scalars `ScalarReader` skipped before some of them.
private struct SourceOffsets {
    var start: Int
    /// (index in the pending text, scalars skipped right before it), by index.
    var skips: [(index: Int, count: Int)] = []

    /// The text offset of pending scalar `i`.
    func offset(of i: Int) -> Int {
        var offset = start + i
        for skip in skips where skip.index <= i { offset += skip.count }
        return offset
    }

    /// The text offsets of the pending scalars `range`.
    func range(_ range: Range<Int>) -> Range<Int> {
        let lower = offset(of: range.lowerBound)
        return range.isEmpty ? lower..<lower : lower..<(offset(of: range.upperBound - 1) + 1)
    }

    /// The first `n` pending scalars are gone.
    mutating func dropFirst(_ n: Int) {
        start = offset(of: n)
        skips = skips.compactMap { $0.index > n ? ($0.index - n, $0.count) : nil }
    }
}

/// A run to shape: one face, one bidi level, one script.
private struct Run {
    var range: Range<Int>
    var face: Int
    var level: UInt8
    var script: hb_script_t
}

/// Lays out a `TextContent` in a box, paragraph by paragraph and, within a long paragraph, chunk by chunk, stopping
/// as soon as the lines that can show are known (`maxLines`, or the lines that fit the box's height).
///
/// Per paragraph: the base direction comes from its first strong character (the view's direction when it has
/// none, or when the first chunk has none); FriBidi resolves levels; every scalar takes the first face of the
/// weight's chain whose cmap covers it (combining marks, joiners and neutral characters the face of the one
/// before when it covers them); runs of one face, level and script are shaped with HarfBuzz to measure clusters;
/// lines break greedily at `LineBreaker`'s opportunities (between clusters when a word does not fit); each line is
/// then shaped again on its own, its runs ordered by rule L2, and aligned.
struct ParagraphLayout {
    let content: TextContent
    let counters: TextCounters
    /// Asked before each chunk and each line: the layout gives up (nil) when it says so.
    let stop: StopSignal
    /// The faces tried for a scalar, in order.
    let chain: [FontFace]
    /// Points per font unit of each face of `chain`.
    let scales: [Double]
    /// The width lines fill, in points (the box minus the insets).
    let width: Double
    /// The number of lines that can show.
    let maxShown: Int

    /// Scalars read per chunk of a long paragraph (then read on to the next space, at most `chunkSlack` more).
    static let chunkSize = 2_048
    static let chunkSlack = 256
    /// How far past the last line `ScalarReader.hasVisibleText` looks for text that would make it truncated.
    static let lookahead = 4_096

    /// `content` laid out in a box of `size` points with the faces of `fonts`; empty for invalid inputs, nil when
    /// `stop` said so before the lines were known.
    static func layout(
        _ content: TextContent, in size: Size, fonts: FontSet, counters: TextCounters, stop: StopSignal = .never
    ) -> TextLayout? {
        let font = content.font
        let empty = TextLayout.empty(size, font)
        let insets = content.insets
        guard TextLimits.fontSize.contains(font.size), font.lineHeight.isFinite, font.lineHeight > 0,
            font.lineHeight <= 4 * TextLimits.fontSize.upperBound,
            size.width.isFinite, size.height.isFinite, size.width > 0, size.height >= 0,
            size.width <= TextLimits.maxBoxSide, size.height <= TextLimits.maxBoxSide,
            insets.top.isFinite, insets.left.isFinite, insets.bottom.isFinite, insets.right.isFinite,
            abs(insets.top) <= TextLimits.maxBoxSide, abs(insets.left) <= TextLimits.maxBoxSide,
            abs(insets.bottom) <= TextLimits.maxBoxSide, abs(insets.right) <= TextLimits.maxBoxSide
        else { return empty }
        let width = size.width - insets.left - insets.right
        let height = size.height - insets.top - insets.bottom
        let chain = fonts.chain(font.weight)
        guard width > 0, !chain.isEmpty, !content.text.isEmpty else { return empty }
        let fitting =
            height > 0 ? min((height / font.lineHeight + 1e-6).rounded(.down), Double(TextLimits.maxLines)) : 0
        let fit = max(1, Int(fitting))
        let maxShown = min(content.maxLines > 0 ? min(content.maxLines, fit) : fit, TextLimits.maxLines)
        counters.layouts.add(1, ordering: .relaxed)
        var layout = ParagraphLayout(
            content: content, counters: counters, stop: stop, chain: chain,
            scales: chain.map {
                font.size / Double($0.unitsPerEm)
                    * ($0.role.isSystem ? SystemFontMetrics.advanceFactor(size: font.size) : 1)
            }, width: width, maxShown: maxShown)
        guard let (lines, truncated) = layout.lines() else { return nil }
        return TextLayout(
            lines: layout.placeVertically(lines, height: height), isTruncated: truncated, size: size, font: font)
    }

    // MARK: Paragraphs and chunks

    /// The lines that show, without vertical positions, and whether text remained; nil when `stop` said so.
    ///
    /// The line laid out once `TextLimits.maxScalarsPerLayout` scalars are on lines is the last shown, as if it were
    /// the last that fits (truncated when text remains).
    private mutating func lines() -> ([TextLine], Bool)? {
        var reader = ScalarReader(content.text)
        var lines: [TextLine] = []
        var laidOut = 0
        paragraphs: while true {
            var pending: [UInt32] = []
            var pendingStart = SourceOffsets(start: reader.offset)
            var ended = false
            var endedBySeparator = false
            var direction: Bool?
            chunks: while true {
                if stop.isStopped { return nil }
                if !ended {
                    let before = reader.offset
                    (ended, endedBySeparator) = Self.read(into: &pending, offsets: &pendingStart, from: &reader)
                    counters.readScalars.add(reader.offset - before, ordering: .relaxed)
                }
                let rightToLeft = direction ?? (Bidi.firstStrongIsRightToLeft(pending) ?? content.isRightToLeft)
                direction = rightToLeft
                let analysis = analyze(pending, rightToLeft: rightToLeft)
                var start = 0
                while true {
                    if stop.isStopped { return nil }
                    var (end, reachedEnd) = nextBreak(analysis, from: start)
                    if reachedEnd, !ended {
                        // The line may go on in the next chunk: keep its scalars and read more.
                        pending.removeFirst(start)
                        pendingStart.dropFirst(start)
                        continue chunks
                    }
                    let isLastShown = lines.count + 1 >= maxShown || laidOut >= TextLimits.maxScalarsPerLayout
                    if isLastShown,
                        Self.hasVisible(analysis.scalars[end...])
                            || reader.hasVisibleText(within: Self.lookahead)
                    {
                        lines.append(
                            truncatedLine(analysis, from: start, offsets: pendingStart, rightToLeft: rightToLeft))
                        return (lines, true)
                    }
                    var shown = line(
                        analysis, start..<trimEnd(analysis, start, end), offsets: pendingStart,
                        rightToLeft: rightToLeft, isLastOfParagraph: reachedEnd, ellipsisFace: nil)
                    // Shaped on its own, a line can come out a little wider than measured in its paragraph
                    // (kerning with the next line's first letter, a joining form): then it breaks earlier.
                    var tries = 0
                    while shown.width > width * (1 + 1e-9), tries < 4, let earlier = earlierBreak(analysis, start, end)
                    {
                        end = earlier
                        shown = line(
                            analysis, start..<trimEnd(analysis, start, end), offsets: pendingStart,
                            rightToLeft: rightToLeft, isLastOfParagraph: false, ellipsisFace: nil)
                        reachedEnd = false
                        tries += 1
                    }
                    if tries > 0, isLastShown {
                        lines.append(
                            truncatedLine(analysis, from: start, offsets: pendingStart, rightToLeft: rightToLeft))
                        return (lines, true)
                    }
                    lines.append(shown)
                    laidOut += end - start
                    if isLastShown { return (lines, false) }
                    if reachedEnd { break chunks }
                    start = end
                }
            }
            if reader.isAtEnd, !endedBySeparator { break paragraphs }
        }
        return (lines, false)
    }

    /// Reads the rest of a paragraph, or a chunk of it: returns whether the paragraph ended, and whether it ended
    /// at a separator (then an empty paragraph may follow at the end of the text). Invisible scalars the reader
    /// skipped are noted in `offsets`.
    private static func read(
        into pending: inout [UInt32], offsets: inout SourceOffsets, from reader: inout ScalarReader
    ) -> (Bool, Bool) {
        var count = 0
        while let item = reader.next() {
            guard case .scalar(let s) = item else { return (true, true) }
            if reader.skippedBeforeLast > 0 { offsets.skips.append((pending.count, reader.skippedBeforeLast)) }
            pending.append(s)
            count += 1
            if count >= chunkSize, LineBreaker.isSpace(s) || count >= chunkSize + chunkSlack { return (false, false) }
        }
        return (true, false)
    }

    private static func hasVisible(_ scalars: ArraySlice<UInt32>) -> Bool {
        scalars.contains { !LineBreaker.isBlank($0) }
    }

    // MARK: Analysis

    /// Bidi levels, faces and cluster advances of `scalars` (a paragraph or a chunk of one).
    private func analyze(_ scalars: [UInt32], rightToLeft: Bool) -> Analysis {
        let levels = Bidi.levels(scalars, rightToLeft: rightToLeft).levels
        let faces = assignFaces(scalars)
        var analysis = Analysis(
            scalars: scalars, levels: levels, faces: faces,
            advances: [Double](repeating: 0, count: scalars.count),
            clusterStart: [Bool](repeating: false, count: scalars.count))
        let runs = itemize(scalars, levels: levels, faces: faces, in: 0..<scalars.count)
        analysis.runs = runs
        scalars.withUnsafeBufferPointer { text in
            for run in runs {
                let glyphs = shape(text, run)
                analysis.shaped.append(glyphs)
                let scale = scales[run.face]
                for g in glyphs where g.cluster >= 0 && g.cluster < analysis.count {
                    analysis.advances[g.cluster] += Double(g.advance) * scale
                    analysis.clusterStart[g.cluster] = true
                }
            }
        }
        return analysis
    }

    /// The face (index in `chain`) of every scalar: marks, joiners and neutrals stay in the face before them when
    /// it covers them; anything else takes the first face that covers it; what no face covers, the first face
    /// (whose .notdef is not drawn).
    private func assignFaces(_ scalars: [UInt32]) -> [Int] {
        var faces = [Int](repeating: 0, count: scalars.count)
        for (i, s) in scalars.enumerated() {
            if i > 0 {
                let previous = faces[i - 1]
                if Shaper.clingsToPrevious(s) || (Shaper.isNeutral(Shaper.script(of: s)) && chain[previous].covers(s)) {
                    faces[i] = previous
                    continue
                }
            }
            faces[i] = chain.firstIndex { $0.covers(s) } ?? 0
        }
        return faces
    }

    /// Runs of one face, one level and one script (neutral scalars join the run they are in).
    private func itemize(_ scalars: [UInt32], levels: [UInt8], faces: [Int], in range: Range<Int>) -> [Run] {
        var runs: [Run] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let face = faces[i]
            let level = levels[i]
            var script: hb_script_t?
            var j = i
            while j < range.upperBound, faces[j] == face, levels[j] == level {
                let s = Shaper.script(of: scalars[j])
                if !Shaper.isNeutral(s) {
                    if let current = script, current != s { break }
                    script = s
                }
                j += 1
            }
            runs.append(Run(range: i..<j, face: face, level: level, script: script ?? HB_SCRIPT_COMMON))
            i = j
        }
        return runs
    }

    private func shape(_ text: UnsafeBufferPointer<UInt32>, _ run: Run) -> [ShapedGlyph] {
        counters.shapedScalars.add(run.range.count, ordering: .relaxed)
        return Shaper.shape(
            text, range: run.range, face: chain[run.face], rightToLeft: run.level % 2 == 1, script: run.script)
    }

    // MARK: Breaking

    /// Where the line starting at `start` ends: at the last break opportunity before the first cluster that
    /// overflows the width (between clusters when there is none; at least one cluster per line; at most
    /// `TextLimits.maxScalarsPerLine` scalars), or at the end of the analysed text (`reachedEnd`). Spaces never
    /// overflow: they hang at the end of the line.
    private func nextBreak(_ a: Analysis, from start: Int) -> (end: Int, reachedEnd: Bool) {
        var used = 0.0
        var lastBreak = -1
        var i = start
        let limit = width * (1 + 1e-9)
        return a.scalars.withUnsafeBufferPointer { text in
            while i < a.count {
                let j = a.clusterEnd(after: i)
                var advance = 0.0
                for k in i..<j { advance += a.advances[k] }
                if i > start, LineBreaker.canBreak(before: i, in: text) { lastBreak = i }
                if LineBreaker.isSpace(text[i]) {
                    used += advance
                    i = j
                    continue
                }
                if i > start, used + advance > limit { return (lastBreak > start ? lastBreak : i, false) }
                if j - start > TextLimits.maxScalarsPerLine { return (i > start ? i : j, false) }
                used += advance
                i = j
            }
            return (a.count, true)
        }
    }

    /// The break before `end` for a line starting at `start`: the last opportunity after `start`, else the last
    /// cluster boundary after it; nil when the line is one cluster.
    private func earlierBreak(_ a: Analysis, _ start: Int, _ end: Int) -> Int? {
        var boundary: Int?
        var i = start
        var opportunity: Int?
        a.scalars.withUnsafeBufferPointer { text in
            while i < end {
                let j = a.clusterEnd(after: i)
                if j < end {
                    boundary = j
                    if LineBreaker.canBreak(before: j, in: text) { opportunity = j }
                }
                i = j
            }
        }
        return opportunity ?? boundary
    }

    /// `end` moved back over trailing spaces (they hang, and are not drawn).
    private func trimEnd(_ a: Analysis, _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, LineBreaker.isSpace(a.scalars[end - 1]) || a.scalars[end - 1] == 0x200B { end -= 1 }
        return end
    }

    // MARK: Lines

    /// The last shown line when text remains: as many clusters from `start` as fit with "…" after them
    /// (`.byTruncatingTail` cuts between characters, not at words), then "…".
    private func truncatedLine(_ a: Analysis, from start: Int, offsets: SourceOffsets, rightToLeft: Bool) -> TextLine {
        let ellipsisFace = chain.firstIndex { $0.covers(0x2026) } ?? 0
        let ellipsis = ellipsisWidth(face: ellipsisFace)
        let room = (width - ellipsis) * (1 + 1e-9)
        var used = 0.0
        var i = start
        var end = start
        while i < a.count {
            let j = a.clusterEnd(after: i)
            var advance = 0.0
            for k in i..<j { advance += a.advances[k] }
            if !LineBreaker.isSpace(a.scalars[i]), used + advance > room { break }
            if j - start > TextLimits.maxScalarsPerLine { break }
            used += advance
            i = j
            end = j
        }
        var shown = line(
            a, start..<trimEnd(a, start, end), offsets: offsets, rightToLeft: rightToLeft, isLastOfParagraph: true,
            ellipsisFace: ellipsisFace)
        // As for other lines, shaping on its own may widen it a little: then one cluster fewer (a few times).
        var tries = 0
        while shown.width > width * (1 + 1e-9), end > start, tries < 4 {
            var previous = start
            var k = start
            while k < end {
                let j = a.clusterEnd(after: k)
                if j < end { previous = j }
                k = j
            }
            end = previous
            shown = line(
                a, start..<trimEnd(a, start, end), offsets: offsets, rightToLeft: rightToLeft, isLastOfParagraph: true,
                ellipsisFace: ellipsisFace)
            tries += 1
        }
        return shown
    }

    private func ellipsisWidth(face: Int) -> Double {
        let text: [UInt32] = [0x2026]
        let glyphs = text.withUnsafeBufferPointer { buffer in
            shape(buffer, Run(range: 0..<1, face: face, level: 0, script: HB_SCRIPT_COMMON))
        }
        return glyphs.reduce(0.0) { $0 + Double($1.advance) * scales[face] }
    }

    /// One line: `range` of the analysed text (plus "…" at the paragraph's level when `ellipsisFace` is given),
    /// shaped on its own, runs in visual order, aligned. Vertical positions come later (`placeVertically`).
    private func line(
        _ a: Analysis, _ range: Range<Int>, offsets: SourceOffsets, rightToLeft: Bool, isLastOfParagraph: Bool,
        ellipsisFace: Int?
    ) -> TextLine {
        var scalars = Array(a.scalars[range])
        var levels = Array(a.levels[range])
        var faces = Array(a.faces[range])
        // Rule L1: white space at the end of the line takes the paragraph's level (trailing spaces are trimmed
        // already; this catches other white space before the "…").
        let base: UInt8 = rightToLeft ? 1 : 0
        if let ellipsisFace {
            scalars.append(0x2026)
            levels.append(base)
            faces.append(ellipsisFace)
        }
        // A line that is the whole analysed text (a one-line label) was shaped just so when it was measured.
        let whole = ellipsisFace == nil && range == 0..<a.count && a.shaped.count == a.runs.count
        let runs = whole ? a.runs : itemize(scalars, levels: levels, faces: faces, in: 0..<scalars.count)
        let order = Bidi.visualOrder(levels: runs.map(\.level))
        let shaped = whole ? a.shaped : scalars.withUnsafeBufferPointer { text in runs.map { shape(text, $0) } }

        var natural = 0.0
        var spaces = 0
        for (r, glyphs) in shaped.enumerated() {
            let scale = scales[runs[r].face]
            for g in glyphs {
                natural += Double(g.advance) * scale
                if g.cluster < scalars.count, LineBreaker.isSpace(scalars[g.cluster]) { spaces += 1 }
            }
        }
        let alignment: ParagraphAlignment
        switch content.alignment {
        case .natural: alignment = content.isRightToLeft ? .right : .left
        case .justified:
            alignment =
                isLastOfParagraph || ellipsisFace != nil || spaces == 0 || natural >= width
                ? (content.isRightToLeft ? .right : .left) : .justified
        default: alignment = content.alignment
        }
        let extra = alignment == .justified ? (width - natural) / Double(spaces) : 0

        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(shaped.reduce(0) { $0 + $1.count })
        var pen = 0.0
        for r in order {
            let face = chain[runs[r].face]
            let scale = scales[runs[r].face]
            for g in shaped[r] {
                let advance = Double(g.advance) * scale
                glyphs.append(
                    PositionedGlyph(
                        font: face.role, id: g.glyph, x: pen, xOffset: Double(g.xOffset) * scale,
                        yOffset: Double(g.yOffset) * scale, advance: advance, cluster: g.cluster))
                pen += advance
                if extra > 0, g.cluster < scalars.count, LineBreaker.isSpace(scalars[g.cluster]) { pen += extra }
            }
        }
        let left: Double
        switch alignment {
        case .right: left = width - pen
        case .center: left = (width - pen) / 2
        default: left = 0
        }
        let x = content.insets.left + left
        for k in glyphs.indices { glyphs[k].x += x }
        var text = String.UnicodeScalarView()
        for s in scalars { if let scalar = Unicode.Scalar(s) { text.append(scalar) } }
        return TextLine(
            text: String(text), range: offsets.range(range), x: x, width: pen,
            top: 0, baseline: 0, isRightToLeft: rightToLeft, isTruncated: ellipsisFace != nil, glyphs: glyphs)
    }

    /// Tops and baselines: the block of lines centred in the box's height (`.center`, UILabel) or from its top
    /// (`.top`), each line `lineHeight` tall, its baseline `SystemFontMetrics.ascender × size` below its top.
    private func placeVertically(_ lines: [TextLine], height: Double) -> [TextLine] {
        let lineHeight = content.font.lineHeight
        let block = Double(lines.count) * lineHeight
        let top = content.insets.top + (content.placement == .center ? (height - block) / 2 : 0)
        let ascent = SystemFontMetrics.ascender * content.font.size
        var placed = lines
        for k in placed.indices {
            placed[k].top = top + Double(k) * lineHeight
            placed[k].baseline = placed[k].top + ascent
        }
        return placed
    }
}
