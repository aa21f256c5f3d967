/// What a verify run found, as the reports see it.
struct SnapshotReportRun {
    var results: [SnapshotResult]
    var diagnostics: [(file: String, line: [DiagnosticLine])]
    var renderer: String
    var fonts: String
    /// Set when the renderer or fonts are not the manifest's: the sentence saying so.
    var environment: String?
    var recordCommand: String
    var root: String

    func count(_ kind: String) -> Int { results.filter { $0.kind == kind }.count }

    /// `snapshot verify: 12 pictures, 11 match, 1 differs, 0 missing, 0 stale, 0 invalid documents`.
    var summary: String {
        let pictures = results.filter { $0.kind != "stale" && $0.kind != "invalid" }.count
        return "snapshot verify: \(pictures) pictures, \(count("passed")) match, \(count("differs")) differ, "
            + "\(count("missing")) missing, \(count("unreadable")) unreadable, \(count("stale")) stale, "
            + "\(count("invalid")) invalid documents"
    }
}
