import SkeletonProtocol

/// One picture of a run: a scene of a document in one variant, and where its baseline lives.
struct SnapshotPicture {
    /// The opened variant of the document, aimed at the scene.
    var document: SourceDocument
    /// The document's path relative to the root.
    var file: String
    var scene: String?
    var variant: SnapshotVariant
    /// The baseline's path inside the baselines folder.
    var path: String
    /// The scene's line in the document (for reports' locations).
    var line: Int

    /// The `preview/render` params for this picture.
    func renderParams(encoding: String, scale: Double) -> RenderPreviewRequest.Params {
        RenderPreviewRequest.Params(
            uri: document.uri, scene: document.scene, encoding: encoding, time: variant.time, scale: scale)
    }
}

/// A document that could not be pictured (its diagnostics have errors, or it could not be read).
struct SnapshotInvalid {
    var file: String
    var message: String
}
