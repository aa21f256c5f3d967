import ArgumentParser
import Foundation
import JSON
import SkeletonProtocol
import SkeletonWebPreview

/// `skeleton serve`: a live preview in the browser, following the files on disk.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview documents live in a browser, following their files on disk.",
        discussion: """
            Starts one skeletond, opens every FILE (skeleton documents, storyboards, XIBs; Swift files are opened \
            as the app's code) and serves a page on 127.0.0.1 that shows the scenes pixel for pixel, with a scene \
            picker, light/dark and LTR/RTL switches, show, hide and animation controls and a time scrubber. Every \
            FILE is polled 4 times a second: a save from any editor reaches the page. The first line printed is the \
            page's URL; Ctrl-C stops.

            The server answers only requests whose Host is 127.0.0.1:PORT or localhost:PORT (and WebSockets only \
            from its own page's Origin), serves only its page, and sends only pictures and diagnostics of the files \
            given.

            Protocol: initialize, textDocument/didOpen and didChange, skeleton/isActive, skeleton/scenes, \
            skeleton/setTraits, skeleton/hide, skeleton/show, clock/set, preview/subscribe, preview/frame, \
            preview/ack, preview/refresh, preview/unsubscribe; the page's messages: Protocol/web-preview.md.
            """
    )

    @Argument(
        help: "Skeleton documents, storyboards, XIBs, and the app's Swift files.",
        completion: .file(extensions: ["json", "storyboard", "xib", "swift"]))
    var files: [String] = []

    /// `--project DIR`: without FILEs, every skeleton layout, storyboard and XIB in it is served, and its files are followed too;
    /// `--code`: the app's Swift files, as Swift FILEs are.
    @OptionGroup var app: ProjectOptions

    @Option(help: "The port to listen on, 1 to 65535 (default: a free port).")
    var port: Int?

    @Option(parsing: .unconditional, help: "Pixels per point of the preview, 1 to 4.")
    var scale: Double = 1

    @OptionGroup var assume: AssumeOption

    /// At most this many FILEs: each is polled 4 times a second.
    static let maxFiles = 256

    func validate() throws {
        try Check.scale(scale)
        if let port, !(1...65535).contains(port) { throw ValidationError("--port must be between 1 and 65535") }
        guard !files.isEmpty || app.project != nil else {
            throw ValidationError("give FILEs to serve, or --project DIR")
        }
        guard files.count + app.code.count <= Self.maxFiles else {
            throw ValidationError("at most \(Self.maxFiles) FILEs and --code files")
        }
    }

    func run() throws {
        let folder = try app.folder()
        var documents: [SourceDocument] = []
        var code: [SourceDocument] = []
        for path in files {
            let document = try SourceDocument.load(path)
            if document.languageId == "swift" { code.append(document) } else { documents.append(document) }
        }
        for path in app.code { code.append(try SourceDocument.load(path)) }
        let daemon = try DaemonSession.start(project: folder)
        defer { daemon.finish() }
        var watched: [String] = []
        if folder != nil {
            let workspace = try daemon.call(WorkspaceRequest.self)
            let paths = { (key: String) in
                (workspace[key]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(URL.init(string:))?.path }
            }
            if documents.isEmpty {
                for path in ProjectDocuments.paths(in: workspace) { documents.append(try SourceDocument.load(path)) }
            }
            let opened = Set((documents + code).map(\.uri))
            watched = (paths("swiftFiles") + ProjectDocuments.paths(in: workspace)).filter {
                !opened.contains(URL(fileURLWithPath: $0).standardizedFileURL.absoluteString)
            }
        }
        guard !documents.isEmpty else { throw CLIError.io("no skeleton document, storyboard or XIB to serve") }
        let events = PageEvents()
        let bridge = ServeBridge(
            daemon: daemon, events: events, documents: documents, code: code, watched: watched, scale: scale,
            assumeSkeletonable: assume.assumeSkeletonable)
        try bridge.prepare()
        let server: PreviewServer
        do { server = try PreviewServer.start(port: port ?? 0, events: events) } catch {
            throw CLIError.io(error.message)
        }
        try StandardOutput.line(server.url)
        StandardError.line(
            "skeleton: serving \(bridge.scenes.count) scene\(bridge.scenes.count == 1 ? "" : "s") of "
                + "\(documents.count) file\(documents.count == 1 ? "" : "s"); Ctrl-C stops")
        try bridge.run()
    }
}
