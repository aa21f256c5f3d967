import JSON
import SkeletonProtocol
import Testing

/// The one decoder: unknown members of closed objects refused before anything is read, with the one message and
/// the member's pointer; open objects pass them over; errors name the value by JSON Pointer at any depth.
@Suite struct ParamsObjectTests {
    struct Closed: ProtocolObject {
        static let members = MemberRule.closed(["uri", "scene"])
        let uri: String
        init(from object: ParamsObject) throws(JSONDecodingError) { uri = try object.string("uri") }
    }

    struct Open: ProtocolObject {
        static let members = MemberRule.open(["uri"])
        let uri: String
        init(from object: ParamsObject) throws(JSONDecodingError) { uri = try object.string("uri") }
    }

    static func params(_ text: String) throws -> JSONValue? {
        try JSONDocument.parse(#"{"params": \#(text)}"#).value["params"]
    }

    @Test func aClosedObjectRefusesAnUnknownMemberBeforeReadingAnything() throws {
        // The missing `uri` is not reported: the unknown member is found first.
        #expect(
            throws: JSONDecodingError(
                pointer: JSONPointer(["params", "frame"]), message: "unknown member; expected scene, uri")
        ) {
            _ = try Closed.decode(params: try Self.params(#"{"frame": 1}"#))
        }
    }

    @Test func anOpenObjectPassesOverMembersItDoesNotRead() throws {
        #expect(try Open.decode(params: try Self.params(#"{"uri": "a", "workDoneToken": 1}"#)).uri == "a")
    }

    @Test func errorsNameTheValueByPointer() throws {
        #expect(throws: JSONDecodingError(pointer: JSONPointer(["params", "uri"]), message: "is required")) {
            _ = try Open.decode(params: try Self.params("{}"))
        }
        #expect(
            throws: JSONDecodingError(
                pointer: JSONPointer(["params", "uri"]), message: "must be a string, not an integer")
        ) {
            _ = try Open.decode(params: try Self.params(#"{"uri": 3}"#))
        }
        let change = try Self.params(
            #"{"textDocument": {"uri": "u", "version": 1}, "contentChanges": [{"text": ""}, {"range": {"start": {"line": 0}}, "text": ""}]}"#
        )
        #expect(
            throws: JSONDecodingError(
                pointer: JSONPointer(["params", "contentChanges", "1", "range", "start", "character"]),
                message: "is required")
        ) {
            _ = try DidChangeTextDocument.Params.decode(params: change)
        }
    }

    @Test func aNegativeVersionIsRefusedAtIt() throws {
        let change = try Self.params(#"{"textDocument": {"uri": "u", "version": -1}, "contentChanges": []}"#)
        #expect(
            throws: JSONDecodingError(
                pointer: JSONPointer(["params", "textDocument", "version"]), message: "must not be negative")
        ) {
            _ = try DidChangeTextDocument.Params.decode(params: change)
        }
    }

    @Test func noParamsAreAbsentOrAnEmptyObject() throws {
        #expect(throws: Never.self) { _ = try NoParams.decode(params: nil) }
        #expect(throws: Never.self) { _ = try NoParams.decode(params: try Self.params("{}")) }
        #expect(
            throws: JSONDecodingError(pointer: JSONPointer(["params", "x"]), message: "unknown member; expected none")
        ) {
            _ = try NoParams.decode(params: try Self.params(#"{"x": 1}"#))
        }
    }

    @Test func aChangeReportsWhereItsEditIs() throws {
        let change = try #require(
            try Self.params(
                #"{"textDocument": {"uri": "u", "version": 1}, "contentChanges": [{"text": "a"}, {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "b"}]}"#
            ))
        let params = try DidChangeTextDocument.Params.decode(params: change)
        #expect(params.contentChanges[0].source.pointerFromRoot == JSONPointer(["params", "contentChanges", "0"]))
        #expect(
            params.contentChanges[1].source.pointerFromRoot == JSONPointer(["params", "contentChanges", "1", "range"]))
    }

    /// An operation's options are members of its params like any other: an unknown one is refused by the one rule
    /// (its message lists the options with the scene's members), not by the options' decoder.
    @Test func anUnknownOptionIsRefusedByTheOneRule() throws {
        let unknown = #expect(throws: JSONDecodingError.self) {
            _ = try ShowRequest.Params.decode(params: try Self.params(#"{"uri": "u", "assumeSkeletonables": true}"#))
        }
        #expect(unknown?.pointer == JSONPointer(["params", "assumeSkeletonables"]))
        #expect(unknown?.message.hasPrefix("unknown member; expected ") == true)
        #expect(unknown?.message.contains("assumeSkeletonable,") == true)
        let colour = #expect(throws: JSONDecodingError.self) {
            _ = try UpdateRequest.Params.decode(params: try Self.params(#"{"uri": "u", "colour": "red"}"#))
        }
        #expect(colour?.pointer == JSONPointer(["params", "colour"]))
    }

    /// A batch's element is a message of its own: the pointers of its errors start at it, not at the batch.
    @Test func aValueAsADocumentNamesPointersFromIt() throws {
        let batch = try JSONDocument.parse(#"[{"params": {"uri": 1}}, {"params": {"uri": "u", "frame": 1}}]"#)
        let first = try #require(batch.value[0]?.asDocument["params"])
        #expect(
            throws: JSONDecodingError(
                pointer: JSONPointer(["params", "uri"]), message: "must be a string, not an integer")
        ) {
            _ = try Open.decode(params: first)
        }
        let second = try #require(batch.value[1]?.asDocument["params"])
        #expect(
            throws: JSONDecodingError(
                pointer: JSONPointer(["params", "frame"]), message: "unknown member; expected scene, uri")
        ) {
            _ = try Closed.decode(params: second)
        }
        // The batch itself still names its elements.
        #expect(batch.value[1]?["params"]?.pointerFromRoot == JSONPointer(["1", "params"]))
    }
}
