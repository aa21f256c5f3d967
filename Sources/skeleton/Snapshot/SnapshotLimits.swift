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
    /// Pictures rendered at once (`--jobs`).
    static let maxJobs = 64
    /// Failures described one by one on stderr (the rest are counted).
    static let maxPrintedFailures = 50
}
