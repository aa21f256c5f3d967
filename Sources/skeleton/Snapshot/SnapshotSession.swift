import Foundation
import JSON
import SkeletonModel
import SkeletonProtocol

/// One run of `snapshot record` or `verify`: one daemon for every picture. Each document is opened once per
/// scheme × direction × kind (a variant document, as `matrix` opens them), each scene of it shown once at time 0, and
/// every picture is a `preview/render` at its variant's time, sent `jobs` at a time; the document's variants are
/// closed before the next document, so the daemon holds one document's variants at a time.
final class SnapshotSession {
    let daemon: DaemonSession
    let inputs: ProjectInputs
    let variants: SnapshotVariantSet
    let jobs: Int
    /// Every document's diagnostics (for SARIF), by relative path, in run order.
    private(set) var diagnostics: [(file: String, line: [DiagnosticLine])] = []
    private(set) var invalid: [SnapshotInvalid] = []
    /// The pictures counted so far (bounded by `SnapshotLimits.maxPictures`).
    private(set) var pictureCount = 0

    init(inputs: ProjectInputs, variants: SnapshotVariantSet, jobs: Int) throws(CLIError) {
        self.inputs = inputs
        self.variants = variants
        self.jobs = jobs
        daemon = try DaemonSession.start(project: try inputs.app.folder())
    }

    func finish() { daemon.finish() }

    /// `skeletond`'s version.
    var renderer: String { daemon.serverInfo["version"]?.stringValue ?? "unknown" }

    /// Opens `path`'s variants and shows their scenes; returns the pictures to render (empty when the document is
    /// invalid: it is then in `invalid`). Call `close` with them once rendered.
    func prepare(_ path: String) throws(CLIError) -> [SnapshotPicture] {
        let file = inputs.relative(path)
        let source: SourceDocument
        do throws(CLIError) {
            source = try inputs.app.load(path)
        } catch {
            guard error.status == .inputOutput else { throw error }
            invalid.append(SnapshotInvalid(file: file, message: error.message))
            return []
        }
        let found = try daemon.open(source)
        diagnostics.append((file, found))
        for diagnostic in found { daemon.printOnce(diagnostic.formatted(path: source.path)) }
        let errors = found.filter(\.isError).count
        guard errors == 0 else {
            invalid.append(
                SnapshotInvalid(
                    file: file,
                    message:
                        "\(source.path) is not a valid skeleton document (\(errors) error\(errors == 1 ? "" : "s"))"
                ))
            return []
        }
        // A JSON document has one scene, which requests name by leaving it out.
        var scenes: [String?] = [nil]
        if source.isInterfaceBuilder { scenes = try daemon.scenes(of: source).map(\.id) }
        let variantList = variants.variants
        if let refusal = SnapshotLimits.refusal(
            of: source.path, scenes: scenes.count, variants: variantList.count, after: pictureCount)
        {
            throw .io(refusal)
        }
        var pictures: [SnapshotPicture] = []
        var opened: Set<String> = []
        for variant in variantList {
            let applied = TraitOverrides(scheme: variant.scheme, rtl: variant.rtl, width: variant.width).apply(
                to: source)
            var document = source.variant(variant.documentKey, text: applied.text)
            document.traits = applied.traits
            if opened.insert(variant.documentKey).inserted {
                _ = try daemon.open(document)
                if let type = variant.kind.skeletonType {
                    for scene in scenes { try show(document, type: type, scene: scene) }
                }
            }
            for scene in scenes {
                pictureCount += 1
                var aimed = document
                aimed.scene = scene
                pictures.append(
                    SnapshotPicture(
                        document: aimed, file: file, scene: scene, variant: variant,
                        path: BaselinePath.make(file: file, scene: scene, variant: variant.name),
                        line: source.line(ofScene: scene)))
            }
        }
        return pictures
    }

    /// Refuses a run of `documents` documents that makes more than `SnapshotLimits.maxPictures` pictures even with one
    /// scene each, before anything is pictured.
    func checkPictureCount(documents: Int) throws(CLIError) {
        if let refusal = SnapshotLimits.refusal(documents: documents, variants: variants.variants.count) {
            throw .io(refusal)
        }
    }

    private func show(_ document: SourceDocument, type: SkeletonType, scene: String?) throws(CLIError) {
        var aimed = document
        aimed.scene = scene
        let options = ShowOptions(
            type: type.model, animated: variants.animated, assumeSkeletonable: variants.assumeSkeletonable)
        if let reason = try daemon.show(ShowRequest.Params(target: aimed.target, options: options), of: aimed) {
            daemon.printOnce("skeleton: note: \(reason.message); its pictures show the content alone")
        }
    }

    /// Renders `pictures` (`jobs` at a time) with `encoding` and hands each answer to `handle`.
    func render(
        _ pictures: [SnapshotPicture], encoding: String, handle: (SnapshotPicture, JSON) throws(CLIError) -> Void
    ) throws(CLIError) {
        let requests = pictures.map { $0.renderParams(encoding: encoding, scale: variants.scale) }
        try daemon.pipelined(RenderPreviewRequest.self, requests, window: jobs) { (index, result) throws(CLIError) in
            try handle(pictures[index], result)
        }
    }

    /// Closes the variant documents of `pictures`.
    func close(_ pictures: [SnapshotPicture]) {
        for uri in Set(pictures.map(\.document.uri)).sorted() {
            daemon.notify(DidCloseTextDocument.self, .init(textDocument: TextDocumentIdentifier(uri: uri)))
        }
    }
}
