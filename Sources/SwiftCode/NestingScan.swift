/// How deep a Swift text would make swift-syntax's parser recurse, estimated from its bytes before it is parsed, and
/// where the estimate first passes `maxDepth`.
///
/// The parser recurses once per bracket (`(`, `[`, `{`, and `<` right after a name, a generic argument list), and
/// also, without any bracket, once per link of: a run of prefix keywords (`try try try x`, `await`, `some`, …), an
/// `else if` chain, a ternary nested in the middle of another (`a ? b ? c : d : e`) and a chain of function types
/// (`() -> () -> T`). Its own nesting limit counts brackets only, and not every production checks it; so this
/// estimate counts all of them, nested in each other, and `SwiftCodeReader` does not parse a file whose estimate
/// passes `maxDepth`: the parser then never recurses deeper than the reading thread's stack allows.
///
/// The estimate errs high, never low: it reads comments and strings as code, and a keyword run or a ternary counts
/// until its expression ends. One pass over the bytes, and at most `maxDepth` + 1 open brackets remembered.
///
/// It also adds up what the parser reads twice: in a statement's condition, a name before a block (`if a {`) makes
/// it look ahead over the whole block (is it a trailing closure?), so blocks like it nested in each other are read
/// once per level. Past `readAheadFactor` times the file's size (plus `readAheadBase`), the file is refused too:
/// parsing it would not be linear in its size.
struct NestingScan {
    /// The deepest estimate a file may reach (`Protocol/swift-code.md`, limits).
    static let maxDepth = 256

    /// The bytes the parser may read ahead over blocks after a condition's name, per byte of the file, and whatever
    /// the file's size.
    static let readAheadFactor = 16
    static let readAheadBase = 64 << 10

    /// Where and how a text passes `maxDepth`.
    struct Overflow: Equatable {
        /// The UTF-8 offset of the byte that passed it.
        let offset: Int
        /// The length in bytes of the token that passed it.
        let length: Int
        /// What the code there does, for the hint (`nests more than 256 levels deep (brackets), …`).
        let what: String
    }

    /// What one open bracket (or the file's top level) adds to the estimate inside it.
    private struct Level {
        /// The estimate where the bracket opened (its own level included).
        var base = 0
        /// A generic argument list (`A<`): closed by `>`, and given up on at what no type holds (`a<b` compared).
        var isGeneric = false
        /// Prefix keywords of the current run, and whether the last token was one of them.
        var keywords = 0
        var afterKeyword = false
        /// `else if` links of the current chain, whether the last token was `else`, and whether the last token
        /// closed a bracket (a chain goes on only with `else` after a `}`).
        var elseIfs = 0
        var afterElse = false
        var afterClose = false
        /// Ternaries waiting for their `:`.
        var ternaries = 0
        /// `->` links of the current function type chain.
        var arrows = 0
        /// Whether a statement's condition is being read at this level (after `if`, `while`, `guard`, `switch`,
        /// `for`), and where the block inside it that the parser reads ahead over starts.
        var inCondition = false
        var readAheadFrom: Int?

        var depth: Int { base + keywords + elseIfs + ternaries + arrows }

        /// What adds most to the estimate at this level, for a bracket that passes the limit here.
        var deepest: String {
            let links = [
                (keywords, "prefix keywords in a row"), (elseIfs, "an `else if` chain"),
                (ternaries, "ternaries nested in ternaries"), (arrows, "function types returning function types"),
            ]
            guard let most = links.max(by: { $0.0 < $1.0 }), most.0 > 0 else {
                return isGeneric ? "generic arguments" : "brackets"
            }
            return most.1 + " and brackets"
        }

        /// The expression at this level ended (`,`, `;`, `=`, `:` or a binary operator).
        mutating func endExpression() {
            keywords = 0
            arrows = 0
        }
    }

    /// The keywords that start a nested expression or type (`try? try! x` counts the runs too).
    static let prefixKeywords: Set<String> = [
        "try", "await", "consume", "copy", "each", "repeat", "some", "any", "inout", "borrowing", "consuming",
        "sending", "isolated", "_move", "_borrow",
    ]

    /// The first place `text` passes `maxDepth`; nil when it never does.
    static func firstOverflow(in text: String) -> Overflow? {
        scan(Array(text.utf8))
    }

    /// The words after which a condition is read, and the words that are not names (a block after them is none
    /// the parser reads ahead over).
    static let conditionKeywords: Set<String> = ["if", "while", "guard", "switch", "for"]
    static let notNames: Set<String> = ["else", "do", "in", "catch", "throws", "rethrows", "async", "try", "await"]

