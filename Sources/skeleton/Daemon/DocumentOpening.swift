import JSON
import SkeletonProtocol

extension DaemonSession {
    /// Opens `document` (`textDocument/didOpen`, version 1) and returns its diagnostics.
    ///
    /// Diagnostics are published on the document's lane while the text is analysed, so a request on the same
    /// lane (`skeleton/isActive`) answers after them: its answer is the barrier that says all of them arrived.
    /// A clean document publishes nothing, which gives an empty list.
    ///
    /// The document's `--code` files are opened first (once per session), each as a Swift document: any request on
    /// its uri (answered with an error, as Swift files have no skeleton) says its code is read, so the document's
    /// analysis applies it, and that its hints (published before the answer, on its lane) have arrived: they are
    /// printed on stderr, `SWIFT:LINE:COL: info|hint: message [kind]`.
    func open(_ document: SourceDocument) throws(CLIError) -> [DiagnosticLine] {
        // All of them open before any is waited for: a file's hints depend on the others (constants, superclasses,
        // extensions), and the daemon publishes a file again when another's reading changes them.
        let opened = document.code.filter { openedCode.insert($0.uri).inserted }
        for code in opened { sendDidOpen(code) }
        for code in opened { _ = try exchange(IsActiveRequest.self, .init(target: SceneName(uri: code.uri))) }
        for code in opened {
            for hint in publishedDiagnostics(of: code.uri) { printOnce(hint.formatted(path: code.path)) }
        }
        sendDidOpen(document)
        if let traits = document.traits {
            // Interface Builder files cannot be edited as JSON: the daemon overrides their traits instead (and
            // every document's width).
            let params = SetTraitsRequest.Params(
                target: SceneName(uri: document.uri), colorScheme: traits.scheme.map { .set($0.model) } ?? .keep,
                layoutDirection: traits.rtl.map { .set($0 ? .rightToLeft : .leftToRight) } ?? .keep,
                width: traits.width.map { .set($0) } ?? .keep)
            _ = try exchange(SetTraitsRequest.self, params)
        }
        _ = try exchange(IsActiveRequest.self, .init(target: SceneName(uri: document.uri)))
        // Linking's hints about the Swift files (a nib the app lacks…), published with theirs by this analysis.
        for code in opened {
            for hint in publishedDiagnostics(of: code.uri) { printOnce(hint.formatted(path: code.path)) }
        }
        return publishedDiagnostics(of: document.uri)
    }

    /// The latest diagnostics published for `uri` so far (none: empty), taking its notifications out of the queue.
    private func publishedDiagnostics(of uri: String) -> [DiagnosticLine] {
        var latest: [JSON]?
        daemon.client.notifications.removeAll { message in
            guard message["method"]?.stringValue == "textDocument/publishDiagnostics",
                message["params"]?["uri"]?.stringValue == uri
            else { return false }
            latest = message["params"]?["diagnostics"]?.arrayValue ?? []
            return true
        }
        return (latest ?? []).map(DiagnosticLine.init)
    }

    /// `textDocument/didOpen` of `document`, version 1.
    private func sendDidOpen(_ document: SourceDocument) {
        notify(
            DidOpenTextDocument.self,
            .init(
                textDocument: TextDocumentItem(
                    uri: document.uri, languageId: document.languageId, version: 1, text: document.text.utf8)))
    }

    /// `skeleton/show` with `params`; an answer that draws nothing is an error (status 4) with the daemon's reason,
    /// naming `document`'s scene when it has one (see `show(_:of:at:)`).
    func showDrawing(_ params: ShowRequest.Params, of document: SourceDocument, at time: Double? = nil)
        throws(CLIError)
    {
        if let blank = try show(params, of: document, at: time) { throw blank }
    }

    /// `skeleton/show` with `params`, and the error (status 4) that says why nothing is drawn, if nothing is:
    /// `notSkeletonable`; `shown` on no leaf; `scheduled` after `time` (the time drawn; nil: a later time may be).
    func show(_ params: ShowRequest.Params, of document: SourceDocument, at time: Double? = nil) throws(CLIError)
        -> CLIError?
    {
        let answer = try call(ShowRequest.self, params)
        let reason: String
        switch answer.outcome {
        case .notSkeletonable:
            let hint = params.options.assumeSkeletonable ? "" : " (here: --assume-skeletonable)"
            reason = (answer.message ?? "nothing is drawn") + hint
        case .shown where answer.leaves?.isEmpty ?? true:
            reason = "the show made no skeleton: no skeletonable view under the node holds one"
        case .scheduled:
            guard let time, let at = answer.at, at > time else { return nil }
            reason =
                "the show is scheduled at \(at.plainText) s, after the time drawn (\(time.plainText) s): nothing is drawn yet"
        default:
            return nil
        }
        let scene = document.scene.map { " (scene \($0))" } ?? ""
        return CLIError("\(document.path)\(scene): \(reason)", status: .nothingShown)
    }

    /// Opens `document`, prints its diagnostics on stderr, and throws (status 1) when any is an error.
    /// With a scene (`--scene ID`) of a storyboard, only that scene's diagnostics (and the file's own, outside
    /// every scene) are printed and counted.
    func openValid(_ document: SourceDocument) throws(CLIError) {
        var diagnostics = try open(document)
        if let scene = document.scene, document.isInterfaceBuilder {
            let lines = SceneLines(document.text)
            diagnostics.removeAll { !lines.line($0.line, isAbout: scene) }
        }
        for diagnostic in diagnostics { printOnce(diagnostic.formatted(path: document.path)) }
        let errors = diagnostics.filter(\.isError).count
        guard errors == 0 else {
            throw CLIError(
                "\(document.path) is not a valid skeleton document (\(errors) error\(errors == 1 ? "" : "s"))",
                status: .invalidDocument)
        }
    }
}
