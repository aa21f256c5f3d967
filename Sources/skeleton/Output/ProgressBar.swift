/// A one-line progress bar on stderr, drawn only when stderr is a terminal (so logs and pipes stay clean).
struct ProgressBar {
    let total: Int
    let label: String
    let enabled: Bool
    let width = 30

    init(total: Int, label: String, enabled: Bool = StandardError.isTerminal) {
        self.total = max(1, total)
        self.label = label
        self.enabled = enabled
    }

    /// Redraws the bar at `done` of `total`.
    func update(_ done: Int) {
        guard enabled else { return }
        let filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        StandardError.emit("\r\(label) \(bar) \(done)/\(total)")
    }

    /// Erases the bar.
    func finish() {
        guard enabled else { return }
        StandardError.emit("\r\u{1B}[2K")
    }
}
