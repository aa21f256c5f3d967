/// Every typed method, for what checks them all (the schema test, `Protocol/schemas/methods.schema.json`).
package enum ProtocolMethods {
    /// A method's name, its params type and whether it is a request.
    package struct Entry: Sendable {
        package let method: String
        package let params: any ProtocolObject.Type
        package let isRequest: Bool
    }

    /// Every typed method, requests and notifications.
    package static let all: [Entry] = [
        request(InitializeRequest.self),
        notification(InitializedNotification.self),
        notification(DidOpenTextDocument.self),
        notification(DidChangeTextDocument.self),
        notification(DidCloseTextDocument.self),
        request(DocumentSymbolRequest.self),
        request(HoverRequest.self),
        request(DefinitionRequest.self),
        request(ReferencesRequest.self),
        request(DocumentColorRequest.self),
        request(ColorPresentationRequest.self),
        request(FoldingRangeRequest.self),
        request(CompletionRequest.self),
        request(InlayHintRequest.self),
        request(FormattingRequest.self),
        request(CodeActionRequest.self),
        request(ShowRequest.self),
        request(UpdateRequest.self),
        request(HideRequest.self),
        request(StartAnimationRequest.self),
        request(StopAnimationRequest.self),
        request(IsActiveRequest.self),
        request(TreeDescriptionRequest.self),
        request(LayersRequest.self),
        request(SetTraitsRequest.self),
        request(ClockAdvanceRequest.self),
        request(ClockSetRequest.self),
        request(StatusRequest.self),
        request(RenderPreviewRequest.self),
        request(SubscribeRequest.self),
        request(ViewportRequest.self),
        request(AckRequest.self),
        notification(AckNotification.self),
        request(RefreshRequest.self),
        request(UnsubscribeRequest.self),
        request(ScenesRequest.self),
        request(PatchRequest.self),
        request(SetAppearanceRequest.self),
        request(SetMotionRequest.self),
        request(WorkspaceRequest.self),
        notification(DidChangeWatchedFiles.self),
    ]

    private static func notification<Method: NotificationMethod>(_: Method.Type) -> Entry {
        Entry(method: Method.method, params: Method.Params.self, isRequest: false)
    }

    private static func request<Method: RequestMethod>(_: Method.Type) -> Entry {
        Entry(method: Method.method, params: Method.Params.self, isRequest: true)
    }
}
