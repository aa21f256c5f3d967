import ArgumentParser
import Foundation
import JSON
import SkeletonProtocol

/// `skeleton preview`: a live preview in the terminal, drawn from `cells` frames (24-bit colour half blocks).
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a document's skeleton in the terminal.",
        discussion: """
            Subscribes to the document's preview with the cells encoding (half-block characters with 24-bit \
            colours), shows the skeleton, and plays it for --duration seconds at --fps, moving the daemon's manual \
            clock and drawing each frame's changed cells. Needs a terminal with 24-bit colour.

            Protocol: initialize, textDocument/didOpen, skeleton/isActive, preview/subscribe, skeleton/show, \
            clock/set, preview/frame (notifications), preview/ack, preview/unsubscribe, shutdown, exit.
            """
    )

    @OptionGroup var document: DocumentArgument
    @OptionGroup var show: ShowFlags
    @OptionGroup var scene: SceneOption

    @Option(help: "Seconds to play.")
    var duration: Double = 3

    @Option(help: "Frames per second.")
    var fps: Int = 20

    @Option(help: "Terminal columns to use (default: as many as fit the terminal, keeping the proportions).")
    var columns: Int?

    @Option(help: "Terminal rows to use (default: as many as fit the terminal, keeping the proportions).")
    var rows: Int?

    func validate() throws {
        guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be positive") }
        guard (1...60).contains(fps) else { throw ValidationError("--fps must be between 1 and 60") }
        if let columns, !(1...1000).contains(columns) { throw ValidationError("--columns must be between 1 and 1000") }
        if let rows, !(1...500).contains(rows) { throw ValidationError("--rows must be between 1 and 500") }
    }

    func run() throws {
        let source = scene.apply(to: try document.load())
        let daemon = try DaemonSession.start(project: source.project)
        defer { daemon.finish() }
        try daemon.openValid(source)
        let layers = try daemon.call(LayersRequest.self, .init(target: source.target))
        let (width, height) = (layers.width, layers.height)
        let grid = TerminalGrid.fit(
            width: width, height: height, columns: columns, rows: rows, terminal: TerminalGrid.terminalSize())
        var screen = TerminalScreen(columns: grid.columns, rows: grid.rows)
        let subscribe = SubscribeRequest.Params(
            uri: source.uri, scene: source.scene, encoding: "cells", window: 8,
            cells: CellGridSize(columns: grid.columns, rows: grid.rows))
        let subscription = SubscriptionName(
            try daemon.call(SubscribeRequest.self, subscribe)["subscription"]?.stringValue ?? "")
        try daemon.call(ShowRequest.self, show.showParams(source))
        let frames = Int((duration * Double(fps)).rounded(.up))
        let terminal = TerminalSession()
        defer { terminal.leave() }
        for k in 0...frames {
            let started = Date()
            try daemon.call(ClockSetRequest.self, .init(time: Double(k) / Double(fps)))
            for frame in try daemon.frames(waitingUpTo: 0.2) where frame["subscription"]?.stringValue == subscription.id
            {
                screen.apply(frame)
                if let seq = frame["seq"]?.intValue {
                    daemon.notify(AckNotification.self, .init(subscription: subscription, seq: seq))
                }
            }
            try terminal.write(screen.render())
            let rest = 1 / Double(fps) - Date().timeIntervalSince(started)
            if rest > 0 { Thread.sleep(forTimeInterval: rest) }
        }
        _ = try? daemon.call(UnsubscribeRequest.self, subscription)
    }
}
