import ArgumentParser
import Foundation
import JSON
import SkeletonImaging

/// `skeleton snapshot verify`: renders the pictures again and compares them with the baselines.
struct SnapshotVerify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare every scene's pictures with the baselines; never writes baselines.",
        discussion: """
            Each picture is rendered (preview/render, png) and compared with its baseline: the same bytes pass; \
            otherwise both are decoded and compared pixel for pixel. A \
            missing baseline fails with the command that records it; a picture that differs fails, and its \
            baseline, the new picture and a diff image (changed pixels in red over the washed-out baseline) are \
            written into --report DIR/images, else into --failures DIR; baselines of the run's documents whose \
            scene or variant is no longer pictured are listed and fail. When the renderer or the fonts are not those \
            of the manifest, that is said first, and the differences are counted rather than listed (status 5).
            """
    )

    @OptionGroup var options: SnapshotOptions

    @Option(
        parsing: .unconditional,
        help: "The share of a picture's pixels that may differ and still pass, in percent, 0…100 (default: 0).")
    var tolerance: Double = 0

    @Option(help: "The largest difference of a channel (0…255) that still counts as the same pixel (default: 0).")
    var channelTolerance: Int = 0

    @Option(help: ArgumentHelp("Where the failures' pictures go without --report.", valueName: "dir"))
    var failures: String?

    @Option(
        help: ArgumentHelp("Write an HTML report at DIR/index.html, with its pictures in DIR/images.", valueName: "dir")
    )
    var report: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report (one test case per scene × variant).", valueName: "file"))
    var junit: String?

    @Option(
        help: ArgumentHelp("Write a SARIF 2.1.0 log of the failures and the documents' diagnostics.", valueName: "file")
    )
    var sarif: String?

    /// Exit status when pictures differ and the renderer or fonts are not the manifest's.
    static let environmentChangedStatus: Int32 = 5

    func validate() throws {
        guard tolerance.isFinite, (0...100).contains(tolerance) else {
            throw ValidationError("--tolerance must be a percentage from 0 to 100, not \(tolerance.plainText)")
        }
        guard (0...255).contains(channelTolerance) else {
            throw ValidationError("--channel-tolerance must be between 0 and 255, not \(channelTolerance)")
        }
    }

    func run() throws {
        let junitFile = try junit.map { path throws(CLIError) in try OutputFile(path) }
        let sarifFile = try sarif.map { path throws(CLIError) in try OutputFile(path) }
        let folder = options.folder
        let (manifest, session, fonts) = try options.begin()
        defer { session.finish() }
        var environment: String?
        if let manifest, manifest.renderer != session.renderer || manifest.fonts != fonts {
            environment =
                "the baselines were recorded by skeletond \(manifest.renderer) with fonts \(manifest.fonts); this is "
                + "skeletond \(session.renderer) with fonts \(fonts): pictures may differ for that reason alone "
                + "(after a review, record them again: \(options.recordCommand))"
            StandardError.line("skeleton: \(environment ?? "")")
        }
        let artifacts = SnapshotArtifacts(
            folder: report.map { ($0 as NSString).appendingPathComponent("images") } ?? failures
                ?? (options.inputs.root as NSString).appendingPathComponent("skeleton-snapshots-failures"))
        let recorded = Dictionary(
            (manifest?.pictures ?? []).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let paths = try options.inputs.paths(session.daemon)
        try session.checkPictureCount(documents: paths.count)
        var results: [SnapshotResult] = []
        var pictured: Set<String> = []
        for path in paths {
            let pictures = try session.prepare(path)
            try session.render(pictures, encoding: "png") { (picture, answer) throws(CLIError) in
                pictured.insert(picture.path)
                results.append(
                    try compare(
                        picture, try DaemonSession.png(answer), baseline: recorded[picture.path], folder: folder,
                        artifacts)
                )
            }
            session.close(pictures)
        }
        for failure in session.invalid {
            results.append(
                SnapshotResult(
                    file: failure.file, variant: "-", path: failure.file, line: 1, outcome: .invalid(failure.message)))
        }
        // Stale: baselines of the run's documents (or, over a whole project, of any document) no longer pictured.
        let failed = Set(session.invalid.map(\.file))
        let scope = Set(paths.map(options.inputs.relative))
        for entry in manifest?.pictures ?? []
        where !pictured.contains(entry.path) && !failed.contains(entry.file)
            && (options.inputs.files.isEmpty || scope.contains(entry.file))
        {
            results.append(
                SnapshotResult(
                    file: entry.file, scene: entry.scene, variant: entry.variant, path: entry.path, line: 1,
                    outcome: .stale))
        }
        results.sort { ($0.failed ? 0 : 1, $0.path) < ($1.failed ? 0 : 1, $1.path) }

        let failing = results.filter(\.failed)
        if environment == nil {
            for result in failing.prefix(SnapshotLimits.maxPrintedFailures) {
                StandardError.line(describe(result, folder, artifacts))
            }
            if failing.count > SnapshotLimits.maxPrintedFailures {
                StandardError.line("skeleton: … and \(failing.count - SnapshotLimits.maxPrintedFailures) more failures")
            }
        }
        let run = SnapshotReportRun(
            results: results, diagnostics: session.diagnostics, renderer: session.renderer, fonts: fonts,
            environment: environment, recordCommand: options.recordCommand, root: options.inputs.root)
        if let report { try SnapshotHTMLReport(run: run).write(to: report, baselines: folder) }
        if let junitFile { try junitFile.write(Array(SnapshotJUnit(run: run).text.utf8)) }
        if let sarifFile { try sarifFile.write(Array(SnapshotSARIF.log(run: run, lint: true).text.utf8)) }
        try StandardOutput.line(run.summary)
        guard failing.isEmpty else {
            throw ExitCode(
                environment == nil ? CLIError.Status.invalidDocument.rawValue : Self.environmentChangedStatus)
        }
    }

    /// The result for one picture (the daemon's PNG): the same bytes as the baseline pass at once; otherwise both
    /// are decoded and compared pixel by pixel (another zlib may write other bytes for the same pixels), and a
    /// failure's pictures are written.
    private func compare(
        _ picture: SnapshotPicture, _ png: [UInt8], baseline entry: SnapshotManifest.Entry?, folder: String,
        _ artifacts: SnapshotArtifacts
    ) throws(CLIError) -> SnapshotResult {
        var result = SnapshotResult(
            file: picture.file, scene: picture.scene, variant: picture.variant.name, path: picture.path,
            line: picture.line, outcome: .passed)
        let baselinePath = (folder as NSString).appendingPathComponent(picture.path)
        guard entry != nil, FileManager.default.fileExists(atPath: baselinePath) else {
            result.outcome = .missing
            result.newImage = try artifacts.write(png, picture.path, "new")
            return result
        }
        let bytes: [UInt8]
        let baseline: RGBAImage
        let image: RGBAImage
        do throws(CLIError) {
            bytes = try BoundedFile.read(baselinePath, limit: SnapshotLimits.maxBaselineBytes)
            if bytes == png { return result }
            baseline = try Self.decode(bytes)
        } catch {
            result.outcome = .unreadable(error.message)
            result.newImage = try artifacts.write(png, picture.path, "new")
            return result
        }
        do throws(CLIError) { image = try Self.decode(png) } catch {
            throw CLIError.daemon("preview/render answered with a PNG that cannot be read: \(error.message)")
        }
        if baseline == image { return result }
        let diff = PictureDiff(baseline: baseline, new: image, channelTolerance: channelTolerance)
        if !diff.sizeChanged, diff.percent <= tolerance { return result }
        result.outcome = .differs(
            changed: diff.changed, total: diff.total, bounds: diff.bounds, sizeChanged: diff.sizeChanged)
        result.baselineImage = try artifacts.write(bytes, picture.path, "baseline")
        result.newImage = try artifacts.write(png, picture.path, "new")
        result.diffImage = try artifacts.write(diff.image, picture.path, "diff")
        return result
    }

    private static func decode(_ bytes: [UInt8]) throws(CLIError) -> RGBAImage {
        do throws(PNGReader.Failure) { return try PNGReader.decode(bytes, limits: SnapshotLimits.baseline) } catch {
            throw .io(error.description)
        }
    }

    /// One failure as a line on stderr.
    private func describe(_ result: SnapshotResult, _ folder: String, _ artifacts: SnapshotArtifacts) -> String {
        let baseline = (folder as NSString).appendingPathComponent(result.path)
        switch result.outcome {
        case .missing:
            return "skeleton: \(result.label): no baseline (\(baseline)); record it with: \(options.recordCommand)"
        case .stale:
            return "skeleton: \(result.label): stale baseline \(baseline) (its scene or variant is gone); "
                + "remove it with: \(options.recordCommand)"
        default:
            let pictures = [result.diffImage, result.newImage].compactMap { $0 }.map {
                (artifacts.folder as NSString).appendingPathComponent($0)
            }
            return "skeleton: \(result.label): \(result.problem ?? "")"
                + (pictures.isEmpty ? "" : "; see " + pictures.joined(separator: ", "))
        }
    }
}
