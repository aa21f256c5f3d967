import Dispatch
import JSON
import JSONRPC
import SkeletonModel
import SkeletonProtocol
import Synchronization

/// The workspace as the app (`Protocol/base-protocol.md`, "The workspace"): `initialize` names its folders,
/// `initialized` starts reading them (with work done progress and the file watchers registered when the client
/// can), `workspace/didChangeWatchedFiles` keeps the index current, and `skeleton/workspace` says what it holds.
/// Storyboards and XIBs link with the Swift files of the workspace that name their classes whether those are open
/// or not; an open buffer overrides its file.
extension DocumentStore {
    /// The lane the workspace's reading runs on: reading at start (`initialized`), every watched change and
    /// `skeleton/workspace`, in the order they came (so `skeleton/workspace` answers once what came before is read).
    static let workspaceLane = "$workspace"
    static let workspaceRoute = Route.lane(workspaceLane)
    /// The token of the indexing's work done progress.
    static let workspaceProgressToken = "skeletond/workspace"
    /// The id of the file watchers' registration.
    static let watcherRegistrationID = "skeletond/watched-files"
    /// The globs the daemon asks the client to watch.
    static let watchedGlobs = [
        "**/*.swift", "**/*.storyboard", "**/*.xib", "**/*.skeleton.json", "**/*.colorset/Contents.json",
    ]

    func registerWorkspace(in table: inout MethodTable) {
        table.notification(InitializedNotification.self, route: Self.workspaceRoute) { [self] _, _ in startIndexing() }
        table.notification(DidChangeWatchedFiles.self, route: Self.workspaceRoute) { [self] params, _ in
            filesChanged(
                params.changes.compactMap { change in WorkspaceIndex.path(ofURI: change.uri).map { ($0, change.type) } }
            )
        }
        table.request(WorkspaceRequest.self, route: Self.workspaceRoute) { [self] _, _ in workspaceSummary() }
    }

    /// Takes the workspace folders `initialize` names (`workspaceFolders`, else `rootUri`, else `rootPath`;
    /// `file://` uris only) and what the client can do: create work done progress, register file watchers
    /// dynamically. Optional `initializationOptions.workspace` `{maxFiles, maxBytes, maxSyntaxTreeBytes}` lower the
    /// index's limits (never raise them).
    func configureWorkspace(from params: InitializeRequest.Params) throws(JSONDecodingError) {
        var roots = params.workspaceURIs.compactMap(WorkspaceIndex.path(ofURI:))
        if let path = params.rootPath { roots.append(path) }
        var limits = ProjectLimits.standard
        var treeBudget = WorkspaceIndex.treeBudget
        if let options = params.initializationOptions.workspace {
            if let value = options.maxFiles { limits.maxFiles = try Self.lowered(value, limits.maxFiles) }
            if let value = options.maxBytes { limits.maxBytes = try Self.lowered(value, limits.maxBytes) }
            if let value = options.maxSyntaxTreeBytes { treeBudget = try Self.lowered(value, treeBudget) }
        }
        let capabilities = params.capabilities
        workspace.state.withLock { state in
            state.roots = roots
            state.limits = limits
            state.treeBudget = treeBudget
            state.phase = roots.isEmpty ? .none : .indexing
            state.clientCreatesProgress = capabilities.workDoneProgress
            state.clientRegistersWatchers = capabilities.registersWatchers
        }
    }

    /// A limit from 1 to `standard`.
    private static func lowered(_ limit: (value: Int, source: JSONValue), _ standard: Int) throws(JSONDecodingError)
        -> Int
    {
        guard limit.value >= 1, limit.value <= standard else {
            throw JSONDecodingError(at: limit.source, "must be from 1 to \(standard)")
        }
        return limit.value
    }

    /// After `initialized` (on the workspace lane): registers the file watchers (when the client registers
    /// dynamically) and reads the workspace, in work done progress (when the client creates it).
    private func startIndexing() {
        let (phase, registers) = workspace.state.withLock { ($0.phase, $0.clientRegistersWatchers) }
        guard phase == .indexing, let server else { return }
        if registers {
            let watchers = Self.watchedGlobs.map { JSON.object(["globPattern": .string($0)]) }
            server.sendRequest(
                "client/registerCapability",
                [
                    "registrations": [
                        [
                            "id": .string(Self.watcherRegistrationID), "method": "workspace/didChangeWatchedFiles",
                            "registerOptions": ["watchers": .array(watchers)],
                        ]
                    ]
                ])
        }
        indexWorkspace()
    }

