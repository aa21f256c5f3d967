import ArgumentParser
import Foundation
import JSON
import SkeletonImaging
import SkeletonModel
import SkeletonProtocol

/// `skeleton animate`: a looping GIF of the skeleton appearing, animating and going away.
struct Animate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a looping GIF of the skeleton being shown, animated and hidden.",
        discussion: """
            Opens FILE and, under the manual clock, shows an animated skeleton at time 0 (after --delay, with \
            --transition), samples --fps frames per second for --duration seconds with clock/set and \
            preview/render (raw), and hides the skeleton (same transition) so that it is gone 0.25 s before the \
            end; the GIF then loops. With --script, the skeleton is shown and hidden when the script says \
            (show,hide: content, skeleton, content, as SkeletonView's README GIFs go). Each frame gets its own \
            256-colour palette.

            A progress bar is drawn on stderr when it is a terminal.

            Protocol: initialize, textDocument/didOpen, skeleton/isActive, skeleton/show, then per frame \
            clock/set and preview/render, with one skeleton/hide; shutdown, exit.
            """
    )

    @OptionGroup var document: DocumentArgument
    @OptionGroup var traits: TraitOptions
    @OptionGroup var scene: SceneOption
    @OptionGroup var assume: AssumeOption

    @Option(help: "The skeleton type: solid or gradient.")
    var type: SkeletonType = .gradient

    @Option(parsing: .unconditional, help: "Seconds of animation, more than 0 and at most 600.")
    var duration: Double = 3

    @Option(parsing: .unconditional, help: "Frames per second, 1 to 50 (GIF delays are hundredths of a second).")
    var fps: Int = 20

    @Option(
        parsing: .unconditional, help: "Seconds before the skeleton appears (a delayed show), less than --duration.")
    var delay: Double?

    @Option(help: "How the skeleton appears and goes: none, crossDissolve (0.25 s) or a number of seconds.")
    var transition: Transition = .crossDissolve

    @Option(parsing: .unconditional, help: "Pixels per point, 1 to 4.")
    var scale: Double = 1

    @Option(help: "Show the skeleton on this node only (an id or an index path).")
    var node: String?

    @Option(
        help: """
            When to show and hide: show and hide alternating, comma-separated, each optionally @seconds \
            (show,hide spreads them evenly: content, skeleton, content; show@0.5,hide@2.2 at those times).
            """)
    var script: String?

    @Option(name: .shortAndLong, help: "The GIF file to write.")
    var output: String

    /// giflib creates files readable by their owner only; give the GIF the usual mode (0666 less the umask).
    static func makeReadable(_ path: String) {
        let mask = umask(0)
        umask(mask)
        chmod(path, 0o666 & ~mask)
    }

    /// At most this many frames (a minute at 50 fps).
    static let maxFrames = 3000

    func validate() throws {
        guard duration.isFinite, duration > 0, duration <= 600 else {
            throw ValidationError("--duration must be more than 0 and at most 600 seconds, not \(duration.plainText)")
        }
        guard (1...50).contains(fps) else { throw ValidationError("--fps must be between 1 and 50, not \(fps)") }
        if let delay {
            try Check.time(delay, "--delay")
            guard delay < duration else { throw ValidationError("--delay must be less than --duration") }
        }
        try Check.scale(scale)
        guard duration * Double(fps) <= Double(Self.maxFrames) else {
            throw ValidationError("--duration × --fps must be at most \(Self.maxFrames) frames")
        }
        if let script {
            guard delay == nil else { throw ValidationError("--delay and --script cannot be used together") }
            _ = try AnimationScript(parsing: script).schedule(duration: duration)
        }
    }

    /// When each show and hide happens: `--script`'s steps, else a show at 0 (after `--delay`) and the plan's hide.
    func steps(_ plan: AnimationPlan) throws(ValidationError) -> [(action: AnimationScript.Action, at: Double)] {
        if let script { return try AnimationScript(parsing: script).schedule(duration: duration) }
        return [(.show, 0)] + (plan.hideAt.map { [(.hide, $0)] } ?? [])
    }

    func run() throws {
        let out = try OutputFile(output)
        let source = scene.apply(to: traits.overrides.apply(to: try document.load()))
        let daemon = try DaemonSession.start(project: source.project)
        defer { daemon.finish() }
        try daemon.openValid(source)

        let plan = AnimationPlan(duration: duration, fps: fps, delay: delay ?? 0, transition: transition.seconds)
        let show = ShowRequest.Params(
            target: source.target, node: node,
            options: ShowOptions(
                type: type.model, animated: true, delay: delay, transition: transition.style,
                assumeSkeletonable: assume.assumeSkeletonable))
        let hide = HideRequest.Params(
            target: source.target, node: node, options: HideOptions(transition: transition.style))
        var pending = try steps(plan)[...]

        /// Runs every step due by `time`, each at its own time.
        func runSteps(until time: Double) throws {
            while let step = pending.first, step.at <= time {
                pending.removeFirst()
                try daemon.call(ClockSetRequest.self, .init(time: step.at))
                switch step.action {
                case .show: try daemon.showDrawing(show, of: source)
                case .hide: try daemon.call(HideRequest.self, hide)
                }
            }
        }
        try runSteps(until: 0)

        let progress = ProgressBar(total: plan.times.count, label: "frames")
        let partial = PartialFile(out)
        var writer: GIFWriter?
        do {
            for (k, time) in plan.times.enumerated() {
                try runSteps(until: time)
                try daemon.call(ClockSetRequest.self, .init(time: time))
                let frame = try daemon.renderImage(source, scale: scale)
                if writer == nil {
                    writer = try GIFWriter(path: partial.temporaryPath, width: frame.width, height: frame.height)
                }
                try writer?.add(rgba: frame.bytes, delayCentiseconds: plan.delays[k])
                progress.update(k + 1)
            }
            try writer?.finish()
            progress.finish()
            Self.makeReadable(partial.temporaryPath)
            try partial.commit()
        } catch let error as GIFError {
            progress.finish()
            partial.discard()
            throw CLIError.io(error.description.replacingOccurrences(of: partial.temporaryPath, with: output))
        } catch {
            progress.finish()
            partial.discard()
            throw error
        }
    }
}
