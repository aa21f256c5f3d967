/// The timeline of `skeleton animate`: when frames are sampled, how long each shows, and when the skeleton is
/// hidden so the GIF tells the whole story (content → show → animation → hide → content) and loops cleanly.
struct AnimationPlan: Equatable {
    /// Session times of the frames, `k / fps` for k in `0..<count`.
    let times: [Double]
    /// Each frame's delay in hundredths of a second; they add up to the duration (rounding is carried over).
    let delays: [Int]
    /// When `skeleton/hide` is sent, or nil when the animation is too short to leave room for it.
    let hideAt: Double?

    /// How long the content stays visible after the hide transition ends, at the end of the loop.
    static let tail = 0.25

    init(duration: Double, fps: Int, delay: Double, transition: Double) {
        let count = max(1, Int((duration * Double(fps)).rounded()))
        times = (0..<count).map { Double($0) / Double(fps) }
        func centiseconds(_ k: Int) -> Int { Int((Double(k) * 100 / Double(fps)).rounded()) }
        delays = (0..<count).map { max(1, centiseconds($0 + 1) - centiseconds($0)) }
        let hide = max(delay + transition, duration - transition - Self.tail)
        hideAt = hide < duration ? hide : nil
    }
}
