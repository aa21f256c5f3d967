#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signals that interrupt a run from the terminal or a supervisor: SIGINT (Ctrl-C), SIGTERM, SIGHUP.
enum InterruptSignals {
    static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `handler` on each of them, also when the parent started this process with them blocked (test
    /// runners and some supervisors do): they are unblocked on the calling thread.
    ///
    /// - Important: `handler` runs in a signal context: it may only call async-signal-safe functions, must not
    ///   allocate, and should end with `resetAndRaise(_:)`.
    static func handle(_ handler: @convention(c) (Int32) -> Void) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers {
            sigaddset(&set, number)
            signal(number, handler)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Back to the default actions.
    static func reset() {
        for number in numbers { signal(number, SIG_DFL) }
    }

    /// From a handler: the default action again, and the signal raised again so the process ends as the signal
    /// says (the shell then reports 128 + its number).
    static func resetAndRaise(_ number: Int32) {
        signal(number, SIG_DFL)
        raise(number)
    }
}
