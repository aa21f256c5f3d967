import CodeLinking
import InterfaceBuilder
import JSON
import SkeletonModel
import SwiftCode

/// The app's Swift files as documents (`Protocol/swift-code.md`): their code facts are read on open and on every
/// change, their hints published as diagnostics, and applied (by `SceneCodeLinker`) to every storyboard and XIB
/// scene that names one of their classes. The store only wires: reading is `SwiftCode`'s, applying `CodeLinking`'s.
///
/// A storyboard analysed while a Swift file changes never misses the change: a Swift file stores its facts before
/// it looks at which documents depend on its classes, and a storyboard reads the code again after it stored what it
/// depends on (and is analysed again if the code changed), so one of the two always sees the other.
extension DocumentStore {
    /// Swift files: by language id, else by the uri's extension.
    static func isSwift(uri: String, languageId: String) -> Bool {
        languageId.lowercased() == "swift" || uri.lowercased().hasSuffix(".swift")
    }

    /// Whether an open document is a Swift file.
    func isSwiftDocument(_ entry: DocumentEntry, _ uri: String) -> Bool {
        Self.isSwift(uri: uri, languageId: entry.state.withLock { $0.text.languageId })
    }

    /// Reads a Swift document now (on open: a request on its lane sent after `didOpen` answers after its hints).
    func analyseSwift(_ uri: String, _ entry: DocumentEntry) { readSwift(uri, entry) }

    /// After a change: queues the reading of a Swift document on its lane, behind the changes already queued there.
    /// It reads the text as it is when it runs, and a reading that finds that text already read does nothing, so
    /// changes that arrive faster than a big file is read cost one reading for all those queued meanwhile, and the
    /// newest text always wins (`Protocol/swift-code.md`).
    func queueSwiftReading(_ uri: String, _ entry: DocumentEntry) {
        guard let server else { return readSwift(uri, entry) }
        server.runOnDocumentLane(uri) { [self] in
            guard self.entry(uri) === entry else { return }
            readSwift(uri, entry)
        }
    }

    /// Reads a Swift document's facts (unless its current text is read already), re-analyses the storyboards and
    /// XIBs that bind a class it defines (or defined before this change), then publishes its hints (always, so the
    /// client knows the change is in). A file over `SwiftCodeReader.maxBytes` is not parsed: its facts are one
    /// `tooLarge` hint and no class, so what linked its classes goes back to what it was without the file.
    private func readSwift(_ uri: String, _ entry: DocumentEntry) {
        DocumentLane.assertOnLane(uri)
        let (text, isRead) = entry.state.withLock {
            ($0.text, $0.swiftCode != nil && $0.swiftCodeVersion == $0.text.version)
        }
        guard !isRead else { return }
        analysisCounts.withLock { $0.full += 1 }
        // Parsed once: the app's code is read again from the trees kept (`appCode`) as its files change.
        let parsed = SwiftCodeReader.parse(SwiftSourceText(text: text.text, file: uri))
        let facts = SwiftCodeReader.read(parsed: [parsed])
        // The file's facts before this reading: the buffer's, else the file's on disk, which the buffer overrides.
        let onDisk = entry.state.withLock { $0.swiftCode == nil } ? workspace.swiftFacts(uri) : nil
        let previous = entry.state.withLock { state in
            defer {
                state.swiftCode = facts
                state.swiftParsed = parsed
                state.swiftCodeVersion = text.version
            }
            return state.swiftCode ?? onDisk
        }
        // While other Swift files are being opened (a session restored, the CLI's `--code` files), the app is read
        // together once, by the last of them to be read: each reading leaves what it changed for that one.
        deferredSwift.withLock {
            $0.classes.formUnion(Self.classNames(previous).union(Self.classNames(facts)))
            $0.uris.insert(uri)
        }
        guard !codeIsPending() else { return }
        let (classes, read) = deferredSwift.withLock { deferred in
            defer { deferred = DeferredSwiftWork() }
            return (deferred.classes, deferred.uris)
        }
        reanalyseDocuments(binding: classes)
        for uri in read.sorted() {
            if let entry = self.entry(uri) { publishSwiftDiagnostics(uri, entry) }
        }
        publishOtherSwiftFiles(than: read)
    }

