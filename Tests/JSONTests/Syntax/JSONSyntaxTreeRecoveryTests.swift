import JSON
import Testing

/// The tree on broken text: what each kind of break gives, and that the members around a break are still read.
@Suite struct JSONSyntaxTreeRecoveryTests {
    /// The problems of a text's nodes, in order.
    func problems(_ text: String) -> [JSONSyntaxTree.Problem] {
        JSONSyntaxTree(text).nodes.map(\.problem).filter { $0 != .none }
    }

    @Test func namesEachBreak() {
        #expect(problems(#"{"a": "xy"#) == [.unclosed, .unterminatedString])
        #expect(problems(#"{"a": 1 "b": 2}"#) == [.missingComma])
        #expect(problems(#"{"a" 1}"#) == [.missingColon])
        #expect(problems(#"{"a": , "b": 2}"#) == [.missingValue])
        #expect(problems(#"{"a": 1,}"#) == [.missingKey])
        #expect(problems("[1,,2,]") == [.missingValue, .missingValue])
        #expect(problems(#"{"a": tru}"#) == [.invalidScalar])
        #expect(problems(#"{"a": 01}"#) == [.invalidScalar])
        #expect(problems(#"{"a": 1}}"#) == [.strayToken])
        #expect(problems(#"{"a": [1}"#) == [.unclosed])
        #expect(problems(#"{"a": 1] }"#) == [.strayToken])
        #expect(problems(#"{a: 1}"#) == [.strayToken])
        #expect(problems(#"{"a": @}"#) == [.strayToken, .missingValue])
        #expect(problems("") == [])
        #expect(JSONSyntaxTree("").root == nil)
        #expect(JSONSyntaxTree(#"{"a": 1} 2"#).root == 0)
    }

    @Test func anUnterminatedStringEndsAtItsLineAndTheNextMembersAreRead() throws {
        let tree = JSONSyntaxTree("{\n  \"a\": \"xy,\r\n  \"b\": 2\n}")
        let a = try #require(tree.node(at: JSONPointer(["a"])))
        #expect(tree[a].problem == .unterminatedString && tree.string(a) == "xy,")
        #expect(tree.text(try #require(tree.node(at: JSONPointer(["b"])))) == "2")
    }

    @Test func aKeyOnItsOwnLineStartsAMember() throws {
        let tree = JSONSyntaxTree("{\n  \"ty\n  \"id\": \"x\"\n}")
        #expect(tree.members(of: 0).count == 2)
        #expect(tree.string(try #require(tree.node(at: JSONPointer(["id"])))) == "x")
        #expect(tree.locate(JSONPointer(["ty"]))?.matchedTokens == 0)
    }

    @Test func aClosingBracketOfAnotherKindClosesWhatIsInside() throws {
        let tree = JSONSyntaxTree(#"{"a": [{"b": 1], "c": 3}"#)
        #expect(tree.text(try #require(tree.node(at: JSONPointer(["c"])))) == "3")
        #expect(tree.text(try #require(tree.node(at: JSONPointer(["a", "0", "b"])))) == "1")
        #expect(tree.isWellFormed == false)
    }

    @Test func nestingPastTheLimitIsOneNodeAndCostsNoStack() throws {
        let depth = 100_000
        let text =
            #"{"a": "#.utf8 + Array(repeating: UInt8(ascii: "["), count: depth)
            + Array(repeating: UInt8(ascii: "]"), count: depth) + #", "b": 1}"#.utf8
        let tree = JSONSyntaxTree(bytes: Array(text), maxDepth: 64)
        #expect(tree.nodes.contains { $0.problem == .tooDeep })
        #expect(tree.nodes.count < 200)
        #expect(tree.text(try #require(tree.node(at: JSONPointer(["b"])))) == "1")
        let unlimited = JSONSyntaxTree(bytes: Array(text), maxDepth: depth + 10)
        #expect(unlimited.isWellFormed && unlimited.steps <= JSONSyntaxTree.maximumSteps(forBytes: text.count))
    }

    /// Every scalar of the full text that ends before a cut, and every one after a break, sits where it sat.
    @Test(arguments: SyntaxTreeFixtures.examples.map(\.name))
    func everyPrefixKeepsTheValuesBeforeTheCut(name: String) throws {
        let bytes = try #require(SyntaxTreeFixtures.examples.first { $0.name == name }).bytes
        let full = JSONSyntaxTree(bytes: bytes)
        let scalars = full.nodes.indices.filter { full.isValue($0) && !full[$0].isContainer }
        let pointers = scalars.map { full.pointer(of: $0) }
        for cut in 0...bytes.count {
            let tree = JSONSyntaxTree(bytes: Array(bytes[..<cut]))
            #expect(tree.shapeProblem() == nil, "cut \(cut)")
            #expect(
                tree.steps <= JSONSyntaxTree.maximumSteps(forBytes: cut)
                    && tree.nodes.count <= JSONSyntaxTree.maximumNodes(forBytes: cut))
            for (k, pointer) in zip(scalars, pointers) where full[k].end < cut {
                let found = tree.node(at: pointer)
                #expect(found.map { tree[$0].range } == full[k].range, "cut \(cut) \(pointer)")
            }
        }
    }

