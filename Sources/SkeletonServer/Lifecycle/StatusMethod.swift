import JSON
import JSONRPC

/// `daemon/status`: what the daemon holds right now (for operators, and for tests of flow control).
enum StatusMethod {
    static func register(in table: inout MethodTable, documents: DocumentStore) {
        table.request("daemon/status", route: .control, members: []) { context in
            let outbox = context.server.connection?.outbox
            return [
                "documents": .int(documents.count),
                "subscriptions": .int(documents.previews.count),
                "framesBuilt": .int(documents.previews.framesBuilt),
                "pendingWork": .int(context.server.pendingWork),
                "analyses": [
                    "full": .int(documents.analysisCounts.withLock { $0.full }),
                    "incremental": .int(documents.analysisCounts.withLock { $0.incremental }),
                ],
                "output": [
                    "queuedBytes": .int(outbox?.queuedBytes ?? 0),
                    "congested": .bool(outbox?.isCongested ?? false),
                    "messagesWritten": .int(outbox?.writtenCount ?? 0),
                    "budget": .int(outbox?.budget ?? 0),
                    "budgetWaits": .int(outbox?.budgetWaitCount ?? 0),
                ],
            ]
        }
    }
}
