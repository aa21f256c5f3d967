import Dispatch
public import JSON
import JSONRPC
import Synchronization

/// The session's time in seconds: monotonic real time since `initialize`, or a manual clock that the client
/// moves with `clock/advance` and `clock/set` (deterministic previews and tests).
public final class SessionClock: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        case real
        case manual
    }

    private struct State {
        var mode: Mode = .real
        var origin = DispatchTime.now().uptimeNanoseconds
        var manualTime: Double = 0
        var observers: [@Sendable (Double) -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var mode: Mode { state.withLock { $0.mode } }

    /// Now, in seconds.
    public var now: Double {
        state.withLock { s in
            switch s.mode {
            case .manual: s.manualTime
            case .real: Double(DispatchTime.now().uptimeNanoseconds &- s.origin) / 1e9
            }
        }
    }

    /// Starts the clock in `mode` at time 0.
    public func start(_ mode: Mode) {
        state.withLock { s in
            s.mode = mode
            s.origin = DispatchTime.now().uptimeNanoseconds
            s.manualTime = 0
        }
    }

    /// Calls `observer` with the new time whenever the manual clock moves.
    public func observe(_ observer: @escaping @Sendable (Double) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Reads an optional `time` member: a finite, non-negative number, else now.
    public func time(from params: JSONValue, key: String = "time") throws(JSONDecodingError) -> Double {
        guard let value = params.optionalMember(key) else { return now }
        let time = try value.decodeDouble()
        guard time >= 0 else { throw JSONDecodingError(at: value, "must not be negative") }
        return time
    }

    /// Registers `clock/advance` and `clock/set`.
    public func register(in table: inout MethodTable) {
        table.request("clock/advance", route: .barrier) { [self] context in
            let params = try context.paramsObject()
            let value = try params.member("seconds")
            let seconds = try value.decodeDouble()
            guard seconds >= 0 else {
                throw JSONDecodingError(at: value, "must not be negative: the clock never goes back")
            }
            return .double(try move { $0 + seconds })
        }
        table.request("clock/set", route: .barrier) { [self] context in
            let params = try context.paramsObject()
            let value = try params.member("time")
            let time = try value.decodeDouble()
            guard time >= 0 else { throw JSONDecodingError(at: value, "must not be negative") }
            let current = now
            guard time >= current else {
                throw JSONDecodingError(
                    at: value, "must not be before the current time \(current): the clock never goes back")
            }
            return .double(try move { _ in time })
        }
    }

    private func move(_ update: (Double) -> Double) throws(ResponseError) -> Double {
        let (time, observers) = try state.withLock {
            (s) throws(ResponseError) -> (Double, [@Sendable (Double) -> Void]) in
            guard s.mode == .manual else {
                throw ResponseError(
                    .requestFailed,
                    "the clock is real: start the session with initializationOptions.clock = \"manual\" to move it")
            }
            s.manualTime = update(s.manualTime)
            return (s.manualTime, s.observers)
        }
        for observer in observers { observer(time) }
        return time
    }
}