    /// Reads every file of the workspace (`ProjectScan`, within the limits), then re-analyses the open storyboards
    /// and XIBs that waited for it or bind one of its classes.
    private func indexWorkspace() {
        let (roots, limits, progress) = workspace.state.withLock { ($0.roots, $0.limits, $0.clientCreatesProgress) }
        let token = JSON.string(Self.workspaceProgressToken)
        if progress {
            server?.sendRequest("window/workDoneProgress/create", ["token": token])
            server?.notify(
                "$/progress",
                [
                    "token": token,
                    "value": [
                        "kind": "begin", "title": "Indexing the workspace", "cancellable": false, "percentage": 0,
                    ],
                ])
        }
        let scan = ProjectScan(roots: roots, limits: limits)
        // The files are read on every core (each reading is independent; the index's lock guards only its maps),
        // and each whole percent done is reported, so a client waiting on progress sees it move.
        let count = scan.files.count
        let done = Mutex((files: 0, percent: 0, classes: Set<String>()))
        DispatchQueue.concurrentPerform(iterations: count) { k in
            let classes = workspace.read(scan.files[k])
            done.withLock { done in
                done.files += 1
                done.classes.formUnion(classes)
                let percent = done.files * 100 / count
                guard progress, percent > done.percent else { return }
                done.percent = percent
                // Under the lock: the reports go out in order.
                server?.notify(
                    "$/progress",
                    [
                        "token": token,
                        "value": [
                            "kind": "report", "percentage": .int(percent),
                            "message": .string("\(done.files) of \(count) files"),
                        ],
                    ])
            }
        }
        let classes = done.withLock { $0.classes }
        let summary = workspace.state.withLock { state -> String in
            if let leftOut = scan.summaryOfWhatWasLeftOut { state.leftOut = leftOut }
            state.phase = .ready
            return
                "\(state.swift.count) Swift files, \(state.interfaceBuilder.count) storyboards and XIBs, "
                + "\(state.layouts.count) skeleton layouts, "
                + "\(state.colorSets.count) colour sets" + (state.leftOut.map { " (\($0))" } ?? "")
        }
        log.info("workspace: \(summary)")
        if progress {
            server?.notify("$/progress", ["token": token, "value": ["kind": "end", "message": .string(summary)]])
        }
        reanalyseDocuments(binding: classes, colorsChanged: !workspace.namedColors.isEmpty)
    }

    /// `workspace/didChangeWatchedFiles`' changes, on the workspace lane: a file created or changed is read again, a
    /// file deleted is dropped (a folder: every file under it; a folder created or changed is scanned), then the open
    /// documents that depend on what changed are analysed again.
    private func filesChanged(_ changes: [(path: String, type: FileEvent.Change)]) {
        guard workspace.phase != .none else { return }
        let limits = workspace.state.withLock { $0.limits }
        var classes = Set<String>()
        var colors = false
        for (path, type) in changes where workspace.contains(path: path) {
            let kind = ProjectFile.kind(ofPath: path)
            if kind == .colorSet { colors = true }
            if type == .deleted {
                if kind != nil {
                    classes.formUnion(workspace.forget(WorkspaceIndex.uri(ofPath: path)))
                } else {
                    let removed = workspace.forget(under: WorkspaceIndex.uri(ofPath: path))
                    classes.formUnion(removed.classes)
                    colors = colors || removed.colors
                }
                continue
            }
            let scan = ProjectScan(roots: [path], limits: limits)
            if kind != nil && scan.files.isEmpty {
                // Gone again, or over a limit now.
                classes.formUnion(workspace.forget(WorkspaceIndex.uri(ofPath: path)))
            }
            for file in scan.files {
                classes.formUnion(workspace.read(file))
                colors = colors || file.kind == .colorSet
            }
        }
        reanalyseDocuments(binding: classes, colorsChanged: colors)
    }

    /// What the index holds (`skeleton/workspace`).
    private func workspaceSummary() -> JSON {
        let state = workspace.state.withLock { $0 }
        let colors = workspace.namedColors
        var result: JSONObject = [
            "phase": .string(state.phase.rawValue),
            "folders": .array(state.roots.map { .string(WorkspaceIndex.uri(ofPath: $0)) }),
            "swiftFiles": .array(state.swift.keys.sorted().map(JSON.string)),
            "interfaceBuilderFiles": .array(state.interfaceBuilder.keys.sorted().map(JSON.string)),
            "layoutFiles": .array(state.layouts.keys.sorted().map(JSON.string)),
            "colors": .object(
                JSONObject(colors.sorted { $0.key < $1.key }.map { ($0.key, AssetColorSet.json($0.value)) })),
            "bytes": .int(state.bytes), "reads": .int(state.reads),
            "syntaxTrees": [
                "held": .int(state.swift.values.filter(\.holdsTree).count), "bytes": .int(state.treeBytes),
                "budget": .int(state.treeBudget), "parsedAgain": .int(state.parsedAgain),
            ],
            "limits": ["maxFiles": .int(state.limits.maxFiles), "maxBytes": .int(state.limits.maxBytes)],
        ]
        let problems = state.colorSets.filter { $0.value.problem != nil }.sorted { $0.key < $1.key }
        if !problems.isEmpty {
            result["colorSetProblems"] = .array(
                problems.map { ["uri": .string($0.key), "message": .string($0.value.problem ?? "")] })
        }
        if let leftOut = state.leftOut { result["leftOut"] = .string(leftOut) }
        return .object(result)
    }
}
