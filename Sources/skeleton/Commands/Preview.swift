import ArgumentParser
import Foundation
import JSON

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
    @OptionGroup var show: ShowOptions

    @Option(help: "Seconds to play.")
    var duration: Double = 3

    @Option(help: "Frames per second.")
    var fps: Int = 20

    @Option(help: "Terminal columns to use (default: the document's width, at most 100).")
    var columns: Int?

    @Option(help: "Terminal rows to use (default: keeps the document's proportions).")
    var rows: Int?

    func validate() throws {
        guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be positive") }
        guard (1...60).contains(fps) else { throw ValidationError("--fps must be between 1 and 60") }
        if let columns, !(1...1000).contains(columns) { throw ValidationError("--columns must be between 1 and 1000") }
        if let rows, !(1...500).contains(rows) { throw ValidationError("--rows must be between 1 and 500") }
    }

    func run() throws {
        let source = try SourceDocument.load(document.file)
        let daemon = try DaemonSession.start()
        defer { daemon.finish() }
        try daemon.openValid(source)
        let layers = try daemon.call("skeleton/layers", ["uri": .string(source.uri)])
        let width = layers["width"]?.doubleValue ?? 1
        let height = layers["height"]?.doubleValue ?? 1
        let grid = TerminalGrid.fit(width: width, height: height, columns: columns, rows: rows)
        var screen = TerminalScreen(columns: grid.columns, rows: grid.rows)
        let subscription =
            try daemon.call(
                "preview/subscribe",
                [
                    "uri": .string(source.uri), "encoding": "cells", "window": 8,
                    "cells": ["columns": .int(grid.columns), "rows": .int(grid.rows)],
                ])["subscription"] ?? .null
        _ = try daemon.call("skeleton/show", show.showParams(uri: source.uri))
        let frames = Int((duration * Double(fps)).rounded(.up))
        FileHandle.standardOutput.write(Data(TerminalScreen.enter(rows: grid.rows).utf8))
        defer { FileHandle.standardOutput.write(Data(TerminalScreen.leave.utf8)) }
        for k in 0...frames {
            let started = Date()
            _ = try daemon.call("clock/set", ["time": .double(Double(k) / Double(fps))])
            for frame in try daemon.frames(waitingUpTo: 0.2) where frame["subscription"] == subscription {
                screen.apply(frame)
                if let seq = frame["seq"] { daemon.notify("preview/ack", ["subscription": subscription, "seq": seq]) }
            }
            FileHandle.standardOutput.write(Data(screen.render().utf8))
            let rest = 1 / Double(fps) - Date().timeIntervalSince(started)
            if rest > 0 { Thread.sleep(forTimeInterval: rest) }
        }
        _ = try? daemon.call("preview/unsubscribe", ["subscription": subscription])
    }
}

/// A cells grid that fits a canvas in the terminal: each cell is one column and two pixel rows (half blocks),
/// and terminal cells are about twice as tall as wide.
enum TerminalGrid {
    static func fit(width: Double, height: Double, columns: Int?, rows: Int?) -> (columns: Int, rows: Int) {
        let c = columns ?? max(1, min(100, Int(width / 4)))
        let r = rows ?? max(1, min(500, Int((Double(c) * height / max(width, 1) / 2).rounded())))
        return (c, r)
    }
}

/// The terminal picture: the cells last received, drawn with 24-bit colour escapes.
struct TerminalScreen {
    let columns: Int
    let rows: Int
    private var fg: [String]
    private var bg: [String]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        fg = Array(repeating: "#000000", count: columns * rows)
        bg = fg
    }

    /// Applies a `cells` frame's runs.
    mutating func apply(_ frame: JSON) {
        for run in frame["cells"]?.arrayValue ?? [] {
            guard let x = run["x"]?.intValue, let y = run["y"]?.intValue, y < rows else { continue }
            let tops = run["fg"]?.arrayValue ?? []
            let bottoms = run["bg"]?.arrayValue ?? []
            for k in 0..<min(tops.count, bottoms.count) where x + k < columns {
                fg[y * columns + x + k] = tops[k].stringValue ?? "#000000"
                bg[y * columns + x + k] = bottoms[k].stringValue ?? "#000000"
            }
        }
    }

    /// The whole picture, from the top-left corner of the preview area.
    func render() -> String {
        var out = "\u{1B}[H"
        for row in 0..<rows {
            for column in 0..<columns {
                let i = row * columns + column
                out += "\u{1B}[38;2;\(Self.rgb(fg[i]))m\u{1B}[48;2;\(Self.rgb(bg[i]))m▀"
            }
            out += "\u{1B}[0m\r\n"
        }
        return out
    }

    /// Clears the screen and hides the cursor.
    static func enter(rows: Int) -> String { "\u{1B}[2J\u{1B}[?25l" }
    /// Restores the cursor.
    static let leave = "\u{1B}[0m\u{1B}[?25h\n"

    private static func rgb(_ hex: String) -> String {
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6, let v = Int(String(decoding: digits, as: UTF8.self), radix: 16) else { return "0;0;0" }
        return "\(v >> 16);\((v >> 8) & 0xFF);\(v & 0xFF)"
    }
}
