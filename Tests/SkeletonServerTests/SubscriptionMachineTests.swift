import Testing

@testable import SkeletonServer

/// Every event in every state of a preview subscription's flow control (`SubscriptionMachine`), and the invariants
/// that keep a live stream from losing a frame, over every state the events reach.
@Suite struct SubscriptionMachineTests {
    typealias Machine = SubscriptionMachine
    typealias Event = SubscriptionMachine.Event
    typealias Effect = SubscriptionMachine.Effect

    static let manual = Machine.Context(now: 0, congested: false, frameWaiting: true, realClock: false)

    /// The manual clock's context for `event`: the writer took the waiting frame when it reports `.taken`.
    static func manual(_ event: Event) -> Machine.Context {
        var context = manual
        context.frameWaiting = event != .taken
        return context
    }

    /// Every event, in the order of the tables below: an ack of frame 1 and one of a frame never sent.
    static let events: [Event] = [
        .start, .changed, .refresh, .ack(seq: 1), .ack(seq: 5), .decongested, .delayElapsed, .taken,
        .built(.frame(animating: false)), .built(.unchanged(animating: false)), .built(.overBudget), .unsubscribe,
    ]

    /// The machine after `events` under the manual clock.
    static func machine(window: Int = 2, after events: [Event]) -> Machine {
        var machine = Machine(window: window, maxFPS: 60)
        for event in events { _ = machine.handle(event, manual(event)) }
        return machine
    }

    /// The states a subscription goes through under the manual clock, by name.
    static let states: [(name: String, machine: Machine)] = [
        ("fresh: its keyframe owed", machine(after: [])),
        ("building its keyframe", machine(after: [.start])),
        ("its keyframe waiting for the writer", machine(after: [.start, .built(.frame(animating: false))])),
        ("idle, one frame unacknowledged", machine(after: [.start, .built(.frame(animating: false)), .taken])),
        (
            "window full, a frame owed",
            machine(after: [
                .start, .built(.frame(animating: false)), .taken, .changed, .built(.frame(animating: false)), .taken,
                .changed,
            ])
        ),
        ("ended", machine(after: [.start, .unsubscribe])),
    ]

    /// The effects of each event (in `events` order) in each state (in `states` order).
    static let expected: [[[Effect]]] = [
        // fresh: nothing is built before `.start` (the subscribe request's answer)
        [[.build], [], [.requestKeyframe], [.rejectAck], [.rejectAck], [], [], [], [], [], [], [.release]],
        // building
        [
            [], [], [.requestKeyframe], [.rejectAck], [.rejectAck], [], [], [], [.queueFrame], [],
            [.release, .endOverBudget], [.release],
        ],
        // waiting for the writer
        [[], [], [.requestKeyframe], [], [.rejectAck], [], [], [], [], [], [], [.release]],
        // idle
        [[], [.build], [.requestKeyframe, .build], [], [.rejectAck], [], [], [], [], [], [], [.release]],
        // window full
        [[], [], [.requestKeyframe], [.build], [.rejectAck], [], [], [], [], [], [], [.release]],
        // ended
        [[], [], [], [], [], [], [], [], [], [], [], []],
    ]

    @Test func theStatesAreWhatTheirNamesSay() {
        let s = Self.states.map(\.machine)
        #expect(s[0].demand.isPending && !s[0].started && s[0].building == nil && s[0].sentSeq == 0)
        #expect(s[1].building != nil && !s[1].frameQueued)
        #expect(s[2].frameQueued && s[2].building == nil && s[2].sentSeq == 1 && !s[2].demand.isPending)
        #expect(!s[3].frameQueued && s[3].unacknowledged == 1 && !s[3].demand.isPending)
        #expect(s[4].unacknowledged == 2 && s[4].demand.isPending && s[4].building == nil && !s[4].frameQueued)
        #expect(s[5].closed)
    }

    @Test(arguments: 0..<6) func everyEventInState(_ k: Int) {
        let (name, start) = Self.states[k]
        for (e, event) in Self.events.enumerated() {
            var machine = start
            let effects = machine.handle(event, Self.manual(event))
            #expect(effects == Self.expected[k][e], "\(name), \(event)")
            let broken = Self.brokenInvariants(before: start, event, Self.manual(event), after: machine, effects)
            #expect(broken.isEmpty, "\(name), \(event)")
        }
    }

    @Test func anEndedSubscriptionIgnoresEverythingAndStaysAsItIs() {
        let ended = Self.states[5].machine
        for event in Self.events {
            for context in Self.contexts(at: 5) {
                var machine = ended
                #expect(machine.handle(event, context).isEmpty)
                #expect(machine == ended)
            }
        }
    }

