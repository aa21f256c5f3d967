import SkeletonImaging

/// The bounds on everything a snapshot run takes from a file or a flag, documented in `Protocol/cli.md`.
enum SnapshotLimits {
    /// Pictures in one run (files × scenes × variants).
    static let maxPictures = 10_000
    /// Pixels a side and in all of one picture: the daemon's own canvas limits (`RenderLimits`).
    static let maxPictureSide = 16_384
    static let maxPicturePixels = 1 << 25
    /// Bytes of one baseline PNG.
    static let maxBaselineBytes = 64 << 20
    /// What a baseline may be, as `PNGReader` checks it before inflating it.
    static let baseline = PNGReader.Limits(
        maxBytes: maxBaselineBytes, maxSide: maxPictureSide, maxPixels: maxPicturePixels)
    /// Bytes of `manifest.json`.
    static let maxManifestBytes = 16 << 20
    /// Bytes of pictures copied into an HTML report (passing pictures past it are listed without their image).
    static let maxReportBytes = 256 << 20
    /// Values of `--times`, each in 0…`maxTime` seconds.
    static let maxTimes = 16
    static let maxTime = 3600.0
    /// Values of `--widths`, each in 1…`maxWidth` points (the daemon's canvas limit).
    static let maxWidths = 16
    static let maxWidth = 16_384.0
    /// Pictures rendered at once (`--jobs`).
    static let maxJobs = 64
    /// Failures described one by one on stderr (the rest are counted).
    static let maxPrintedFailures = 50

    /// Why a run of `documents` documents in `variants` variants is refused (each document has a scene at least),
    /// or nil when it may make that many pictures.
    static func refusal(documents: Int, variants: Int) -> String? {
        let (least, overflow) = documents.multipliedReportingOverflow(by: variants)
        guard overflow || least > maxPictures else { return nil }
        return "the run makes at least \(overflow ? "\(Int.max)" : "\(least)") pictures (\(documents) documents × "
            + "\(variants) variants), " + splitAdvice
    }

    /// Why the document at `path`, with `scenes` scenes in `variants` variants, is refused after `counted` pictures,
    /// or nil when the run may make them.
    static func refusal(of path: String, scenes: Int, variants: Int, after counted: Int) -> String? {
        let (added, overflowAdded) = scenes.multipliedReportingOverflow(by: variants)
        let (total, overflowTotal) = counted.addingReportingOverflow(added)
        guard overflowAdded || overflowTotal || total > maxPictures else { return nil }
        return "\(path) has \(scenes) scenes × \(variants) variants = \(overflowAdded ? "\(Int.max)" : "\(added)") "
            + "pictures, which take the run to \(overflowAdded || overflowTotal ? "\(Int.max)" : "\(total)") pictures, "
            + splitAdvice
    }

    /// What a run past `maxPictures` is told.
    private static let splitAdvice =
        "more than \(maxPictures) a run: split it into several (fewer documents or variants each)"
}
