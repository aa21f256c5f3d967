import Foundation
import JSON
import JSONRPC
import SkeletonEngine
import SkeletonGraphics
import SkeletonModel
import SkeletonProtocol

/// The `skeleton/*` requests: SkeletonView's API on a document's live session.
struct SkeletonMethods: Sendable {
    let documents: DocumentStore
    /// `SKELETON_DEBUG` was set when the daemon started: every show logs the tree description.
    let debug: Bool

    func register(in table: inout MethodTable) {
        table.request(ShowRequest.self) { params, context in
            let options = params.options
            let target = try documents.sceneTarget(params.target)
            var shows = [CodeShowPlan.Show(node: params.node, options: options)]
            if !params.names(anyOf: Self.showOptionsButAssume) {
                shows =
                    CodeShowPlan.shows(
                        target.codeShows, node: params.node, assumeSkeletonable: options.assumeSkeletonable)
                    ?? shows
            }
            let answer = try mutate(context, target, params.node, refusing: params.target) { session, _, now in
                try CodeShowPlan.perform(shows, on: &session, at: now)
            } after: { uri, session in
                if debug { logTree(uri, session, context.server) }
            }
            return Self.explained(answer, assumingSkeletonable: options.assumeSkeletonable)
        }
        table.request(UpdateRequest.self) { params, context in
            try mutate(context, params) { session, node, now in try session.update(params.options, node: node, at: now)
            }
        }
        table.request(HideRequest.self) { params, context in
            try mutate(context, params) { session, node, now in try session.hide(params.options, node: node, at: now) }
        }
        table.request(StartAnimationRequest.self) { params, context in
            try mutate(context, params) { session, node, now in
                try session.startAnimation(params.options.animation, node: node, at: now)
            }
        }
        table.request(StopAnimationRequest.self) { params, context in
            try mutate(context, params) { session, node, now in try session.stopAnimation(node: node, at: now) }
        }
        table.request(LayersRequest.self) { params, _ in try layers(params) }
        table.request(ScenesRequest.self) { params, _ in try scenes(params) }
        table.request(SetTraitsRequest.self) { params, context in try setTraits(params, context) }
        table.request(TreeDescriptionRequest.self) { params, _ in try treeDescription(params) }
        table.request(IsActiveRequest.self) { params, _ in
            let session = try documents.sceneTarget(params.target).session
            let time = params.options.time ?? documents.configuration.clock.now
            do { return try session.isActive(params.node, at: time) } catch let error as EngineError {
                throw Self.refusal(error, params.target.params)
            }
        }
        table.request(SetAppearanceRequest.self) { params, context in try setAppearance(params, context) }
        table.request(SetMotionRequest.self) { params, context in try setMotion(params, context) }
    }

    // MARK: Helpers

    /// Runs an operation on the live session of the scene `params` names, at the current time, and answers what it
    /// did.
    private func mutate<Options>(
        _ context: RequestContext, _ params: SceneOperationParams<Options>,
        _ operation: (inout SkeletonSession, String?, Double) throws -> SkeletonEngine.OperationResult
    ) throws -> SkeletonProtocol.OperationResult {
        try mutate(context, try documents.sceneTarget(params.target), params.node, refusing: params.target, operation)
    }

    /// Runs an operation on `target`'s live session at the current time and answers what it did (an engine refusal
    /// names the member of `name`'s params). The session is only ever changed on its document's lane, so reading
    /// it, operating and storing it back is atomic.
    private func mutate(
        _ context: RequestContext, _ target: SceneTarget, _ node: String?, refusing name: SceneName,
        _ operation: (inout SkeletonSession, String?, Double) throws -> SkeletonEngine.OperationResult,
        after: ((String, SkeletonSession) -> Void)? = nil
    ) throws -> SkeletonProtocol.OperationResult {
        let (uri, entry, scene, current) = (target.uri, target.entry, target.scene, target.session)
        let now = documents.configuration.clock.now
        var session = current
        let result: SkeletonEngine.OperationResult
        do { result = try operation(&session, node, now) } catch let error as EngineError {
            throw Self.refusal(error, name.params)
        }
        entry.state.withLock { $0.sessions[scene] = session }
        after?(uri, session)
        // Notifications and frames follow the answer.
        let events = result.events.map { SceneEvent(scene: scene, event: $0) }
        context.afterResponse { documents.sessionChanged(uri, entry, events: events) }
        return Self.result(result.outcome)
    }

    /// The options that say how to show (all but `assumeSkeletonable`): a `skeleton/show` that names none makes the
    /// show its scene's code makes, when the code makes one.
    static let showOptionsButAssume = ShowOptions.fieldNames.subtracting(["assumeSkeletonable"])

    /// An engine refusal as -32602 naming the offending param.
    static func refusal(_ error: EngineError, _ params: JSONValue) -> JSONDecodingError {
        let base = params.pointerFromRoot
        switch error {
        case .unknownNode: return JSONDecodingError(pointer: base.appending("node"), message: error.description)
        case .invalidArgument(let field, let message):
            return JSONDecodingError(pointer: base.appending(field), message: message)
        }
    }

