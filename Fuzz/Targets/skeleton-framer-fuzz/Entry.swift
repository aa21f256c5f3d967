import FuzzReplay

/// libFuzzer's entry point: one stream of valid messages with garbage between them through `ContentLengthFramer`,
/// checked against the recovery property (FramerFuzzSession), not only for crashes.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FramerFuzzSession.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if !SKELETOND_LIBFUZZER
    /// Without libFuzzer, `skeleton-framer-fuzz FILE...` replays inputs and prints the stream's parts and the
    /// framer's events.
    @main
    enum ReplayMain {
        static func main() {
            FuzzReplay.main(tool: "skeleton-framer-fuzz", what: "framer") { FramerFuzzSession.run($0, verbose: true) }
        }
    }
#endif
