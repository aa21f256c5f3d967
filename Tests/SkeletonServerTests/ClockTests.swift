import JSON
import SkeletonServer
import Testing

@Suite struct ClockTests {
    @Test func theManualClockMovesOnlyWhenTold() throws {
        let s = InProcessServer()
        try s.initialize(["initializationOptions": ["clock": "manual"]])
        #expect(try s.client.request("clock/advance", ["seconds": 0.25])["result"] == 0.25)
        #expect(try s.client.request("clock/advance", ["seconds": 1])["result"] == 1.25)
        #expect(try s.client.request("clock/set", ["time": 3])["result"] == 3)
        #expect(s.daemon?.configuration.clock.now == 3)
    }

    @Test func badMovesAreRefusedAndChangeNothing() throws {
        let s = InProcessServer()
        try s.initialize(["initializationOptions": ["clock": "manual"]])
        _ = try s.client.request("clock/set", ["time": 2])
        let back = try s.client.request("clock/advance", ["seconds": -1])
        #expect(back["error"]?["code"] == -32602)
        #expect(back["error"]?["data"]?["pointer"] == "/params/seconds")
        #expect(try s.client.request("clock/set", ["time": 1])["error"]?["code"] == -32602)
        #expect(try s.client.request("clock/set", ["time": "soon"])["error"]?["code"] == -32602)
        #expect(try s.client.request("clock/advance", [:])["error"]?["message"] == "/params/seconds: is required")
        #expect(s.daemon?.configuration.clock.now == 2)
    }

    @Test func theRealClockRefusesToBeMoved() throws {
        let s = InProcessServer()
        try s.initialize()
        let answer = try s.client.request("clock/advance", ["seconds": 1])
        #expect(answer["error"]?["code"] == -32803)
        #expect(s.daemon?.configuration.clock.mode == .real)
    }

    @Test func unknownClockModesAreRefused() throws {
        let s = InProcessServer()
        let answer = try s.initialize(["initializationOptions": ["clock": "sundial"]])
        #expect(answer["error"]?["data"]?["pointer"] == "/params/initializationOptions/clock")
    }
}
