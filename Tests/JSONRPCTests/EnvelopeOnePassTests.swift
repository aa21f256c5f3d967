import JSON
import JSONRPC
import Testing

/// The envelope is read in one pass over the object's members: the order of members, unknown members and keys
/// that only look like the envelope's change nothing.
@Suite struct EnvelopeOnePassTests {
    func decode(_ text: String) throws -> Result<IncomingMessage, InvalidMessage> {
        IncomingMessage.decode(try JSONDocument.parse(text).value)
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":7,"method":"m","params":{"x":1}}"#,
        #"{"params":{"x":1},"method":"m","id":7,"jsonrpc":"2.0"}"#,
        #"{"method":"m","extra":[1,{"id":8}],"jsonrpc":"2.0","params":{"x":1},"id":7}"#,
        #"{"i":0,"ids":1,"methods":"n","param":2,"jsonrpc ":3,"id":7,"jsonrpc":"2.0","method":"m","params":{"x":1}}"#,
    ])
    func membersInAnyOrder(text: String) throws {
        guard case .success(.request(.int(7), "m", let params)) = try decode(text) else {
            Issue.record("not the request: \(text)")
            return
        }
        #expect(params?["x"]?.int == 1)
    }

    @Test func theIdAnswersErrorsWhereverItStands() throws {
        guard case .failure(let invalid) = try decode(#"{"method":5,"jsonrpc":"2.0","id":"late"}"#) else {
            Issue.record("accepted")
            return
        }
        #expect(invalid.id == .string("late"))
        #expect(invalid.error.message == "\"method\" must be a string, not an integer")
    }

    @Test(arguments: [#""2.0 ""#, #""2.1""#, #""2""#, #""""#, "2.0", "null", #""2.0\u0000""#])
    func onlyTheExactVersionIsAccepted(version: String) throws {
        guard case .failure(let invalid) = try decode(#"{"jsonrpc":\#(version),"id":1,"method":"m"}"#) else {
            Issue.record("accepted \(version)")
            return
        }
        #expect(invalid.error.message == "\"jsonrpc\" must be \"2.0\"")
    }

    @Test func escapedKeysAreTheirDecodedBytes() throws {
        // "\u0069d" is "id" once decoded: jansson gives the key's bytes, as it gives them to lookups.
        guard case .success(.request(.int(3), "m", nil)) = try decode(#"{"jsonrpc":"2.0","\u0069d":3,"method":"m"}"#)
        else {
            Issue.record("not the request")
            return
        }
    }
}
