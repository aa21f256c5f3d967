import Foundation
import Testing
import InterfaceBuilder
import SkeletonEngine

/// Test helpers: fixtures, decoding that must succeed, and layer checks.
enum IB {
    /// One of SkeletonView's own storyboards (MIT, `Fixtures/SkeletonView/LICENSE-SkeletonView`).
    static func skeletonView(_ name: String) throws -> [UInt8] { try fixture("SkeletonView/\(name)") }

    /// A file in `Tests/InterfaceBuilderTests/Fixtures`.
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return Array(try Data(contentsOf: url))
    }
}
