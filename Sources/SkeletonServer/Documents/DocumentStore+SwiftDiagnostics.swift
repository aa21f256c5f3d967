import SwiftCode

/// A Swift file's diagnostics: its reader's hints, and linking's own hints about it from every open storyboard or
/// XIB that links it (`LinkedScene.linkerHints`, `Protocol/swift-code.md`).
///
/// A storyboard's analysis replaces its linker hints in `linkerHints` and publishes every Swift file whose hints
/// that changed; a Swift file's analysis publishes with the hints the storyboards' last analyses gave (those it
/// queued publish again when they end). A publication is computed and sent under the Swift document's lock, so
/// the last one sent is the newest.
extension DocumentStore {
    /// The most hints published for one Swift file; past them one `tooManyHints` diagnostic says how many more there
    /// are (`Protocol/swift-code.md`).
    static let maxSwiftDiagnostics = 1_000

    /// Publishes `uri`'s diagnostics (always, so the client knows a change is in, unless `onlyIfChanged` and they
    /// are those published last), for its current text: the hints about it of the app's code read together (a
    /// value another file defines is known), and linking's.
    func publishSwiftDiagnostics(_ uri: String, _ entry: DocumentEntry, onlyIfChanged: Bool = false) {
        let encoding = configuration.positionEncoding
        let app = appCodeReading()
        entry.state.withLock { state in
            guard state.swiftCode != nil else { return }
            let text = state.text
            let linked = linkerHints.withLock { $0.hints(about: uri) }
            var seen: Set<CodeHint> = []
            let unique = ((app.hintsByFile[uri] ?? []) + linked).filter { seen.insert($0).inserted }
            guard !onlyIfChanged || unique != state.publishedHints else { return }
            state.publishedHints = unique
            let hints = unique.enumerated().sorted {
                ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset)
            }
            var diagnostics = hints.prefix(Self.maxSwiftDiagnostics).map {
                Diagnostic($0.element).lsp(in: text.buffer, encoding: encoding)
            }
            if hints.count > Self.maxSwiftDiagnostics {
                let next = hints[Self.maxSwiftDiagnostics].element
                var more = Diagnostic(next)
                more.code = "tooManyHints"
                more.severity = .information
                more.message = "\(hints.count - Self.maxSwiftDiagnostics) more hints are not listed"
                diagnostics.append(more.lsp(in: text.buffer, encoding: encoding))
            }
            server?.notify(
                "textDocument/publishDiagnostics",
                ["uri": .string(uri), "version": .int(text.version), "diagnostics": .array(diagnostics)])
        }
    }
}

/// Linking's hints about Swift files, by the storyboard or XIB whose last analysis gave them.
struct LinkerHintTable: Sendable {
    private var byDocument: [String: [CodeHint]] = [:]

    /// Replaces the hints `document` gives; returns the Swift files whose hints from it were or are not empty.
    mutating func replace(_ hints: [CodeHint], from document: String) -> Set<String> {
        let before = byDocument[document] ?? []
        byDocument[document] = hints.isEmpty ? nil : hints
        return Set((before + hints).compactMap(\.file))
    }

    /// Drops the hints of documents not in `open`; returns the Swift files they were about.
    mutating func removeAll(except open: Set<String>) -> Set<String> {
        var files: Set<String> = []
        for (document, hints) in byDocument where !open.contains(document) {
            files.formUnion(hints.compactMap(\.file))
            byDocument[document] = nil
        }
        return files
    }

    /// Every document's hints about `file`, without repeats, in document uri order.
    func hints(about file: String) -> [CodeHint] {
        var seen: Set<CodeHint> = []
        return byDocument.sorted { $0.key < $1.key }.flatMap(\.value).filter {
            $0.file == file && seen.insert($0).inserted
        }
    }
}
