import Foundation
import InterfaceBuilder
import SkeletonModel
import SwiftCode
import Synchronization

/// The app the client's workspace folders hold (`initialize`'s `workspaceFolders`, else `rootUri`): the files on
/// disk, read once when the session starts and again when `workspace/didChangeWatchedFiles` says they changed
/// (`Protocol/base-protocol.md`, "The workspace").
///
/// The one typed place that knows which document defines or uses what across the app: Swift files' code facts by
/// uri (and so the classes they define), the storyboards, XIBs and skeleton layouts found, and the named colours of
/// asset catalogues.
/// An open buffer overrides its file: `DocumentStore.appCode()` takes an open Swift document's facts over the
/// index's for the same uri.
final class WorkspaceIndex: Sendable {
    /// A Swift file read from disk: its own facts (the classes it defines), and either its syntax tree (kept so
    /// the app's files are read together without parsing them again, `DocumentStore.appCode()`) while the trees
    /// held stay within `State.treeBudget`, or its text alone (parsed again when the app is read).
    struct SwiftFile: Sendable {
        var source: Source
        var facts: SwiftCodeFacts
        var bytes: Int

        enum Source: Sendable {
            case tree(ParsedSwiftFile)
            case text(SwiftSourceText)
        }

        var holdsTree: Bool {
            if case .tree = source { return true }
            return false
        }
    }

    /// The Swift source whose syntax trees the index holds, at most, in bytes (a tree costs about ten times its
    /// text): 8 MiB, or lower by `initializationOptions.workspace.maxSyntaxTreeBytes`.
    static let treeBudget = 8 << 20

    /// A colour set read from disk: its colour's name, and the colour (nil when the file defines none).
    struct ColorFile: Sendable, Hashable {
        var name: String
        var color: SkeletonColor?
        var bytes: Int
        var problem: String?
    }

    /// Where indexing is.
    enum Phase: String, Sendable {
        /// No workspace folder was given.
        case none
        /// Folders were given; reading them has not ended.
        case indexing
        /// Read; kept current by watched-file changes.
        case ready
    }

    struct State: Sendable {
        /// The folders' paths, as `initialize` gave them.
        var roots: [String] = []
        /// What the index may hold (`ProjectLimits.standard`, or lower by `initializationOptions.workspace`).
        var limits = ProjectLimits.standard
        var phase = Phase.none
        /// The client can create work done progress (`window.workDoneProgress`) and register the file watchers
        /// dynamically (`workspace.didChangeWatchedFiles.dynamicRegistration`).
        var clientCreatesProgress = false
        var clientRegistersWatchers = false
        var swift: [String: SwiftFile] = [:]
        /// The source bytes of the syntax trees held (`SwiftFile.Source.tree`), within `treeBudget`.
        var treeBudget = WorkspaceIndex.treeBudget
        var treeBytes = 0
        /// Swift files parsed again from their text when the app was read (their trees were not held).
        var parsedAgain = 0
        /// Counts changes to `swift`: a reading of the app's code made at one generation is current until the next.
        var swiftGeneration = 0
        /// Storyboards and XIBs, by uri, with their sizes.
        var interfaceBuilder: [String: Int] = [:]
        /// Skeleton layouts (`*.skeleton.json`), by uri, with their sizes: listed for the project's commands, never
        /// read for linking.
        var layouts: [String: Int] = [:]
        var colorSets: [String: ColorFile] = [:]
        /// What the scan left out at its limits (nil: nothing).
        var leftOut: String?
        /// Files read from disk so far (the first scan and every change since).
        var reads = 0

        /// Files held, and their bytes together.
        var fileCount: Int { swift.count + interfaceBuilder.count + layouts.count + colorSets.count }
        var bytes: Int {
            swift.values.reduce(0) { $0 + $1.bytes } + interfaceBuilder.values.reduce(0, +)
                + layouts.values.reduce(0, +)
                + colorSets.values.reduce(0) { $0 + $1.bytes }
        }
    }

    let state = Mutex(State())

    init() {}

    var phase: Phase { state.withLock { $0.phase } }

    /// The generation of the Swift files held: it changes whenever one is read or dropped.
    var swiftGeneration: Int { state.withLock { $0.swiftGeneration } }

