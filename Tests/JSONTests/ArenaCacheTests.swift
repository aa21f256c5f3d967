import Foundation
import JSON
import Synchronization
import Testing

/// The arena's per-thread chunk cache: a parse reuses the chunks the same thread freed, documents freed on another
/// thread give theirs back safely, and two threads parsing at once never share a chunk.
@Suite struct ArenaCacheTests {
    /// Runs `body` on a thread of its own (the cache is per thread), waits for it and returns what it returned.
    func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }.start()
        done.wait()
        return result.withLock { $0 }
    }

    @Test func aThreadReusesTheChunksItFreed() {
        let counts = onThread { () -> [Int] in
            var document = try? JSONDocument.parse(#"{"jsonrpc":"2.0","id":1,"method":"m"}"#)
            let id = document?.value["id"]?.int ?? -1
            let whileParsed = JSONArenaStatistics.threadCachedChunks
            document = nil
            let freed = JSONArenaStatistics.threadCachedChunks
            let again = try? JSONDocument.parse(#"{"jsonrpc":"2.0","id":2,"method":"m"}"#)
            return [
                id, freed - whileParsed, JSONArenaStatistics.threadCachedChunks - freed, again?.value["id"]?.int ?? -1,
            ]
        }
        // Freed on its own thread: its one chunk goes to the cache, and the next parse takes it back.
        #expect(counts == [1, 1, -1, 2])
    }

    @Test func blocksAreStillCounted() throws {
        let before = JSONArenaStatistics.arenaAllocations
        let document = try JSONDocument.parse(#"{"a":[1,2,3],"b":"c"}"#)
        #expect(document.value["a"]?.count == 3)
        // At least the object, the array, its three integers and the string (other tests may parse meanwhile).
        #expect(JSONArenaStatistics.arenaAllocations - before >= 6)
    }

    /// Two threads parse at once, each keeping a window of live documents and checking every value it parsed:
    /// a chunk given to both would show as a wrong value. Half of each thread's documents are freed by the other.
    @Test func twoThreadsParseAtOnceWithoutSharingChunks() {
        let liveBefore = JSONArenaStatistics.liveHeapBlocks
        let handOver = Mutex<[[JSONDocument]]>([[], []])
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        for worker in 0..<2 {
            group.enter()
            Thread {
                var kept: [(Int, JSONDocument)] = []
                func check(_ j: Int, _ document: JSONDocument) {
                    let value = document.value
                    let pad = value["pad"]?.string?.utf8.count
                    guard value["w"]?.int == worker, value["i"]?.int == j, pad == (j * 37) % 20_000 else {
                        return failures.withLock { $0.append("worker \(worker), document \(j)") }
                    }
                }
                for i in 0..<2_000 {
                    let pad = String(repeating: "x", count: (i * 37) % 20_000)  // 1 to 5 chunk sizes
                    guard let document = try? JSONDocument.parse(#"{"w":\#(worker),"i":\#(i),"pad":"\#(pad)"}"#)
                    else {
                        failures.withLock { $0.append("worker \(worker) could not parse \(i)") }
                        continue
                    }
                    kept.append((i, document))
                    if kept.count > 16 {
                        let (j, old) = kept.removeFirst()
                        check(j, old)
                        if j % 2 == 0 { handOver.withLock { $0[1 - worker].append(old) } }
                    }
                    // Free, on this thread, what the other thread handed over.
                    let handed = handOver.withLock { list -> [JSONDocument] in
                        defer { list[worker] = [] }
                        return list[worker]
                    }
                    _ = handed.count
                }
                for (j, document) in kept { check(j, document) }
                group.leave()
            }.start()
        }
        group.wait()
        handOver.withLock { $0 = [[], []] }
        #expect(failures.withLock { $0 } == [])
        #expect(JSONArenaStatistics.liveHeapBlocks == liveBefore)
    }
}
