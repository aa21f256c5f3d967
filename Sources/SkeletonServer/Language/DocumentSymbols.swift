import JSON
import SkeletonEngine
import SkeletonModel

/// `textDocument/documentSymbol`: the outline. JSON documents: the view tree as written, each table's or
/// collection's templates under it; storyboards and XIBs: the scenes, each with its view tree.
enum DocumentSymbols {
    /// Nesting past this depth is left out of the outline (the format's own depth limit).
    static let maximumDepth = DocumentLimits().maxDepth

    static func answer(_ request: TextDocumentRequest) throws -> JSON {
        request.isInterfaceBuilder ? interfaceBuilder(request) : document(request)
    }

    // MARK: JSON documents

    /// The outline of a JSON document, encoded once per text version and position encoding (kept in the text map's
    /// cache) and written straight as JSON text: a big document has tens of thousands of symbols. After an edit
    /// inside one value, the previous version's bytes are kept but for the symbols it may change (`splice`).
    private static func document(_ request: TextDocumentRequest) -> JSON {
        let map = request.map
        let bytes = map.cache.symbols(request.encoding) { stale in
            let (buffer, encoding) = (request.text.buffer, request.encoding)
            if var outline = stale?.outline, let nodes = stale?.nodes {
                stale = nil
                if splice(&outline, nodes: nodes, buffer, encoding, map) {
                    request.entry.languageWork.withLock { $0.outlineSplices += 1 }
                    return outline
                }
            }
            request.entry.languageWork.withLock { $0.outlineEncodes += 1 }
            return encode(buffer, encoding, map)
        }
        return .encoded(EncodedJSON(unchecked: bytes))
    }

    /// `DocumentSymbol[]` of `buffer` (`map`'s text) as JSON text, the bytes `JSONWriter` gives for the same symbols
    /// built as `JSON` values, and where each symbol's own members are in them.
    static func encode(_ buffer: TextBuffer, _ encoding: PositionEncoding, _ map: DocumentTextMap) -> EncodedOutline {
        var children = Array(repeating: [Int](), count: map.nodes.count)
        var roots: [Int] = []
        for (n, node) in map.nodes.enumerated() {
            if node.parent >= 0 { children[node.parent].append(n) } else { roots.append(n) }
        }
        let ranges = LSPRangeWriter(buffer: buffer, encoding: encoding, asciiLines: map.cache.asciiLines(of: buffer))
        var out = JSONWriter(capacity: 256 * map.nodes.count + 2)
        var heads = Array(repeating: 0..<0, count: map.nodes.count)
        buffer.bytes.withUnsafeBufferPointer { bytes in
            out.writeRaw("[")
            for (i, root) in roots.enumerated() {
                if i > 0 { out.writeRaw(",") }
                symbol(
                    root, map: map, children: children, ranges: ranges, bytes: bytes, depth: 1, heads: &heads,
                    into: &out)
            }
            out.writeRaw("]")
        }
        return EncodedOutline(bytes: out.bytes, heads: heads)
    }

