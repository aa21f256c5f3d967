/// One replacement in an IB file's UTF-8 bytes.
package struct IBTextEdit: Sendable, Hashable {
    /// The bytes replaced (empty: an insertion at its lower bound).
    package var range: Range<Int>
    /// The new text.
    package var text: String
}

/// What "Make this scene skeletonable" changes: the scene, and the edits that set `isSkeletonable` to YES (as a
/// boolean runtime attribute, as Xcode writes it) on every view of the scene that holds content and on its
/// ancestors, in file order.
package struct SkeletonableSceneEdit: Sendable, Hashable {
    /// The scene the edits are for.
    package var scene: IBScene
    /// The edits, in file order, none overlapping.
    package var edits: [IBTextEdit]
}

extension InterfaceBuilderFile {
    /// The runtime attribute SkeletonView's IB inspectable writes.
    static let skeletonableAttribute =
        #"<userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/>"#

    /// The edit that makes the view element with `id` in scene `scene` skeletonable (the runtime attribute, as the
    /// chain fix writes it), or nil when there is no such view or it is already skeletonable.
    package func skeletonableEdit(forView id: String, scene: String, in bytes: [UInt8]) -> IBTextEdit? {
        var view: IBElement?
        forEachElement(inScene: scene) { e in
            guard e["id"] == id else { return true }
            view = e
            return false
        }
        guard let view, ElementTypes.isView(view) else { return nil }
        return Self.edit(setting: view, in: bytes, lines: LineIndex(bytes))
    }

    /// The edits that make the scene at `offset` (the last scene starting on its line or before, else the first)
    /// skeletonable in `bytes`, this file's text; nil when the file has no scenes. Views whose `isSkeletonable`
    /// is already YES are left alone, so the edits are empty when nothing is missing.
    package func skeletonableEdits(in bytes: [UInt8], sceneAt offset: Int) -> SkeletonableSceneEdit? {
        let lines = LineIndex(bytes)
        let line = lines.location(ofOffset: offset).line
        guard let scene = scenes.last(where: { $0.location.line <= line }) ?? scenes.first,
            let root = roots[scene.id]
        else { return nil }
        var targets: [IBElement] = []
        _ = Self.collectContentPaths(root, isCellContent: false, into: &targets)
        let edits = targets.compactMap { Self.edit(setting: $0, in: bytes, lines: lines) }
        return SkeletonableSceneEdit(scene: scene, edits: edits.sorted { $0.range.lowerBound < $1.range.lowerBound })
    }

    /// Appends the view elements under `e` (and `e`) that hold content or have a descendant that does; returns
    /// whether `e` leads to content. Cells' content views are passed through (their own flag never matters).
    private static func collectContentPaths(_ e: IBElement, isCellContent: Bool, into targets: inout [IBElement])
        -> Bool
    {
        let isView = ElementTypes.isView(e) && !isCellContent
        var leads =
            isView && (ElementTypes.nodeType(e.name).holdsContent || ElementTypes.contentElements.contains(e.name))
        let isCell = e.name == "tableViewCell" || e.name == "collectionViewCell"
        var found: [IBElement] = []
        for child in e.children {
            let cellContent =
                child.name == "tableViewCellContentView" || child.name == "collectionViewCellContentView"
                || (isCell && child.key == "contentView")
            if collectContentPaths(child, isCellContent: cellContent, into: &found) { leads = true }
        }
        if isView && leads { targets.append(e) }
        targets += found
        return leads
    }

    /// The edit that sets `isSkeletonable` to YES on `e`, or nil when it is already YES.
    static func edit(setting e: IBElement, in bytes: [UInt8], lines: LineIndex) -> IBTextEdit? {
        if let attributes = e.child("userDefinedRuntimeAttributes") {
            let start = lines.offset(of: attributes.location)
            if let existing = attributes.children.first(where: { $0["keyPath"] == "isSkeletonable" }) {
                guard existing["value"] != "YES" else { return nil }
                let from = lines.offset(of: existing.location)
                guard let to = XMLScan.endOfStartTag(bytes, from: from) else { return nil }
                return IBTextEdit(range: from..<to, text: skeletonableAttribute)
            }
            guard let end = XMLScan.endOfStartTag(bytes, from: start) else { return nil }
            let indent = XMLScan.indentation(bytes, at: start)
            return IBTextEdit(range: end..<end, text: "\n" + indent + "    " + skeletonableAttribute)
        }
        let start = lines.offset(of: e.location)
        guard let close = XMLScan.closingTag(bytes, ofElementAt: start) else { return nil }
        let indent = XMLScan.indentation(bytes, at: close)
        let lineStart = close - indent.utf8.count
        let text =
            indent + "    <userDefinedRuntimeAttributes>\n" + indent + "        " + skeletonableAttribute + "\n"
            + indent + "    </userDefinedRuntimeAttributes>\n"
        return IBTextEdit(range: lineStart..<lineStart, text: text)
    }
}

/// Byte-level scanning of XML text that is known to be well formed (the parser read it).
enum XMLScan {
    /// One past the `>` of the tag starting at `from` (quotes respected).
    static func endOfStartTag(_ bytes: [UInt8], from: Int) -> Int? {
        var i = from
        var quote: UInt8?
        while i < bytes.count {
            let b = bytes[i]
            if let q = quote {
                if b == q { quote = nil }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: ">") {
                return i + 1
            }
            i += 1
        }
        return nil
    }

    /// The offset of the `<` of the closing tag of the element whose start tag begins at `start`; nil for an
    /// element that closes itself.
    static func closingTag(_ bytes: [UInt8], ofElementAt start: Int) -> Int? {
        var depth = 0
        var i = start
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            let next = i + 1 < bytes.count ? bytes[i + 1] : 0
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                i = skipMarkup(bytes, from: i)
                continue
            }
            guard let end = endOfStartTag(bytes, from: i) else { return nil }
            if next == UInt8(ascii: "/") {
                depth -= 1
                if depth == 0 { return i }
            } else if end >= 2, bytes[end - 2] != UInt8(ascii: "/") {
                depth += 1
            } else if depth == 0 {
                return nil
            }
            i = end
        }
        return nil
    }

    /// Past a comment (`<!-- … -->`), CDATA or processing instruction starting at `from`.
    private static func skipMarkup(_ bytes: [UInt8], from: Int) -> Int {
        let terminator: [UInt8] =
            bytes[from...].starts(with: Array("<!--".utf8))
            ? Array("-->".utf8)
            : bytes[from...].starts(with: Array("<![CDATA[".utf8)) ? Array("]]>".utf8) : [UInt8(ascii: ">")]
        var i = from + 2
        while i < bytes.count {
            if bytes[i...].starts(with: terminator) { return i + terminator.count }
            i += 1
        }
        return bytes.count
    }

    /// The spaces and tabs before `offset` on its line (empty when anything else comes first).
    static func indentation(_ bytes: [UInt8], at offset: Int) -> String {
        var i = offset
        while i > 0, bytes[i - 1] == UInt8(ascii: " ") || bytes[i - 1] == UInt8(ascii: "\t") { i -= 1 }
        guard i == 0 || bytes[i - 1] == UInt8(ascii: "\n") else { return "" }
        return String(decoding: bytes[i..<offset], as: UTF8.self)
    }
}
