import JSON
import JSONRPC
import SkeletonProtocol
import SkeletonText

/// `daemon/status`: what the daemon holds right now (for operators, and for tests of flow control).
enum StatusMethod {
    static func register(in table: inout MethodTable, documents: DocumentStore) {
        table.request(StatusRequest.self, route: .control) { _, context in
            let outbox = context.server.connection?.outbox
            let status = DaemonStatus(
                documents: documents.count,
                subscriptions: documents.previews.count,
                framesBuilt: documents.previews.framesBuilt,
                framesPrepared: documents.previews.framesPrepared,
                frameBytes: documents.previews.frameBytesHeld,
                pendingWork: context.server.pendingWork,
                fullAnalyses: documents.analysisCounts.withLock { $0.full },
                incrementalAnalyses: documents.analysisCounts.withLock { $0.incremental },
                textSync: documents.textSyncCounts.withLock { $0 },
                queuedBytes: outbox?.queuedBytes ?? 0,
                congested: outbox?.isCongested ?? false,
                messagesWritten: outbox?.writtenCount ?? 0,
                budget: outbox?.budget ?? 0,
                budgetWaits: outbox?.budgetWaitCount ?? 0,
                text: TextEngine.shared.work)
            return status.encoded
        }
    }
}

/// The figures `daemon/status` answers with.
struct DaemonStatus: Sendable, Hashable {
    var documents: Int
    var subscriptions: Int
    var framesBuilt: Int
    /// Of `framesBuilt`, those built while the lane that changed the document waited (`PreviewHub.documentChanged`).
    var framesPrepared: Int
    /// Bytes of frames the subscriptions hold, against the preview budget (`PreviewLimits`).
    var frameBytes: Int
    var pendingWork: Int
    var fullAnalyses: Int
    var incrementalAnalyses: Int
    /// Range changes applied and the bytes they moved.
    var textSync: DocumentStore.TextSyncCounts
    var queuedBytes: Int
    var congested: Bool
    var messagesWritten: Int
    var budget: Int
    var budgetWaits: Int
    /// The text engine's work so far (layouts, masks, scalars shaped, glyphs rasterised, work given up).
    var text: TextWork

    /// The answer written straight as text (no tree): the same bytes as `json`'s encoding.
    var encoded: EncodedJSON {
        var w = JSONWriter(capacity: 256)
        w.writeByte(UInt8(ascii: "{"))
        Self.writeMembers(
            [
                "documents": .int(documents), "subscriptions": .int(subscriptions), "framesBuilt": .int(framesBuilt),
                "framesPrepared": .int(framesPrepared), "frameBytes": .int(frameBytes),
                "pendingWork": .int(pendingWork),
            ], into: &w)
        w.writeRaw(#","analyses":{"#)
        Self.writeMembers(["full": .int(fullAnalyses), "incremental": .int(incrementalAnalyses)], into: &w)
        w.writeRaw(#"},"textSync":{"#)
        Self.writeMembers(
            ["rangeChanges": .int(textSync.rangeChanges), "bytesVisited": .int(textSync.bytesVisited)], into: &w)
        w.writeRaw(#"},"output":{"#)
        Self.writeMembers(
            [
                "queuedBytes": .int(queuedBytes), "congested": .bool(congested),
                "messagesWritten": .int(messagesWritten),
                "budget": .int(budget), "budgetWaits": .int(budgetWaits),
            ], into: &w)
        w.writeRaw(#"},"text":{"#)
        Self.writeMembers(
            [
                "layouts": .int(text.layouts), "masks": .int(text.masks), "shapedScalars": .int(text.shapedScalars),
                "rasterizedGlyphs": .int(text.rasterizedGlyphs), "stopped": .int(text.stopped),
            ], into: &w)
        w.writeRaw("}}")
        return EncodedJSON(unchecked: w.bytes)
    }

    /// Writes `"name":value` for each of `members` in order, separated by commas: one object's figures, without its
    /// braces (the values are numbers and booleans: no tree).
    private static func writeMembers(_ members: KeyValuePairs<String, JSON>, into w: inout JSONWriter) {
        for (index, (name, value)) in members.enumerated() {
            if index > 0 { w.writeByte(UInt8(ascii: ",")) }
            w.writeString(name)
            w.writeByte(UInt8(ascii: ":"))
            w.write(value)
        }
    }

    /// The answer as a tree (the reference the encoded form is tested against).
    var json: JSON {
        [
            "documents": .int(documents),
            "subscriptions": .int(subscriptions),
            "framesBuilt": .int(framesBuilt),
            "framesPrepared": .int(framesPrepared),
            "frameBytes": .int(frameBytes),
            "pendingWork": .int(pendingWork),
            "analyses": ["full": .int(fullAnalyses), "incremental": .int(incrementalAnalyses)],
            "textSync": ["rangeChanges": .int(textSync.rangeChanges), "bytesVisited": .int(textSync.bytesVisited)],
            "output": [
                "queuedBytes": .int(queuedBytes),
                "congested": .bool(congested),
                "messagesWritten": .int(messagesWritten),
                "budget": .int(budget),
                "budgetWaits": .int(budgetWaits),
            ],
            "text": [
                "layouts": .int(text.layouts),
                "masks": .int(text.masks),
                "shapedScalars": .int(text.shapedScalars),
                "rasterizedGlyphs": .int(text.rasterizedGlyphs),
                "stopped": .int(text.stopped),
            ],
        ]
    }
}
