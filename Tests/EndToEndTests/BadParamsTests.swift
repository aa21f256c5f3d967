import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// Every request the daemon takes refuses its bad forms with -32602 naming the field (or -32803), and changes
/// nothing.
@Suite struct BadParamsTests {
    typealias D = DaemonSession

    static let cases: [(String, JSON, String)] = [
        (
            "skeleton/setAppearance", ["uri": "file:///a", "appearance": ["multilineSpacing": "wide"]],
            "/params/appearance/multilineSpacing"
        ),
        ("skeleton/setAppearance", ["uri": "file:///a"], "/params/appearance"),
        (
            "skeleton/startAnimation", ["uri": "file:///a", "animation": ["sliding": ["direction": "up"]]],
            "/params/animation/sliding/direction"
        ),
        ("skeleton/stopAnimation", ["uri": "file:///a", "node": "ghost"], "/params/node"),
        ("skeleton/scenes", ["uri": "file:///nope"], "/params/uri"),
        ("skeleton/isActive", ["uri": "file:///a", "node": "ghost"], "/params/node"),
        ("skeleton/treeDescription", ["uri": "file:///a", "node": 7], "/params/node"),
        ("skeleton/layers", ["uri": "file:///a", "includeContent": "yes"], "/params/includeContent"),
        ("skeleton/setMotion", ["stopAfter": -1], "/params/stopAfter"),
        ("skeleton/setMotion", ["uri": "file:///a", "sparkle": true], "/params/sparkle"),
        ("skeleton/update", ["uri": "file:///a", "gradient": ["colors": []]], "/params/gradient/colors"),
        ("skeleton/hide", ["uri": "file:///a", "reloadDataAfter": 1], "/params/reloadDataAfter"),
        ("preview/refresh", ["subscription": "p99"], "/params/subscription"),
        ("preview/ack", ["subscription": "p99", "seq": 1], "/params/subscription"),
        ("preview/render", ["uri": "file:///a", "encoding": "raw", "scale": "big"], "/params/scale"),
        ("skeleton/patch", ["uri": "file:///a", "ops": [["op": "set", "node": "a"]]], "/params/ops/0/properties"),
        ("skeleton/patch", ["uri": "file:///a", "ops": "all"], "/params/ops"),
        ("clock/set", ["time": -1], "/params/time"),
    ]

    @Test func everyMethodNamesItsBadField() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///a", ["root": D.node("UIView", "a", frame: [0, 0, 10, 10])])
        _ = try s.call("skeleton/show", ["uri": "file:///a", "transition": "none"])
        let before = try s.call("skeleton/layers", ["uri": "file:///a"])
        for (method, params, pointer) in Self.cases {
            let error = try s.error(method, params)
            #expect(error["code"] == -32602, "\(method) \(params.text): \(error.text)")
            #expect(error["data"]?["pointer"] == .string(pointer), "\(method) \(params.text): \(error.text)")
        }
        #expect(try s.call("skeleton/layers", ["uri": "file:///a"]) == before)
        let status = try s.call("daemon/status", [:])
        #expect(status["documents"] == 1)
    }
}
