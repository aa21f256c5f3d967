import Foundation
import JSON
import SkeletonModel
import SkeletonProtocol
import SkeletonWebPreview

extension ServeBridge {
    /// Puts the scene in the state's picture: its traits, the skeleton hidden at once, shown again when the state
    /// says so (counting time from now), and the clock at the state's time after that show.
    func stage() throws(CLIError) {
        let document = target
        try applyTraits()
        let hidden = try daemon.exchange(
            HideRequest.self, .init(target: document.target, options: HideOptions(transition: .none)))
        if let error = hidden["error"] {
            // No valid tree yet: the diagnostics say why; the scene is staged again after the next edit.
            broadcast(PageMessages.notice(error["message"]?.stringValue ?? "the scene cannot be shown"))
            return
        }
        if state.shown {
            let type = state.skeleton.flatMap(SkeletonType.init(rawValue:))
            var options = ShowOptions(type: type?.model ?? .solid, assumeSkeletonable: assumeSkeletonable)
            if state.animated { options.animated = true }
            let params = ShowRequest.Params(target: document.target, options: options, explicit: type != nil)
            if let blank = try daemon.show(params, of: document) { broadcast(PageMessages.notice(blank.message)) }
        }
        shownAt = clock
        try setClock(shownAt + state.time)
    }

    /// The state's colour scheme and layout direction on the scene's document (null: its own).
    func applyTraits() throws(CLIError) {
        let params = SetTraitsRequest.Params(
            target: SceneName(uri: target.uri),
            colorScheme: .set(state.scheme.flatMap(ColorScheme.init(rawValue:))?.model),
            layoutDirection: .set(state.direction.flatMap(LayoutDirection.init(rawValue:))))
        let answer = try daemon.exchange(SetTraitsRequest.self, params)
        if let error = answer["error"] {
            broadcast(PageMessages.notice(error["message"]?.stringValue ?? "the traits cannot be set"))
        }
    }

    /// Moves the daemon's clock to `time` (never back).
    func setClock(_ time: Double) throws(CLIError) {
        guard time >= clock else { return }
        clock = try daemon.call(ClockSetRequest.self, .init(time: time))
    }

    /// Subscribes page `id` to the scene's frames; a scene without a valid tree is said on the page, which
    /// subscribes again after the next edit.
    func subscribe(_ id: Int) throws(CLIError) {
        guard var page = pages[id] else { return }
        let params = SubscribeRequest.Params(
            uri: target.uri, scene: target.scene, encoding: "png", scale: state.scale, window: 2)
        let answer = try daemon.exchange(SubscribeRequest.self, params)
        if let error = answer["error"] {
            page.outbox.post(PageMessages.notice(error["message"]?.stringValue ?? "the scene cannot be previewed"))
            page.subscription = nil
        } else {
            page.subscription = answer["result"]?["subscription"]?.stringValue.map(SubscriptionName.init)
        }
        pages[id] = page
    }

    func unsubscribe(_ id: Int) throws(CLIError) {
        guard let subscription = pages[id]?.subscription else { return }
        _ = try daemon.exchange(UnsubscribeRequest.self, subscription)
        pages[id]?.subscription = nil
    }

    /// Every page subscribes again (to a newly selected scene, or one that has a valid tree now).
    func resubscribe(onlyMissing: Bool = false) throws(CLIError) {
        for id in pages.keys.sorted() where !onlyMissing || pages[id]?.subscription == nil {
            try unsubscribe(id)
            try subscribe(id)
        }
    }

    /// Hands the daemon's frames to their pages and keeps its diagnostics, waiting up to `seconds` for output.
    func forward(waitingUpTo seconds: Double) throws(CLIError) {
        var messages = daemon.daemon.client.notifications
        daemon.daemon.client.notifications.removeAll()
        do {
            messages += try daemon.daemon.client.drain(for: seconds)
        } catch {
            throw .daemon("skeletond stopped answering: \(error)")
        }
        if daemon.daemon.client.reachedEnd { throw .daemon("skeletond exited") }
        for message in messages {
            guard let params = message["params"] else { continue }
            switch message["method"]?.stringValue {
            case "preview/frame": try deliver(params)
            case "textDocument/publishDiagnostics": keepDiagnostics(params)
            case "preview/ended":
                let ended = params["subscription"]?.stringValue
                if let id = pages.first(where: { $0.value.subscription?.id == ended })?.key {
                    pages[id]?.subscription = nil
                    pages[id]?.outbox.post(PageMessages.notice(params["message"]?.stringValue ?? "the preview ended"))
                }
            default: break
            }
        }
    }

    /// One frame to the page of its subscription, with `at` (seconds after the show). A page with too many frames
    /// waiting drops them: the daemon counts this one as drawn and sends a keyframe next.
    private func deliver(_ frame: JSON) throws(CLIError) {
        guard let id = frame["subscription"]?.stringValue, var object = frame.objectValue,
            let page = pages.values.first(where: { $0.subscription?.id == id }), let subscription = page.subscription
        else { return }
        object["at"] = .double((frame["time"]?.doubleValue ?? clock) - shownAt)
        if !page.outbox.postFrame(PageMessages.typed("frame", object)), let seq = frame["seq"]?.intValue {
            daemon.notify(AckNotification.self, .init(subscription: subscription, seq: seq))
            _ = try daemon.exchange(RefreshRequest.self, subscription)
        }
    }

    /// Keeps a `publishDiagnostics`'s lines for its uri, and tells the pages when it concerns what they show.
    private func keepDiagnostics(_ params: JSON) {
        guard let uri = params["uri"]?.stringValue else { return }
        let path =
            (documents + code).first(where: { $0.uri == uri })?.path ?? URL(string: uri)?.path ?? uri
        diagnostics[uri] = (params["diagnostics"]?.arrayValue ?? []).map {
            DiagnosticLine($0).formatted(path: path)
        }
        if uri == target.uri || code.contains(where: { $0.uri == uri }) { broadcast(diagnosticsMessage()) }
    }
}
