import Foundation
import JSON
package import JSONRPC

/// skeletond assembled: every feature registers its methods in one table, and `initialize` announces them.
package final class SkeletonLanguageServer: Sendable {
    package let server: Server
    package let configuration: SessionConfiguration
    package let documents: DocumentStore

    /// - Parameters:
    ///   - debug: log the skeleton tree after every show (`SKELETON_DEBUG`); by default, whether that variable is set.
    ///   - previewBudget: the bytes of frames all preview subscriptions together may hold (`PreviewLimits`).
    ///   - onExit: ends the process with the given status (tests record it instead).
    package init(
        log: Logger, debug: Bool? = nil, previewBudget: Int = PreviewLimits.frameBudget,
        onExit: @escaping @Sendable (Int32) -> Void
    ) {
        let configuration = SessionConfiguration()
        let documents = DocumentStore(configuration: configuration, log: log, previewBudget: previewBudget)
        var table = MethodTable()
        documents.register(in: &table)
        documents.registerWorkspace(in: &table)
        documents.previews.register(in: &table)
        RenderMethod.register(in: &table, provider: documents, clock: configuration.clock)
        SkeletonMethods(
            documents: documents, debug: debug ?? (ProcessInfo.processInfo.environment["SKELETON_DEBUG"] != nil)
        ).register(in: &table)
        PatchMethod(documents: documents).register(in: &table)
        StatusMethod.register(in: &table, documents: documents)
        configuration.clock.register(in: &table)
        LanguageFeatures(documents: documents).register(in: &table)
        CodeActions(documents: documents).register(in: &table)
        let methods = table.requestMethods
        self.configuration = configuration
        self.documents = documents
        self.server = Server(
            table: table, log: log,
            initializer: { params in
                try documents.configureWorkspace(from: params)
                configuration.configure(from: params)
                return Self.capabilities(methods: methods, encoding: configuration.positionEncoding)
            }, onExit: onExit)
        documents.attach(server)
    }

    /// The capabilities `initialize` returns.
    /// Each language feature registered is announced by its LSP capability (see `LanguageFeatures`); the
    /// `experimental.skeleton.methods` list names the rest.
    static func capabilities(methods: [String], encoding: PositionEncoding) -> JSON {
        var capabilities: JSONObject = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2],
        ]
        for (method, capability) in LanguageFeatures.capabilities where methods.contains(method) {
            capabilities[capability] = LanguageFeatures.capabilityOptions[capability] ?? true
        }
        if methods.contains("textDocument/codeAction") {
            capabilities["codeActionProvider"] = CodeActions.capability
        }
        let own = methods.filter { method in
            method != "textDocument/codeAction" && !LanguageFeatures.capabilities.contains { $0.method == method }
        }
        capabilities["experimental"] = [
            "skeleton": ["methods": .array(own.map(JSON.string)), "previews": PreviewHub.capabilities]
        ]
        return .object(capabilities)
    }
}