    @Test func aCongestedOutputHoldsTheFrameUntilItDrains() {
        var machine = Machine(window: 2, maxFPS: 60)
        let congested = Machine.Context(now: 0, congested: true, frameWaiting: false, realClock: false)
        #expect(machine.handle(.start, congested).isEmpty)
        #expect(machine.handle(.changed, congested).isEmpty)
        #expect(machine.demand.isPending)
        #expect(machine.handle(.decongested, Self.manual) == [.build])
    }

    @Test func theFpsLimitWakesTheSubscriptionOnceWhenTheNextFrameIsDue() {
        var machine = Machine(window: 4, maxFPS: 50)
        let at = { (now: Double) in Machine.Context(now: now, congested: false, frameWaiting: false, realClock: true) }
        #expect(machine.handle(.start, at(10)) == [.build])
        #expect(machine.handle(.built(.frame(animating: false)), at(10)) == [.queueFrame])
        #expect(machine.handle(.taken, at(10.001)).isEmpty)
        let effects = machine.handle(.changed, at(10.005))
        guard case .wake(let delay) = effects.first, effects.count == 1 else {
            Issue.record("expected one wake, got \(effects)")
            return
        }
        #expect(abs(delay - 0.015) < 1e-9)
        // Further changes before it is due wait for the same wake.
        #expect(machine.handle(.changed, at(10.01)).isEmpty)
        #expect(machine.handle(.delayElapsed, at(10.02)) == [.build])
    }

