import JSONRPC
import SkeletonServer
import Testing

@Suite struct LifetimeTests {
    /// A server and its documents go away with their last owner (the fuzzer makes one per input).
    @Test func aServerIsFreedWithItsLastOwner() {
        weak var documents: DocumentStore?
        weak var server: Server?
        do {
            let daemon = SkeletonLanguageServer(log: Logger(level: .error)) { _ in }
            documents = daemon.documents
            server = daemon.server
            #expect(documents != nil && server != nil)
        }
        #expect(documents == nil)
        #expect(server == nil)
    }
}
