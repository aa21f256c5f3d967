internal import Foundation
import SkeletonModel

#if canImport(FoundationXML)
    internal import FoundationXML
#endif

/// Reads XML text into an `IBElement` tree with Foundation's `XMLParser` (libxml2 underneath), keeping where
/// each element starts. The text is decoded first (UTF-8, or UTF-16 as UTF-8: `IBTextEncoding`) and scanned once
/// (`IBXMLPrescan`: no DTD, no entities beyond XML's own five, bounded attributes and elements); libxml2 is then fed
/// the UTF-8 text in chunks, so its 10,000,000-byte limit on one input chunk does not cap the file's size.
enum IBXMLReader {
    /// The outcome of a read: the root element, or the problem that stopped the parse.
    enum Outcome {
        case document(IBElement)
        case failure(DocumentProblem)
    }

    /// Parses `bytes`; a syntax error, another encoding, a DTD, or nesting deeper than `maxDepth` is a problem with
    /// a line. Lines and columns are those of the text as UTF-8 (a UTF-16 file's, once decoded).
    static func read(_ bytes: [UInt8], maxDepth: Int) -> Outcome {
        var text: [UInt8]
        switch IBTextEncoding.utf8(bytes) {
        case .success(let decoded): text = decoded
        case .failure(let refusal):
            return .failure(refused(refusal.message, at: refusal.offset, in: bytes))
        }
        let lines = LineIndex(text)
        if let refusal = IBTextEncoding.neutraliseDeclaredEncoding(&text) {
            return .failure(
                IBProblems.problem(.xmlSyntax, refusal.message, at: lines.location(ofOffset: refusal.offset)))
        }
        if let refusal = IBXMLPrescan.check(text) {
            return .failure(
                IBProblems.problem(.xmlSyntax, refusal.message, at: lines.location(ofOffset: refusal.offset)))
        }
        let builder = TreeBuilder(bytes: text, lines: lines, maxDepth: maxDepth)
        // A stream, read 128 KiB at a time: libxml2 refuses a single chunk over 10,000,000 bytes.
        let parser = XMLParser(stream: InputStream(data: Data(text)))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let ok = parser.parse()
        if let problem = builder.problem { return .failure(problem) }
        guard ok, let root = builder.root else {
            let at =
                builder.errorLocation
                ?? IBSourceLocation(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
            let message =
                (builder.error ?? parser.parserError).map { LibXMLErrors.describe(code: ($0 as NSError).code) }
                ?? "the file is not well-formed XML"
            return .failure(IBProblems.problem(.xmlSyntax, message, at: at))
        }
        return .document(root)
    }

    /// A refusal of text that could not be decoded: at its offset in what was decoded, else at its first line.
    private static func refused(_ message: String, at offset: Int, in bytes: [UInt8]) -> DocumentProblem {
        let located = IBTextEncoding.utf16ByteOrder(bytes) == nil ? LineIndex(bytes).location(ofOffset: offset) : nil
        return IBProblems.problem(.xmlSyntax, message, at: located ?? IBSourceLocation(line: 1, column: 1))
    }
}

/// Line starts of a text, to turn byte offsets into lines and columns and back.
struct LineIndex: Sendable {
    private(set) var starts: [Int] = [0]
    let count: Int

    init(_ bytes: [UInt8]) {
        count = bytes.count
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
    }

    /// The 1-based line and column of a byte offset.
    func location(ofOffset offset: Int) -> IBSourceLocation {
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return IBSourceLocation(line: lo + 1, column: offset - starts[lo] + 1)
    }

    /// The byte offset of a 1-based line and column (clamped to the text).
    func offset(of location: IBSourceLocation) -> Int {
        let line = min(max(location.line, 1), starts.count) - 1
        return min(max(starts[line] + location.column - 1, 0), count)
    }
}

/// The `XMLParser` delegate that builds the element tree.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    let bytes: [UInt8]
    let lines: LineIndex
    let maxDepth: Int
    var stack: [IBElement] = []
    var root: IBElement?
    var pendingComment: String?
    var problem: DocumentProblem?
    /// The first syntax error and where libxml2 was when it found it.
    var error: (any Error)?
    var errorLocation: IBSourceLocation?

    init(bytes: [UInt8], lines: LineIndex, maxDepth: Int) {
        self.bytes = bytes
        self.lines = lines
        self.maxDepth = maxDepth
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let location = startLocation(
            of: elementName, reportedAt: IBSourceLocation(line: parser.lineNumber, column: parser.columnNumber))
        if stack.count >= maxDepth {
            problem = IBProblems.problem(
                .tooDeep, "elements nest deeper than the limit of \(maxDepth) levels", at: location)
            parser.abortParsing()
            return
        }
        var e = IBElement(name: elementName, attributes: attributeDict, location: location)
        e.precedingComment = pendingComment
        pendingComment = nil
        stack.append(e)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        pendingComment = nil
        guard let done = stack.popLast() else { return }
        if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        pendingComment = comment.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !string.allSatisfy(\.isWhitespace) { pendingComment = nil }
        // Only `<string>` and `<mutableString>` elements carry text IB reads (a label's multiline `text`, a
        // button's `title`).
        guard let last = stack.indices.last, stack[last].name == "string" || stack[last].name == "mutableString"
        else { return }
        stack[last].text = (stack[last].text ?? "") + string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard error == nil else { return }
        error = parseError
        errorLocation = IBSourceLocation(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        problem = IBProblems.problem(
            .xmlSyntax, "entity declarations are not allowed",
            at: IBSourceLocation(line: parser.lineNumber, column: parser.columnNumber))
        parser.abortParsing()
    }

    /// libxml2 reports the position after the start tag; the element starts at the last `<name` before it
    /// (searched at most 64 KiB back, so a pathological file stays linear).
    func startLocation(of name: String, reportedAt reported: IBSourceLocation) -> IBSourceLocation {
        let end = lines.offset(of: reported)
        let needle = Array(("<" + name).utf8)
        var i = min(end, bytes.count) - needle.count
        let floor = max(0, i - (1 << 16))
        while i >= floor {
            var match = true
            for (k, b) in needle.enumerated() where bytes[i + k] != b {
                match = false
                break
            }
            if match { return lines.location(ofOffset: i) }
            i -= 1
        }
        return reported
    }
}
