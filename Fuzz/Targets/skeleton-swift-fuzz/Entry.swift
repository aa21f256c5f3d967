import FuzzReplay

/// libFuzzer's entry point: one input is one Swift file, read by `SwiftCodeReader` (swift-syntax's parser, then the
/// classes, statements and hints) as the daemon reads a Swift document, and checked (SwiftFuzzSession).
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    SwiftFuzzSession.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if !SKELETOND_LIBFUZZER
    /// Without libFuzzer, `skeleton-swift-fuzz FILE...` replays inputs and prints what the reader found.
    @main
    enum ReplayMain {
        static func main() {
            FuzzReplay.main(tool: "skeleton-swift-fuzz", what: "Swift code") { SwiftFuzzSession.run($0, verbose: true) }
        }
    }
#endif
