import Foundation
import SkeletondTestSupport
import Testing

@testable import skeleton

#if canImport(Glibc)
    import Glibc
#endif

/// `skeleton preview` in a real pseudo-terminal: it fits the terminal on both axes, draws every frame in place on
/// the alternate screen and gives the user's screen back.
@Suite struct PreviewTerminalTests {
    /// Runs `skeleton arguments…` on a `columns`×`rows` pseudo-terminal made by util-linux's `script` and returns
    /// what it drew.
    /// `prefix` is a command that runs it (such as `timeout`).
    static func runInTerminal(_ arguments: [String], columns: Int, rows: Int, prefix: [String] = []) throws -> (
        Int32, String
    ) {
        let quoted = (prefix + [CLIRunner.binary.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "stty cols \(columns) rows \(rows) && exec \(quoted)", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SKELETOND")
        process.environment = environment
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
    }

    @Test func theFeedFitsA200By50TerminalAndIsDrawnInPlace() throws {
        let (status, screen) = try Self.runInTerminal(
            ["preview", CLIRunner.example("feed"), "--animated", "--duration", "0.3", "--fps", "10"],
            columns: 200, rows: 50)
        #expect(status == 0)
        #expect(screen.hasPrefix("\u{1B}[?1049h"), "the alternate screen")
        #expect(screen.hasSuffix("\u{1B}[?1049l"), "the user's screen is restored")
        let frames = screen.components(separatedBy: "\u{1B}[H").dropFirst()
        #expect(frames.count >= 3)
        for frame in frames {
            let lines = frame.components(separatedBy: "\r\n").dropLast()
            #expect(lines.count <= 49, "a frame never scrolls the terminal")
            let cells = lines.first.map { $0.components(separatedBy: "▀").count - 1 } ?? 0
            #expect(cells <= 200)
        }
        let lines = try #require(frames.last?.components(separatedBy: "\r\n").dropLast())
        let cells = try #require(lines.first.map { $0.components(separatedBy: "▀").count - 1 })
        // Both axes are used as far as the proportions allow: the height is what limits a tall feed.
        #expect(lines.count >= 45)
        #expect(cells < 200)
    }

    /// Ctrl-C in the middle of a long preview gives the user's screen and cursor back.
    @Test func anInterruptedPreviewRestoresTheScreen() throws {
        // `timeout -s INT` stands for the user's Ctrl-C, a few seconds into a ten-minute preview.
        let (_, screen) = try Self.runInTerminal(
            ["preview", CLIRunner.example("feed"), "--animated", "--duration", "600", "--fps", "10"],
            columns: 80, rows: 24, prefix: ["timeout", "-s", "INT", "5"])
        #expect(screen.hasPrefix("\u{1B}[?1049h"), "the alternate screen")
        #expect(screen.contains("▀"), "frames were drawn before the interrupt")
        #expect(screen.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"), "colours, cursor and screen restored")
    }

    @Test func gridFitsTheProportionsOnBothAxes() {
        // A tall canvas is limited by the rows, a wide one by the columns; each half block stays square.
        #expect(TerminalGrid.fit(width: 375, height: 812, columns: nil, rows: nil, terminal: (200, 50)) == (45, 49))
        #expect(TerminalGrid.fit(width: 1000, height: 100, columns: nil, rows: nil, terminal: (80, 24)) == (80, 4))
        #expect(TerminalGrid.fit(width: 375, height: 812, columns: 30, rows: nil, terminal: (200, 50)) == (30, 32))
        #expect(TerminalGrid.fit(width: 375, height: 812, columns: nil, rows: 10, terminal: nil) == (9, 10))
        #expect(TerminalGrid.fit(width: 375, height: 812, columns: nil, rows: nil, terminal: nil) == (100, 108))
        // Degenerate canvases and terminals still give a drawable grid.
        #expect(TerminalGrid.fit(width: 0, height: .nan, columns: nil, rows: nil, terminal: (1, 1)) == (1, 1))
    }
}
