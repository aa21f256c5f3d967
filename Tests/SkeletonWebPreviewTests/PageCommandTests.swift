import SkeletonWebPreview
import Testing

@Suite struct PageCommandTests {
    @Test func readsEveryCommand() throws {
        #expect(try PageCommand.parse(#"{"type":"select","scene":3}"#) == .select(scene: 3))
        #expect(
            try PageCommand.parse(#"{"type":"traits","scheme":"dark","direction":null}"#)
                == .traits(scheme: "dark", direction: nil))
        #expect(
            try PageCommand.parse(#"{"type":"show","skeleton":"gradient","animated":true}"#)
                == .show(type: "gradient", animated: true))
        #expect(try PageCommand.parse(#"{"type":"show"}"#) == .show(type: nil, animated: false))
        #expect(try PageCommand.parse(#"{"type":"hide"}"#) == .hide)
        #expect(try PageCommand.parse(#"{"type":"play"}"#) == .play)
        #expect(try PageCommand.parse(#"{"type":"pause"}"#) == .pause)
        #expect(try PageCommand.parse(#"{"type":"seek","time":2.5}"#) == .seek(time: 2.5))
        #expect(try PageCommand.parse(#"{"type":"ack","seq":7}"#) == .ack(seq: 7))
    }

    @Test(arguments: [
        (#"{"type":"reboot"}"#, "unknown message type 'reboot'"),
        (#"{"type":"hide","path":"../../etc/passwd"}"#, "unknown member 'path' in 'hide'"),
        (#"{"type":"select","scene":-1}"#, "'scene' is an integer from 0 to 2147483647"),
        (#"{"type":"select","scene":1.5}"#, "'scene' is an integer from 0 to 2147483647"),
        (#"{"type":"seek","time":1e300}"#, "'time' is a number of seconds from 0 to 600"),
        (#"{"type":"traits","scheme":"sepia"}"#, "'scheme' is one of light, dark or null"),
        (#"{"type":"show","animated":"yes"}"#, "'animated' is true or false"),
        (#"{"type":"ack","seq":0}"#, "'seq' is an integer from 1 to 2147483647"),
        (#"[1,2]"#, "a message is a JSON object"),
        (#"{"scene":1}"#, "a message needs a string 'type'"),
    ])
    func refusesWithAClearMessage(text: String, message: String) {
        #expect(throws: PageCommandError.self) { try PageCommand.parse(text) }
        do {
            _ = try PageCommand.parse(text)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func refusesOversizedDeepAndBrokenMessages() {
        let big = #"{"type":"hide","x":""# + String(repeating: "a", count: WebPreviewLimits.maxCommandBytes) + #""}"#
        #expect(throws: PageCommandError.self) { try PageCommand.parse(big) }
        #expect(throws: PageCommandError.self) { try PageCommand.parse(#"{"type":"hide","x":[[[[1]]]]}"#) }
        #expect(throws: PageCommandError.self) { try PageCommand.parse("{") }
        #expect(throws: PageCommandError.self) { try PageCommand.parse(#"{"type":"hide","type":"play"}"#) }
    }
}
