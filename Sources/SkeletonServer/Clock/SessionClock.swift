import Dispatch
package import JSON
import JSONRPC
import SkeletonModel
package import SkeletonProtocol
import Synchronization

/// The session's time in seconds: monotonic real time since `initialize`, or a manual clock that the client
/// moves with `clock/advance` and `clock/set` (deterministic previews and tests).
package final class SessionClock: Sendable {
    package typealias Mode = ClockMode

    private struct State {
        var mode: Mode = .real
        var origin = DispatchTime.now().uptimeNanoseconds
        var manualTime: Double = 0
        var observers: [@Sendable (Double) -> Void] = []
    }

    private let state = Mutex(State())

    package init() {}

    package var mode: Mode { state.withLock { $0.mode } }

    /// Now, in seconds.
    package var now: Double {
        state.withLock { s in
            switch s.mode {
            case .manual: s.manualTime
            case .real: Double(DispatchTime.now().uptimeNanoseconds &- s.origin) / 1e9
            }
        }
    }

    /// Starts the clock in `mode` at time 0.
    package func start(_ mode: Mode) {
        state.withLock { s in
            s.mode = mode
            s.origin = DispatchTime.now().uptimeNanoseconds
            s.manualTime = 0
        }
    }

    /// Calls `observer` with the new time whenever the manual clock moves.
    package func observe(_ observer: @escaping @Sendable (Double) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// The latest time the session can name, in seconds (about 31.7 years): a time or a clock move past it is
    /// refused with -32602, so the clock stays finite and every time converts to frames and phases exactly.
    package static let maxTime: Double = SessionTime.max

    /// Reads an optional `time` member: a number from 0 to `maxTime`, else now.
    package func time(from params: JSONValue, key: String = "time") throws(JSONDecodingError) -> Double {
        guard let value = params.optionalMember(key) else { return now }
        return try Self.instant(value)
    }

    /// A time value: finite, from 0 to `maxTime` (`SessionTime`, as typed params read it).
    static func instant(_ value: JSONValue) throws(JSONDecodingError) -> Double { try SessionTime.decode(value) }

    /// Registers `clock/advance` and `clock/set`.
    package func register(in table: inout MethodTable) {
        table.request(ClockAdvanceRequest.self, route: .barrier) { [self] params, _ in
            try move { current throws(JSONDecodingError) in
                guard params.seconds <= Self.maxTime - current else {
                    throw JSONDecodingError(
                        at: params.source,
                        "would move the clock from \(current) past \(Int(Self.maxTime)) seconds, its latest time")
                }
                return current + params.seconds
            }
        }
        table.request(ClockSetRequest.self, route: .barrier) { [self] params, _ in
            let current = now
            guard params.time >= current else {
                throw JSONDecodingError(
                    at: params.source, "must not be before the current time \(current): the clock never goes back")
            }
            return try move { _ in params.time }
        }
    }

    /// Moves the manual clock to `update(now)`; a real clock is -32803, and an `update` that throws moves nothing.
    private func move(_ update: (Double) throws(JSONDecodingError) -> Double) throws -> Double {
        let (time, observers) = try state.withLock { (s) throws -> (Double, [@Sendable (Double) -> Void]) in
            guard s.mode == .manual else {
                throw ResponseError(
                    .requestFailed,
                    "the clock is real: start the session with initializationOptions.clock = \"manual\" to move it")
            }
            s.manualTime = try update(s.manualTime)
            return (s.manualTime, s.observers)
        }
        for observer in observers { observer(time) }
        return time
    }
}