    /// Publishes the diagnostics of every other open Swift file whose hints the app's code read together now gives
    /// differently (a constant, a superclass or an extension in the files just read or closed).
    private func publishOtherSwiftFiles(than read: Set<String>) {
        for (other, entry) in entries.withLock({ $0 }) where !read.contains(other) && isSwiftDocument(entry, other) {
            publishSwiftDiagnostics(other, entry, onlyIfChanged: true)
        }
    }

    /// After a document closed: the documents that bound its classes (a Swift document's) go back to what remains
    /// (the file on disk, when the workspace holds it),
    /// and the Swift files a storyboard's or XIB's linking had hints about lose them.
    func swiftDocumentClosed(_ entry: DocumentEntry) {
        let (facts, uri) = entry.state.withLock { ($0.swiftCode, $0.text.uri) }
        // The file on disk, if the workspace holds it, takes the buffer's place.
        reanalyseDocuments(binding: Self.classNames(facts).union(Self.classNames(workspace.swiftFacts(uri))))
        publishOtherSwiftFiles(than: [])
        let open = Set(uris)
        let dropped = linkerHints.withLock { $0.removeAll(except: open) }
        for uri in dropped.sorted() {
            if let swift = self.entry(uri) { publishSwiftDiagnostics(uri, swift) }
        }
    }

    /// Queues a re-analysis, on its own lane, of every open storyboard or XIB whose scenes bind one of `classes`
    /// (or register it as a cell, by the app's code now: a class its last analysis bound may have registered it
    /// since), or whose last analysis ran before an open Swift file or the workspace was read; with
    /// `colorsChanged` (the workspace's named colours), of every open storyboard and XIB.
    func reanalyseDocuments(binding classes: Set<String>, colorsChanged: Bool = false) {
        guard let server else { return }
        let app = appCode()
        for (uri, entry) in entries.withLock({ $0 }) {
            let (awaits, bound, isInterfaceBuilder) = entry.state.withLock {
                ($0.awaitsCode, $0.codeClasses, $0.isInterfaceBuilder)
            }
            let dependencies = app.dependencies(of: bound)
            guard awaits || (colorsChanged && isInterfaceBuilder) || !dependencies.isDisjoint(with: classes) else {
                continue
            }
            reanalyse(uri, entry, server)
        }
    }

    /// Queues a re-analysis of a document on its lane, unless it is closed (or opened again) by then.
    private func reanalyse(_ uri: String, _ entry: DocumentEntry, _ server: Server) {
        server.runOnDocumentLane(uri) { [self] in
            guard self.entry(uri) === entry else { return }
            analyse(uri, entry, as: .edit)
        }
    }

    /// The app's Swift files read together, as one app (`SwiftCodeReader.read(parsed:)`: a class's extensions and
    /// superclasses in any of them), in uri order, from the trees their readings parsed: every open Swift
    /// document's, and the workspace's files on disk that are not open (an open buffer overrides its file; one
    /// opened but not read yet is its file meanwhile). Read once per set of texts: a change to any Swift file walks
    /// them all again (never parses them again), when a storyboard or XIB is next analysed or a Swift file's hints
    /// are published.
    func appCode() -> SwiftCodeFacts { appCodeReading().facts }

