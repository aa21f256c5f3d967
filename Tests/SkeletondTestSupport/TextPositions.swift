package import JSON
package import SkeletonProtocol

/// LSP positions in a text found by what stands there, never written as numbers: a test says "the second
/// `"author"`" and keeps holding when the example it reads gains a line.
///
/// Lines end at `\n` (a `\r` before it belongs to the line ending); characters are UTF-16 code units, as LSP counts
/// them by default.
package struct TextPositions: Sendable {
    /// A zero-based line and UTF-16 character.
    package struct Position: Sendable, Hashable, CustomStringConvertible {
        package var line: Int
        package var character: Int

        package init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }

        /// The text's first position.
        package static let origin = Position(line: 0, character: 0)

        /// The same position `count` characters further on the line (negative: back).
        package func moved(by count: Int) -> Position {
            Position(line: line, character: character + count)
        }

        /// The protocol's position.
        package var position: SkeletonProtocol.Position { SkeletonProtocol.Position(line: line, character: character) }

        /// `{"line": …, "character": …}`.
        package var json: JSON { position.json }

        package var description: String { "\(line):\(character)" }
    }

    /// A half-open range of positions.
    package struct Range: Sendable, Hashable, CustomStringConvertible {
        package var start: Position
        package var end: Position

        package init(start: Position, end: Position) {
            self.start = start
            self.end = end
        }

        /// `{"start": …, "end": …}`.
        package var json: JSON { SkeletonProtocol.PositionRange(start: start.position, end: end.position).json }

        package var description: String { "\(start)-\(end)" }
    }

    /// Something a test looked for is not in the text (a drifted example fails with this, not with numbers).
    package struct NotFound: Error, CustomStringConvertible {
        package var description: String
    }

    /// The text, as UTF-16 code units.
    private let units: [UInt16]
    /// The offset of each line's first unit.
    private let lineStarts: [Int]

    package init(_ text: String) {
        units = Array(text.utf16)
        var starts = [0]
        for (offset, unit) in units.enumerated() where unit == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// How many lines the text has (a text ending in a newline has an empty last line).
    package var lineCount: Int { lineStarts.count }

    /// The position of UTF-16 offset `offset`.
    package func position(atOffset offset: Int) -> Position {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return Position(line: low, character: offset - lineStarts[low])
    }

    /// The UTF-16 offset of the `occurrence`-th (from 1) `needle` at or after `from`.
    package func offset(of needle: String, occurrence: Int = 1, from start: Position = .origin) throws -> Int {
        let pattern = Array(needle.utf16)
        var from = offset(of: start)
        var found = 0
        while !pattern.isEmpty, from + pattern.count <= units.count {
            if units[from..<(from + pattern.count)].elementsEqual(pattern) {
                found += 1
                if found == occurrence { return from }
            }
            from += 1
        }
        throw NotFound(description: "\(needle) (occurrence \(occurrence)) is not in the text")
    }

    /// The range `needle` covers at its `occurrence`-th appearance (from 1) at or after `from`.
    package func range(of needle: String, occurrence: Int = 1, from: Position = .origin) throws -> Range {
        let start = try offset(of: needle, occurrence: occurrence, from: from)
        return Range(start: position(atOffset: start), end: position(atOffset: start + needle.utf16.count))
    }

    /// The range from the `{` or `[` at `open` through its matching bracket (strings skipped).
    package func bracketed(from open: Position) throws -> Range {
        let start = offset(of: open)
        guard start < units.count, units[start] == 0x7B || units[start] == 0x5B else {
            throw NotFound(description: "no { or [ at \(open)")
        }
        var depth = 0
        var inString = false
        var k = start
        while k < units.count {
            let unit = units[k]
            if inString {
                if unit == 0x5C { k += 1 } else if unit == 0x22 { inString = false }
            } else if unit == 0x22 {
                inString = true
            } else if unit == 0x7B || unit == 0x5B {
                depth += 1
            } else if unit == 0x7D || unit == 0x5D {
                depth -= 1
                if depth == 0 { return Range(start: open, end: position(atOffset: k + 1)) }
            }
            k += 1
        }
        throw NotFound(description: "the bracket at \(open) is not closed")
    }

    /// The value of the first member named `key` (`"key": value`) at or after `from`: its `{`/`[` through the
    /// matching bracket, a string with its quotes, or a scalar's characters.
    package func value(ofMember key: String, from: Position = .origin) throws -> Range {
        let name = Array("\"\(key)\"".utf16)
        var k = offset(of: from)
        while k + name.count <= units.count {
            if units[k..<(k + name.count)].elementsEqual(name) {
                var v = k + name.count
                while v < units.count, isSpace(units[v]) { v += 1 }
                if v < units.count, units[v] == 0x3A {
                    v += 1
                    while v < units.count, isSpace(units[v]) { v += 1 }
                    return try value(at: v, key: key)
                }
            }
            k += 1
        }
        throw NotFound(description: "no member \(key) after \(from)")
    }

    private func value(at k: Int, key: String) throws -> Range {
        guard k < units.count else { throw NotFound(description: "\(key) has no value") }
        switch units[k] {
        case 0x7B, 0x5B:
            return try bracketed(from: position(atOffset: k))
        case 0x22:
            var end = k + 1
            while end < units.count, units[end] != 0x22 { end += units[end] == 0x5C ? 2 : 1 }
            return Range(start: position(atOffset: k), end: position(atOffset: min(end + 1, units.count)))
        default:
            var end = k
            while end < units.count, ![0x2C, 0x7D, 0x5D].contains(units[end]), !isSpace(units[end]) { end += 1 }
            return Range(start: position(atOffset: k), end: position(atOffset: end))
        }
    }

    private func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x0A || unit == 0x0D || unit == 0x09 }

    /// Every object and array that spans more than one line, as (the line of its opening bracket, the line of its
    /// closing one), in text order.
    package func multilineBrackets() throws -> [(start: Int, end: Int)] {
        var found: [(start: Int, end: Int)] = []
        var inString = false
        var k = 0
        while k < units.count {
            let unit = units[k]
            if inString {
                if unit == 0x5C { k += 1 } else if unit == 0x22 { inString = false }
            } else if unit == 0x22 {
                inString = true
            } else if unit == 0x7B || unit == 0x5B {
                let open = position(atOffset: k)
                let span = try bracketed(from: open)
                if span.end.line > open.line { found.append((open.line, span.end.line)) }
            }
            k += 1
        }
        return found
    }

    private func offset(of position: Position) -> Int {
        guard position.line < lineStarts.count else { return units.count }
        return min(lineStarts[position.line] + position.character, units.count)
    }
}
