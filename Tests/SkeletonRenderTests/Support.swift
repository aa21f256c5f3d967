import CZlib
import SkeletonGraphics
import SkeletonImaging
import SkeletondTestSupport

@testable import SkeletonRender

/// A small deterministic generator (SplitMix64).
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
    mutating func double(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
    mutating func int(_ a: Int, _ b: Int) -> Int { a + Int(next() % UInt64(b - a + 1)) }
    mutating func bool(_ p: Double = 0.5) -> Bool { unit() < p }
    mutating func color(opaque: Bool = true) -> RGBA {
        RGBA(red: unit(), green: unit(), blue: unit(), alpha: opaque ? 1 : double(0.2, 1))
    }
}

enum Fixtures {
    static func list(_ w: Double, _ h: Double, _ layers: [Layer], background: RGBA = .white) -> DisplayList {
        DisplayList(size: Size(width: w, height: h), background: background, layers: layers)
    }

    static func layer(
        _ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double = 0,
        fill: Fill = .solid(.black), opacity: Double = 1, clips: [RoundedRect] = []
    ) -> Layer {
        Layer(
            id: id, node: id, kind: .block,
            shape: RoundedRect(rect: Rect(x: x, y: y, width: w, height: h), cornerRadius: radius),
            fill: fill, opacity: opacity, clips: clips
        )
    }

    static let directions: [(name: String, from: (Point, Point), to: (Point, Point))] = [
        ("leftRight", (Point(x: -1, y: 0.5), Point(x: 0, y: 0.5)), (Point(x: 1, y: 0.5), Point(x: 2, y: 0.5))),
        ("rightLeft", (Point(x: 1, y: 0.5), Point(x: 2, y: 0.5)), (Point(x: -1, y: 0.5), Point(x: 0, y: 0.5))),
        ("topBottom", (Point(x: 0.5, y: -1), Point(x: 0.5, y: 0)), (Point(x: 0.5, y: 1), Point(x: 0.5, y: 2))),
        ("bottomTop", (Point(x: 0.5, y: 1), Point(x: 0.5, y: 2)), (Point(x: 0.5, y: -1), Point(x: 0.5, y: 0))),
        ("topLeftBottomRight", (Point(x: -1, y: -1), Point(x: 0, y: 0)), (Point(x: 1, y: 1), Point(x: 2, y: 2))),
        ("bottomRightTopLeft", (Point(x: 1, y: 1), Point(x: 2, y: 2)), (Point(x: -1, y: -1), Point(x: 0, y: 0))),
    ]

    /// A random display list on a small canvas: overlapping rounded blocks, solid and gradient fills at any angle,
    /// opacity, clips.
    static func randomList(_ rng: inout SeededRandom, width: Double = 48, height: Double = 40, count: Int? = nil)
        -> DisplayList
    {
        let n = count ?? rng.int(0, 8)
        var layers: [Layer] = []
        for i in 0..<n { layers.append(randomLayer(&rng, id: "L\(i)", width: width, height: height)) }
        return list(width, height, layers, background: rng.color())
    }

    static func randomLayer(_ rng: inout SeededRandom, id: String, width: Double, height: Double) -> Layer {
        let w = rng.double(1, width * 0.8)
        let h = rng.double(1, height * 0.8)
        let x = rng.double(-5, width - w + 5)
        let y = rng.double(-5, height - h + 5)
        let fill: Fill
        if rng.bool(0.4) {
            fill = .solid(rng.color(opaque: rng.bool(0.7)))
        } else {
            let m = rng.int(1, 4)
            let colors = (0..<m).map { _ in rng.color(opaque: rng.bool(0.8)) }
            let locations: [Double]? =
                rng.bool(0.3) ? (0..<m).map { Double($0) / Double(max(m - 1, 1)) * rng.double(0.5, 1) } : nil
            let start = Point(x: rng.double(-1, 2), y: rng.double(-1, 2))
            let end =
                rng.bool(0.5)
                ? Point(x: rng.double(-1, 2), y: start.y) : Point(x: rng.double(-1, 2), y: rng.double(-1, 2))
            fill = .linearGradient(LinearGradient(colors: colors, locations: locations, start: start, end: end))
        }
        var clips: [RoundedRect] = []
        if rng.bool(0.3) {
            clips.append(
                RoundedRect(
                    rect: Rect(
                        x: x + rng.double(-4, 4), y: y + rng.double(-4, 4), width: w * rng.double(0.5, 1.2),
                        height: h * rng.double(0.5, 1.2)),
                    cornerRadius: rng.double(0, 8)
                ))
        }
        return layer(
            id, x, y, w, h, radius: rng.bool(0.7) ? rng.double(0, 12) : 0, fill: fill,
            opacity: rng.bool(0.7) ? 1 : rng.double(0, 1), clips: clips
        )
    }