    /// A show's `notSkeletonable` answer says what to do: set `isSkeletonable` or assume it; when the show
    /// already assumed it, that nothing under the node holds content.
    static func explained(_ answer: SkeletonProtocol.OperationResult, assumingSkeletonable: Bool)
        -> SkeletonProtocol.OperationResult
    {
        guard answer.outcome == .notSkeletonable else { return answer }
        let message =
            assumingSkeletonable
            ? "nothing is drawn: no view under the node holds content (labels, text views and fields, images, "
                + "buttons, controls), so even assumeSkeletonable finds nothing to skeleton"
            : "nothing is drawn: the node is not skeletonable. Set isSkeletonable on it and on the views to "
                + "skeleton (in Interface Builder: a boolean runtime attribute isSkeletonable = YES; in code: "
                + "view.isSkeletonable = true), or show with assumeSkeletonable: true to try SkeletonView on this screen"
        return SkeletonProtocol.OperationResult(.notSkeletonable, message: message)
    }

    /// What an operation did, as its result.
    static func result(_ outcome: Outcome) -> SkeletonProtocol.OperationResult {
        switch outcome {
        case .shown(let leaves): .init(.shown, leaves: leaves)
        case .alreadyActive:
            .init(
                .alreadyActive,
                message:
                    "a skeleton is already active under this node, so show does nothing: use skeleton/update to change it"
            )
        case .notSkeletonable: .init(.notSkeletonable, message: "the node is not skeletonable: nothing is drawn")
        case .scheduled(let at): .init(.scheduled, at: at)
        case .updated(let retinted, let recreated): .init(.updated, retinted: retinted, recreated: recreated)
        case .hidden(let leaves): .init(.hidden, leaves: leaves)
        case .deferred(let until): .init(.deferred, until: until)
        case .notActive: .init(.notActive)
        case .cancelledPendingShow: .init(.cancelledPendingShow)
        case .animation(let leaves): .init(.animation, leaves: leaves)
        }
    }

    // MARK: Queries

    private func layers(_ params: LayersRequest.Params) throws -> LayersResult {
        let session = try documents.sceneTarget(params.target).session
        let time = params.time ?? documents.configuration.clock.now
        let includeContent = params.includeContent
        let list = session.layers(at: time)
        let layers = list.layers.filter { includeContent || $0.kind.isSkeleton }
        return LayersResult(
            width: list.size.width, height: list.size.height, background: list.background.hexRGBA,
            layers: layers.map(GraphicsWire.layer))
    }

    /// The document's scenes (`[{id, title, rootViewID, frame, initial, class?, show?, shows?}]`): one per view controller or top-level
    /// view of a storyboard or XIB; one with id `""` for a JSON document.
    private func scenes(_ params: ScenesRequest.Params) throws -> [SceneSummary] {
        let document = try documents.skeletonTarget(params.document)
        let (scenes, initial, valid, shows) = document.entry.state.withLock {
            ($0.scenes, $0.initialScene, !$0.sessions.isEmpty, $0.codeShows)
        }
        guard valid else { throw DocumentStore.noValidTree(document.uri) }
        return scenes.map { scene in
            var summary = SceneSummary(
                id: scene.id, title: scene.title, rootViewID: scene.rootViewID, frame: scene.frame.array,
                initial: scene.id == initial, className: scene.className)
            if let shows = shows[scene.id], let first = shows.first {
                summary.show = Self.codeShow(first.options)
                summary.shows = shows.map { Self.codeShow($0.options, node: $0.node) }
            }
            return summary
        }
    }

    /// A show a scene's code makes, as `skeleton/scenes` says it (`node`: the view it is made on, for `shows`; none
    /// for `show`).
    static func codeShow(_ show: ShowOptions, node: String? = nil) -> SceneSummary.CodeShow {
        SceneSummary.CodeShow(
            node: node, type: show.type.rawValue, animated: show.animated ?? (show.delay != nil), delay: show.delay)
    }

    /// Overrides the document's `colorScheme`, `layoutDirection` and width (null: the document's own again), for the
    /// scene `scene` names or else for every scene, as the trait collection and screen of a device would; the skeleton
    /// state is kept.
    private func setTraits(_ params: SetTraitsRequest.Params, _ context: RequestContext) throws -> NullResult {
        let document = try documents.skeletonTarget(params.target)
        let (uri, entry) = (document.uri, document.entry)
        let scene = params.target.scene == nil ? nil : try documents.sceneTarget(params.target).scene
        entry.state.withLock { state in
            var traits = scene.map { state.sceneTraits[$0] ?? TraitOverrides() } ?? state.traits
            if params.setsColorScheme { traits.colorScheme = params.colorScheme }
            if params.setsLayoutDirection { traits.layoutDirection = params.layoutDirection }
            if params.setsWidth { traits.width = params.width }
            if let scene { state.sceneTraits[scene] = traits } else { state.traits = traits }
        }
        context.afterResponse { documents.analyse(uri, entry, as: .runtime) }
        return NullResult()
    }

