import JSON
import JSONRPC

/// `daemon/status`: what the daemon holds right now (for operators, and for tests of flow control).
enum StatusMethod {
    static func register(in table: inout MethodTable, documents: DocumentStore) {
        table.encodedRequest("daemon/status", route: .control, members: []) { context in
            let outbox = context.server.connection?.outbox
            let status = DaemonStatus(
                documents: documents.count,
                subscriptions: documents.previews.count,
                framesBuilt: documents.previews.framesBuilt,
                pendingWork: context.server.pendingWork,
                fullAnalyses: documents.analysisCounts.withLock { $0.full },
                incrementalAnalyses: documents.analysisCounts.withLock { $0.incremental },
                queuedBytes: outbox?.queuedBytes ?? 0,
                congested: outbox?.isCongested ?? false,
                messagesWritten: outbox?.writtenCount ?? 0,
                budget: outbox?.budget ?? 0,
                budgetWaits: outbox?.budgetWaitCount ?? 0)
            return status.encoded
        }
    }
}

/// The figures `daemon/status` answers with.
struct DaemonStatus: Sendable, Hashable {
    var documents: Int
    var subscriptions: Int
    var framesBuilt: Int
    var pendingWork: Int
    var fullAnalyses: Int
    var incrementalAnalyses: Int
    var queuedBytes: Int
    var congested: Bool
    var messagesWritten: Int
    var budget: Int
    var budgetWaits: Int

    /// The answer written straight as text (no tree): the same bytes as `json`'s encoding.
    var encoded: EncodedJSON {
        var w = JSONWriter(capacity: 256)
        w.writeRaw(#"{"documents":"#)
        w.writeInt(documents)
        w.writeRaw(#","subscriptions":"#)
        w.writeInt(subscriptions)
        w.writeRaw(#","framesBuilt":"#)
        w.writeInt(framesBuilt)
        w.writeRaw(#","pendingWork":"#)
        w.writeInt(pendingWork)
        w.writeRaw(#","analyses":{"full":"#)
        w.writeInt(fullAnalyses)
        w.writeRaw(#","incremental":"#)
        w.writeInt(incrementalAnalyses)
        w.writeRaw(#"},"output":{"queuedBytes":"#)
        w.writeInt(queuedBytes)
        w.writeRaw(congested ? #","congested":true"# : #","congested":false"#)
        w.writeRaw(#","messagesWritten":"#)
        w.writeInt(messagesWritten)
        w.writeRaw(#","budget":"#)
        w.writeInt(budget)
        w.writeRaw(#","budgetWaits":"#)
        w.writeInt(budgetWaits)
        w.writeRaw("}}")
        return EncodedJSON(unchecked: w.bytes)
    }

    /// The answer as a tree (the reference the encoded form is tested against).
    var json: JSON {
        [
            "documents": .int(documents),
            "subscriptions": .int(subscriptions),
            "framesBuilt": .int(framesBuilt),
            "pendingWork": .int(pendingWork),
            "analyses": ["full": .int(fullAnalyses), "incremental": .int(incrementalAnalyses)],
            "output": [
                "queuedBytes": .int(queuedBytes),
                "congested": .bool(congested),
                "messagesWritten": .int(messagesWritten),
                "budget": .int(budget),
                "budgetWaits": .int(budgetWaits),
            ],
        ]
    }
}
