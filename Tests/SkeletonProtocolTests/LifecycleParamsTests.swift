import JSON
import SkeletonModel
import SkeletonProtocol
import Testing

/// The params typed last: `initialize` (absent params are every default; what LSP clients send passed over),
/// `initialized` (never read), the workspace's, `skeleton/patch`'s ops and the motion members of `skeleton/setMotion`.
@Suite struct LifecycleParamsTests {
    static func params(_ text: String) throws -> JSONValue? {
        try JSONDocument.parse(#"{"params": \#(text)}"#).value["params"]
    }

    @Test func initializeWithoutParamsIsEveryDefault() throws {
        let params = try InitializeRequest.Params.decode(params: nil)
        #expect(params.workspaceURIs.isEmpty && params.rootPath == nil)
        #expect(params.initializationOptions.clock == nil && params.initializationOptions.motion == nil)
        #expect(params.capabilities.positionEncodings.isEmpty && !params.capabilities.workDoneProgress)
    }

    @Test func initializeReadsWhatItTakesAndPassesOverTheRest() throws {
        let params = try InitializeRequest.Params.decode(
            params: try Self.params(
                #"""
                {"processId": null, "trace": "off", "workspaceFolders": null, "rootUri": "file:///app",
                 "capabilities": {"general": {"positionEncodings": ["utf-8"]}, "window": "none",
                                  "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}},
                 "initializationOptions": {"clock": "manual", "reducedMotion": "fade", "workspace": {"maxFiles": 3}}}
                """#))
        #expect(params.workspaceURIs == ["file:///app"])
        #expect(params.capabilities.positionEncodings == ["utf-8"])
        #expect(!params.capabilities.workDoneProgress)  // `window` is no object: passed over, as before
        #expect(params.capabilities.registersWatchers)
        #expect(params.initializationOptions.clock == .manual)
        #expect(params.initializationOptions.workspace?.maxFiles?.value == 3)
        let motion = try #require(params.initializationOptions.motion)
        #expect(
            motion.applied(to: MotionOptions(gradientSpace: .canvas))
                == MotionOptions(gradientSpace: .canvas, reducedMotion: .fade))
    }

    @Test(
        arguments: [
            (#"{"processId": "1"}"#, "/params/processId"),
            (#"{"initializationOptions": {"clock": "fast"}}"#, "/params/initializationOptions/clock"),
            (#"{"initializationOptions": {"stopAfter": 0}}"#, "/params/initializationOptions/stopAfter"),
            (#"{"capabilities": {"general": []}}"#, "/params/capabilities/general"),
            (
                #"{"initializationOptions": {"workspace": {"maxSyntaxTreeBytes": "8M"}}}"#,
                "/params/initializationOptions/workspace/maxSyntaxTreeBytes"
            ),
            (
                #"{"initializationOptions": {"workspace": {"maxSyntaxTreeBytes": 1.5}}}"#,
                "/params/initializationOptions/workspace/maxSyntaxTreeBytes"
            ),
            (#"{"workspaceFolders": [{"name": "app"}]}"#, "/params/workspaceFolders/0/uri"),
            (#"{"workspaceFolders": [], "rootUri": 3}"#, nil),
            (#"{"rootUri": 3}"#, "/params/rootUri"),
        ] as [(String, String?)])
    func initializeErrorsNameTheValue(text: String, pointer: String?) throws {
        let params = try Self.params(text)
        var found: String?
        do { _ = try InitializeRequest.Params.decode(params: params) } catch { found = error.pointer.description }
        #expect(found == pointer)
    }

    @Test func initializeRefusesMoreThan64Folders() throws {
        let folders = (0...64).map { #"{"uri": "file:///f\#($0)", "name": "f"}"# }.joined(separator: ",")
        #expect(
            throws: JSONDecodingError(
                pointer: JSONPointer(["params", "workspaceFolders"]), message: "more than 64 workspace folders")
        ) { _ = try InitializeRequest.Params.decode(params: try Self.params("{\"workspaceFolders\": [\(folders)]}")) }
    }

    @Test func initializedParamsAreNeverRead() throws {
        for text in ["{}", "[]", #"{"anything": 1}"#, "null"] {
            _ = InitializedNotification.Params.decode(params: try Self.params(text))
        }
        _ = InitializedNotification.Params.decode(params: nil)
    }

    @Test func aFileEventTypeIsOneOfThree() throws {
        let ok = try DidChangeWatchedFiles.Params.decode(
            params: try Self.params(#"{"changes": [{"uri": "file:///a.swift", "type": 3}]}"#))
        #expect(ok.changes.map(\.type) == [.deleted])
        #expect(
            throws: JSONDecodingError(
                pointer: JSONPointer(["params", "changes", "0", "type"]),
                message: "must be 1 (created), 2 (changed) or 3 (deleted)")
        ) {
            _ = try DidChangeWatchedFiles.Params.decode(
                params: try Self.params(#"{"changes": [{"uri": "u", "type": 4}]}"#))
        }
    }

    @Test func patchOpsAreDecodedBeforeAnyApplies() throws {
        let params = try PatchRequest.Params.decode(
            params: try Self.params(
                #"{"uri": "u", "ops": [{"op": "move", "node": "a", "parent": "0", "index": 1}, {"op": "remove", "node": "b"}]}"#
            ))
        #expect(params.ops.count == 2)
        guard case .move(let node, let parent, let index) = params.ops[0].operation else {
            Issue.record("not a move")
            return
        }
        #expect(node.name == "a" && parent.name == "0" && index?.value == 1)
        #expect(
            throws: JSONDecodingError(pointer: JSONPointer(["params", "ops"]), message: "must list at least one op")
        ) {
            _ = try PatchRequest.Params.decode(params: try Self.params(#"{"uri": "u", "ops": []}"#))
        }
        #expect(
            throws: JSONDecodingError(
                pointer: JSONPointer(["params", "ops", "0", "properties", "children"]),
                message: "children change with insert, remove and move")
        ) {
            _ = try PatchRequest.Params.decode(
                params: try Self.params(
                    #"{"uri": "u", "ops": [{"op": "set", "node": "a", "properties": {"children": []}}]}"#))
        }
    }

    @Test func setMotionChangesOnlyTheMembersItNames() throws {
        let params = try SetMotionRequest.Params.decode(
            params: try Self.params(#"{"stopAfter": 5, "reducedMotion": null}"#))
        #expect(params.target == nil)
        let base = MotionOptions(gradientSpace: .canvas, reducedMotion: .static, stopAfter: 1)
        #expect(
            params.motion.applied(to: base)
                == MotionOptions(gradientSpace: .canvas, reducedMotion: .static, stopAfter: 5))
    }
}
