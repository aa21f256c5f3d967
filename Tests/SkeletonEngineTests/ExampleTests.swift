import Foundation
import SkeletonEngine
import Testing

/// The documents in `Examples/`, shown solid without transition, against hand-computed geometry.
@Suite("Examples")
struct ExampleTests {
    static func example(_ name: String) throws -> SkeletonSession {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/\(name).skeleton.json")
        var s = try session(try String(contentsOf: url, encoding: .utf8))
        _ = try s.show(instant, at: 0)
        return s
    }

    /// Asserts a layer's id, rectangle (within 1e-9) and corner radius.
    static func check(
        _ l: Layer?, _ id: String, _ r: [Double], radius: Double = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(l?.id == id, sourceLocation: sourceLocation)
        #expect(close(l?.shape.rect.array ?? [], r), "\(l?.shape.rect.array ?? [])", sourceLocation: sourceLocation)
        #expect(l?.shape.cornerRadius == radius, sourceLocation: sourceLocation)
    }

    @Test func profileCard() throws {
        let list = try Self.example("profile-card").layers(at: 0)
        #expect(list.size == Size(width: 375, height: 260))
        #expect(
            list.layers.map(\.id) == [
                "screen#content", "card#content", "avatar#block", "name#line0", "handle#line0",
                "bio#line0", "bio#line1", "bio#line2", "follow#block",
            ])
        let l = list.layers
        Self.check(l[2], "avatar#block", [32, 32, 64, 64])
        #expect(
            l[2].clips == [
                RoundedRect(rect: Rect(x: 16, y: 16, width: 343, height: 228), cornerRadius: 12),
                RoundedRect(rect: Rect(x: 32, y: 32, width: 64, height: 64), cornerRadius: 32),
            ])
        Self.check(l[3], "name#line0", [112, 39.5, 161.7, 15], radius: 4)  // 231 × 70%, centred in 22
        Self.check(l[4], "handle#line0", [112, 67.5, 90, 15])  // 150 × 60%, centred in 18
        Self.check(l[5], "bio#line0", [32, 112, 311, 15])  // round(65 / 25) = 3 lines
        Self.check(l[6], "bio#line1", [32, 137, 311, 15])
        Self.check(l[7], "bio#line2", [32, 162, 217.7, 15])
        Self.check(l[8], "follow#block", [32, 192, 311, 36], radius: 8)
        #expect(l[8].solidColor?.hexRGB == "#ECF0F1")
        #expect(l[1].solidColor?.hexRGB == "#F7F9FA")  // containers keep their background
    }

    @Test func feed() throws {
        let list = try Self.example("feed").layers(at: 0)
        let sk = list.skeleton
        #expect(sk.count == 1 + 7 * 4)  // ceil(603 / 100) = 7 rows of avatar, author, 2 body lines
        Self.check(list.skeleton(of: "feed[0,header]/title").first, "feed[0,header]/title#line0", [16, 72.5, 84, 15])
        for r in 0..<7 {
            let y = 96.0 + 100 * Double(r)  // table at 64, header 32
            let cell = "feed[0,\(r)]"
            Self.check(list.skeleton(of: "\(cell)/avatar").first, "\(cell)/avatar#block", [16, y + 12, 48, 48])
            Self.check(list.skeleton(of: "\(cell)/author").first, "\(cell)/author#line0", [76, y + 13.5, 140, 15])
            let body = list.skeleton(of: "\(cell)/body")
            #expect(body.count == 2)  // round(50 / 25) = 2, centred: shift (50 - 40) / 2 = 5
            Self.check(body.first, "\(cell)/body#line0", [76, y + 43, 283, 15], radius: 3)
            Self.check(body.last, "\(cell)/body#line1", [76, y + 68, 198.1, 15], radius: 3)
            #expect(body.first?.clips.first == RoundedRect(rect: Rect(x: 0, y: 64, width: 375, height: 603)))
        }
    }

    @Test func grid() throws {
        let list = try Self.example("grid").layers(at: 0)
        #expect(list.skeleton.count == 1 + 4 * 2)  // ceil(500 / 140) = 4 items (columns are ignored)
        Self.check(
            list.skeleton(of: "grid[0,header]/heading").first, "grid[0,header]/heading#line0", [16, 14.5, 140, 15])
        // 3 per line: (343 + 8) / 117 = 3; gap (343 - 327) / 2 = 8; items start at 44 + 16.
        let origins: [(Double, Double)] = [(16, 60), (133, 60), (250, 60), (16, 212)]
        for (i, (x, y)) in origins.enumerated() {
            Self.check(
                list.skeleton(of: "grid[0,\(i)]/photo").first, "grid[0,\(i)]/photo#block", [x, y, 109, 109], radius: 8)
            Self.check(
                list.skeleton(of: "grid[0,\(i)]/caption").first, "grid[0,\(i)]/caption#line0", [x, y + 118.5, 76.3, 15])
        }
    }
}
