import SkeletonModel
import SwiftCode
import Testing

/// Issue #25, row 11: a delay read from code meets the limit a `skeleton/show` request's `delay` meets (0 to 10⁹
/// seconds); one outside it is not applied, and an `assumed` hint names what was assumed instead.
@Suite struct CodeDelayTests {
    static func view(_ body: String) -> String {
        "class V: UIView {\n    override func awakeFromNib() {\n        \(body)\n    }\n}\n"
    }

    @Test func anAsyncAfterBeyondTheLimitIsNoDelayAndAHint() throws {
        let text = Self.view("DispatchQueue.main.asyncAfter(deadline: .now() + 1e308) { self.showAnimatedSkeleton() }")
        let v = try Code.facts(text, class: "V")
        let show = try #require(v.show)
        #expect(show.options.delay == nil)
        #expect(show.options.animated == true)
        let hint = try #require(v.hints.first { $0.kind == .assumed })
        #expect(
            hint.message
                == "`.now() + 1e308`: 1e+308 seconds is outside the 0 to 1000000000 seconds a show's delay may be; "
                + "no delay is assumed")
        // On the deadline: `.now() + 1e308` starts after `DispatchQueue.main.asyncAfter(deadline: `.
        #expect(hint.range == Code.range(3, 49, 63))
    }

    @Test func aNegativeOrInfiniteDelayIsNoDelay() throws {
        for deadline in [".now() + -3", ".now() + 1e400"] {
            let text = Self.view("DispatchQueue.main.asyncAfter(deadline: \(deadline)) { showSkeleton() }")
            let v = try Code.facts(text, class: "V")
            #expect(v.show?.options.delay == nil, "\(deadline)")
            #expect(v.hints.contains { $0.kind == .assumed && $0.message.hasSuffix("no delay is assumed") })
        }
    }

    @Test func aShowsOwnDelayBeyondTheLimitIsNoDelay() throws {
        let v = try Code.facts(Self.view("showAnimatedSkeleton(delay: 1e308)"), class: "V")
        #expect(v.show?.options.delay == nil)
        #expect(
            v.hints.map(\.message) == [
                "`delay: 1e+308`: 1e+308 seconds is outside the 0 to 1000000000 seconds a show's delay may be; no delay is assumed"
            ])
    }

    @Test func delaysThatAddUpPastTheLimitAreNoDelay() throws {
        let inner = "DispatchQueue.main.asyncAfter(deadline: .now() + 6e8) { showSkeleton(delay: 1) }"
        let v = try Code.facts(
            Self.view("DispatchQueue.main.asyncAfter(deadline: .now() + 6e8) { \(inner) }"), class: "V")
        #expect(v.show?.options.delay == nil)
        #expect(v.hints.contains { $0.message.hasPrefix("the delays before this show add up to 1200000001.0 seconds") })
    }

    @Test func delaysWithinTheLimitAddUp() throws {
        let inner = "DispatchQueue.main.asyncAfter(deadline: .now() + 4e8) { showSkeleton(delay: 1) }"
        let v = try Code.facts(
            Self.view("DispatchQueue.main.asyncAfter(deadline: .now() + 5e8) { \(inner) }"), class: "V")
        #expect(v.show?.options.delay == 900_000_001)
        #expect(!v.hints.contains { $0.kind == .assumed })
    }
}