    /// Makes `outline` (an earlier version's, in which only the symbols of `nodes` may differ from this version's)
    /// this version's by encoding those symbols' own members again: the bytes `encode` gives (tested at every kind of
    /// edit). In place when each keeps its length (the rest of the bytes are not copied). False, leaving `outline` as
    /// it was, when it is not an outline of this map's nodes.
    static func splice(
        _ outline: inout EncodedOutline, nodes: [Int], _ buffer: TextBuffer, _ encoding: PositionEncoding,
        _ map: DocumentTextMap
    ) -> Bool {
        guard outline.heads.count == map.nodes.count, nodes.allSatisfy({ $0 >= 0 && $0 < map.nodes.count }) else {
            return false
        }
        let heads = outline.heads
        // The symbols written, in the order of their bytes, each encoded again.
        let written = nodes.filter { !heads[$0].isEmpty }.sorted { heads[$0].lowerBound < heads[$1].lowerBound }
        // Heads come from `encode`, apart and inside the bytes; anything else is not this outline.
        var end = 0
        for n in written {
            guard heads[n].lowerBound >= end, heads[n].upperBound <= outline.bytes.count else { return false }
            end = heads[n].upperBound
        }
        let ranges = LSPRangeWriter(buffer: buffer, encoding: encoding, asciiLines: map.cache.asciiLines(of: buffer))
        var fresh = JSONWriter(capacity: 256 * written.count)
        var freshHeads: [Range<Int>] = []
        buffer.bytes.withUnsafeBufferPointer { bytes in
            for n in written {
                let start = fresh.bytes.count
                head(n, map: map, ranges: ranges, bytes: bytes, into: &fresh)
                freshHeads.append(start..<fresh.bytes.count)
            }
        }
        if zip(written, freshHeads).allSatisfy({ heads[$0.0].count == $0.1.count }) {
            for (n, new) in zip(written, freshHeads) {
                outline.bytes.replaceSubrange(heads[n], with: fresh.bytes[new])
            }
            return true
        }
        var out = JSONWriter(capacity: outline.bytes.count + fresh.bytes.count)
        var moved = heads
        /// Per symbol encoded again: the old end of its members and how far the bytes after it moved in all.
        var moves: [(after: Int, by: Int)] = []
        var cursor = 0
        var by = 0
        for (n, new) in zip(written, freshHeads) {
            let old = heads[n]
            out.writeRaw(outline.bytes[cursor..<old.lowerBound])
            moved[n] = out.bytes.count..<(out.bytes.count + new.count)
            out.writeRaw(fresh.bytes[new])
            by += new.count - old.count
            moves.append((old.upperBound, by))
            cursor = old.upperBound
        }
        out.writeRaw(outline.bytes[cursor...])
        let spliced = Set(written)
        for n in heads.indices where !heads[n].isEmpty && !spliced.contains(n) {
            // How far the symbols encoded again before this one moved it.
            var low = 0
            var high = moves.count
            while low < high {
                let mid = (low + high) / 2
                if moves[mid].after <= heads[n].lowerBound { low = mid + 1 } else { high = mid }
            }
            let shift = low > 0 ? moves[low - 1].by : 0
            moved[n] = (heads[n].lowerBound + shift)..<(heads[n].upperBound + shift)
        }
        outline = EncodedOutline(bytes: out.bytes, heads: moved)
        return true
    }

