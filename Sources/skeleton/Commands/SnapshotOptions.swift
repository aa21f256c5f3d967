import ArgumentParser
import Foundation

/// The flags `snapshot record` and `verify` share: the inputs, the baselines folder, the variants and the jobs.
struct SnapshotOptions: ParsableArguments {
    @OptionGroup var inputs: ProjectInputs

    @Option(
        help: ArgumentHelp(
            "The baselines folder (default: skeleton-snapshots in the project root, else the current directory).",
            valueName: "dir"))
    var snapshots: String?

    @Option(help: ArgumentHelp("Appearances, comma-separated: light, dark (default: light,dark).", valueName: "list"))
    var schemes: String?

    @Option(help: ArgumentHelp("Layout directions, comma-separated: ltr, rtl (default: ltr).", valueName: "list"))
    var directions: String?

    @Option(
        help: ArgumentHelp(
            "Device widths in points, comma-separated, at most 16, each 1…16384 (default: each document's own).",
            valueName: "list"))
    var widths: String?

    @Option(
        help: ArgumentHelp(
            "What to picture, comma-separated: solid, gradient (the skeleton), content (the screen before the show) (default: solid).",
            valueName: "list"))
    var types: String?

    @Option(
        help: ArgumentHelp(
            "Moments after the show, in seconds, comma-separated, at most 16, each 0…3600 (default: 1).",
            valueName: "list"))
    var times: String?

    @Flag(help: "Animate the skeletons (each picture is the frame at its time).")
    var animated = false

    @Option(parsing: .unconditional, help: "Pixels per point, 1 to 4 (default: 1).")
    var scale: Double?

    @Flag(help: "Show with assumeSkeletonable: views that hold content are skeletonable for the show.")
    var assumeSkeletonable = false

    @Option(help: "Pictures rendered at once, 1…64 (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    /// The baselines folder.
    var folder: String { snapshots ?? (inputs.root as NSString).appendingPathComponent("skeleton-snapshots") }

    func validate() throws {
        guard (1...SnapshotLimits.maxJobs).contains(jobs) else {
            throw ValidationError("--jobs must be between 1 and \(SnapshotLimits.maxJobs), not \(jobs)")
        }
        do throws(SnapshotUsage) { _ = try variants(base: nil) } catch { throw ValidationError(error.description) }
    }

    /// The run's variants: each axis from its flag, else from `base` (the manifest's), else the default.
    func variants(base: SnapshotVariantSet?) throws(SnapshotUsage) -> SnapshotVariantSet {
        var set = base ?? SnapshotVariantSet()
        if let schemes { set.schemes = try Self.list(schemes, "--schemes") { ColorScheme(rawValue: $0) } }
        if let directions {
            set.directions = try Self.list(directions, "--directions") {
                $0 == "rtl" ? true : ($0 == "ltr" ? false : nil)
            }
        }
        if let widths {
            set.widths = try Self.list(widths, "--widths") { text in Double(text).flatMap { $0.isFinite ? $0 : nil } }
        }
        if let types { set.kinds = try Self.list(types, "--types") { SnapshotVariant.Kind(rawValue: $0) } }
        if let times {
            set.times = try Self.list(times, "--times") { text in Double(text).flatMap { $0.isFinite ? $0 : nil } }
        }
        if animated { set.animated = true }
        if let scale { set.scale = scale }
        if assumeSkeletonable { set.assumeSkeletonable = true }
        try set.validate()
        return set
    }

    private static func list<T>(_ text: String, _ flag: String, _ parse: (String) -> T?) throws(SnapshotUsage) -> [T] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count <= 64 else { throw SnapshotUsage("\(flag) takes at most 64 values") }
        var values: [T] = []
        for part in parts {
            guard let value = parse(part) else { throw SnapshotUsage("\(flag): \"\(part)\" is not a valid value") }
            values.append(value)
        }
        return values
    }

    /// How a run starts: the baselines folder's manifest (nil when there is none yet), the run's daemon with its
    /// variants, and the fonts' fingerprint.
    ///
    /// - Important: call `session.finish()` when the run ends.
    func begin() throws(CLIError) -> (manifest: SnapshotManifest?, session: SnapshotSession, fonts: String) {
        try inputs.check()
        let manifest = try SnapshotManifest.read(in: folder)
        // The flags were checked by `validate` and the manifest's values when it was read: a failure here is a bad
        // manifest.
        let variants: SnapshotVariantSet
        do throws(SnapshotUsage) { variants = try self.variants(base: manifest?.variants) } catch {
            throw .io(error.description)
        }
        let session = try SnapshotSession(inputs: inputs, variants: variants, jobs: jobs)
        do throws(CLIError) {
            return (manifest, session, try session.fontFingerprint())
        } catch {
            session.finish()
            throw error
        }
    }

    /// The command that records what this run pictures (printed with a missing baseline).
    var recordCommand: String {
        var words = ["skeleton", "snapshot", "record"] + inputs.files
        if let project = inputs.app.project { words += ["--project", project] }
        for code in inputs.app.code { words += ["--code", code] }
        if let snapshots { words += ["--snapshots", snapshots] }
        if let schemes { words += ["--schemes", schemes] }
        if let directions { words += ["--directions", directions] }
        if let widths { words += ["--widths", widths] }
        if let types { words += ["--types", types] }
        if let times { words += ["--times", times] }
        if animated { words.append("--animated") }
        if let scale { words += ["--scale", scale.plainText] }
        if assumeSkeletonable { words.append("--assume-skeletonable") }
        return words.map(Self.shellQuoted).joined(separator: " ")
    }

    private static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./,:=@+".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
