import JSON
import JSONRPC
import Testing

/// Replies encoded straight into one buffer are byte for byte what the tree path (`OutgoingMessage` + `JSONWriter`)
/// writes, for every kind of id, every error code and strings that need escapes.
@Suite struct MessageEncoderTests {
    static let ids: [RequestID?] = [
        .int(0), .int(1), .int(-1), .int(42), .int(-9_007_199_254_740_993), .int(Int.max), .int(Int.min),
        .string(""), .string("plain"), .string("q\"uo\"te"), .string("back\\slash\\"),
        .string("ctl\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}"), .string("é – 😀 \u{2028}"),
        .string("\"\\\n"), nil,
    ]

    static let results: [JSON] = [
        .null, true, false, 0, -7, .int(Int.min), 1.5, .double(.nan), "", "a \"b\" \\ \n\t\u{1}é",
        [], [:], [1, "two", nil, [3.25]], ["k\"ey": ["nested": "v\u{1F}"], "z": [true]],
    ]

    @Test(arguments: ids)
    func responsesMatchTheTree(id: RequestID?) {
        for result in Self.results {
            let tree = OutgoingMessage.response(id: id, result: result).bytes
            #expect(MessageEncoder.response(id: id, result: result) == tree)
            #expect(MessageEncoder.response(id: id, encodedResult: EncodedJSON(result)) == tree)
        }
    }

    @Test(arguments: ids)
    func everyErrorCodeMatchesTheTree(id: RequestID?) {
        let codes = ErrorCode.allCases.map(\.rawValue) + [0, 1, -1, 12_345, Int.max, Int.min]
        let messages = ["", "plain", "unknown method \"a\\b\"", "line\nbreak\t\u{0}é😀"]
        let data: [JSON?] = [nil, .null, ["pointer": "/params/x~1y"], ["line": 1, "column": 2, "position": 3], "s"]
        for code in codes {
            for message in messages {
                for datum in data {
                    let error = ResponseError(code: code, message: message, data: datum)
                    #expect(
                        MessageEncoder.error(id: id, error) == OutgoingMessage.error(id: id, error).bytes,
                        "code \(code), message \(message), data \(String(describing: datum))")
                }
            }
        }
    }

    @Test(arguments: ids)
    func unknownMethodAnswersAreTheGeneralErrors(id: RequestID?) {
        for method in [
            "", "bench/unknown", "textDocument/frobnicate", "q\"uote", "back\\slash", "ctl\u{0}\n\u{1F}", "é😀",
        ] {
            let error = ResponseError(.methodNotFound, "unknown method \"\(method)\"")
            #expect(
                MessageEncoder.methodNotFound(id: id, method: method) == OutgoingMessage.error(id: id, error).bytes,
                "method \(method)")
        }
    }

    @Test(arguments: ids)
    func repliesParseBackToTheirId(id: RequestID?) throws {
        let bytes = MessageEncoder.error(id: id, ResponseError(.methodNotFound, "unknown method \"x\""))
        let value = try JSONDocument.parse(bytes).value
        switch id {
        case .int(let i): #expect(value["id"]?.int == i)
        case .string(let s): #expect(value["id"]?.string == s)
        case nil: #expect(value["id"]?.isNull == true)
        }
        #expect(value["error"]?["code"]?.int == -32601)
        #expect(value["error"]?["message"]?.string == "unknown method \"x\"")
    }

    @Test func notificationsMatchTheTree() {
        for method in ["n", "textDocument/publishDiagnostics", "we\"ird\\\n"] {
            for params in Self.results {
                #expect(
                    MessageEncoder.notification(method: method, params: params)
                        == OutgoingMessage.notification(method: method, params: params).bytes)
            }
        }
    }

    @Test func theConnectionWritesWhatTheEncoderEncodes() {
        // Exact bytes of the two most common replies, as the tests of the tree pinned them.
        #expect(
            MessageEncoder.error(id: nil, ResponseError(.parseError, "bad"))
                == Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#.utf8))
        #expect(
            MessageEncoder.response(id: .string("é"), result: ["a": 1])
                == Array(#"{"jsonrpc":"2.0","id":"é","result":{"a":1}}"#.utf8))
    }
}
