import ArgumentParser

/// `skeleton snapshot`: baselines of every scene's skeleton, recorded and verified.
struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record and verify baseline pictures of every scene's skeleton (visual regression tests).",
        discussion: """
            'snapshot record' renders every scene of the documents (FILEs, or every skeleton layout, storyboard and \
            XIB under --project DIR) in every variant and writes the PNGs and manifest.json into the baselines \
            folder (--snapshots, default skeleton-snapshots/ in the project root). 'snapshot verify' renders them again \
            and compares them pixel for pixel with the baselines; it never writes baselines.

            Exit status (verify): 0 every picture matches; 1 a picture differs, a baseline is missing or stale, or a \
            document has errors; 2 a file cannot be read or written; 3 skeletond failed; 5 pictures differ and the \
            renderer or fonts are not those the baselines were recorded with; 64 a bad command line.
            """,
        subcommands: [SnapshotRecord.self, SnapshotVerify.self]
    )

    /// `skeleton snapshot` alone is a usage error (status 64), as `skeleton` alone is: a script that forgot
    /// `record` or `verify` must not succeed.
    func run() throws {
        throw ValidationError("a command is needed: record or verify")
    }
}