    private func treeDescription(_ params: TreeDescriptionRequest.Params) throws -> TreeDescriptionResult {
        let session = try documents.sceneTarget(params.target).session
        let (node, includeState) = (params.node, params.options.includeState)
        let time = params.options.time ?? documents.configuration.clock.now
        let tree: TreeDescription
        do { tree = try session.treeDescription(node: node, at: time) } catch {
            throw Self.refusal(error, params.target.params)
        }
        return TreeDescriptionResult(
            tree: Self.node(tree, includeState: includeState), text: tree.prettyPrinted(includeState: includeState))
    }

    static func node(_ tree: TreeDescription, includeState: Bool) -> TreeDescriptionResult.Node {
        var out = TreeDescriptionResult.Node(
            type: tree.type, reference: tree.reference, isSkeletonable: tree.isSkeletonable,
            children: tree.children.map { Self.node($0, includeState: includeState) })
        if includeState {
            out.isSkeletonActive = tree.isSkeletonActive
            out.isHidden = tree.isHidden
            out.isUserInteractionEnabled = tree.isUserInteractionEnabled
            out.isScrollEnabled = tree.isScrollEnabled
        }
        return out
    }

    /// `SKELETON_DEBUG`: the tree description on stderr and as `window/logMessage`, after every show.
    private func logTree(_ uri: String, _ session: SkeletonSession, _ server: Server) {
        guard let tree = try? session.treeDescription(node: nil, at: documents.configuration.clock.now) else { return }
        let text = tree.prettyPrinted()
        FileDescriptor.writeAll(2, Array("skeletond[debug] \(uri) skeleton tree:\n\(text)\n".utf8))
        server.notify("window/logMessage", ["type": 4, "message": .string("\(uri) skeleton tree:\n\(text)")])
    }

    // MARK: Appearance

    /// With `uri`: that document's overrides (of the scene `scene` names, else of every scene). Without: the
    /// daemon-wide appearance every document starts from.
    private func setAppearance(_ params: SetAppearanceRequest.Params, _ context: RequestContext) throws -> NullResult {
        let overrides = params.appearance
        let now = documents.configuration.clock.now
        if let name = params.target {
            let target = try documents.sceneTarget(name)
            let (uri, entry) = (target.uri, target.entry)
            let only = name.scene == nil ? nil : target.scene
            let events = entry.state.withLock {
                Self.forEachScene(&$0, only: only) { session, scene in
                    session.setAppearance(overrides, at: now).map { SceneEvent(scene: scene, event: $0) }
                }
            }
            documents.sessionChanged(uri, entry, events: events)
            return NullResult()
        }
        let base = documents.baseAppearance.withLock { base -> SkeletonAppearance in
            base = base.applying(overrides)
            return base
        }
        for uri in documents.uris {
            guard let entry = documents.entry(uri) else { continue }
            context.server.runOnDocumentLane(uri) {
                let events = entry.state.withLock {
                    Self.forEachScene(&$0) { session, scene in
                        session.setBaseAppearance(base, at: now).map { SceneEvent(scene: scene, event: $0) }
                    }
                }
                documents.sessionChanged(uri, entry, events: events)
            }
        }
        return NullResult()
    }

    /// `gradientSpace`, `reducedMotion`, `stopAfter`: for one document with `uri` (one scene of it with `scene`),
    /// else for every document and the ones opened later.
    private func setMotion(_ params: SetMotionRequest.Params, _ context: RequestContext) throws -> NullResult {
        if let name = params.target {
            let target = try documents.sceneTarget(name)
            let (uri, entry, session) = (target.uri, target.entry, target.session)
            let motion = params.motion.applied(to: session.motion)
            let only = name.scene == nil ? nil : target.scene
            _ = entry.state.withLock {
                Self.forEachScene(&$0, only: only) { session, _ in
                    session.motion = motion
                    return []
                }
            }
            documents.sessionChanged(uri, entry, events: [])
            return NullResult()
        }
        let motion = params.motion.applied(to: documents.configuration.motion)
        documents.configuration.motion = motion
        for uri in documents.uris {
            guard let entry = documents.entry(uri) else { continue }
            context.server.runOnDocumentLane(uri) {
                _ = entry.state.withLock {
                    Self.forEachScene(&$0) { session, _ in
                        session.motion = motion
                        return []
                    }
                }
                documents.sessionChanged(uri, entry, events: [])
            }
        }
        return NullResult()
    }

    /// Applies `change` to the session of scene `only`, or (nil) of every scene of a document, collecting the
    /// events.
    static func forEachScene(
        _ state: inout DocumentEntry.State, only: String? = nil,
        _ change: (inout SkeletonSession, String) -> [SceneEvent]
    ) -> [SceneEvent] {
        var events: [SceneEvent] = []
        for scene in state.sessions.keys.sorted() where only == nil || scene == only {
            guard var session = state.sessions[scene] else { continue }
            events += change(&session, scene)
            state.sessions[scene] = session
        }
        return events
    }
}
