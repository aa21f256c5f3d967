import JSON
import Testing

@Suite struct JSONDecodingTests {
    let document: JSONDocument

    init() throws {
        document = try JSONDocument.parse(
            #"{"params":{"frame":[0,1,"x"],"a/b":{"~k":true},"n":3.0,"f":2.5,"mode":"dark"}}"#)
    }

    enum Scheme: String, CaseIterable { case light, dark }

    @Test func namesTheMissingMember() {
        let params = document.value["params"]!
        #expect(throws: JSONDecodingError(pointer: JSONPointer(["params", "uri"]), message: "is required")) {
            try params.string("uri")
        }
    }

    @Test func namesTheOffendingElement() throws {
        let frame = try document.value.member("params").member("frame").decodeArray()
        do {
            _ = try frame[2].decodeDouble()
            Issue.record("expected an error")
        } catch {
            #expect(error.pointer.description == "/params/frame/2")
            #expect(error.description == "/params/frame/2: must be a number, not a string")
        }
    }

    @Test func escapesPointerTokens() throws {
        let inner = try document.value.member("params").member("a/b").member("~k")
        #expect(inner.pointerFromRoot.description == "/params/a~1b/~0k")
        #expect(JSONPointer(parsing: "/params/a~1b/~0k")?.tokens == ["params", "a/b", "~k"])
        #expect(document.value.resolve(JSONPointer(["params", "a/b", "~k"]))?.bool == true)
    }

    @Test func integersAcceptIntegralReals() throws {
        let params = try document.value.member("params")
        #expect(try params.int("n") == 3)
        #expect(throws: JSONDecodingError.self) { try params.int("f") }
    }

    @Test func enumsListTheAllowedValues() throws {
        let params = try document.value.member("params")
        #expect(try params.member("mode").decodeEnum(Scheme.self) == .dark)
        do {
            _ = try params.member("n").decodeEnum(Scheme.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "must be a string, not a number")
        }
    }
}
