import JSON
import SkeletondTestSupport
import Testing

/// Every `skeleton/*` and `preview/*` method that names a document takes `scene`: on a storyboard with several
/// scenes, each method acts on a non-initial scene, and that scene alone changes (or answers).
@Suite struct SceneParamEndToEndTests {
    typealias D = DaemonSession
    static let uri = "file:///Screens.storyboard"

    /// A daemon with the storyboard open, the non-initial scene each test acts on (the first whose show draws
    /// something) and every scene's id.
    struct Storyboard {
        let s: D
        let target: String
        let scenes: [String]
        var uri: String { SceneParamEndToEndTests.uri }

        init() throws {
            s = try D()
            try Self.open(s, SceneParamEndToEndTests.uri)
            let listed = try s.call("skeleton/scenes", ["uri": .string(SceneParamEndToEndTests.uri)]).arrayValue ?? []
            scenes = listed.compactMap { $0["id"]?.stringValue }
            var found: String?
            for scene in listed where scene["initial"] != true {
                guard let id = scene["id"]?.stringValue else { continue }
                let drawn = try Self.drawsSomething(s, id)
                if drawn {
                    found = id
                    break
                }
            }
            target = try #require(found)
        }

        /// Opens the fixture storyboard at `uri`.
        static func open(_ s: D, _ uri: String) throws {
            s.client.notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(uri), "languageId": "storyboard", "version": 1,
                        "text": .string(
                            try InterfaceBuilderEndToEndTests.text(
                                "Tests/InterfaceBuilderTests/Fixtures/Screens.storyboard")),
                    ]
                ])
        }

        /// Whether a show on `scene` draws anything (tried on a second document, so this one stays pristine).
        static func drawsSomething(_ s: D, _ scene: String) throws -> Bool {
            let probe = "file:///probe.storyboard"
            try open(s, probe)
            try s.call("skeleton/show", ["uri": .string(probe), "scene": .string(scene), "transition": "none"])
            let layers = try s.call("skeleton/layers", ["uri": .string(probe), "scene": .string(scene)])
            return !(layers["layers"]?.arrayValue ?? []).isEmpty
        }

        /// `params` with this document's uri and, when given, `scene`.
        func params(_ scene: String?, _ extra: JSONObject = [:]) -> JSON {
            var object = extra
            object["uri"] = .string(uri)
            if let scene { object["scene"] = .string(scene) }
            return .object(object)
        }

        /// Each scene's layers (content included) at `time` and its tree with state.
        func snapshot(at time: Double = 1.3) throws -> [String: JSON] {
            var out: [String: JSON] = [:]
            for scene in scenes {
                let layers = try s.call(
                    "skeleton/layers", params(scene, ["time": .double(time), "includeContent": true]))
                let tree = try s.call(
                    "skeleton/treeDescription", params(scene, ["time": .double(time), "includeState": true]))
                out[scene] = ["layers": layers, "tree": tree]
            }
            return out
        }

        /// `change` alters the target scene's snapshot and no other scene's.
        func expectOnlyTargetChanges(
            at time: Double = 1.3, sourceLocation: SourceLocation = #_sourceLocation, _ change: () throws -> Void
        ) throws {
            let before = try snapshot(at: time)
            try change()
            let after = try snapshot(at: time)
            for scene in scenes {
                if scene == target {
                    #expect(after[scene] != before[scene], "the target scene changed", sourceLocation: sourceLocation)
                } else {
                    #expect(after[scene] == before[scene], "scene \(scene) unchanged", sourceLocation: sourceLocation)
                }
            }
        }

        /// Shows the skeleton on every scene.
        func showEverywhere(_ extra: JSONObject = [:]) throws {
            var options = extra
            options["transition"] = "none"
            for scene in scenes { try s.call("skeleton/show", params(scene, options)) }
        }

        /// Skeleton layers of a scene now.
        func skeletonLayers(_ scene: String?) throws -> [JSON] {
            (try s.call("skeleton/layers", params(scene))["layers"]?.arrayValue ?? [])
        }
    }

    @Test func show() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.expectOnlyTargetChanges {
            let answer = try b.s.call("skeleton/show", b.params(b.target, ["transition": "none"]))

            #expect(answer["outcome"] == "shown")
        }
    }

    @Test func update() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.showEverywhere()
        try b.expectOnlyTargetChanges {
            let answer = try b.s.call("skeleton/update", b.params(b.target, ["type": "gradient"]))
            #expect(answer["outcome"] == "updated")
        }
    }

    @Test func hide() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.showEverywhere()
        try b.expectOnlyTargetChanges {
            let answer = try b.s.call("skeleton/hide", b.params(b.target, ["transition": "none"]))
            #expect(answer["outcome"] == "hidden")
        }
    }

    @Test func startAnimation() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.showEverywhere()
        try b.expectOnlyTargetChanges {
            let answer = try b.s.call("skeleton/startAnimation", b.params(b.target))

            #expect(answer["outcome"] == "animation")
        }
    }

    @Test func stopAnimation() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.showEverywhere(["animated": true])
        try b.expectOnlyTargetChanges {
            let answer = try b.s.call("skeleton/stopAnimation", b.params(b.target))

            #expect(answer["outcome"] == "animation")
        }
    }

    @Test func layers() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.s.call("skeleton/show", b.params(b.target, ["transition": "none"]))
        #expect(!(try b.skeletonLayers(b.target)).isEmpty)
        for scene in b.scenes where scene != b.target { #expect(try b.skeletonLayers(scene).isEmpty) }
        #expect(try b.skeletonLayers(nil).isEmpty)  // the initial scene
    }

    @Test func treeDescription() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        let scenes = try b.s.call("skeleton/scenes", b.params(nil)).arrayValue ?? []
        let target = try #require(scenes.first { $0["id"]?.stringValue == b.target })
        let tree = try b.s.call("skeleton/treeDescription", b.params(b.target))
        #expect(tree["tree"]?["reference"] == target["rootViewID"])
        let initial = try b.s.call("skeleton/treeDescription", b.params(nil))
        #expect(initial["tree"]?["reference"] != target["rootViewID"])
    }

    @Test func isActive() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.s.call("skeleton/show", b.params(b.target, ["transition": "none"]))
        #expect(try b.s.call("skeleton/isActive", b.params(b.target)) == true)
        for scene in b.scenes where scene != b.target {
            #expect(try b.s.call("skeleton/isActive", b.params(scene)) == false)
        }
    }

    @Test func setTraits() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.showEverywhere()
        try b.expectOnlyTargetChanges {
            let answer = try b.s.call("skeleton/setTraits", b.params(b.target, ["colorScheme": "dark"]))

            #expect(answer == .null)
        }
        #expect(try b.s.call("skeleton/layers", b.params(b.target))["background"] == "#000000FF")
        // Back to the document's own.
        try b.s.call("skeleton/setTraits", b.params(b.target, ["colorScheme": .null]))
        #expect(try b.s.call("skeleton/layers", b.params(b.target))["background"] == "#FFFFFFFF")
    }

    @Test func setAppearance() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.s.call("skeleton/setAppearance", b.params(b.target, ["appearance": ["tintColor": "#FF0000"]]))
        try b.showEverywhere()
        let red = { (layer: JSON) in layer["fill"]?["solid"] == "#FF0000FF" }
        let target = try b.skeletonLayers(b.target)
        #expect(!target.isEmpty && target.allSatisfy(red))
        for scene in b.scenes where scene != b.target { #expect(!(try b.skeletonLayers(scene)).contains(where: red)) }
    }

    @Test func setMotion() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        try b.showEverywhere(["animated": true])
        try b.expectOnlyTargetChanges {
            let answer = try b.s.call("skeleton/setMotion", b.params(b.target, ["reducedMotion": "static"]))

            #expect(answer == .null)
        }
    }

    @Test func previewRender() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        let render = { (scene: String?) throws -> JSON in
            try b.s.call("preview/render", b.params(scene, ["encoding": "crc32"]))
        }
        let before = try b.scenes.map { try render($0) }
        try b.s.call("skeleton/show", b.params(b.target, ["transition": "none"]))
        for (scene, old) in zip(b.scenes, before) {
            let new = try render(scene)
            if scene == b.target {
                #expect(new["checksum"] != old["checksum"])
            } else {
                #expect(new == old, "scene \(scene)")
            }
        }
    }

    @Test func previewSubscribe() throws {
        let b = try Storyboard()
        defer { b.s.close() }
        let targetNodes = Set(
            try b.s.call("skeleton/layers", b.params(b.target, ["includeContent": true]))["layers"]?
                .arrayValue?.compactMap { $0["node"]?.stringValue } ?? [])
        try b.s.call("preview/subscribe", b.params(b.target, ["encoding": "layers", "window": 64]))
        // A show on another scene, then on the target: frames carry the target's skeleton alone.
        for scene in b.scenes where scene != b.target {
            try b.s.call("skeleton/show", b.params(scene, ["transition": "none"]))
        }
        let shown = try b.s.call("skeleton/show", b.params(b.target, ["transition": "none"]))
        let leaves = Set(shown["leaves"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var added = Set<String>()
        while !leaves.isSubset(of: added) {
            let frame = try b.s.notification("preview/frame")
            for op in frame["ops"]?.arrayValue ?? [] {
                guard let layer = op["layer"], layer["kind"] != "content", let node = layer["node"]?.stringValue
                else { continue }
                #expect(targetNodes.contains(node) || leaves.contains(node), "\(node) is the target scene's")
                added.insert(node)
            }
            if let seq = frame["seq"], let subscription = frame["subscription"] {
                b.s.client.notify("preview/ack", ["subscription": subscription, "seq": seq])
            }
        }
        #expect(added == leaves)
    }
}
