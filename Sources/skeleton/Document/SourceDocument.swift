import Foundation
import JSON
import SkeletonProtocol

/// A document file as the CLI sends it: the path as the user wrote it, its `file://` URI and its text.
struct SourceDocument {
    /// The path as given on the command line (used in messages and diagnostics).
    let path: String
    /// The `file://` URI the document is opened under.
    let uri: String
    /// The UTF-8 text sent in `textDocument/didOpen` (possibly edited by `--scheme` / `--rtl`).
    var text: String
    /// Trait overrides to send with `skeleton/setTraits` (Interface Builder files, which are not edited).
    var traits: TraitOverrides?
    /// The scene requests name (`--scene`; nil: the initial scene).
    var scene: String?
    /// The app's Swift files (`--code`), opened before the document as Swift documents.
    var code: [SourceDocument] = []
    /// The app's folder (`--project`): the daemon reads it as its workspace before the document is opened.
    var project: String?

    /// The scene every request about this document names.
    var target: SceneName { SceneName(uri: uri, scene: scene) }

    /// `storyboard` or `xib` for Interface Builder files, `swift` for Swift files (by extension), else `json`.
    var languageId: String {
        let ext = (path as NSString).pathExtension.lowercased()
        return ["storyboard", "xib", "swift"].contains(ext) ? ext : "json"
    }

    /// Whether this is a storyboard or a XIB.
    var isInterfaceBuilder: Bool { ["storyboard", "xib"].contains(languageId) }

    /// Reads `path` (see `InputFile`); a missing, unreadable, endless or non-UTF-8 file is an error that names the
    /// reason.
    static func load(_ path: String) throws(CLIError) -> SourceDocument {
        let bytes = try InputFile.read(path, timeout: DaemonSession.configuredTimeout())
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .io("cannot read \(path): it is not UTF-8 text")
        }
        return SourceDocument(
            path: path, uri: URL(fileURLWithPath: path).standardizedFileURL.absoluteString, text: text)
    }

    /// The same document under another URI (the matrix opens one variant per cell).
    func variant(_ name: String, text: String) -> SourceDocument {
        SourceDocument(
            path: path, uri: uri + "#" + name, text: text, traits: traits, scene: scene, code: code, project: project)
    }
}
