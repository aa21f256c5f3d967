/// One colour of a GIF palette.
package struct PaletteColor: Hashable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour packed as `0xRRGGBB`.
    init(key: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: key >> 16), green: UInt8(truncatingIfNeeded: key >> 8),
            blue: UInt8(truncatingIfNeeded: key))
    }
}

/// A frame's palette, chosen from the frame's own colours, and each pixel's index in it.
///
/// A frame of 256 colours or fewer keeps every one exactly (pure white stays `#FFFFFF`, each step of a gradient
/// stays its own colour). A frame of more is cut to 256 by median cut over its colour histogram: the box of colours
/// whose widest channel span times pixel count is largest is split at its pixels' median along that channel, until
/// there are 256 boxes; a box is drawn in the colour holding at least half its pixels when there is one (a
/// background stays exact), else in its pixels' mean. (giflib's `GifQuantizeBuffer`, used before, cuts every channel
/// to 5 bits first: white became `#F8F8F8` and a grey ramp 32 bands.)
package struct GIFPalette: Sendable {
    /// At most 256 colours, the frame's when it has that many or fewer (in increasing `0xRRGGBB` order then).
    package private(set) var colors: [PaletteColor]
    /// Per pixel, its colour's index in `colors`.
    package private(set) var indices: [UInt8]

    /// The palette of `pixels` RGBA pixels (alpha is ignored).
    /// - Important: `rgba` holds at least `pixels * 4` bytes.
    package init(rgba: [UInt8], pixels: Int) {
        var histogram: [UInt32: Int] = [:]
        for i in 0..<pixels { histogram[Self.key(rgba, i), default: 0] += 1 }
        let entries = histogram.sorted { $0.key < $1.key }.map { (key: $0.key, count: $0.value) }
        var slot: [UInt32: UInt8] = [:]
        slot.reserveCapacity(entries.count)
        if entries.count <= 256 {
            colors = entries.map { PaletteColor(key: $0.key) }
            for (k, entry) in entries.enumerated() { slot[entry.key] = UInt8(truncatingIfNeeded: k) }
        } else {
            let boxes = Self.medianCut(entries, boxes: 256)
            colors = boxes.map(\.color)
            for (k, box) in boxes.enumerated() {
                for entry in box.entries { slot[entry.key] = UInt8(truncatingIfNeeded: k) }
            }
        }
        var indices = [UInt8](repeating: 0, count: pixels)
        for i in 0..<pixels { indices[i] = slot[Self.key(rgba, i)] ?? 0 }
        self.indices = indices
    }

    /// Pixel `i`'s colour as `0xRRGGBB`.
    private static func key(_ rgba: [UInt8], _ i: Int) -> UInt32 {
        UInt32(rgba[i * 4]) << 16 | UInt32(rgba[i * 4 + 1]) << 8 | UInt32(rgba[i * 4 + 2])
    }

    /// A box of the colour space: some of the frame's colours and how many pixels have each.
    struct Box {
        var entries: [(key: UInt32, count: Int)]
        var pixels: Int
        /// The channel (16: red, 8: green, 0: blue, as shifts of the key) whose values spread widest, and how wide.
        var widest: (shift: UInt32, span: Int)

        init(_ entries: [(key: UInt32, count: Int)]) {
            self.entries = entries
            pixels = entries.reduce(0) { $0 + $1.count }
            widest = Self.widest(entries)
        }

        static func widest(_ entries: [(key: UInt32, count: Int)]) -> (shift: UInt32, span: Int) {
            var best: (shift: UInt32, span: Int) = (16, -1)
            for shift: UInt32 in [16, 8, 0] {
                var low = 255
                var high = 0
                for entry in entries {
                    let value = Int((entry.key >> shift) & 0xFF)
                    low = min(low, value)
                    high = max(high, value)
                }
                if high - low > best.span { best = (shift, high - low) }
            }
            return best
        }

        /// The colour holding at least half the box's pixels, else the pixels' mean.
        var color: PaletteColor {
            if let top = entries.max(by: { $0.count < $1.count }), top.count * 2 >= pixels {
                return PaletteColor(key: top.key)
            }
            var sums = [0, 0, 0]
            for entry in entries {
                sums[0] += Int((entry.key >> 16) & 0xFF) * entry.count
                sums[1] += Int((entry.key >> 8) & 0xFF) * entry.count
                sums[2] += Int(entry.key & 0xFF) * entry.count
            }
            let mean = sums.map { UInt8(clamping: ($0 + pixels / 2) / max(1, pixels)) }
            return PaletteColor(red: mean[0], green: mean[1], blue: mean[2])
        }
    }

    /// `entries` (distinct colours) cut into at most `count` boxes.
    static func medianCut(_ entries: [(key: UInt32, count: Int)], boxes count: Int) -> [Box] {
        var boxes = [Box(entries)]
        while boxes.count < count {
            var chosen = -1
            var best = 0
            var chosenShift: UInt32 = 0
            for (k, box) in boxes.enumerated() where box.entries.count > 1 {
                let (shift, span) = box.widest
                let score = span.multipliedReportingOverflow(by: box.pixels)
                let value = score.overflow ? Int.max : score.partialValue
                if value > best || chosen < 0 {
                    (chosen, best, chosenShift) = (k, value, shift)
                }
            }
            guard chosen >= 0 else { break }
            let box = boxes[chosen]
            let sorted = box.entries.sorted { ($0.key >> chosenShift) & 0xFF < ($1.key >> chosenShift) & 0xFF }
            // The median pixel's place, leaving a colour on each side.
            var seen = 0
            var cut = 1
            for (k, entry) in sorted.enumerated() {
                seen += entry.count
                if seen * 2 >= box.pixels {
                    cut = k + 1
                    break
                }
            }
            cut = min(max(cut, 1), sorted.count - 1)
            boxes[chosen] = Box(Array(sorted[..<cut]))
            boxes.append(Box(Array(sorted[cut...])))
        }
        return boxes
    }
}
