/// A place in an Interface Builder file: 1-based line and column (the column counts UTF-8 bytes) of the
/// `<` that starts an element.
package struct IBSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    package var line: Int
    /// 1-based column, in UTF-8 bytes.
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    package var description: String { "\(line):\(column)" }
}

/// One XML element of an Interface Builder file, as read by `XMLParser`: name, attributes, child elements
/// in order, where it starts, and the comment just before it (Xcode writes scene titles there).
struct IBElement: Sendable {
    var name: String
    var attributes: [String: String]
    var children: [IBElement] = []
    var location: IBSourceLocation
    /// The text of the comment that came right before this element, if any.
    var precedingComment: String?
    /// The character data of a `<string>` element (IB writes multiline texts and titles that way).
    var text: String?

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// The `key` attribute (IB's name for the property an element sets).
    var key: String? { attributes["key"] }

    /// The first child element named `name` (with `key`, when given).
    func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0.key == key) }
    }

    /// The first child element with the given `key`, whatever its name.
    func child(key: String) -> IBElement? { children.first { $0.key == key } }

    /// The child elements of the first child named `name` (e.g. the views in `<subviews>`).
    func grandchildren(of name: String) -> [IBElement] { child(name)?.children ?? [] }

    /// An attribute that IB writes as `YES`/`NO`.
    func flag(_ attribute: String) -> Bool? {
        switch attributes[attribute] {
        case "YES": true
        case "NO": false
        default: nil
        }
    }

    /// Every element in this subtree, depth first, this one included.
    func forEachElement(_ body: (IBElement) -> Void) {
        body(self)
        for c in children { c.forEachElement(body) }
    }
}
