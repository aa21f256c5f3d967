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
            fields: try params(
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
        #expect(try !ShowOptions.decode(fields: try params(#"{"type": "solid"}"#)).isAnimated)
    }

    @Test func assumeSkeletonableIsABoolThatDefaultsToFalse() throws {
        #expect(try ShowOptions.decode(fields: try params(#"{"assumeSkeletonable": true}"#)).assumeSkeletonable)
        #expect(try !ShowOptions.decode(fields: try params(#"{}"#)).assumeSkeletonable)
        let wrongType = #expect(throws: JSONDecodingError.self) {
            try ShowOptions.decode(fields: try params(#"{"assumeSkeletonable": "yes"}"#))
        }
        #expect(wrongType?.pointer.description == "/params/assumeSkeletonable")
    }

    @Test func errorsNameTheField() throws {
        #expect(throws: JSONDecodingError.self) { try ShowOptions.decode(fields: try params(#"{"delay": -1}"#)) }
        do {
            _ = try ShowOptions.decode(fields: try params(#"{"animation": {"sliding": {"direction": "diagonal"}}}"#))
            Issue.record("expected an error")
        } catch {
            #expect((error as? JSONDecodingError)?.pointer.description == "/params/animation/sliding/direction")
        }
    }

    @Test func customAnimationDescriptor() throws {
        let o = try UpdateOptions.decode(
            fields: try params(
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
                fields: try params(#"{"animation": {"custom": {"property": "cornerRadius", "to": 1, "duration": 1}}}"#))
        }
    }

    @Test func hideOptions() throws {
        let o = try HideOptions.decode(fields: try params(#"{"transition": "none", "reloadDataAfter": false}"#))
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

/// Every time and length a request names is bounded before it reaches the timeline or the geometry: a delay of
/// 2⁶³ seconds, a 1e-320 s animation cycle or a 10¹⁸-point line height is -32602 on its member.
@Suite("Request option bounds")
struct OptionBoundsTests {
    func pointer(_ text: String, _ decode: (JSONValue) throws -> Void) throws -> String? {
        let params = try #require(try JSONDocument.parse(#"{"params": "# + text + "}").value["params"])
        do {
            try decode(params)
            return nil
        } catch let error as JSONDecodingError {
            return error.pointer.description
        }
    }

    @Test(arguments: [
        (#"{"delay": 1000000001}"#, "/params/delay"),
        (#"{"delay": 9.2e18}"#, "/params/delay"),
        (#"{"minimumDuration": 1e308}"#, "/params/minimumDuration"),
        (#"{"transition": {"crossDissolve": 2e9}}"#, "/params/transition/crossDissolve"),
        (
            #"{"animation": {"sliding": {"direction": "leftRight", "duration": 1e-320}}}"#,
            "/params/animation/sliding/duration"
        ),
        (
            #"{"animation": {"sliding": {"direction": "leftRight", "duration": 0.0009}}}"#,
            "/params/animation/sliding/duration"
        ),
        (
            #"{"animation": {"custom": {"property": "opacity", "to": 0, "duration": 1e10}}}"#,
            "/params/animation/custom/duration"
        ),
        (
            #"{"animation": {"custom": {"property": "opacity", "to": 0, "duration": 1, "repeatCount": 1e308}}}"#,
            "/params/animation/custom/repeatCount"
        ),
    ])
    func showTimesAreBounded(text: String, expected: String) throws {
        #expect(try pointer(text) { _ = try ShowOptions.decode(fields: $0) } == expected)
    }

    @Test func theLargestTimesPass() throws {
        let o = try ShowOptions.decode(
            fields: try JSONDocument.parse(
                #"{"delay": 1000000000, "minimumDuration": 1000000000, "animation": {"sliding": {"direction": "leftRight", "duration": 0.001}}}"#
            ).value)
        #expect(o.delay == 1e9)
        #expect(o.animation == .sliding(direction: .leftRight, duration: 0.001, autoreverses: false))
    }

    @Test(arguments: [
        (#"{"multilineHeight": 9.2e18}"#, "/params/multilineHeight"),
        (#"{"multilineSpacing": -16385}"#, "/params/multilineSpacing"),
        (#"{"multilineCornerRadius": 9223372036854775807}"#, "/params/multilineCornerRadius"),
        (#"{"skeletonCornerRadius": 1e300}"#, "/params/skeletonCornerRadius"),
        (#"{"textLineHeight": {"fixed": 20000}}"#, "/params/textLineHeight/fixed"),
    ])
    func appearanceLengthsAreBounded(text: String, expected: String) throws {
        #expect(try pointer(text) { _ = try AppearanceOverrides.decode($0) } == expected)
        let ok = try JSONDocument.parse(#"{"multilineHeight": 16384, "multilineSpacing": -16384}"#).value
        #expect(try AppearanceOverrides.decode(ok).multilineHeight == 16384)
    }

    @Test func stopAfterIsACycle() throws {
        #expect(
            try pointer(#"{"stopAfter": 1e-320}"#) { _ = try MotionOptions.decode($0, base: MotionOptions()) }
                == "/params/stopAfter")
        #expect(
            try pointer(#"{"stopAfter": 2e9}"#) { _ = try MotionOptions.decode($0, base: MotionOptions()) }
                == "/params/stopAfter")
    }
}
