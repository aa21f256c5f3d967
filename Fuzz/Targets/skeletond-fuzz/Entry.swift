import FuzzReplay

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: one input through the whole input path of the daemon. Never crashes or hangs on
/// any input (that is what the fuzzer checks).
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzSession.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if !SKELETOND_LIBFUZZER
    /// Without libFuzzer (a plain `swift build`), `skeletond-fuzz FILE...` replays inputs and prints what the daemon
    /// would answer.
    @main
    enum ReplayMain {
        static func main() {
            FuzzReplay.main(tool: "skeletond-fuzz", what: "protocol") { FuzzSession.run($0, output: 1) }
        }
    }
#endif
