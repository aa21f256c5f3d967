internal import SwiftSyntax

/// The hints of files `SwiftCodeReader` does not read: too large, nested too deep, or no thread to read them on.
/// Each is the file's only fact, a `tooLarge` warning: nothing in the file applies to storyboards.
extension SwiftCodeReader {
    /// What every refusal says after its reason.
    static let notRead =
        "it is not read, and nothing in it applies to storyboards (they are previewed as if it were closed)"

    /// The hint of a file over `maxBytes`, on its first line.
    static func tooLarge(_ text: String, bytes: Int) -> CodeHint {
        let mebibytes = Double(bytes) / Double(1 << 20)
        let size = (mebibytes * 10).rounded(.down) / 10
        return CodeHint(
            kind: .tooLarge,
            message: "this file is \(bytes) bytes (\(size) MiB), over the \(maxBytes >> 20) MiB skeletond reads: "
                + notRead,
            range: firstLine(of: text))
    }

    /// The hint of a file `NestingScan` refuses, on the keyword, bracket or operator that passed its limit.
    static func tooDeep(_ overflow: NestingScan.Overflow, in text: String) -> CodeHint {
        let locations = SourceLocations(index: LineIndex(text))
        let start = locations.position(AbsolutePosition(utf8Offset: overflow.offset))
        let end = locations.position(AbsolutePosition(utf8Offset: overflow.offset + overflow.length))
        return CodeHint(
            kind: .tooLarge,
            message: "code here \(overflow.what): " + notRead,
            range: CodeRange(start: start, end: end))
    }

    /// The hint of a file whose syntax tree is deeper than `SyntaxDepth.maxDepth`, on the node past it.
    static func tooDeep(_ node: Syntax, _ locations: SourceLocations) -> CodeHint {
        CodeHint(
            kind: .tooLarge,
            message: "this expression is more than \(SyntaxDepth.maxDepth) syntax levels deep (a chain of calls, "
                + "members, subscripts, `!` or `?.` that long), deeper than skeletond reads: " + notRead,
            range: locations.range(of: node))
    }

    /// The hint of a file that could not be read because no `ReadingThread` could be started.
    static func noThread(_ text: String) -> CodeHint {
        CodeHint(
            kind: .tooLarge,
            message: "skeletond could not start a thread with a \(ReadingThread.stackBytes >> 20) MiB stack to read "
                + "this file (the system's limits on threads or memory): " + notRead,
            range: firstLine(of: text))
    }

    /// The first line of `text`, without its line break.
    private static func firstLine(of text: String) -> CodeRange {
        var length = 0
        for byte in text.utf8 {
            if byte == 0x0A || byte == 0x0D { break }
            length += 1
        }
        return CodeRange(start: CodePosition(line: 1, column: 1), end: CodePosition(line: 1, column: length + 1))
    }
}

extension CodeHint {
    /// The hint about `file` (its range's file too).
    func about(_ file: String?) -> CodeHint {
        var hint = self
        hint.range.file = file
        hint.file = file
        return hint
    }
}
