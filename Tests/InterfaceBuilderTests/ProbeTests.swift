import Testing
import InterfaceBuilder
import SkeletonEngine

@Test func probe() throws {
    for name in ["CollectionView-Main.storyboard", "iOSExample-Main.storyboard", "tvOSExample-Main.storyboard"] {
        let r = InterfaceBuilderDocument.decode(bytes: try IB.skeletonView(name))
        print(name, r.kind as Any, r.initialSceneID as Any, r.problems)
        for s in r.scenes {
            print("  ", s, r.documents[s.id]?.problems ?? [], r.documents[s.id]?.document?.nodeCount as Any)
            if let d = r.documents[s.id]?.document {
                var session = SkeletonSession(document: d)
                _ = try session.show(ShowOptions(type: .solid, transition: .none), at: 0)
                for l in session.layers(at: 0).layers where l.kind != .content { print("     ", l.id, l.shape.rect, l.shape.cornerRadius) }
            }
        }
    }
}
