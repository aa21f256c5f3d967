/// Asked by long text work whether to give up (the request it serves was cancelled): layout asks before each chunk
/// and each line, drawing before each line's glyphs and every `StopSignal.glyphStride` glyphs it rasterises. Work
/// that stops caches nothing and gives back what it allocated.
///
/// - Important: the closure is called often: keep it cheap (an atomic load) and safe to call from any thread.
package struct StopSignal: Sendable {
    private let check: @Sendable () -> Bool

    package init(_ check: @escaping @Sendable () -> Bool) {
        self.check = check
    }

    /// Never stops.
    package static let never = StopSignal { false }

    /// Glyphs rasterised between two checks.
    static let glyphStride = 64

    /// Whether the work should stop now.
    package var isStopped: Bool { check() }
}
