import Testing

@testable import skeleton

@Suite struct AnimationPlanTests {
    @Test func samplesEveryFrameAndHidesBeforeTheEnd() {
        let plan = AnimationPlan(duration: 3, fps: 20, delay: 0, transition: 0.25)
        #expect(plan.times.count == 60)
        #expect(plan.delays.allSatisfy { $0 == 5 })
        #expect(plan.hideAt == 2.5)
    }

    @Test func carriesRoundingSoDelaysAddUpToTheDuration() {
        let plan = AnimationPlan(duration: 1, fps: 30, delay: 0, transition: 0)
        #expect(plan.delays.reduce(0, +) == 100)
        #expect(Set(plan.delays) == [3, 4])
    }

    @Test func leavesNoHideWhenThereIsNoRoom() {
        let plan = AnimationPlan(duration: 0.5, fps: 10, delay: 0.4, transition: 0.25)
        #expect(plan.hideAt == nil)
    }
}
