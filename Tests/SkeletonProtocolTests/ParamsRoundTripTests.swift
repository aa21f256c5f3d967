import JSON
import SkeletonModel
import SkeletonProtocol
import Testing

/// Every method's params a client can build: written (`EncodableObject.json`), read back by the one decoder, they
/// are the same value (so the encoder and the decoder cannot drift apart), and what is written is what
/// `Protocol/schemas/methods.schema.json` allows.
@Suite struct ParamsRoundTripTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        let method: String
        let params: any EncodableObject
        var testDescription: String { method }
    }

    static let document = TextDocumentIdentifier(uri: "file:///a.skeleton.json")
    static let position = Position(line: 3, character: 14)
    static let range = PositionRange(start: Position(line: 1, character: 2), end: Position(line: 4, character: 0))
    static let scene = SceneName(uri: "file:///Main.storyboard", scene: "BYZ-38-t0r")
    static let subscription = SubscriptionName("s1")

    static let color = SkeletonColor(light: RGBA(r8: 0x12, g8: 0x34, b8: 0x56), dark: RGBA(r8: 1, g8: 2, b8: 3, a8: 4))
    static let custom = CustomAnimation(
        tracks: [
            AnimationTrack(property: .backgroundColor, from: .color(color), to: .complementaryColor),
            AnimationTrack(property: .opacity, to: .number(0.5)),
            AnimationTrack(property: .startPoint, from: .point(Point(x: 0, y: 0.5)), to: .point(Point(x: 1, y: 0.5))),
        ],
        duration: 2, timingFunction: .cubicBezier(0.1, 0.2, 0.3, 0.4), autoreverses: true, repeatCount: 3)
    static let codeAction = try? CodeActionRequest.Params(
        textDocument: document, range: range,
        diagnostics: [["range": range.json, "message": "no frame", "source": "skeletond", "code": "missingFrame"]])

    /// Every field set to something other than its default.
    static let samples: [Sample] =
        [
            Sample(
                method: InitializeRequest.method,
                params: InitializeRequest.Params(
                    processID: 4242,
                    initializationOptions: InitializationOptions(
                        clock: .manual, motion: MotionChange(reducedMotion: .fade, stopAfter: 5),
                        incrementalEdits: false,
                        workspace: WorkspaceLimitOptions(maxFiles: 10, maxBytes: 1 << 20, maxSyntaxTreeBytes: 1 << 22)),
                    capabilities: ClientCapabilities(
                        positionEncodings: ["utf-8", "utf-16"], workDoneProgress: true, registersWatchers: true),
                    workspaceFolders: ["file:///App", "file:///Kit"])),
            Sample(
                method: ShowRequest.method,
                params: ShowRequest.Params(
                    target: scene, node: "title",
                    options: ShowOptions(
                        type: .gradient, color: color,
                        gradient: SkeletonGradient(colors: [color, SkeletonColor(white: 0.5)]),
                        animated: true, animation: .sliding(direction: .topBottom, duration: 2, autoreverses: true),
                        delay: 0.5, transition: .none, minimumDuration: 1, assumeSkeletonable: true))),
            Sample(
                method: ShowRequest.method,
                params: ShowRequest.Params(
                    target: scene, options: ShowOptions(assumeSkeletonable: true), explicit: false)),
            Sample(
                method: UpdateRequest.method,
                params: UpdateRequest.Params(
                    target: scene,
                    options: UpdateOptions(
                        type: .gradient, color: SkeletonColor(white: 0.25, alpha: 0.5), animated: true,
                        animation: .custom(custom)))),
            Sample(
                method: HideRequest.method,
                params: HideRequest.Params(
                    target: scene, node: "0.2",
                    options: HideOptions(transition: .crossDissolve(1), reloadDataAfter: false))),
            Sample(
                method: StartAnimationRequest.method,
                params: StartAnimationRequest.Params(target: scene, options: AnimationOption(animation: .pulse))),
            Sample(
                method: SetMotionRequest.method,
                params: SetMotionRequest.Params(
                    target: scene, motion: MotionChange(gradientSpace: .canvas, reducedMotion: .static, stopAfter: 3))),
            Sample(
                method: SetMotionRequest.method, params: SetMotionRequest.Params(target: nil, motion: MotionChange())),
            Sample(method: InitializedNotification.method, params: InitializedNotification.Params()),
            Sample(
                method: DidOpenTextDocument.method,
                params: DidOpenTextDocument.Params(
                    textDocument: TextDocumentItem(
                        uri: document.uri, languageId: "json", version: 7, text: "{\"é\": 1}".utf8))),
            Sample(
                method: DidChangeTextDocument.method,
                params: DidChangeTextDocument.Params(
                    textDocument: VersionedTextDocumentIdentifier(uri: document.uri, version: 8),
                    contentChanges: [
                        TextDocumentContentChangeEvent(range: range, text: "x"),
                        TextDocumentContentChangeEvent(text: "{}"),
                    ])),
            Sample(method: DidCloseTextDocument.method, params: DidCloseTextDocument.Params(textDocument: document)),
            Sample(method: DocumentSymbolRequest.method, params: TextDocumentParams(textDocument: document)),
            Sample(
                method: HoverRequest.method,
                params: TextDocumentPositionParams(textDocument: document, position: position)),
            Sample(
                method: DefinitionRequest.method,
                params: TextDocumentPositionParams(textDocument: document, position: position)),
            Sample(
                method: ReferencesRequest.method,
                params: ReferencesRequest.Params(textDocument: document, position: position, includeDeclaration: true)),
            Sample(method: DocumentColorRequest.method, params: TextDocumentParams(textDocument: document)),
            Sample(
                method: ColorPresentationRequest.method,
                params: ColorPresentationRequest.Params(
                    textDocument: document,
                    color: ColorPresentationRequest.Color(red: 0.25, green: 1, blue: 0, alpha: 0.5),
                    range: range)),
            Sample(method: FoldingRangeRequest.method, params: TextDocumentParams(textDocument: document)),
            Sample(
                method: CompletionRequest.method,
                params: TextDocumentPositionParams(textDocument: document, position: position)),
            Sample(
                method: InlayHintRequest.method, params: TextDocumentRangeParams(textDocument: document, range: range)),
            Sample(
                method: FormattingRequest.method,
                params: FormattingRequest.Params(
                    textDocument: document, options: FormattingOptions(tabSize: 4, insertSpaces: false))),
            Sample(
                method: StopAnimationRequest.method, params: StopAnimationRequest.Params(target: scene, node: "title")),
            Sample(
                method: IsActiveRequest.method,
                params: IsActiveRequest.Params(target: scene, node: "title", options: TimeOption(time: 1.5))),
            Sample(
                method: TreeDescriptionRequest.method,
                params: TreeDescriptionRequest.Params(
                    target: scene, node: "0.1", options: TreeOptions(includeState: true, time: 2))),
            Sample(
                method: LayersRequest.method,
                params: LayersRequest.Params(target: scene, time: 0.75, includeContent: true)),
            Sample(
                method: SetTraitsRequest.method,
                params: SetTraitsRequest.Params(
                    target: scene, colorScheme: .set(.dark), layoutDirection: .set(nil), width: .set(390))),
            Sample(method: ClockAdvanceRequest.method, params: ClockAdvanceRequest.Params(seconds: 0.25)),
            Sample(method: ClockSetRequest.method, params: ClockSetRequest.Params(time: 12.5)),
            Sample(method: StatusRequest.method, params: NoParams()),
            Sample(
                method: RenderPreviewRequest.method,
                params: RenderPreviewRequest.Params(
                    uri: scene.uri, scene: scene.scene, encoding: "png", time: 0.5, scale: 2,
                    region: PixelRegion(x: 1, y: 2, width: 30, height: 40), outlines: true)),
            Sample(
                method: SubscribeRequest.method,
                params: SubscribeRequest.Params(
                    uri: scene.uri, scene: scene.scene, encoding: "cells", scale: 1.5, maxFPS: 24, window: 8,
                    cells: CellGridSize(columns: 80, rows: 24), outlines: true,
                    viewport: PreviewViewport(Rect(x: -10, y: 20.5, width: 320, height: 240)))),
            Sample(
                method: ViewportRequest.method,
                params: ViewportRequest.Params(
                    subscription: subscription, viewport: PreviewViewport(Rect(x: 0, y: 100, width: 375, height: 200)))),
            Sample(
                method: ViewportRequest.method,
                params: ViewportRequest.Params(subscription: subscription, cells: CellGridSize(columns: 120, rows: 40))),
            Sample(
                method: ViewportRequest.method,
                params: ViewportRequest.Params(
                    subscription: subscription, viewport: PreviewViewport(Rect(x: 0, y: 0, width: 100, height: 50)),
                    cells: CellGridSize(columns: 1, rows: 500))),
            Sample(method: AckRequest.method, params: AckRequest.Params(subscription: subscription, seq: 42)),
            Sample(method: RefreshRequest.method, params: subscription),
            Sample(method: UnsubscribeRequest.method, params: subscription),
            Sample(method: ScenesRequest.method, params: ScenesRequest.Params(document: document)),
            Sample(method: WorkspaceRequest.method, params: NoParams()),
            Sample(
                method: DidChangeWatchedFiles.method,
                params: DidChangeWatchedFiles.Params(changes: [
                    FileEvent(uri: "file:///App/A.swift", type: .created),
                    FileEvent(uri: "file:///App/B.swift", type: .deleted),
                ])),
        ] + (codeAction.map { [Sample(method: CodeActionRequest.method, params: $0)] } ?? [])

    /// The methods whose params no client builds as a value: a patch's ops and an appearance are JSON a client
    /// writes as it means them (no sender of this repository sends either).
    static let untyped: Set<String> = [PatchRequest.method, SetAppearanceRequest.method]

    @Test func everyMethodIsSampledOrListedAsUntyped() {
        var encodable: Set<String> = []
        for entry in ProtocolMethods.all where entry.params is any EncodableObject.Type {
            encodable.insert(entry.method)
        }
        #expect(Set(Self.samples.map(\.method)) == encodable)
        #expect(Set(ProtocolMethods.all.map(\.method)).subtracting(encodable) == Self.untyped)
    }

    /// Options write every member their decoder reads, so a member added to one is missed by neither.
    @Test func optionsWriteTheMembersTheyRead() {
        func names<Options: EncodableOptions>(_: Options.Type) -> Bool {
            Set(Options.defaults.members.map(\.name)) == Options.optionMembers
        }
        #expect(names(ShowOptions.self))
        #expect(names(UpdateOptions.self))
        #expect(names(HideOptions.self))
        #expect(names(AnimationOption.self))
        #expect(names(NoOptions.self))
        #expect(names(TimeOption.self))
        #expect(names(TreeOptions.self))
    }

    @Test(arguments: samples) func writtenParamsReadBackAsTheSameValue(_ sample: Sample) throws {
        let entries = ProtocolMethods.all.filter { $0.method == sample.method }
        #expect(entries.allSatisfy { $0.params == type(of: sample.params) }, "the sample is of the method's type")
        let document = try JSONDocument.parse(JSON.object(["params": sample.params.json]).bytes)
        let decoded = try type(of: sample.params).decode(params: document.value["params"])
        #expect(Self.fields(decoded) == Self.fields(sample.params))
        #expect(decoded.json == sample.params.json)
    }

    @Test(arguments: samples) func writtenParamsMeetTheSchema(_ sample: Sample) throws {
        let defs = try SchemaConformanceTests.definitions()
        let schema = try #require(SchemaConformanceTests.definition(sample.method, in: defs))
        #expect(Self.problems(sample.params.json, schema, defs: defs, at: "params") == [])
    }

    /// The value's stored fields, recursively, its sources (where the server reports errors) left out.
    static func fields(_ value: Any) -> String {
        if value is JSONValue { return "source" }
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else { return String(describing: value) }
        var children = mirror.children.map { "\($0.label ?? ""): \(fields($0.value))" }
        if mirror.displayStyle == .set || mirror.displayStyle == .dictionary { children.sort() }
        return "\(mirror.subjectType)(\(children.joined(separator: ", ")))"
    }

    /// What in `json` the schema does not allow: a value of another type or not in its `enum`, members it does not
    /// list, required members left out, at any depth.
    static func problems(_ json: JSON, _ schema: JSONValue, defs: JSONValue, at path: String) -> [String] {
        var found: [String] = []
        let types = schema["type"].map { $0.kind == .array ? $0.elements.compactMap(\.string) : [$0.string ?? ""] }
        if let types, !types.contains(where: { Self.isOfType(json, $0) }) {
            found.append("\(path) is \(json.text), not \(types.joined(separator: " or "))")
        }
        if let choices = schema["enum"]?.elements, !choices.contains(where: { $0.json == json }) {
            found.append("\(path) is \(json.text), not one of the schema's enum")
        }
        guard case .object(let object) = json, let properties = schema["properties"] else { return found }
        for name in SchemaConformanceTests.required(schema) where object[name] == nil {
            found.append("\(path)/\(name) is required")
        }
        for (name, value) in object {
            guard let member = SchemaConformanceTests.resolve(properties[name], defs) else {
                found.append("\(path)/\(name) is not in the schema")
                continue
            }
            found += problems(value, member, defs: defs, at: "\(path)/\(name)")
            if case .array(let elements) = value, let items = SchemaConformanceTests.resolve(member["items"], defs) {
                for (k, element) in elements.enumerated() {
                    found += problems(element, items, defs: defs, at: "\(path)/\(name)/\(k)")
                }
            }
        }
        return found
    }

    /// Whether `json` is of the JSON Schema type `type`.
    static func isOfType(_ json: JSON, _ type: String) -> Bool {
        switch (type, json) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("integer", .int), ("number", .int), ("number", .double):
            true
        case ("integer", .double(let number)): number.rounded() == number
        default: false
        }
    }
}
