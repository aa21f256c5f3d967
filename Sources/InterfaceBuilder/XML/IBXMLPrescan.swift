/// One linear pass over the decoded UTF-8 text before libxml2 reads it, for what libxml2 would do too much work on
/// or should never see: a document type declaration in the prolog (where alone XML allows one: a `<!DOCTYPE` in a
/// comment, a `<string>` or an attribute is text), an XML declaration that is not the first thing, more attributes
/// on one element than `maxAttributes` (libxml2 compares each attribute's name with all before it) and more
/// elements than `maxElements`. Malformed XML is left to libxml2 to report; the scan only stops at what it refuses.
enum IBXMLPrescan {
    /// The most attributes one element may have (Xcode writes at most a few dozen).
    static let maxAttributes = 256
    /// The most elements a file may have (every element becomes a node of the reader's tree).
    static let maxElements = 1_000_000

    private static let commentOpen = Array("<!--".utf8)
    private static let cdataOpen = Array("<![CDATA[".utf8)
    private static let declarationOpen = Array("<!".utf8)
    private static let instructionOpen = Array("<?".utf8)
    private static let endTagOpen = Array("</".utf8)

    /// What the scan refuses: why, and the offset of the `<` it is about.
    struct Refusal: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// Scans `text`; nil when libxml2 may read it.
    static func check(_ text: [UInt8], maxAttributes: Int = maxAttributes, maxElements: Int = maxElements)
        -> Refusal?
    {
        var i = 0
        var inProlog = true
        var elements = 0
        let count = text.count
        while i < count {
            guard let open = text[i...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
            i = open
            if starts(text, open, Self.commentOpen) {
                guard let end = IBTextEncoding.find(Array("-->".utf8), in: text, from: open + 4) else { return nil }
                i = end + 3
            } else if starts(text, open, Self.cdataOpen) {
                guard let end = IBTextEncoding.find(Array("]]>".utf8), in: text, from: open + 9) else { return nil }
                i = end + 3
            } else if starts(text, open, Self.declarationOpen) {
                if inProlog {
                    return Refusal(
                        message: "document type declarations and entities are not allowed in Interface Builder files",
                        offset: open)
                }
                i = open + 2
            } else if starts(text, open, Self.instructionOpen) {
                let name = text[(open + 2)...].prefix { !isSpace($0) && $0 != UInt8(ascii: "?") }
                if open > 0, String(decoding: name, as: UTF8.self).lowercased() == "xml" {
                    return Refusal(message: "an XML declaration must be the first thing in the file", offset: open)
                }
                guard let end = IBTextEncoding.find(Array("?>".utf8), in: text, from: open + 2) else { return nil }
                i = end + 2
            } else if starts(text, open, Self.endTagOpen) {
                i = open + 2
            } else {
                inProlog = false
                elements += 1
                if elements > maxElements {
                    return Refusal(message: "the file has more than \(maxElements) elements", offset: open)
                }
                var attributes = 0
                var quote: UInt8?
                i = open + 1
                tag: while i < count {
                    let b = text[i]
                    if let q = quote {
                        if b == q { quote = nil }
                    } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                        quote = b
                    } else if b == UInt8(ascii: "=") {
                        attributes += 1
                        if attributes > maxAttributes {
                            return Refusal(
                                message: "an element has more than \(maxAttributes) attributes", offset: open)
                        }
                    } else if b == UInt8(ascii: ">") || b == UInt8(ascii: "<") {
                        break tag
                    }
                    i += 1
                }
            }
        }
        return nil
    }

    private static func starts(_ text: [UInt8], _ at: Int, _ prefix: [UInt8]) -> Bool {
        at + prefix.count <= text.count && text[at..<(at + prefix.count)].elementsEqual(prefix)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