    /// The syntax trees of every Swift file on disk but those in `except` (open buffers override them), by uri, and
    /// the generation they are of: the trees held, and the others parsed again from their texts (each dropped
    /// when the caller is done with it).
    func swiftParsed(except: Set<String>) -> (generation: Int, files: [String: ParsedSwiftFile]) {
        let (generation, sources) = state.withLock { ($0.swiftGeneration, $0.swift.mapValues(\.source)) }
        var files: [String: ParsedSwiftFile] = [:]
        var parsed = 0
        for (uri, source) in sources where !except.contains(uri) {
            switch source {
            case .tree(let tree): files[uri] = tree
            case .text(let text):
                files[uri] = SwiftCodeReader.parse(text)
                parsed += 1
            }
        }
        if parsed > 0 { state.withLock { $0.parsedAgain += parsed } }
        return (generation, files)
    }

    /// The paths of the XIBs on disk by nib name (the first in path order for a name), but the one at `uri`.
    func xibPaths(except uri: String) -> [String: String] {
        let uris = state.withLock { Array($0.interfaceBuilder.keys) }.sorted()
        var out: [String: String] = [:]
        for other in uris where other != uri {
            guard let path = Self.path(ofURI: other), let name = InterfaceBuilderFile.nibName(ofPath: path),
                out[name] == nil
            else { continue }
            out[name] = path
        }
        return out
    }

    /// A XIB's bytes read from disk when linking asks for its nib, within `maxFileBytes`; nil when it cannot be
    /// read or is larger.
    func readXIB(_ path: String) -> [UInt8]? {
        guard case .bytes(let bytes) = Self.readRegularFile(path, limit: state.withLock { $0.limits.maxFileBytes })
        else { return nil }
        return bytes
    }

    /// What reading a file from disk gave.
    enum FileRead {
        case bytes([UInt8])
        /// Not a regular file now (a FIFO or device put where a file was scanned), or it cannot be opened.
        case unreadable
        case overLimit
    }

    /// A regular file's bytes, at most `limit`: opened without blocking and checked on its descriptor, so a FIFO
    /// or device put at a path the scan found never stalls the lane that reads it.
    static func readRegularFile(_ path: String, limit: Int) -> FileRead {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        guard Int(info.st_size) <= limit else { return .overLimit }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        guard let data = try? handle.read(upToCount: limit + 1) else { return .unreadable }
        guard data.count <= limit else { return .overLimit }
        return .bytes([UInt8](data))
    }

    /// The facts of one Swift file on disk (nil: the index holds no such file).
    func swiftFacts(_ uri: String) -> SwiftCodeFacts? { state.withLock { $0.swift[uri]?.facts } }

    /// The named colours of the asset catalogues: the first colour set of a name, in path order, wins.
    var namedColors: [String: SkeletonColor] {
        let sets = state.withLock { $0.colorSets }
        var out: [String: SkeletonColor] = [:]
        for (_, file) in sets.sorted(by: { $0.key < $1.key }) {
            if let color = file.color, out[file.name] == nil { out[file.name] = color }
        }
        return out
    }

    /// Whether `path` lies in a workspace folder (and no folder the scan skips).
    func contains(path: String) -> Bool {
        let roots = state.withLock { $0.roots }
        return roots.contains { root in
            let base = root.hasSuffix("/") ? root : root + "/"
            guard path.hasPrefix(base) else { return false }
            let folders = path.dropFirst(base.count).split(separator: "/").dropLast()
            return !folders.contains { ProjectScan.skips(folder: String($0)) }
        }
    }

    // MARK: Files

