import SwiftCode
import Testing

@testable import CodeLinking

/// `AnchorSolver`: views placed by equalities between anchors, in a container of a known size.
@Suite("Placing views by their anchor constraints")
struct AnchorSolverTests {
    static let at = Code.range(1, 1, 2)

    static func pin(
        _ view: String, _ anchor: LayoutAnchor, to other: ViewTarget? = .root, _ otherAnchor: LayoutAnchor? = nil,
        times multiplier: Double = 1, plus constant: Double = 0
    ) -> AnchorConstraint {
        AnchorConstraint(
            first: .property(view), firstAnchor: anchor, second: other,
            secondAnchor: other == nil ? nil : (otherAnchor ?? anchor), multiplier: multiplier,
            constant: .number(constant), range: at)
    }

    static func added(_ names: [(String, ViewTarget)]) -> [SubviewAddition] {
        names.map { SubviewAddition(parent: $0.1, child: .property($0.0), range: at) }
    }

    @Test func edgesCentresAndSizes() {
        let layout = CodeLayout(
            subviews: Self.added([("title", .root), ("icon", .root)]),
            constraints: [
                Self.pin("title", .leading, plus: 16), Self.pin("title", .trailing, plus: -16),
                Self.pin("title", .top, plus: 8), Self.pin("title", .height, to: nil, plus: 20),
                // The icon: below the title, centred, half the container's width, square.
                Self.pin("icon", .top, to: .property("title"), .bottom, plus: 4),
                Self.pin("icon", .centerX), Self.pin("icon", .width, times: 0.5),
                Self.pin("icon", .height, to: .property("icon"), .width),
            ])
        let solver = AnchorSolver(layout: layout, width: 200, height: 300)
        #expect(solver.frames["title"] == AnchorSolver.Frame(x: 16, y: 8, width: 168, height: 20))
        #expect(solver.frames["icon"] == AnchorSolver.Frame(x: 50, y: 32, width: 100, height: 100))
        #expect(solver.unplaced.isEmpty && solver.conflicts.isEmpty)
    }

    @Test func nestedViewsAreInTheirParentsCoordinates() {
        let layout = CodeLayout(
            subviews: Self.added([("card", .root), ("dot", .property("card"))]),
            constraints: [
                Self.pin("card", .leading, plus: 10), Self.pin("card", .top, plus: 10),
                Self.pin("card", .bottom, plus: -10), Self.pin("card", .trailing, plus: -10),
                Self.pin("dot", .centerY, to: .property("card")), Self.pin("dot", .trailing, to: .property("card")),
                Self.pin("dot", .width, to: nil, plus: 6), Self.pin("dot", .height, to: nil, plus: 6),
            ])
        let solver = AnchorSolver(layout: layout, width: 100, height: 60)
        #expect(solver.frames["card"] == AnchorSolver.Frame(x: 10, y: 10, width: 80, height: 40))
        #expect(solver.frames["dot"] == AnchorSolver.Frame(x: 74, y: 17, width: 6, height: 6))
    }

    @Test func whatIsNotDeterminedOrDisagreesIsSaid() {
        let layout = CodeLayout(
            subviews: Self.added([("a", .root), ("b", .root), ("c", .property("nowhere"))]),
            constraints: [
                Self.pin("a", .leading), Self.pin("a", .width, to: nil, plus: 10),
                Self.pin("a", .top), Self.pin("a", .height, to: nil, plus: 10),
                Self.pin("a", .width, to: nil, plus: 12),
                // b: nothing vertical; its width would be negative.
                Self.pin("b", .leading, plus: 50), Self.pin("b", .trailing, plus: -80),
                Self.pin("ghost", .top),
            ])
        let solver = AnchorSolver(layout: layout, width: 100, height: 100)
        #expect(solver.frames["a"] == AnchorSolver.Frame(x: 0, y: 0, width: 10, height: 10))
        #expect(solver.conflicts.map(\.constant) == [.number(12)])
        #expect(solver.unplaced.map(\.view.name) == ["b"])
        #expect(solver.unplaced.first?.missing == ["vertical"])
        #expect(solver.views.map(\.name) == ["a", "b"], "c is added to a view that is not")
        #expect(solver.ignored.count == 1, "ghost is not added")
    }

    @Test func aLayoutOverTheBoundsIsNotSolved() {
        let many = (0...AnchorSolver.maxViews).map { ("v\($0)", ViewTarget.root) }
        let solver = AnchorSolver(layout: CodeLayout(subviews: Self.added(many)), width: 10, height: 10)
        #expect(solver.isTooLarge)
        #expect(solver.frames.isEmpty)
    }
}
