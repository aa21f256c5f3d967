import SkeletonImaging

/// How a new picture compares with its baseline, pixel by pixel.
struct PictureDiff {
    /// Pixels that count as changed (any channel differs by more than the channel tolerance, or outside one of
    /// the two pictures when their sizes differ).
    var changed: Int
    /// Pixels compared: the larger width times the larger height.
    var total: Int
    /// The changed pixels' bounding box in pixels, `[x, y, width, height]`, when any changed.
    var bounds: [Int]?
    /// The diff image: changed pixels in opaque red (`#FF0000`); the others the baseline's, washed out to a
    /// quarter of their contrast over white, so the changes stand out and the layout stays readable.
    var image: RGBAImage

    /// Whether the size changed.
    let sizeChanged: Bool

    /// Compares `new` with `baseline`. `channelTolerance` (0…255) is the largest per-channel difference that still
    /// counts as the same pixel.
    init(baseline: RGBAImage, new: RGBAImage, channelTolerance: Int) {
        let width = max(baseline.width, new.width)
        let height = max(baseline.height, new.height)
        sizeChanged = baseline.width != new.width || baseline.height != new.height
        total = width * height
        var out = [UInt8](repeating: 255, count: total * 4)
        var changed = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        let a = baseline.bytes
        let b = new.bytes
        for y in 0..<height {
            for x in 0..<width {
                let target = (y * width + x) * 4
                let inA = x < baseline.width && y < baseline.height
                let inB = x < new.width && y < new.height
                var differs = inA != inB
                let ia = (y * baseline.width + x) * 4
                if inA, inB {
                    let ib = (y * new.width + x) * 4
                    for c in 0..<4 where abs(Int(a[ia + c]) - Int(b[ib + c])) > channelTolerance {
                        differs = true
                    }
                }
                if differs {
                    changed += 1
                    minX = min(minX, x)
                    minY = min(minY, y)
                    maxX = max(maxX, x)
                    maxY = max(maxY, y)
                    out[target] = 255
                    out[target + 1] = 0
                    out[target + 2] = 0
                } else if inA {
                    // The baseline over white, then a quarter of its contrast: 255 − (255 − v) / 4.
                    let alpha = Int(a[ia + 3])
                    for c in 0..<3 {
                        let over = 255 - (255 - Int(a[ia + c])) * alpha / 255
                        out[target + c] = UInt8(255 - (255 - over) / 4)
                    }
                }
            }
        }
        self.changed = changed
        bounds = maxX < 0 ? nil : [minX, minY, maxX - minX + 1, maxY - minY + 1]
        image = RGBAImage(width: width, height: height, bytes: out) ?? RGBAImage(width: 1, height: 1)
    }

    /// The changed share of the pixels, in percent.
    var percent: Double { total == 0 ? 0 : Double(changed) * 100 / Double(total) }
}
