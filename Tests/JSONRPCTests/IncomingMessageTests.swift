import JSON
import JSONRPC
import Testing

@Suite struct IncomingMessageTests {
    func decode(_ text: String) throws -> Result<IncomingMessage, InvalidMessage> {
        IncomingMessage.decode(try JSONDocument.parse(text).value)
    }

    @Test func decodesRequestsNotificationsAndResponses() throws {
        guard
            case .success(.request(.int(1), "m", let params)) = try decode(
                #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"x":1}}"#)
        else {
            Issue.record("not a request")
            return
        }
        #expect(params?["x"]?.int == 1)
        guard case .success(.request(.string("a"), "m", nil)) = try decode(#"{"jsonrpc":"2.0","id":"a","method":"m"}"#)
        else {
            Issue.record("not a request")
            return
        }
        guard case .success(.notification("n", nil)) = try decode(#"{"jsonrpc":"2.0","method":"n"}"#)
        else {
            Issue.record("not a notification")
            return
        }
        guard case .success(.response(.int(4), _, nil)) = try decode(#"{"jsonrpc":"2.0","id":4,"result":null}"#) else {
            Issue.record("not a response")
            return
        }
    }

    @Test(arguments: [
        (
            #"{"jsonrpc":"2.0","id":[1],"method":"m"}"#, nil as RequestID?,
            "\"id\" must be an integer or a string, not an array" as String?
        ),
        (#"{"jsonrpc":"2.0","id":2.5,"method":"m"}"#, nil, "\"id\" must be an integer or a string, not a number"),
        (#"{"jsonrpc":"2.0","id":null,"method":"m"}"#, nil, "a request \"id\" must not be null"),
        (#"{"id":3,"method":"m"}"#, .int(3), "\"jsonrpc\" is required and must be \"2.0\""),
        (#"{"jsonrpc":2,"id":3,"method":"m"}"#, .int(3), "\"jsonrpc\" must be \"2.0\""),
        (#"{"jsonrpc":"2.0","id":"x","method":5}"#, .string("x"), "\"method\" must be a string, not an integer"),
        (
            #"{"jsonrpc":"2.0","id":"x","method":"m","params":"p"}"#, .string("x"),
            "\"params\" must be an object or an array, not a string"
        ),
        (
            #"{"jsonrpc":"2.0","id":9,"method":"skeleton/layers","params":false}"#, .int(9),
            "\"params\" must be an object or an array, not a boolean"
        ),
        (#"{"jsonrpc":"2.0","id":1}"#, .int(1), nil),
        (#"{"jsonrpc":"2.0","id":1,"result":1,"error":{}}"#, .int(1), nil),
    ])
    func invalidEnvelopesAreInvalidRequests(text: String, id: RequestID?, message: String?) throws {
        guard case .failure(let invalid) = try decode(text) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(invalid.id == id)
        #expect(invalid.error.code == -32600)
        if let message { #expect(invalid.error.message == message) }
    }

    @Test func batchesDecodeEachElement() throws {
        let payload = IncomingPayload(try JSONDocument.parse(#"[{"jsonrpc":"2.0","method":"a"},1]"#).value)
        guard case .batch(let elements) = payload else {
            Issue.record("not a batch")
            return
        }
        #expect(elements.count == 2)
        if case .success = elements[0] {} else { Issue.record("first should decode") }
        if case .failure = elements[1] {} else { Issue.record("second should fail") }
        guard case .single(.failure(let empty)) = IncomingPayload(try JSONDocument.parse("[]").value) else {
            Issue.record("empty batch should be one error")
            return
        }
        #expect(empty.error.code == -32600)
    }

    @Test func outgoingMessagesAreExact() {
        #expect(
            OutgoingMessage.response(id: .string("é"), result: ["a": 1]).text
                == #"{"jsonrpc":"2.0","id":"é","result":{"a":1}}"#)
        #expect(
            OutgoingMessage.error(id: nil, ResponseError(.parseError, "bad")).text
                == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#)
        #expect(
            OutgoingMessage.notification(method: "n", params: [1]).text
                == #"{"jsonrpc":"2.0","method":"n","params":[1]}"#)
    }
}
