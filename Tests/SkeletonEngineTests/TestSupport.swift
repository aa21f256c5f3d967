import SkeletonEngine
import Testing

/// A session for a document that must be valid.
func session(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SkeletonSession {
    let result = SkeletonDocument.decode(text: text)
    #expect(result.errors.isEmpty, "\(result.errors)", sourceLocation: sourceLocation)
    return SkeletonSession(document: try #require(result.document, sourceLocation: sourceLocation))
}

/// A document that must be valid.
func document(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SkeletonDocument {
    let result = SkeletonDocument.decode(text: text)
    #expect(result.errors.isEmpty, "\(result.errors)", sourceLocation: sourceLocation)
    return try #require(result.document, sourceLocation: sourceLocation)
}

/// A root view of `size` with `children` (JSON text of nodes).
/// `extra` goes into the root node, `topLevel` into the document object.
func root(
    _ children: String, size: String = "320, 480", skeletonable: Bool = true, extra: String = "", topLevel: String = ""
) -> String {
    #"{"root": {"type": "UIView", "frame": [0, 0, "# + size + #"], "isSkeletonable": "# + String(skeletonable)
        + extra + #", "children": ["# + children + "]}" + topLevel + "}"
}

/// Solid show without transition (for time-independent checks).
let instant = ShowOptions(type: .solid, transition: .none)

extension DisplayList {
    /// Skeleton layers only (blocks and lines).
    var skeleton: [Layer] { layers.filter { $0.kind.isSkeleton } }
    /// Skeleton layers of one node.
    func skeleton(of node: String) -> [Layer] { skeleton.filter { $0.node == node } }
    /// Rectangles of a node's skeleton layers.
    func rects(of node: String) -> [Rect] { skeleton(of: node).map(\.shape.rect) }
}

extension Layer {
    var solidColor: RGBA? { if case .solid(let c) = fill { c } else { nil } }
    var gradient: LinearGradient? { if case .linearGradient(let g) = fill { g } else { nil } }
}

extension OperationResult {
    var states: [LifecycleState] { events.map(\.state) }
}

/// Numbers equal within 1e-9 (the engine computes in Double, as UIKit does in CGFloat).
func close(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
}

func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }
