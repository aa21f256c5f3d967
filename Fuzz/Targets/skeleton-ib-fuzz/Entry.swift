import FuzzReplay

/// libFuzzer's entry point: one storyboard or XIB text through the reader, scene expansion and mapping
/// (IBFuzzSession), checked for bounded work and consistent answers, not only for crashes.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    IBFuzzSession.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if !SKELETOND_LIBFUZZER
    /// Without libFuzzer, `skeleton-ib-fuzz FILE...` replays inputs and prints what each decoded to.
    @main
    enum ReplayMain {
        static func main() {
            FuzzReplay.main(tool: "skeleton-ib-fuzz", what: "Interface Builder") {
                IBFuzzSession.run($0, verbose: true)
            }
        }
    }
#endif