    private static func scan(_ bytes: [UInt8]) -> Overflow? {
        var levels = [Level()]
        var k = 0
        var spaceBefore = true
        /// Whether the last token was a name, `)`, `]`, `?` or `!` (what a trailing closure may follow).
        var afterName = false
        var readAhead = 0
        let readAheadLimit = bytes.count.multipliedReportingOverflow(by: readAheadFactor).partialValue + readAheadBase
        /// Passes `maxDepth` at `offset` when the innermost level's estimate is over it.
        func check(_ offset: Int, _ construct: String) -> Overflow? {
            guard (levels.last?.depth ?? 0) > maxDepth else { return nil }
            return Overflow(
                offset: offset, length: max(k - offset, 1),
                what: "nests more than \(maxDepth) levels deep (\(construct)), deeper than skeletond reads")
        }
        /// Adds a block the parser reads ahead over (from `start` to `end`); past the limit, where it started.
        func readAheadOver(from start: Int, to end: Int) -> Overflow? {
            readAhead += end - start
            guard readAhead > readAheadLimit else { return nil }
            return Overflow(
                offset: start, length: 1,
                what: "makes swift-syntax's parser read ahead more than \(readAheadFactor) times the file's size "
                    + "(blocks after a name in a condition, such as `if a {`, nested in each other), more than "
                    + "skeletond reads")
        }
        func top(_ change: (inout Level) -> Void) {
            change(&levels[levels.count - 1])
        }
        func open(generic: Bool) {
            let base = (levels.last?.depth ?? 0) + 1
            levels.append(Level(base: base, isGeneric: generic))
        }
        /// Closes the innermost bracket; generic argument lists left open by a comparison close with it. The block
        /// it closes may be one the parser read ahead over.
        func close(bracketOnly: Bool) -> Overflow? {
            if bracketOnly { while levels.count > 1, levels[levels.count - 1].isGeneric { levels.removeLast() } }
            var overflow: Overflow?
            if levels.count > 1, let from = levels.removeLast().readAheadFrom {
                overflow = readAheadOver(from: from, to: k)
            }
            top { $0.afterClose = true }
            return overflow
        }
        func dropGenerics() {
            while levels.count > 1, levels[levels.count - 1].isGeneric { levels.removeLast() }
        }
        while k < bytes.count {
            let byte = bytes[k]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                spaceBefore = true
                k += 1
                continue
            }
            let start = k
            let wasClose = levels[levels.count - 1].afterClose
            let wasElse = levels[levels.count - 1].afterElse
            let wasKeyword = levels[levels.count - 1].keywords > 0 && levels[levels.count - 1].afterKeyword
            top {
                $0.afterClose = false
                $0.afterElse = false
                $0.afterKeyword = false
            }
            if isWordByte(byte) {
                while k < bytes.count, isWordByte(bytes[k]) { k += 1 }
                let word = String(decoding: bytes[start..<k], as: UTF8.self)
                if wasClose, word != "else" { top { $0.elseIfs = 0 } }
                if conditionKeywords.contains(word) { top { $0.inCondition = true } }
                if prefixKeywords.contains(word) {
                    top {
                        if !wasKeyword { $0.keywords = 0 }
                        $0.keywords += 1
                        $0.afterKeyword = true
                    }
                    // `try?` and `try!` are one keyword.
                    if k < bytes.count, bytes[k] == UInt8(ascii: "?") || bytes[k] == UInt8(ascii: "!") { k += 1 }
                    if let overflow = check(start, "`\(word)` in a row") { return overflow }
                } else if word == "else" {
                    top { $0.afterElse = true }
                } else if word == "if", wasElse {
                    top { $0.elseIfs += 1 }
                    if let overflow = check(start, "an `else if` chain") { return overflow }
                } else if ["let", "var", "func", "case", "return", "init", "subscript"].contains(word) {
                    top { $0.endExpression() }
                }
                if k < bytes.count, bytes[k] == UInt8(ascii: "<"), k + 1 < bytes.count,
                    isWordByte(bytes[k + 1])
                        || [UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "<")].contains(
                            bytes[k + 1])
                {
                    k += 1
                    open(generic: true)
                    if let overflow = check(k - 1, "generic arguments") { return overflow }
                }
                spaceBefore = false
                afterName = !notNames.contains(word) && !prefixKeywords.contains(word)
                continue
            }
            k += 1
            if wasClose { top { $0.elseIfs = 0 } }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if byte == UInt8(ascii: "{") { dropGenerics() }
                let opener = levels[levels.count - 1].deepest
                let readAheadOver = byte == UInt8(ascii: "{") && afterName && levels[levels.count - 1].inCondition
                if byte == UInt8(ascii: "{") { top { $0.inCondition = false } }
                open(generic: false)
                if readAheadOver { top { $0.readAheadFrom = start } }
                if let overflow = check(start, opener) { return overflow }
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let overflow = close(bracketOnly: true) { return overflow }
            case UInt8(ascii: ">"):
                if levels.count > 1, levels[levels.count - 1].isGeneric, let overflow = close(bracketOnly: false) {
                    return overflow
                }
            case UInt8(ascii: ","), UInt8(ascii: ";"):
                dropGenerics()
                top {
                    $0.endExpression()
                    $0.ternaries = 0
                    if byte == UInt8(ascii: ";") { $0.inCondition = false }
                }
            case UInt8(ascii: ":"):
                top {
                    $0.endExpression()
                    $0.ternaries = max($0.ternaries - 1, 0)
                }
            case UInt8(ascii: "?") where spaceBefore:
                top { $0.ternaries += 1 }
                if let overflow = check(start, "ternaries nested in ternaries") { return overflow }
            case UInt8(ascii: "-") where k < bytes.count && bytes[k] == UInt8(ascii: ">"):
                k += 1
                top { $0.arrows += 1 }
                if let overflow = check(start, "function types returning function types") { return overflow }
            case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"),
                UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "-"), UInt8(ascii: "&"):
                dropGenerics()
                if spaceBefore { top { $0.endExpression() } }
            default:
                break
            }
            spaceBefore = false
            afterName = [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains(byte)
        }
        // A block left open is read ahead over up to the end.
        for level in levels.reversed() {
            if let from = level.readAheadFrom, let overflow = readAheadOver(from: from, to: bytes.count) {
                return overflow
            }
        }
        return nil
    }

    /// Letters, digits, `_`, `$` and every byte of a non-ASCII character (names and keywords).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            || byte == 0x5F || byte == 0x24
    }
}
