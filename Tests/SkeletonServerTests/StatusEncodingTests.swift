import JSON
import SkeletonText
import Testing

@testable import SkeletonServer

/// `daemon/status` is written straight as text: the same bytes as its tree.
@Suite struct StatusEncodingTests {
    @Test(arguments: [0, 1, 7, Int.max, Int.min])
    func theEncodedAnswerIsTheTreesText(n: Int) {
        for congested in [false, true] {
            let status = DaemonStatus(
                documents: n, subscriptions: 1, framesBuilt: n, framesPrepared: n / 2, frameBytes: n, pendingWork: 0,
                fullAnalyses: 3,
                incrementalAnalyses: n, textSync: DocumentStore.TextSyncCounts(rangeChanges: n, bytesVisited: 5),
                queuedBytes: 12_345, congested: congested, messagesWritten: n, budget: 64 << 20,
                budgetWaits: n,
                text: TextWork(layouts: n, masks: 2, shapedScalars: n, rasterizedGlyphs: 0, stopped: n))
            #expect(status.encoded.bytes == status.json.bytes)
        }
    }
}
