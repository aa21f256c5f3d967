import Foundation
import JSON
import SkeletondTestSupport
import Testing

@testable import SkeletonServer

/// A text map worked out from the previous version's after an edit inside one value (`DocumentTextMap.updated`)
/// says exactly what a map built from the new text says, field by field, and the outline spliced from the previous
/// version's bytes (`DocumentSymbols.splice`) is byte for byte the outline encoded from the new text; edits the
/// update cannot follow (ids, types, keys, template names, two values, line breaks, a value made two) are refused.
@Suite struct DocumentTextMapUpdateTests {
    static let examples = ["feed", "grid", "profile-card"]

    static func example(_ name: String) throws -> [UInt8] {
        let url = TestEnvironment.packageRoot.appendingPathComponent("Examples/\(name).skeleton.json")
        return Array(try Data(contentsOf: url))
    }

    static func map(_ buffer: TextBuffer) -> DocumentTextMap {
        DocumentTextMap(bytes: buffer.bytes)
    }

    /// The result of following one edit: the map worked out (nil: refused) and the text.
    struct Outcome {
        var updated: DocumentTextMap?
        var buffer: TextBuffer
    }

    /// Replaces `range` of `buffer`'s text with `text`, following it from `map` (whose outlines, in both encodings,
    /// are encoded first when `withOutline`), and checks the result against a fresh build: the map field by field,
    /// the outline byte for byte.
    @discardableResult
    static func follow(
        _ map: DocumentTextMap, _ buffer: TextBuffer, _ range: Range<Int>, _ text: String, withOutline: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome {
        if withOutline {
            for encoding in [PositionEncoding.utf8, .utf16] {
                _ = map.cache.symbols(encoding) { _ in DocumentSymbols.encode(buffer, encoding, map) }
            }
        }
        var edited = buffer
        let edit = edited.replace(range, with: Array(text.utf8))
        // The text sync refuses an edit that removed a line break (`TextMapEdit.linesChanged`); the map itself must
        // refuse one that inserts one.
        let inserted = text.utf8.filter { $0 == 0x0A }.count
        let removedLine = edited.lineCount != buffer.lineCount + inserted
        let updated = removedLine ? nil : map.updated(by: edit, in: edited)
        let refused = updated == nil
        if inserted > 0 { #expect(refused, "a line break inserted", sourceLocation: sourceLocation) }
        if let updated {
            let fresh = Self.map(edited)
            let around = buffer.bytes[max(0, range.lowerBound - 12)..<min(buffer.bytes.count, range.upperBound + 12)]
            let what =
                "\(range) → \(text.debugDescription) in \(String(decoding: around, as: UTF8.self).debugDescription)"
            let differences = updated.differences(from: fresh)
            #expect(differences.isEmpty, "\(what): \(differences)", sourceLocation: sourceLocation)
            for encoding in [PositionEncoding.utf8, .utf16] {
                var spliced = false
                let bytes = updated.cache.symbols(encoding) { stale in
                    guard var outline = stale?.outline, let nodes = stale?.nodes else {
                        return DocumentSymbols.encode(edited, encoding, updated)
                    }
                    stale = nil
                    spliced = DocumentSymbols.splice(&outline, nodes: nodes, edited, encoding, updated)
                    return spliced ? outline : DocumentSymbols.encode(edited, encoding, updated)
                }
                let expected = DocumentSymbols.encode(edited, encoding, fresh)
                let equal = bytes == expected.bytes
                #expect(equal, "\(what) (\(encoding))", sourceLocation: sourceLocation)
                #expect(spliced || !withOutline, "\(what)", sourceLocation: sourceLocation)
            }
        }
        return Outcome(updated: updated, buffer: edited)
    }

    /// The byte range of the `occurrence`-th `needle` in `bytes`.
    static func find(_ needle: String, in bytes: [UInt8], occurrence: Int = 0) -> Range<Int>? {
        let n = Array(needle.utf8)
        var seen = 0
        guard bytes.count >= n.count else { return nil }
        for i in 0...(bytes.count - n.count) where bytes[i..<(i + n.count)].elementsEqual(n) {
            if seen == occurrence { return i..<(i + n.count) }
            seen += 1
        }
        return nil
    }

    /// Every scalar value of every example, edited every way a value is typed: followed, and equal to a fresh build.
    @Test(arguments: examples)
    func everyScalarEditEqualsAFreshBuild(name: String) throws {
        let buffer = TextBuffer(bytes: try Self.example(name))
        let map = Self.map(buffer)
        var followed = 0
        for k in map.spans.indices.dropFirst() {
            let span = map.spans[k]
            guard !span.isObject, !span.isArray else { continue }
            let value = span.value
            var edits: [(Range<Int>, String)] = []
            if span.isString {
                let inside = (value.lowerBound + 1)..<(value.upperBound - 1)
                edits += [
                    (inside, "x"), (inside, ""), (inside.upperBound..<inside.upperBound, "é"),
                    (inside.lowerBound..<inside.lowerBound, "日本"), (inside, "#3498DB"), (inside, "red"),
                    (inside, "{\"light\": 1}"),
                ]
            } else {
                edits += [
                    (value, "1540"), (value, "2"), (value.lowerBound..<value.lowerBound, "9"),
                    (value.upperBound..<value.upperBound, "7"), ((value.upperBound - 1)..<value.upperBound, ""),
                    (value, "-1.5e3"), (value, "true"),
                ]
            }
            for (range, text) in edits where Self.follow(map, buffer, range, text).updated != nil { followed += 1 }
        }
        #expect(followed > 100, "most scalar edits are followed (\(followed))")
    }

    /// Edits the update must refuse (the map is then built from the text), each on every example where its target
    /// exists: ids, types, keys and template names, values made two or joined, line breaks, strings ended early.
    @Test(arguments: examples)
    func editsThatMustRebuild(name: String) throws {
        let bytes = try Self.example(name)
        let buffer = TextBuffer(bytes: bytes)
        let map = Self.map(buffer)
        var cases: [(String, Range<Int>, String)] = []
        func inside(_ needle: String, from: Int, to: Int, _ text: String) {
            guard let at = Self.find(needle, in: bytes) else { return }
            cases.append((needle, (at.lowerBound + from)..<(at.lowerBound + to), text))
        }
        inside(#""id": "screen""#, from: 8, to: 9, "S")  // inside an id
        inside(#""type": "UIView""#, from: 12, to: 13, "X")  // inside a type
        inside(#""type": "UILabel""#, from: 10, to: 10, "x")  // typing in a type
        inside(#""frame""#, from: 2, to: 3, "R")  // inside a key
        inside(#"375"#, from: 1, to: 1, " ")  // a number made two
        inside(#"375"#, from: 1, to: 1, "\"")  // a number made a string
        inside(#"375"#, from: 0, to: 3, "\"a\"")  // a number made a string
        inside(#"375, "#, from: 2, to: 5, "")  // two values joined
        inside(#"0, 0, 375"#, from: 0, to: 9, "1")  // across values
        inside(#""isSkeletonable": true"#, from: 18, to: 18, "\n")  // a line break
        inside(#""text": ""#, from: 9, to: 9, "a\nb")  // a line break in a string
        inside(#""text": ""#, from: 9, to: 9, "\"")  // a string ended early
        if let at = Self.find(#""text": ""#, in: bytes), let close = bytes[(at.upperBound)...].firstIndex(of: 0x22) {
            cases.append(("an escape eating the closing quote", close..<close, "\\"))
        }
        inside(#""text": ""#, from: 8, to: 9, "x")  // the opening quote
        for use in map.uses {  // template names
            let value = map.spans[use.span].value
            cases.append(("template name \(use.name)", (value.lowerBound + 1)..<(value.lowerBound + 2), "X"))
        }
        #expect(cases.count >= 10, "\(name): \(cases.count) cases")
        for (what, range, text) in cases {
            let refused = Self.follow(map, buffer, range, text).updated == nil
            #expect(refused, "\(name): \(what) [\(range)] → \(text.debugDescription) must rebuild")
        }
    }

    /// Random edits anywhere (any bytes, any length, several in a row on the last update): whatever is followed
    /// equals a fresh build, outlines included; maps that follow maps that follow (their outlines not encoded in
    /// between) too.
    @Test(arguments: 0..<16)
    func randomEditsEqualAFreshBuild(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let name = Self.examples[seed % Self.examples.count]
        var buffer = TextBuffer(bytes: try Self.example(name))
        var map = Self.map(buffer)
        let pieces = ["1", "42", "", "x", "é", "\"", " ", ",", "}", "\n", "#FFF", "ü9", "-", "."]
        var followed = 0
        let original = buffer
        for step in 0..<300 {
            // Chains of up to five edits, each chain from the example as written (random bytes soon break it all).
            if step % 5 == 0 {
                buffer = original
                map = Self.map(buffer)
            }
            // Mostly inside a value: a random scalar's bytes, sometimes anywhere.
            let count = buffer.bytes.count
            var at = Int(random.next() % UInt64(count))
            if random.next() % 4 != 0 {
                let scalars = map.spans.indices.filter { !map.spans[$0].isObject && !map.spans[$0].isArray }
                if !scalars.isEmpty {
                    let span = map.spans[scalars[Int(random.next() % UInt64(scalars.count))]]
                    at = span.value.lowerBound + Int(random.next() % UInt64(span.value.count + 1))
                }
            }
            let length = min(Int(random.next() % 3), count - at)
            let text = pieces[Int(random.next() % UInt64(pieces.count))]
            let outcome = Self.follow(map, buffer, at..<(at + length), text, withOutline: step % 3 != 0)
            buffer = outcome.buffer
            if let updated = outcome.updated {
                followed += 1
                map = updated
            } else {
                map = Self.map(buffer)
            }
        }
        #expect(followed > 40, "seed \(seed): \(followed) followed")
    }

    /// Typing in numbers and strings one after another, each followed from the last map (never built again): edits of
    /// the same value in a row make one shift, values edited in turn many (applied to every span past
    /// `SpanTable.maximumShifts`), first digits retyped; every map equals a fresh build.
    @Test(arguments: examples)
    func typingInValueAfterValueEqualsAFreshBuild(name: String) throws {
        var random = SplitMix64(seed: 11)
        var buffer = TextBuffer(bytes: try Self.example(name))
        var map = Self.map(buffer)
        var keystrokes = 0
        for _ in 0..<40 {
            let scalars = map.spans.indices.filter { k in
                let span = map.spans[k]
                return k > 0 && !span.isObject && !span.isArray && !map.uses.contains { $0.span == k }
                    && (span.isString ? !["id", "type"].contains(key(map, buffer, k)) : span.firstByte != 0x74)
            }
            let k = scalars[Int(random.next() % UInt64(scalars.count))]
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let value = map.spans[k].value
                let inside = map.spans[k].isString ? (value.lowerBound + 1)..<(value.upperBound - 1) : value
                let at = inside.lowerBound + Int(random.next() % UInt64(inside.count + 1))
                let delete = random.next() % 3 == 0 && at < inside.upperBound && inside.count > 1
                let outcome = Self.follow(
                    map, buffer, at..<(delete ? at + 1 : at), delete ? "" : String(random.next() % 10),
                    withOutline: random.next() % 2 == 0)
                let updated = try #require(outcome.updated, "\(name): a digit typed in span \(k)")
                (map, buffer) = (updated, outcome.buffer)
                keystrokes += 1
            }
        }
        #expect(keystrokes >= 40)
    }

    /// The key of span `k`, decoded.
    func key(_ map: DocumentTextMap, _ buffer: TextBuffer, _ k: Int) -> String? {
        map.spans[k].key.map { range in
            buffer.bytes.withUnsafeBufferPointer { JSONSyntaxTree.string(in: range, of: $0) }
        }
    }

    /// Several edits composed into one (`ByteEdit.followed(by:)`: two changes in one `didChange`, or a version the
    /// map never saw): the composed edit turns the first text into the last, and is followed when it stays inside one
    /// value, refused when it spans two.
    @Test func composedEditsFollowOrRebuild() throws {
        let bytes = try Self.example("profile-card")
        let buffer = TextBuffer(bytes: bytes)
        let map = Self.map(buffer)
        let width = try #require(Self.find("64, 64]", in: bytes))
        // Two edits of one number: `64` → `6` → `96`.
        var edited = buffer
        let first = edited.replace((width.lowerBound + 1)..<(width.lowerBound + 2), with: [])
        let second = edited.replace(width.lowerBound..<width.lowerBound, with: Array("9".utf8))
        let composed = first.followed(by: second)
        #expect(Array(bytes[..<composed.start]) == Array(edited.bytes[..<composed.start]))
        #expect(Array(bytes[composed.oldEnd...]) == Array(edited.bytes[composed.newEnd...]))
        let updated = try #require(map.updated(by: composed, in: edited))
        let differences = updated.differences(from: Self.map(edited))
        #expect(differences.isEmpty, "\(differences)")
        // Two numbers: each edit alone is inside one value, the two together are not.
        var twice = buffer
        let a = twice.replace(width.lowerBound..<(width.lowerBound + 2), with: Array("65".utf8))
        let b = twice.replace((width.lowerBound + 4)..<(width.lowerBound + 6), with: Array("66".utf8))
        let both = a.followed(by: b)
        #expect(Array(bytes[..<both.start]) == Array(twice.bytes[..<both.start]))
        #expect(Array(bytes[both.oldEnd...]) == Array(twice.bytes[both.newEnd...]))
        let refused = map.updated(by: both, in: twice) == nil
        #expect(refused)
    }

    /// Composition agrees with the texts on random pairs of edits of any size and order.
    @Test func composedEditsDescribeTheTexts() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let original = (0..<40).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) }
            var buffer = TextBuffer(bytes: original)
            var composed: ByteEdit?
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let count = buffer.bytes.count
                let start = Int(random.next() % UInt64(count + 1))
                let end = start + Int(random.next() % UInt64(count - start + 1))
                let insert = (0..<Int(random.next() % 5)).map { _ in UInt8(ascii: "0") + UInt8(random.next() % 10) }
                let edit = buffer.replace(start..<end, with: insert)
                composed = composed.map { $0.followed(by: edit) } ?? edit
            }
            guard let composed else { continue }
            #expect(composed.newEnd - composed.oldEnd == buffer.bytes.count - original.count)
            #expect(Array(original[..<composed.start]) == Array(buffer.bytes[..<composed.start]))
            #expect(Array(original[composed.oldEnd...]) == Array(buffer.bytes[composed.newEnd...]))
        }
    }

    /// Whitespace typed or deleted between tokens (Enter, indenting, a line break joined) is followed by a point shift
    /// (`DocumentTextMap.updatedInGap`): at every position of every example, the map is a fresh build's and so is its
    /// outline (encoded again) and its line kinds; edits that touch a token or a separator are refused.
    @Test(arguments: examples)
    func gapEditsEqualAFreshBuild(name: String) throws {
        let bytes = try Self.example(name)
        let buffer = TextBuffer(bytes: bytes)
        let map = Self.map(buffer)
        _ = map.cache.asciiLines(of: buffer)
        var followed = 0
        var refused = 0
        func check(_ range: Range<Int>, _ text: String) {
            var edited = buffer
            let edit = edited.replace(range, with: Array(text.utf8))
            guard let updated = map.updatedInGap(by: edit, in: edited) else {
                refused += 1
                return
            }
            followed += 1
            let fresh = Self.map(edited)
            let what = "\(range) → \(text.debugDescription)"
            let differences = updated.differences(from: fresh)
            #expect(differences.isEmpty, "\(what): \(differences)")
            #expect(updated.cache.asciiLines(of: edited) == fresh.cache.asciiLines(of: edited), "\(what)")
            for encoding in [PositionEncoding.utf8, .utf16] {
                let outline = updated.cache.symbols(encoding) { _ in DocumentSymbols.encode(edited, encoding, updated) }
                #expect(outline == DocumentSymbols.encode(edited, encoding, fresh).bytes, "\(what) (\(encoding))")
            }
        }
        for i in 0...bytes.count {
            for text in [" ", "\n", "\n    ", "\t"] { check(i..<i, text) }
            if i < bytes.count, [0x20, 0x0A].contains(bytes[i]) {
                check(i..<(i + 1), "")
                check(i..<(i + 1), "\n\n")
            }
        }
        #expect(followed > 100)
        #expect(refused > 100)
        // Separators and tokens are not whitespace: removing or doubling a comma, or a colon, is refused.
        for needle in [",", ":"] {
            let at = try #require(Self.find(needle, in: bytes))
            var edited = buffer
            #expect(map.updatedInGap(by: edited.replace(at, with: []), in: edited) == nil)
            edited = buffer
            #expect(map.updatedInGap(by: edited.replace(at, with: Array((needle + needle).utf8)), in: edited) == nil)
        }
    }
}