    /// `appCode()` with its hints by file. Which texts were read is told by the documents and the versions they
    /// read and the workspace's generation (never by comparing texts), so asking again costs the number of open
    /// documents.
    func appCodeReading() -> AppCodeReading {
        let all = entries.withLock { $0.sorted { $0.key < $1.key } }
        var read: [(entry: DocumentEntry, version: Int, parsed: ParsedSwiftFile)] = []
        var files: [String: ParsedSwiftFile] = [:]
        for (uri, entry) in all {
            let (parsed, version) = entry.state.withLock { ($0.swiftParsed, $0.swiftCodeVersion) }
            if let parsed {
                read.append((entry, version, parsed))
                files[uri] = parsed
            }
        }
        let documents = read.map { ($0.entry, $0.version) }
        let colors = workspace.namedColors
        // The cache is checked before the workspace's trees are gathered: most askings find it current.
        if let cached = appCodeCache.withLock({ $0 }),
            cached.isReading(of: documents, workspaceGeneration: workspace.swiftGeneration),
            cached.namedColors == colors
        {
            return cached
        }
        let disk = workspace.swiftParsed(except: Set(files.keys))
        for (uri, parsed) in disk.files { files[uri] = parsed }
        let reading = AppCodeReading(
            documents: documents, workspaceGeneration: disk.generation, namedColors: colors,
            facts: SwiftCodeReader.read(parsed: files.sorted { $0.key < $1.key }.map(\.value), namedColors: colors))
        appCodeCache.withLock { $0 = reading }
        return reading
    }

    /// Whether an open Swift document has not been read yet (opened, its reading still queued or running), or the
    /// workspace is still being read.
    private func codeIsPending() -> Bool {
        if workspace.phase == .indexing { return true }
        let all = entries.withLock { Array($0) }
        return all.contains { uri, entry in
            entry.state.withLock { $0.swiftCode == nil && Self.isSwift(uri: uri, languageId: $0.text.languageId) }
        }
    }

    /// The app's XIBs (but `uri`) by nib name, parsed when linking looks one up: an open XIB first, else the
    /// workspace's file on disk (read then, within the workspace's size limit for one file).
    private func nibs(except uri: String) -> @Sendable (String) -> InterfaceBuilderFile? {
        var texts: [String: [UInt8]] = [:]
        for (other, entry) in entries.withLock({ $0 }) where other != uri {
            guard let name = InterfaceBuilderFile.nibName(ofPath: other), texts[name] == nil else { continue }
            texts[name] = entry.state.withLock { $0.text.buffer.bytes }
        }
        let onDisk = workspace.xibPaths(except: uri)
        let workspace = self.workspace
        return { [texts] name in
            if let bytes = texts[name] { return InterfaceBuilderFile.parse(bytes: bytes) }
            guard let path = onDisk[name], let bytes = workspace.readXIB(path) else { return nil }
            return InterfaceBuilderFile.parse(bytes: bytes)
        }
    }

    /// After a XIB opened, changed or closed: the storyboards and XIBs whose linking looked for its nib name are
    /// analysed again (their lists' templates come from it).
    func nibChanged(_ uri: String) {
        guard let name = InterfaceBuilderFile.nibName(ofPath: uri), let server else { return }
        for (other, entry) in entries.withLock({ $0 }) where other != uri {
            guard entry.state.withLock({ $0.codeNibs.contains(name) }) else { continue }
            reanalyse(other, entry, server)
        }
    }

    /// The types a Swift document declares or extends.
    private static func classNames(_ facts: SwiftCodeFacts?) -> Set<String> {
        facts?.typeNames ?? []
    }

