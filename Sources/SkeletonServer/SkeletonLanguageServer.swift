import JSON
public import JSONRPC

/// skeletond assembled: every feature registers its methods in one table, and `initialize` announces them.
public final class SkeletonLanguageServer: Sendable {
    public let server: Server
    public let configuration: SessionConfiguration
    public let documents: DocumentStore

    /// - Parameter onExit: ends the process with the given status (tests record it instead).
    public init(log: Logger, onExit: @escaping @Sendable (Int32) -> Void) {
        let configuration = SessionConfiguration()
        let documents = DocumentStore(configuration: configuration)
        var table = MethodTable()
        documents.register(in: &table)
        configuration.clock.register(in: &table)
        let methods = table.requestMethods
        self.configuration = configuration
        self.documents = documents
        self.server = Server(table: table, log: log, initializer: { params in
            try configuration.configure(from: params)
            return Self.capabilities(methods: methods, encoding: configuration.positionEncoding)
        }, onExit: onExit)
    }

    /// The capabilities `initialize` returns.
    static func capabilities(methods: [String], encoding: PositionEncoding) -> JSON {
        [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2],
            "experimental": ["skeleton": ["methods": .array(methods.map(JSON.string))]],
        ]
    }
}
