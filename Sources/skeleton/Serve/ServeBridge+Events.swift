import Foundation
import JSON
import SkeletonProtocol
import SkeletonWebPreview

extension ServeBridge {
    /// Handles a batch of page events in order; of several seeks in a row only the last moves the clock.
    func handle(_ batch: [PageEvent]) throws(CLIError) {
        var seek: Double?
        for event in batch {
            if case .command(_, .seek(let time)) = event {
                seek = time
                continue
            }
            if let time = seek {
                try move(to: time)
                seek = nil
            }
            switch event {
            case .opened(let outbox): try open(outbox)
            case .closed(let outbox): try close(outbox)
            case .command(let outbox, let command): try perform(command, from: outbox)
            }
        }
        if let time = seek { try move(to: time) }
    }

    /// A new page: the scenes, the state, the diagnostics, then its subscription's keyframe.
    private func open(_ outbox: PageOutbox) throws(CLIError) {
        outbox.post(scenesMessage())
        outbox.post(PageMessages.typed("state", state.message))
        outbox.post(diagnosticsMessage())
        pages[outbox.id] = Page(outbox: outbox)
        try subscribe(outbox.id)
    }

    private func close(_ outbox: PageOutbox) throws(CLIError) {
        try unsubscribe(outbox.id)
        pages[outbox.id] = nil
    }

    private func perform(_ command: PageCommand, from outbox: PageOutbox) throws(CLIError) {
        switch command {
        case .select(let index):
            guard index < scenes.count else {
                outbox.post(PageMessages.error("there is no scene \(index): there are \(scenes.count)"))
                return
            }
            state.scene = index
            try stage()
            try resubscribe()
            broadcast(diagnosticsMessage())
        case .traits(let scheme, let direction):
            state.scheme = scheme
            state.direction = direction
            try applyTraits()
        case .show(let type, let animated):
            state.shown = true
            state.skeleton = type
            state.animated = animated
            try stage()
        case .hide:
            state.shown = false
            try stage()
        case .play:
            state.playing = true
            playedFrom = (Date(), state.time)
        case .pause:
            state.playing = false
            playedFrom = nil
        case .seek(let time):
            try move(to: time)
            return
        case .ack(let seq):
            if let subscription = pages[outbox.id]?.subscription {
                daemon.notify(AckNotification.self, .init(subscription: subscription, seq: seq))
            }
            return
        }
        broadcastState()
    }

    /// The pages show the moment `time` seconds after the show: forward, the clock moves there; back, the scene is
    /// shown again (the clock never goes back).
    func move(to time: Double) throws(CLIError) {
        state.time = time
        if state.playing { playedFrom = (Date(), time) }
        if shownAt + time >= clock {
            try setClock(shownAt + time)
        } else {
            try stage()
        }
        broadcastState()
    }

    /// While playing, moves the clock with the wall clock (at most 60 times a second; past the loop's length
    /// it starts over at 0).
    func tick() throws(CLIError) {
        guard state.playing, let from = playedFrom, !pages.isEmpty else { return }
        let now = Date()
        guard now.timeIntervalSince(lastTick) >= 1.0 / 60 else { return }
        lastTick = now
        let time = from.time + now.timeIntervalSince(from.wall)
        if time > ServeState.loopLength {
            state.time = 0
            playedFrom = (now, 0)
            try stage()
            broadcastState()
        } else {
            state.time = time
            try setClock(shownAt + time)
        }
    }
}