    /// A random edit of a list: move, recolour, re-angle, add, remove, reorder, or nothing.
    static func mutate(_ list: DisplayList, _ rng: inout SeededRandom) -> DisplayList {
        var out = list
        let edits = rng.int(0, 3)
        for k in 0..<edits {
            switch rng.int(0, 5) {
            case 0 where !out.layers.isEmpty:
                let i = rng.int(0, out.layers.count - 1)
                out.layers[i].shape.rect = out.layers[i].shape.rect.offsetBy(
                    dx: rng.double(-6, 6), dy: rng.double(-6, 6))
            case 1 where !out.layers.isEmpty:
                let i = rng.int(0, out.layers.count - 1)
                if case .linearGradient(var g) = out.layers[i].fill {
                    let d = rng.double(-0.3, 0.3)
                    g.start.x += d
                    g.end.x += d
                    out.layers[i].fill = .linearGradient(g)
                } else {
                    out.layers[i].fill = .solid(rng.color())
                }
            case 2:
                out.layers.insert(
                    randomLayer(
                        &rng, id: "N\(k)-\(rng.next() % 100_000)", width: list.size.width, height: list.size.height),
                    at: rng.int(0, out.layers.count)
                )
            case 3 where !out.layers.isEmpty:
                out.layers.remove(at: rng.int(0, out.layers.count - 1))
            case 4 where out.layers.count > 1:
                let i = rng.int(0, out.layers.count - 1)
                let l = out.layers.remove(at: i)
                out.layers.insert(l, at: rng.int(0, out.layers.count))
            case 5 where !out.layers.isEmpty:
                let i = rng.int(0, out.layers.count - 1)
                out.layers[i].opacity = rng.double(0, 1)
            default:
                break
            }
        }
        return out
    }

    static func render(_ list: DisplayList, scale: Double = 1) throws -> Frame {
        var r = Rasterizer()
        return try r.render(list, scale: scale)
    }
}

/// Applies encoded rectangles to a frame, as a client does.
enum Client {
    static func apply(_ rects: [EncodedRect], to frame: inout Frame) -> Bool {
        for r in rects {
            switch r.encoding {
            case .fill:
                guard let c = r.color else { return false }
                frame.fill(r.rect, with: c)
            case .raw:
                guard frame.write(rgba: r.data, at: r.rect) else { return false }
            case .png:
                guard let img = try? PNGReader.decode(r.data), img.width == r.rect.width,
                    img.height == r.rect.height, frame.write(rgba: img.bytes, at: r.rect)
                else { return false }
            }
        }
        return true
    }
}

/// An independent reference for gradient colours (straight interpolation, Double throughout).
enum Reference {
    static func gradientColor(
        _ g: LinearGradient, layer: Rect, px: Double, py: Double, scale: Double = 1, opacity: Double = 1
    ) -> RGB8 {
        let r = Rect(x: layer.x * scale, y: layer.y * scale, width: layer.width * scale, height: layer.height * scale)
        let sx = r.x + g.start.x * r.width
        let sy = r.y + g.start.y * r.height
        let ex = r.x + g.end.x * r.width
        let ey = r.y + g.end.y * r.height
        let dx = ex - sx
        let dy = ey - sy
        let t = ((px - sx) * dx + (py - sy) * dy) / (dx * dx + dy * dy)
        let locs = g.resolvedLocations
        var c = g.colors[0]
        if t >= locs[locs.count - 1] {
            c = g.colors[g.colors.count - 1]
        } else if t > locs[0] {
            for k in 0..<(locs.count - 1) where t >= locs[k] && t < locs[k + 1] {
                c = g.colors[k].mix(g.colors[k + 1], (t - locs[k]) / (locs[k + 1] - locs[k]))
            }
        }
        let b = c.bytes
        return RGB8(r: b.r, g: b.g, b: b.b)
    }

    static func close(_ a: RGB8?, _ b: RGB8, tolerance: Int = 1) -> Bool {
        guard let a else { return false }
        return abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
            && abs(Int(a.b) - Int(b.b)) <= tolerance
    }
}
