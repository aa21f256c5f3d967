import Foundation
import InterfaceBuilder
import SkeletonEngine
import Testing

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

extension IB {
    /// Decodes a file and requires scene `id` (nil: the initial scene) to decode without errors.
    static func document(
        _ bytes: [UInt8], scene id: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SkeletonDocument {
        let file = InterfaceBuilderFile.parse(bytes: bytes)
        #expect(file.problems.isEmpty, "\(file.problems)", sourceLocation: sourceLocation)
        let result = try #require(file.decodeScene(id), sourceLocation: sourceLocation)
        #expect(result.errors.isEmpty, "\(result.errors)", sourceLocation: sourceLocation)
        return try #require(result.document, sourceLocation: sourceLocation)
    }

    /// The display list of a scene shown solid, without transition, at t = 0.
    static func shown(_ bytes: [UInt8], scene id: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> DisplayList
    {
        var session = SkeletonSession(document: try document(bytes, scene: id, sourceLocation: sourceLocation))
        _ = try session.show(ShowOptions(type: .solid, transition: .none), at: 0)
        return session.layers(at: 0)
    }

    /// The node with `reference` in a document.
    static func node(_ reference: String, in document: SkeletonDocument) -> Node? {
        func find(_ n: Node) -> Node? {
            if n.reference == reference { return n }
            for c in n.children { if let f = find(c) { return f } }
            return nil
        }
        return find(document.root)
    }

    /// Decodes text and returns the problems of the file and of its initial scene.
    static func problems(_ text: String) -> [DocumentProblem] {
        let file = InterfaceBuilderFile.parse(text: text)
        return file.problems + (file.decodeScene()?.problems ?? [])
    }
}

extension DisplayList {
    /// Skeleton layers only (blocks and lines).
    var skeleton: [Layer] { layers.filter { $0.kind.isSkeleton } }
    /// The layer with `id`.
    func layer(_ id: String) -> Layer? { layers.first { $0.id == id } }
}

/// Asserts a layer's rectangle (within 1e-9) and corner radius.
func check(
    _ list: DisplayList, _ id: String, _ r: [Double], radius: Double = 0,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let l = list.layer(id)
    #expect(l != nil, "no layer \(id)", sourceLocation: sourceLocation)
    let got = l.map { [$0.shape.rect.x, $0.shape.rect.y, $0.shape.rect.width, $0.shape.rect.height] } ?? []
    #expect(
        got.count == 4 && zip(got, r).allSatisfy { abs($0 - $1) < 1e-9 }, "\(id): \(got)",
        sourceLocation: sourceLocation)
    #expect(l?.shape.cornerRadius == radius, sourceLocation: sourceLocation)
}

/// A minimal storyboard around scene XML (`<scene>` elements).
func storyboard(initial: String? = nil, _ scenes: String) -> String {
    let initialAttribute = initial.map { " initialViewController=\"\($0)\"" } ?? ""
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(initialAttribute)>
            <scenes>
        \(scenes)
            </scenes>
        </document>
        """
}

/// A minimal XIB with one top-level view 100 × 100 (`id="root"`, skeletonable) around subview XML.
func xib(_ subviews: String, rootExtra: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
        <objects>
            <view id="root"\(rootExtra)>
                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                <subviews>
    \(subviews)
                </subviews>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/>
                </userDefinedRuntimeAttributes>
            </view>
        </objects>
    </document>
    """
}
