package import SkeletonModel

/// Interface Builder files as skeleton documents: one call from bytes to scenes and per-scene documents.
package enum InterfaceBuilderDocument {
    /// Parses an IB file and decodes every scene; `namedColors` are the app's asset catalogue colours, `recent` the
    /// files whose parse and decodings the same bytes reuse (see `InterfaceBuilderFile.parse`).
    package static func decode(
        bytes: [UInt8], limits: DocumentLimits = .default, namedColors: [String: SkeletonColor] = [:],
        recent: RecentFiles = .shared
    ) -> IBDecodingResult {
        let file = InterfaceBuilderFile.parse(bytes: bytes, limits: limits, namedColors: namedColors, recent: recent)
        var documents: [String: DocumentDecodingResult] = [:]
        var mapped = 0
        for scene in file.scenes {
            guard let (result, views) = file.decodeSceneCounting(scene.id) else { continue }
            documents[scene.id] = result
            mapped += views
        }
        return IBDecodingResult(file: file, documents: documents, viewsMapped: mapped)
    }

    /// Parses IB text and decodes every scene.
    package static func decode(text: String, limits: DocumentLimits = .default) -> IBDecodingResult {
        decode(bytes: Array(text.utf8), limits: limits)
    }

    /// Parses an IB file and decodes only `scene` (nil: the initial scene).
    package static func decode(bytes: [UInt8], scene: String?, limits: DocumentLimits = .default) -> IBDecodingResult {
        let file = InterfaceBuilderFile.parse(bytes: bytes, limits: limits)
        guard let s = file.scene(scene), let (result, views) = file.decodeSceneCounting(s.id) else {
            return IBDecodingResult(file: file, documents: [:])
        }
        return IBDecodingResult(file: file, documents: [s.id: result], viewsMapped: views)
    }
}

/// A decoded IB file: its scenes, the initial scene, file problems, and the decoded scenes.
package struct IBDecodingResult: Sendable {
    /// The parsed file (decodes further scenes on demand).
    package let file: InterfaceBuilderFile
    /// Decoded scenes by scene id.
    package let documents: [String: DocumentDecodingResult]
    /// The views mapped to decode `documents`, an embedded scene's again in every scene that embeds it: the work
    /// counter the file's budget bounds (at most `DocumentLimits.maxNodes` for all the scenes of a file).
    package let viewsMapped: Int

    package init(file: InterfaceBuilderFile, documents: [String: DocumentDecodingResult], viewsMapped: Int = 0) {
        self.file = file
        self.documents = documents
        self.viewsMapped = viewsMapped
    }

    /// Storyboard or XIB (nil: not an IB document).
    package var kind: IBFileKind? { file.kind }
    /// The scenes, in file order.
    package var scenes: [IBScene] { file.scenes }
    /// The default scene's id.
    package var initialSceneID: String? { file.initialSceneID }
    /// Problems of the file as a whole.
    package var problems: [DocumentProblem] { file.problems }

    /// The decoded scene `id` (nil: the initial scene); decoded now if it was not yet; nil for an unknown scene.
    package func result(scene id: String? = nil) -> DocumentDecodingResult? {
        guard let s = file.scene(id) else { return nil }
        return documents[s.id] ?? file.decodeScene(s.id)
    }

    /// The file's problems, then every decoded scene's, in line order without repeats (for diagnostics).
    package var allProblems: [DocumentProblem] { allProblems(replacingScenes: [:]) }

    /// The file's problems with those of each scene, taking a scene's from `replacements` where it has one (a
    /// scene decoded again with the app's code reports what that decoding found, not what the file alone did).
    package func allProblems(replacingScenes replacements: [String: DocumentDecodingResult]) -> [DocumentProblem] {
        let sceneProblems = scenes.compactMap { replacements[$0.id] ?? documents[$0.id] }.flatMap(\.problems)
        return SceneDecoder.ordered(problems + sceneProblems, max: Int.max)
    }
}