    /// The scenes of `result` that bind a class of an open Swift document, with the code applied: its document
    /// (the code's `SkeletonAppearance.default` under the document's own appearance) and its default show. Also
    /// records the classes the document depends on, for later Swift changes: those its scenes bind and the cells
    /// their code registers.
    func linkedScenes(of result: IBDecodingResult, _ uri: String, _ entry: DocumentEntry) -> [String: LinkedScene] {
        let bindings = result.scenes.map { scene in
            (scene: scene.id, classes: Set(result.file.classBindings(scene: scene.id).map(\.className)))
        }
        let code = appCode()
        let app = AppCode(code: code, nib: nibs(except: uri))
        let bound = bindings.reduce(into: Set<String>()) { $0.formUnion($1.classes) }
        let dependencies = code.dependencies(of: bound)
        let pending = codeIsPending()
        entry.state.withLock {
            $0.codeClasses = dependencies
            $0.awaitsCode = pending
        }
        // A Swift document that changed meanwhile either saw the dependencies just stored, or is seen here.
        if appCode() != code, let server { reanalyse(uri, entry, server) }
        let defined = Set(code.classes.map(\.name))
        var linked: [String: LinkedScene] = [:]
        var aboutSwift: [CodeHint] = []
        for (scene, classes) in bindings where !classes.isDisjoint(with: defined) {
            guard var link = SceneCodeLinker.link(file: result.file, scene: scene, app: app),
                var document = link.result.document
            else { continue }
            document.appearance = link.appearance.merging(document.appearance)
            link.result.document = document
            let location = result.file.scene(scene)?.location
            for hint in link.linkerHints {
                if hint.file != nil {
                    aboutSwift.append(hint)
                } else {
                    // Not about a range of a Swift file: said on the scene.
                    link.result.problems.append(
                        DocumentProblem(
                            code: .codeLinking, pointer: JSONPointer(), message: hint.message, severity: .information,
                            line: location?.line, column: location?.column))
                }
            }
            linked[scene] = link
        }
        let nibs = linked.values.reduce(into: Set<String>()) { $0.formUnion($1.nibs) }
        entry.state.withLock { $0.codeNibs = nibs }
        let touched = linkerHints.withLock { $0.replace(aboutSwift, from: uri) }
        for swiftURI in touched.sorted() {
            if let swift = self.entry(swiftURI) { publishSwiftDiagnostics(swiftURI, swift) }
        }
        return linked
    }
}

extension Diagnostic {
    /// A Swift document's hint: information for what was assumed and for where the file does not parse, a hint for
    /// values that are not static; `code` is the hint's kind.
    init(_ hint: CodeHint) {
        let severity: Severity =
            switch hint.kind {
            case .notStatic: .hint
            case .tooLarge: .warning
            case .assumed, .syntax: .information
            }
        let location = Location.lineColumns(
            line: hint.range.start.line, column: hint.range.start.column, endLine: hint.range.end.line,
            endColumn: hint.range.end.column)
        self.init(code: hint.kind.rawValue, message: hint.message, severity: severity, location: location)
    }
}

/// The open Swift files read together (`DocumentStore.appCode()`): which documents at which versions, their facts,
/// and the hints about each file.
struct AppCodeReading: Sendable {
    let documents: [(entry: DocumentEntry, version: Int)]
    /// The workspace's Swift files as they were read (`WorkspaceIndex.swiftParsed(except:)`).
    let workspaceGeneration: Int
    /// The workspace's colour sets the code was read with (`UIColor(named:)`).
    let namedColors: [String: SkeletonColor]
    let facts: SwiftCodeFacts
    /// `facts.allHints` by file.
    let hintsByFile: [String: [CodeHint]]

    init(
        documents: [(DocumentEntry, Int)], workspaceGeneration: Int, namedColors: [String: SkeletonColor] = [:],
        facts: SwiftCodeFacts
    ) {
        self.documents = documents
        self.workspaceGeneration = workspaceGeneration
        self.namedColors = namedColors
        self.facts = facts
        hintsByFile = Dictionary(grouping: facts.allHints) { $0.file ?? "" }
    }

    /// Whether this reading is of these documents at these versions, with the workspace's files as they are.
    func isReading(of other: [(DocumentEntry, Int)], workspaceGeneration generation: Int) -> Bool {
        workspaceGeneration == generation && documents.count == other.count
            && zip(documents, other).allSatisfy { $0.entry === $1.0 && $0.version == $1.1 }
    }
}

/// What Swift readings left for the last one of a burst (`DocumentStore.readSwift`): the classes they changed, and
/// the files whose diagnostics are to be published.
struct DeferredSwiftWork: Sendable {
    var classes: Set<String> = []
    var uris: Set<String> = []
}