    /// Writes node `n`'s symbol: its own members (`head`), then `children` when it has any (above the depth limit).
    private static func symbol(
        _ n: Int, map: DocumentTextMap, children: [[Int]], ranges: LSPRangeWriter, bytes: UnsafeBufferPointer<UInt8>,
        depth: Int, heads: inout [Range<Int>], into out: inout JSONWriter
    ) {
        let start = out.bytes.count
        head(n, map: map, ranges: ranges, bytes: bytes, into: &out)
        heads[n] = start..<out.bytes.count
        if depth < maximumDepth, !children[n].isEmpty {
            out.writeRaw(#","children":["#)
            for (i, child) in children[n].enumerated() {
                if i > 0 { out.writeRaw(",") }
                symbol(
                    child, map: map, children: children, ranges: ranges, bytes: bytes, depth: depth + 1, heads: &heads,
                    into: &out)
            }
            out.writeRaw("]")
        }
        out.writeRaw("}")
    }

    /// Writes node `n`'s symbol up to its children: `{`, `name`, `detail`, `kind`, `range`, `selectionRange`.
    private static func head(
        _ n: Int, map: DocumentTextMap, ranges: LSPRangeWriter, bytes: UnsafeBufferPointer<UInt8>,
        into out: inout JSONWriter
    ) {
        let node = map.nodes[n]
        let object = map.spans[node.span].value
        var name = node.localReference
        var kind = Self.kind(node.type)
        if case .template(let template, _) = node.scope, node.indexPath.isEmpty {
            name = template
            kind = 5  // Class
        }
        var detail = node.type ?? "?"
        if let frame = node.frameSpan {
            detail += " " + Self.collapsed(bytes, map.spans[frame].value)
        }
        let selection = node.idSpan.map { map.spans[$0].value } ?? object.lowerBound..<(object.lowerBound + 1)
        out.writeRaw(#"{"name":"#)
        out.writeString(name)
        out.writeRaw(#","detail":"#)
        out.writeString(detail)
        out.writeRaw(#","kind":"#)
        out.writeInt(kind)
        out.writeRaw(#","range":"#)
        ranges.write(object, into: &out)
        out.writeRaw(#","selectionRange":"#)
        ranges.write(selection, into: &out)
    }

    /// The text of `range` on one line, whitespace runs made single spaces, at most 60 characters.
    private static func collapsed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var out: [UInt8] = []
        var space = false
        for b in bytes[range.clamped(to: 0..<bytes.count)] {
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 {
                space = true
                continue
            }
            if space, let last = out.last, last != UInt8(ascii: "[") { out.append(0x20) }
            space = false
            out.append(b)
            if out.count >= 60 {
                out += Array("…".utf8)
                break
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// LSP's `SymbolKind` for a node of UIKit class `type`, saying what the node is (Protocol/language-features.md):
    /// a view holding others is an `Object`, text SkeletonView draws as lines a `String`, a text field a `Field`,
    /// an image's fixed content a `Constant`, a control sending actions an `Event`, a stack arranging its children a
    /// `Namespace`, a table or collection enumerating its rows an `Enum` and each cell, header or footer in it an
    /// `EnumMember`. (A template's definition is a `Class`, a storyboard's scene a `Module`.)
    static func kind(_ type: String?) -> Int {
        switch type.flatMap(NodeType.init(rawValue:)) {
        case .view, nil: 19  // Object
        case .label, .textView: 15  // String
        case .textField: 8  // Field
        case .imageView: 14  // Constant
        case .button: 24  // Event
        case .stackView: 3  // Namespace
        case .tableView, .collectionView: 10  // Enum
        case .tableViewCell, .collectionViewCell, .tableViewHeaderFooterView: 22  // EnumMember
        }
    }

    // MARK: Storyboards and XIBs

    private static func interfaceBuilder(_ request: TextDocumentRequest) -> JSON {
        let (sessions, scenes) = request.currentSessions
        let ids = InterfaceBuilderTextMap(bytes: request.text.buffer.bytes)
        var symbols: [JSON] = []
        for scene in scenes {
            guard let session = sessions[scene.id], let tree = try? session.viewOutline() else { continue }
            let place = ids.ids[scene.id] ?? ids.ids[scene.rootViewID] ?? 0..<0
            var symbol: JSONObject = [
                "name": .string(scene.title.isEmpty ? scene.id : scene.title),
                "detail": .string(scene.frame.framesText),
                "kind": 2,  // Module
                "range": request.range(place), "selectionRange": request.range(place),
            ]
            symbol["children"] = [Self.symbol(tree, ids: ids, fallback: place, request: request, depth: 2)]
            symbols.append(.object(symbol))
        }
        return .array(symbols)
    }

    private static func symbol(
        _ node: ViewOutline, ids: InterfaceBuilderTextMap, fallback: Range<Int>, request: TextDocumentRequest,
        depth: Int
    ) -> JSON {
        // An instance of a cell, header or footer stands where its template's element is.
        let place =
            ids.ids[node.reference] ?? ids.ids[String(SkeletonSession.localReference(of: node.reference))] ?? fallback
        var symbol: JSONObject = [
            "name": .string(node.reference), "detail": .string(node.type.rawValue + " " + node.frame.framesText),
            "kind": .int(kind(node.type.rawValue)), "range": request.range(place),
            "selectionRange": request.range(place),
        ]
        if depth < maximumDepth, !node.children.isEmpty {
            symbol["children"] = .array(
                node.children.map { Self.symbol($0, ids: ids, fallback: place, request: request, depth: depth + 1) })
        }
        return .object(symbol)
    }
}
