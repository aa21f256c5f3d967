import SkeletonGraphics
import SkeletonModel
import Testing

/// A view's `alpha`: SkeletonView's skeleton layer is a sublayer of the view's, so it is drawn at the view's alpha
/// times its ancestors'.
@Suite("Alpha")
struct AlphaTests {
    static let card = #"""
        {"type": "UIView", "id": "card", "frame": [0, 0, 200, 100], "isSkeletonable": true, "alpha": 0.5, "backgroundColor": "#FF0000", "children": [
          {"type": "UIImageView", "id": "avatar", "frame": [10, 10, 40, 40], "isSkeletonable": true, "alpha": 0.5},
          {"type": "UIImageView", "id": "plain", "frame": [60, 10, 40, 40], "isSkeletonable": true}]}
        """#

    @Test func theSkeletonIsDimmedWithItsViewAndItsAncestors() throws {
        var s = try session(root(Self.card))
        let background = s.layers(at: 0).layers.first { $0.node == "card" && $0.kind == .content }
        #expect(background?.opacity == 0.5, "the view's own layer, before the show")
        _ = try s.show(instant, at: 0)
        let list = s.layers(at: 0)
        #expect(list.skeleton(of: "avatar").map(\.opacity) == [0.25])
        #expect(list.skeleton(of: "plain").map(\.opacity) == [0.5])
    }

    @Test func anAlphaOutsideZeroToOneIsAProblem() {
        let result = SkeletonDocument.decode(
            text: #"{"root": {"type": "UIView", "frame": [0, 0, 10, 10], "alpha": 1.5}}"#)
        #expect(result.errors.map { "\($0.pointer)" } == ["/root/alpha"])
    }

    @Test func aViewWithoutAlphaIsOpaque() throws {
        let doc = try document(root(#"{"type": "UIView", "frame": [0, 0, 10, 10]}"#))
        #expect(doc.root.children.first?.alpha ?? doc.root.alpha == 1)
    }
}
