import JSON
import SkeletonModel
import Testing

@Suite("Request option decoding")
struct OptionsTests {
    func params(_ text: String) throws -> JSONValue {
        try #require(try JSONDocument.parse(#"{"params": "# + text + "}").value["params"])
    }

    @Test func showOptions() throws {
        let o = try ShowOptions.decode(
            try params(
                #"""
                {"uri": "file:///a", "type": "gradient", "gradient": {"baseColor": "alizarin"}, "delay": 1,
                 "animation": {"sliding": {"direction": "topBottom", "duration": 2}}, "transition": {"crossDissolve": 0.5}, "minimumDuration": 0.3}
                """#))
        #expect(o.type == .gradient)
        #expect(o.gradient?.colors.count == 3)
        #expect(o.isAnimated)  // delayed shows default to animated
        #expect(o.animation == .sliding(direction: .topBottom, duration: 2, autoreverses: false))
        #expect(o.transition == .crossDissolve(0.5))
        #expect(o.minimumDuration == 0.3)
        #expect(try !ShowOptions.decode(try params(#"{"type": "solid"}"#)).isAnimated)
    }

    @Test func errorsNameTheField() throws {
        #expect(throws: JSONDecodingError.self) { try ShowOptions.decode(try params(#"{"delay": -1}"#)) }
        do {
            _ = try ShowOptions.decode(try params(#"{"animation": {"sliding": {"direction": "diagonal"}}}"#))
            Issue.record("expected an error")
        } catch {
            #expect((error as? JSONDecodingError)?.pointer.description == "/params/animation/sliding/direction")
        }
        do {
            _ = try ShowOptions.decode(try params(#"{"colour": "red"}"#))
            Issue.record("expected an error")
        } catch {
            #expect((error as? JSONDecodingError)?.pointer.description == "/params/colour")
        }
    }

    @Test func customAnimationDescriptor() throws {
        let o = try UpdateOptions.decode(
            try params(
                #"""
                {"animated": true, "animation": {"custom": {"property": "backgroundColor", "to": "complementary", "duration": 0.8,
                  "timingFunction": [0.42, 0, 0.58, 1], "autoreverses": true, "repeatCount": 3}}}
                """#))
        guard case .custom(let c) = o.animation else {
            Issue.record("not custom")
            return
        }
        #expect(c.tracks == [AnimationTrack(property: .backgroundColor, to: .complementaryColor)])
        #expect(c.timingFunction == .cubicBezier(0.42, 0, 0.58, 1))
        #expect(c.repeatCount == 3)
        #expect(throws: JSONDecodingError.self) {
            try UpdateOptions.decode(
                try params(#"{"animation": {"custom": {"property": "cornerRadius", "to": 1, "duration": 1}}}"#))
        }
    }

    @Test func hideOptions() throws {
        let o = try HideOptions.decode(try params(#"{"transition": "none", "reloadDataAfter": false}"#))
        #expect(o.transition == TransitionStyle.none)
        #expect(!o.reloadDataAfter)
    }
}

@Suite("Motion options")
struct MotionOptionsTests {
    @Test func decodes() throws {
        let v = try JSONDocument.parse(
            #"{"gradientSpace": "canvas", "reducedMotion": "fade", "stopAfter": 5, "clock": "manual"}"#
        ).value
        #expect(
            try MotionOptions.decode(v) == MotionOptions(gradientSpace: .canvas, reducedMotion: .fade, stopAfter: 5))
        let bad = try JSONDocument.parse(#"{"reducedMotion": "calm"}"#).value
        #expect(throws: JSONDecodingError.self) { try MotionOptions.decode(bad) }
    }
}
