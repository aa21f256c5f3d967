import ArgumentParser
import Foundation
import JSON

/// `skeleton snapshot record`: writes the baselines and the manifest.
struct SnapshotRecord: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Render every scene in every variant and write the baselines and manifest.json.",
        discussion: """
            Pictures are the daemon's PNGs (preview/render, encoding png), written as they are: a baseline is \
            byte for byte what 'skeleton render' writes for that scene and variant. The manifest names each \
            picture's file, scene and variant, the renderer's version and a fingerprint of its fonts. Baselines of \
            the run's documents that the run no longer pictures are removed; those of other documents are kept. \
            Variants not given as flags come from the existing manifest, else the defaults (light and dark, LTR, \
            a solid skeleton at 1 s, scale 1).
            """
    )

    @OptionGroup var options: SnapshotOptions

    func run() throws {
        let folder = options.folder
        let (existing, session, fonts) = try options.begin()
        defer { session.finish() }
        let paths = try options.inputs.paths(session.daemon)
        try session.checkPictureCount(documents: paths.count)
        var entries: [SnapshotManifest.Entry] = []
        for path in paths {
            let pictures = try session.prepare(path)
            try session.render(pictures, encoding: "png") { (picture, result) throws(CLIError) in
                let png = try DaemonSession.png(result)
                guard let width = result["width"]?.intValue, let height = result["height"]?.intValue else {
                    throw CLIError.daemon("preview/render answered without the picture's size")
                }
                try Self.write(png, to: (folder as NSString).appendingPathComponent(picture.path))
                entries.append(
                    SnapshotManifest.Entry(
                        path: picture.path, file: picture.file, scene: picture.scene, variant: picture.variant.name,
                        width: width, height: height))
            }
            session.close(pictures)
        }
        // Entries of documents outside this run stay; the run's own stale baselines go.
        let failed = Set(session.invalid.map(\.file))
        let scope = Set(paths.map(options.inputs.relative)).subtracting(failed)
        let wholeProject = options.inputs.files.isEmpty
        let recorded = Set(entries.map(\.path))
        var removed = 0
        for old in existing?.pictures ?? []
        where (wholeProject && !failed.contains(old.file)) || scope.contains(old.file) {
            guard !recorded.contains(old.path) else { continue }
            if (try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(old.path)))
                != nil
            {
                removed += 1
            }
        }
        let kept = (existing?.pictures ?? []).filter {
            failed.contains($0.file) || (!wholeProject && !scope.contains($0.file))
        }
        let manifest = SnapshotManifest(
            renderer: session.renderer, fonts: fonts, variants: session.variants, pictures: kept + entries)
        try Self.write(
            Array(manifest.text.utf8), to: (folder as NSString).appendingPathComponent(SnapshotManifest.fileName))
        try StandardOutput.line(
            "snapshot record: \(entries.count) pictures of \(paths.count - session.invalid.count) documents in \(folder)"
                + (removed > 0 ? ", \(removed) stale removed" : ""))
        for failure in session.invalid { StandardError.line("skeleton: \(failure.message)") }
        if !session.invalid.isEmpty {
            throw CLIError("\(session.invalid.count) documents could not be pictured", status: .invalidDocument)
        }
    }

    /// Writes `bytes` at `path`, creating its folders, through a temporary file renamed onto it.
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(folder): \(error.localizedDescription)")
        }
        try OutputFile(path).write(bytes)
    }
}