    /// A comma, a colon or a closing quote removed from a line, or a stray byte typed: every scalar on the other
    /// lines is still read, where the edit moved it.
    @Test(arguments: SyntaxTreeFixtures.examples.map(\.name))
    func aBreakOnOneLineKeepsTheValuesOnTheOthers(name: String) throws {
        let bytes = try #require(SyntaxTreeFixtures.examples.first { $0.name == name }).bytes
        let full = JSONSyntaxTree(bytes: bytes)
        let scalars = full.nodes.indices.filter { full.isValue($0) && !full[$0].isContainer }
        let pointers = scalars.map { full.pointer(of: $0) }
        var checked = 0
        for at in bytes.indices {
            let b = bytes[at]
            // A comma ending a line, a member's colon, a string's closing quote before a line's end.
            let lineEnd = bytes[(at + 1)...].firstIndex(of: 0x0A) ?? bytes.count
            let rest = bytes[(at + 1)..<lineEnd]
            let breaks =
                (b == UInt8(ascii: ",") && rest.allSatisfy { $0 == 0x20 })
                || (b == UInt8(ascii: ":") && full.node(at: at) != nil && full[full.node(at: at) ?? 0].kind == .member)
                || (b == UInt8(ascii: "\"") && rest.allSatisfy { $0 == UInt8(ascii: ",") || $0 == 0x20 }
                    && full.node(at: at).map { full[$0].kind == .string && full[$0].end == at + 1 } == true)
            guard breaks else { continue }
            var edited = bytes
            edited.remove(at: at)
            let tree = JSONSyntaxTree(bytes: edited)
            #expect(!tree.isWellFormed && tree.shapeProblem() == nil)
            let line = full.lines.line(of: at)
            for (k, pointer) in zip(scalars, pointers) where full.lines.line(of: full[k].start) != line {
                let moved = full[k].start > at ? full[k].start - 1..<full[k].end - 1 : full[k].range
                #expect(tree.node(at: pointer).map { tree[$0].range } == moved, "\(name) at \(at): \(pointer)")
            }
            checked += 1
        }
        #expect(checked > 20)
    }

    /// Random byte edits never break the tree's shape, its lookups or its cost.
    @Test(arguments: SyntaxTreeFixtures.examples.map(\.name))
    func randomEditsKeepTheShapeAndTheCost(name: String) throws {
        let bytes = try #require(SyntaxTreeFixtures.examples.first { $0.name == name }).bytes
        var generator = SyntaxTreeFixtures.Generator(state: UInt64(bytes.count))
        let alphabet = Array(#"{}[]:,"\ 0a-.tn"#.utf8) + [0x0A, 0xC3, 0xA9, 0xFF]
        for _ in 0..<1_500 {
            var edited = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0..<edited.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: edited.remove(at: at)
                case 1: edited.insert(alphabet.randomElement(using: &generator) ?? 0, at: at)
                default: edited[at] = alphabet.randomElement(using: &generator) ?? 0
                }
            }
            let tree = JSONSyntaxTree(bytes: edited)
            #expect(tree.shapeProblem() == nil)
            #expect(tree.steps <= JSONSyntaxTree.maximumSteps(forBytes: edited.count))
            #expect(tree.nodes.count <= JSONSyntaxTree.maximumNodes(forBytes: edited.count))
            let offset = Int.random(in: 0..<edited.count, using: &generator)
            if let k = tree.node(at: offset) {
                #expect(tree[k].range.contains(offset))
                #expect(!tree.children(of: k).contains { tree[$0].range.contains(offset) })
                _ = tree.locate(tree.pointer(of: k))
            }
        }
    }
}
