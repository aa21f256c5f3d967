import JSON
import SkeletonModel
import SkeletonProtocol

/// `textDocument/formatting` on a JSON document: one stable layout, whatever the text was, that decodes to the same
/// tree (every key, string, number and literal is kept byte for byte, in its order; only whitespace changes):
/// - each object member and array element on its own line, indented one level (`tabSize` spaces, 0 to 16: any other
///   `tabSize` is refused, or a tab when `insertSpaces` is false) deeper than its container;
/// - arrays of numbers, strings, booleans and null only (frames, insets, sizes, colour lists) on one line, elements
///   separated by `, `; empty objects and arrays as `{}` and `[]`;
/// - `": "` between a key and its value, and one final newline.
///
/// Formatting formatted text changes nothing (`[]`). The answer is one edit of the whole text, or `[]` when it is
/// already formatted, is not JSON (a syntax error: nothing is guessed), or is a storyboard or XIB.
enum DocumentFormatting {
    static func answer(_ request: TextDocumentRequest, options: FormattingOptions) throws -> JSON {
        guard !request.isInterfaceBuilder else { return [] }
        let indent = options.insertSpaces ? String(repeating: " ", count: options.tabSize) : "\t"
        let bytes = request.text.buffer.bytes
        guard let formatted = format(request.tree, indent: Array(indent.utf8)), formatted != bytes else { return [] }
        let whole = request.range(0..<bytes.count)
        return [["range": whole, "newText": .string(String(decoding: formatted, as: UTF8.self))]]
    }

    /// The text of `tree` formatted with one `indent` per level, or nil when it is not one JSON value.
    static func format(_ tree: JSONSyntaxTree, indent: [UInt8]) -> [UInt8]? {
        let bytes = tree.bytes
        guard (try? JSONDocument.parse(bytes, limits: DocumentLimits.default.jsonLimits)) != nil else { return nil }
        let spans = tree.valueSpans()
        guard !spans.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        write(0, spans, bytes, indent: indent, level: 0, into: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// Writes span `k` at nesting `level` (its first line already indented).
    private static func write(
        _ k: Int, _ spans: [JSONSyntaxTree.ValueSpan], _ bytes: [UInt8], indent: [UInt8], level: Int,
        into out: inout [UInt8]
    ) {
        let span = spans[k]
        guard span.isObject || span.isArray else {
            out += bytes[span.value]
            return
        }
        var children: [Int] = []
        var c = k + 1
        while c < span.subtreeEnd {
            children.append(c)
            c = spans[c].subtreeEnd
        }
        let (open, close) =
            span.isObject ? (UInt8(ascii: "{"), UInt8(ascii: "}")) : (UInt8(ascii: "["), UInt8(ascii: "]"))
        out.append(open)
        defer { out.append(close) }
        guard !children.isEmpty else { return }
        if span.isArray, children.allSatisfy({ !spans[$0].isObject && !spans[$0].isArray }) {
            for (i, child) in children.enumerated() {
                if i > 0 { out += Array(", ".utf8) }
                out += bytes[spans[child].value]
            }
            return
        }
        for (i, child) in children.enumerated() {
            out += Array((i > 0 ? ",\n" : "\n").utf8)
            for _ in 0...level { out += indent }
            if let key = spans[child].key {
                out += bytes[key]
                out += Array(": ".utf8)
            }
            write(child, spans, bytes, indent: indent, level: level + 1, into: &out)
        }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<level { out += indent }
    }
}
