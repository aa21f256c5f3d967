import JSON
public import JSONRPC

/// Assembles skeletond: every feature registers its methods in one table, and `initialize` announces them.
public enum SkeletonLanguageServer {
    /// A server with every feature, ready to be given a connection.
    public static func make(log: Logger, onExit: @escaping @Sendable (Int32) -> Void) -> Server {
        let documents = DocumentStore()
        var table = MethodTable()
        documents.register(in: &table)
        let methods = table.requestMethods
        return Server(table: table, log: log, initializer: { _ in capabilities(methods: methods) }, onExit: onExit)
    }

    /// The capabilities `initialize` returns.
    static func capabilities(methods: [String]) -> JSON {
        [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 1],
            "experimental": ["skeleton": ["methods": .array(methods.map(JSON.string))]],
        ]
    }
}
