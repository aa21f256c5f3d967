/// The view-tree input: a deterministic document of nested UIView / UILabel / UIImageView nodes with frames,
/// ids, colours, text properties and skeleton flags, `{"root": node}`, grown to a target size.
enum ViewTreeDocument {
    static func make(targetBytes: Int, seed: UInt64 = 0x7EE) -> [UInt8] {
        var generator = Generator(random: SplitMix64(seed: seed))
        var out: [UInt8] = []
        out.reserveCapacity(targetBytes + 4096)
        out.append(contentsOf: #"{"root":"#.utf8)
        generator.container(into: &out, depth: 0, budget: targetBytes, frame: (0, 0, 390, 844))
        out.append(contentsOf: "}".utf8)
        return out
    }

    private struct Generator {
        var random: SplitMix64
        var next = 0

        static let colours = ["#ECF0F1", "#BDC3C7", "#FFFFFF", "#2C3E50", "#3498DB", "#E74C3C", "#1ABC9C"]
        static let texts = [
            "Hello, world", "Loading…", "Café au lait", "Order #1024 \\\"express\\\"", "Ünïcödé \\u00e9t\\u00e9",
            "Swipe to refresh", "12 items in your cart", "Good morning 🌅",
        ]
        static let images = ["avatar", "placeholder", "banner", "thumb", "icon.star"]

        /// A container node whose children fill `budget` bytes.
        mutating func container(
            into out: inout [UInt8], depth: Int, budget: Int, frame: (Double, Double, Double, Double)
        ) {
            let start = out.count
            next += 1
            out.append(
                contentsOf:
                    #"{"type":"UIView","id":"n\#(next)","frame":[\#(f(frame.0)),\#(f(frame.1)),\#(f(frame.2)),\#(f(frame.3))],"isSkeletonable":true,"backgroundColor":"\#(random.pick(Self.colours))","cornerRadius":\#(random.below(12)),"clipsToBounds":\#(random.below(2) == 0),"children":["#
                    .utf8)
            var first = true
            var y = 0.0
            while out.count - start < budget {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                let height = Double(20 + random.below(100))
                let childFrame = (8.0, y, max(10, frame.2 - 16), height)
                y += height + 4
                let remaining = budget - (out.count - start)
                if depth < 7, remaining > 2048, random.below(3) == 0 {
                    container(
                        into: &out, depth: depth + 1, budget: min(remaining, max(1024, budget / (2 + random.below(4)))),
                        frame: childFrame)
                } else {
                    leaf(into: &out, frame: childFrame)
                }
            }
            out.append(contentsOf: "]}".utf8)
        }

        mutating func leaf(into out: inout [UInt8], frame: (Double, Double, Double, Double)) {
            next += 1
            let frameText = "[\(f(frame.0)),\(f(frame.1)),\(f(frame.2)),\(f(frame.3))]"
            if random.below(3) == 0 {
                out.append(
                    contentsOf:
                        #"{"type":"UIImageView","id":"n\#(next)","frame":\#(frameText),"isSkeletonable":true,"image":"\#(random.pick(Self.images))_\#(random.below(100))","contentMode":"scaleAspectFill","skeletonCornerRadius":\#(random.below(20)).5,"backgroundColor":"\#(random.pick(Self.colours))","children":[]}"#
                        .utf8)
            } else {
                out.append(
                    contentsOf:
                        #"{"type":"UILabel","id":"n\#(next)","frame":\#(frameText),"isSkeletonable":\#(random.below(4) != 0),"numberOfLines":\#(random.below(4)),"text":"\#(random.pick(Self.texts))","font":{"name":"SFProText-Regular","size":\#(12 + random.below(10))},"textColor":"\#(random.pick(Self.colours))","lastLineFillPercent":\#(50 + random.below(50)),"linesCornerRadius":4,"skeletonPaddingInsets":[0,0,0,0],"children":[]}"#
                        .utf8)
            }
        }

        func f(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }
    }
}
