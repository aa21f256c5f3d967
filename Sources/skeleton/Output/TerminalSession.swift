import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal while a preview plays: the alternate screen with the cursor hidden, every frame drawn in place
/// from the top-left corner, and the user's screen restored on the way out — also when the preview is
/// interrupted (SIGINT, SIGTERM, SIGHUP), so nothing piles up in the scrollback.
final class TerminalSession {
    /// Enters the alternate screen, clears it and hides the cursor.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[2J\u{1B}[?25l"
    /// Resets colours, shows the cursor and leaves the alternate screen.
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    private var left = false

    init() {
        _ = Self.leaveBytes.count  // initialised here, never first in a signal handler
        _ = writeAll(1, Array(Self.enterSequence.utf8))
        InterruptSignals.handle { received in
            TerminalSession.leaveBytes.withUnsafeBufferPointer { bytes in
                _ = Glibc.write(1, bytes.baseAddress, bytes.count)
            }
            InterruptSignals.resetAndRaise(received)
        }
    }

    /// Writes a frame; a failed write (stdout full, closed or gone) ends the preview with its reason.
    func write(_ text: String) throws(CLIError) { try StandardOutput.write(text) }

    /// Restores the user's screen (once).
    func leave() {
        guard !left else { return }
        left = true
        InterruptSignals.reset()
        _ = writeAll(1, Array(Self.leaveSequence.utf8))
    }

    deinit { leave() }

    /// The leave sequence, ready for a signal handler (which must not allocate).
    private static let leaveBytes: [UInt8] = Array(leaveSequence.utf8)
}