    @Test func theFrameTimerRunsOnlyWhileTheDocumentAnimatesUnderTheRealClock() {
        let real = Machine.Context(now: 1, congested: false, frameWaiting: false, realClock: true)
        var machine = Machine(window: 8, maxFPS: 1000)
        _ = machine.handle(.start, real)
        #expect(machine.handle(.built(.frame(animating: true)), real) == [.queueFrame, .startTimer])
        _ = machine.handle(.taken, real)
        #expect(
            machine.handle(.changed, Machine.Context(now: 2, congested: false, frameWaiting: false, realClock: true))
                == [.build])
        #expect(machine.handle(.built(.unchanged(animating: false)), real) == [.stopTimer])
        #expect(!machine.timerRunning)
        // Under the manual clock frames follow the clock's moves: no timer, however the document moves.
        var manual = Machine(window: 8, maxFPS: 1000)
        _ = manual.handle(.start, Self.manual)
        #expect(manual.handle(.built(.frame(animating: true)), Self.manual) == [.queueFrame])
        // An ended subscription's timer stops with it.
        _ = machine.handle(.changed, Machine.Context(now: 3, congested: false, frameWaiting: false, realClock: true))
        _ = machine.handle(.built(.frame(animating: true)), real)
        #expect(machine.timerRunning)
        #expect(machine.handle(.unsubscribe, real) == [.release])
        #expect(!machine.timerRunning)
    }

    @Test func aChangeWhileTheFrameIsBuiltIsOwedAFrameOfItsOwn() {
        var machine = Self.states[1].machine  // building the keyframe
        #expect(machine.handle(.changed, Self.manual).isEmpty)
        #expect(machine.handle(.built(.frame(animating: false)), Self.manual) == [.queueFrame])
        #expect(machine.demand.isPending)
        #expect(machine.handle(.changed, Self.manual).isEmpty)
        // Once the writer took the keyframe, the owed frame is built.
        #expect(machine.handle(.taken, Self.manual(.taken)) == [.build])
    }

    @Test func aFrameTheWriterTookMakesRoomBeforeItsReportComes() {
        var machine = Self.states[2].machine  // the keyframe waits for the writer
        _ = machine.handle(.changed, Self.manual)
        #expect(machine.frameQueued)
        // The writer took it; its `.taken` is still on the way when the next change comes.
        var taken = Self.manual
        taken.frameWaiting = false
        #expect(machine.handle(.changed, taken) == [.build])
        #expect(machine.handle(.built(.frame(animating: false)), taken) == [.queueFrame])
        // The late report of the first frame's taking does not free the second one's place.
        #expect(machine.handle(.taken, Self.manual).isEmpty)
        #expect(machine.frameQueued)
    }

    /// Contexts an event may come in at `now`: congested or not, the last frame taken or not, either clock.
    static func contexts(at now: Double) -> [Machine.Context] {
        [false, true].flatMap { congested in
            [false, true].flatMap { waiting in
                [false, true].map {
                    Machine.Context(now: now, congested: congested, frameWaiting: waiting, realClock: $0)
                }
            }
        }
    }

    /// Explores every state reachable in a few events, in every context, with time moving on by nothing or by more
    /// than a frame's interval, and checks the invariants on every step.
    @Test func everyReachableStateKeepsTheInvariants() {
        struct Node: Hashable {
            var machine: Machine
            var now: Double
        }
        var seen: Set<Node> = []
        var frontier = [Node(machine: Machine(window: 2, maxFPS: 60), now: 0)]
        var steps = 0
        var failures: [String] = []
        for _ in 0..<5 {
            var next: [Node] = []
            for node in frontier where seen.insert(node).inserted {
                for event in Self.events {
                    for elapsed in [0, 0.01, 0.05] {
                        for context in Self.contexts(at: node.now + elapsed) {
                            var machine = node.machine
                            let effects = machine.handle(event, context)
                            let broken = Self.brokenInvariants(
                                before: node.machine, event, context, after: machine, effects)
                            if !broken.isEmpty, failures.count < 5 {
                                failures.append("\(broken) after \(event) in \(node.machine) at \(context)")
                            }
                            steps += 1
                            next.append(Node(machine: machine, now: context.now))
                        }
                    }
                }
            }
            frontier = next
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(seen.count > 100, "only \(seen.count) states reached")
        #expect(steps > 10_000)
    }

    /// What holds for every step: the invariants it breaks, by name (none).
    static func brokenInvariants(
        before: Machine, _ event: Event, _ context: Machine.Context, after: Machine, _ effects: [Effect]
    ) -> [String] {
        var broken: [String] = []
        func check(_ holds: Bool, _ name: String) { if !holds { broken.append(name) } }
        // At most one frame in flight: being built, or waiting for the writer.
        check(!(after.building != nil && after.frameQueued), "one frame in flight")
        check(after.unacknowledged >= 0 && after.unacknowledged <= after.window, "within the window")
        // A frame is built only when asked for, and only when nothing stands in the way.
        if effects.contains(.build) {
            // Free: nothing was being built, or the event is the report that it was.
            let free: Bool
            if case .built = event { free = true } else { free = before.building == nil }
            check(after.building != nil && free && !context.congested, "build when free")
            check(after.unacknowledged < after.window, "build within the window")
            check(!context.realClock || context.now >= after.lastFrameAt + after.minInterval, "build within maxFps")
        } else if !after.closed {
            check(after.building == nil || before.building != nil, "building only after .build")
        }
        // A frame goes out only after it was built, numbered in sequence.
        check(effects.contains(.queueFrame) == (after.sentSeq == before.sentSeq + 1), "queue what was built")
        check(after.sentSeq == before.sentSeq || (before.building != nil && after.frameQueued), "seq after a build")
        // Nothing happens to an ended subscription; ending frees what it holds, once.
        if before.closed { check(effects.isEmpty && after == before, "ended stays ended") }
        check(effects.contains(.release) == (!before.closed && after.closed), "release once")
        check(!after.closed || (!after.timerRunning && after.building == nil && !after.frameQueued), "ended holds none")
        // The timer's effects follow its state.
        if effects.contains(.startTimer) { check(after.timerRunning && !before.timerRunning, "start a stopped timer") }
        if effects.contains(.stopTimer) { check(!after.timerRunning && before.timerRunning, "stop a running timer") }
        if after.timerRunning != before.timerRunning, !after.closed {
            check(effects.contains(after.timerRunning ? .startTimer : .stopTimer), "timer effects follow its state")
        }
        // No frame is lost: an owed frame of an open subscription is being built, waits for the writer, or waits
        // for an event that will come (the start, an ack, the output draining, a wake asked for).
        if !after.closed, after.demand.isPending {
            let waits =
                !after.started || after.building != nil || after.frameQueued || after.unacknowledged >= after.window
                || context.congested || after.wakePending
            check(waits, "an owed frame waits for something")
        }
        if effects.contains(where: { if case .wake = $0 { true } else { false } }) {
            // (A wake that came before the frame was due asks for another.)
            check(after.wakePending && (!before.wakePending || event == .delayElapsed), "one wake at a time")
        }
        // An ack is refused exactly when it is for no outstanding frame.
        if case .ack(let seq) = event, !before.closed {
            let outstanding = seq > before.ackedSeq && seq <= before.sentSeq
            check(effects.contains(.rejectAck) == !outstanding, "refuse exactly the unknown acks")
        }
        return broken
    }
}
