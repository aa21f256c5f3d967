import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// The language features' own params, refused through the real binary with -32602 naming the member: formatting's
/// `options.tabSize` (an integer from 0 to 16), and the `range` of `textDocument/inlayHint` and
/// `textDocument/codeAction` (present, and not ending before it starts). A refused request changes nothing: the
/// same request with good params answers as before.
@Suite struct LanguageBadParamsTests {
    typealias D = DaemonSession
    static let uri = "file:///bad-params.skeleton.json"
    static let text = """
        {
          "root": {"id": "screen", "type": "UIView", "frame": [0, 0, 320, 200],
            "children": [{"id": "title", "type": "UILabel", "frame": [10, 10, 200, 20], "numberOfLines": 1}]}
        }
        """

    static func session() throws -> D {
        let s = try D()
        s.open(uri, text: text)
        return s
    }

    static var document: JSON { ["uri": .string(uri)] }

    static func range(_ a: (Int, Int), _ b: (Int, Int)) -> JSON {
        [
            "start": ["line": .int(a.0), "character": .int(a.1)],
            "end": ["line": .int(b.0), "character": .int(b.1)],
        ]
    }

    /// The error `method` answers for `params`, checked to be -32602 at `pointer`.
    static func refusal(_ s: D, _ method: String, _ params: JSON, pointer: String) throws -> JSON {
        let error = try s.error(method, params)
        #expect(error["code"] == -32602, "\(method) \(params.text): \(error.text)")
        #expect(error["data"]?["pointer"] == .string(pointer), "\(method) \(params.text): \(error.text)")
        return error
    }

    // MARK: formatting: options.tabSize

    @Test(arguments: [
        ("2.5", "must be an integer, not a number"),
        ("\"4\"", "must be an integer, not a string"),
        ("-1", "must be an integer from 0 to 16"),
        ("17", "must be an integer from 0 to 16"),
        ("1e9", "must be an integer from 0 to 16"),
    ])
    func formattingRefusesATabSizeOutsideZeroToSixteen(tabSize: String, message: String) throws {
        let s = try Self.session()
        defer { s.close() }
        let options = try JSONDocument.parse(#"{"tabSize": \#(tabSize), "insertSpaces": true}"#).value.json
        let error = try Self.refusal(
            s, "textDocument/formatting", ["textDocument": Self.document, "options": options],
            pointer: "/params/options/tabSize")
        #expect(error["message"]?.stringValue?.contains(message) == true, "\(error.text)")
        // Nothing changed: the bounds themselves format.
        for good in [0, 16] {
            let edits = try s.call(
                "textDocument/formatting",
                ["textDocument": Self.document, "options": ["tabSize": .int(good), "insertSpaces": true]])
            #expect(edits.arrayValue?.count == 1)
        }
    }

    @Test func formattingWithoutOptionsIsRefused() throws {
        let s = try Self.session()
        defer { s.close() }
        _ = try Self.refusal(
            s, "textDocument/formatting", ["textDocument": Self.document], pointer: "/params/options")
    }

    // MARK: inlayHint and codeAction: range

    @Test(arguments: ["textDocument/inlayHint", "textDocument/codeAction"])
    func aMissingRangeIsRefused(method: String) throws {
        let s = try Self.session()
        defer { s.close() }
        var params: JSONObject = ["textDocument": Self.document]
        if method == "textDocument/codeAction" { params["context"] = ["diagnostics": []] }
        let error = try Self.refusal(s, method, .object(params), pointer: "/params/range")
        #expect(error["message"]?.stringValue?.contains("is required") == true, "\(error.text)")
    }

    @Test(arguments: ["textDocument/inlayHint", "textDocument/codeAction"])
    func aReversedRangeIsRefused(method: String) throws {
        let s = try Self.session()
        defer { s.close() }
        var params: JSONObject = ["textDocument": Self.document, "range": Self.range((2, 40), (1, 0))]
        if method == "textDocument/codeAction" { params["context"] = ["diagnostics": []] }
        let error = try Self.refusal(s, method, .object(params), pointer: "/params/range")
        #expect(error["message"]?.stringValue?.contains("the range ends before it starts") == true, "\(error.text)")
        // The same request the right way round answers.
        params["range"] = Self.range((1, 0), (2, 40))
        #expect(try s.call(method, .object(params)).arrayValue != nil)
    }

    @Test(arguments: ["textDocument/inlayHint", "textDocument/codeAction"])
    func aRangeEndPastTheDocumentIsRefusedAtItsLine(method: String) throws {
        let s = try Self.session()
        defer { s.close() }
        var params: JSONObject = ["textDocument": Self.document, "range": Self.range((0, 0), (99, 0))]
        if method == "textDocument/codeAction" { params["context"] = ["diagnostics": []] }
        _ = try Self.refusal(s, method, .object(params), pointer: "/params/range/end/line")
    }
}