    /// A file path as a `file://` uri (the form clients use: `URL.standardizedFileURL`).
    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }

    /// The path of a `file://` uri, nil for any other scheme.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    /// Reads one file of the index from disk into the state (replacing what it held for the uri), within the
    /// limits: a file that would take the index past `maxFiles` or `maxBytes` is left out, and said so in `leftOut`.
    /// Returns the Swift classes whose facts changed (those the file defined before and defines now).
    @discardableResult
    func read(_ file: ProjectFile) -> Set<String> {
        let uri = Self.uri(ofPath: file.path)
        let previous = state.withLock { $0.swift[uri].map { Set($0.facts.classes.map(\.name)) } ?? [] }
        guard let bytes = readBounded(file.path, uri: uri) else { return previous.union(forget(uri)) }
        switch file.kind {
        case .swift:
            let source = SwiftSourceText(text: String(decoding: bytes, as: UTF8.self), file: uri)
            let parsed = SwiftCodeReader.parse(source)
            let facts = SwiftCodeReader.read(parsed: [parsed])
            state.withLock { state in
                if let old = state.swift[uri], old.holdsTree { state.treeBytes -= old.bytes }
                let holds = state.treeBytes + bytes.count <= state.treeBudget
                if holds { state.treeBytes += bytes.count }
                state.swift[uri] = SwiftFile(
                    source: holds ? .tree(parsed) : .text(source), facts: facts, bytes: bytes.count)
                state.swiftGeneration += 1
            }
            return previous.union(facts.classes.map(\.name))
        case .storyboard, .xib:
            state.withLock { $0.interfaceBuilder[uri] = bytes.count }
        case .layout:
            state.withLock { $0.layouts[uri] = bytes.count }
        case .colorSet:
            let name = ProjectFile.colorName(ofPath: file.path) ?? ""
            let decoded = AssetColorSet.decode(bytes)
            var color: SkeletonColor?
            var problem: String?
            switch decoded {
            case .success(let value): color = value
            case .failure(let error): problem = error.message
            }
            state.withLock {
                $0.colorSets[uri] = ColorFile(name: name, color: color, bytes: bytes.count, problem: problem)
            }
        }
        return previous
    }

    /// Drops a file from the index (deleted, or no longer readable); returns the classes it defined.
    @discardableResult
    func forget(_ uri: String) -> Set<String> {
        state.withLock { state in
            state.interfaceBuilder[uri] = nil
            state.layouts[uri] = nil
            state.colorSets[uri] = nil
            guard let removed = state.swift.removeValue(forKey: uri) else { return [] }
            if removed.holdsTree { state.treeBytes -= removed.bytes }
            state.swiftGeneration += 1
            return Set(removed.facts.classes.map(\.name))
        }
    }

    /// Drops every file under the folder `uri` (deleted); returns the classes they defined and whether a colour
    /// set was among them.
    func forget(under uri: String) -> (classes: Set<String>, colors: Bool) {
        let base = uri.hasSuffix("/") ? uri : uri + "/"
        return state.withLock { state in
            var classes = Set<String>()
            for key in state.swift.keys where key.hasPrefix(base) {
                guard let removed = state.swift.removeValue(forKey: key) else { continue }
                if removed.holdsTree { state.treeBytes -= removed.bytes }
                classes.formUnion(removed.facts.classes.map(\.name))
                state.swiftGeneration += 1
            }
            for key in state.interfaceBuilder.keys where key.hasPrefix(base) { state.interfaceBuilder[key] = nil }
            for key in state.layouts.keys where key.hasPrefix(base) { state.layouts[key] = nil }
            let colors = state.colorSets.keys.filter { $0.hasPrefix(base) }
            for key in colors { state.colorSets[key] = nil }
            return (classes, !colors.isEmpty)
        }
    }

    /// The file's bytes, when it is a regular file within `maxFileBytes` and the index has room for it (its own
    /// earlier size given back first); nil otherwise (the reason kept in `leftOut`).
    private func readBounded(_ path: String, uri: String) -> [UInt8]? {
        let limits = state.withLock { $0.limits }
        let limit = limits.maxFileBytes
        let data: [UInt8]
        switch Self.readRegularFile(path, limit: limit) {
        case .bytes(let bytes): data = bytes
        case .unreadable: return nil
        case .overLimit:
            state.withLock { $0.leftOut = "\(path) is over \(limit) bytes" }
            return nil
        }
        return state.withLock { state -> [UInt8]? in
            state.reads += 1
            let held =
                state.swift[uri]?.bytes ?? state.interfaceBuilder[uri] ?? state.layouts[uri]
                ?? state.colorSets[uri]?.bytes
            let others = state.bytes - (held ?? 0)
            let count = state.fileCount - (held == nil ? 0 : 1)
            guard count < limits.maxFiles, others + data.count <= limits.maxBytes else {
                state.leftOut = "\(path): the workspace holds \(limits.maxFiles) files or \(limits.maxBytes) bytes"
                return nil
            }
            return data
        }
    }
}
