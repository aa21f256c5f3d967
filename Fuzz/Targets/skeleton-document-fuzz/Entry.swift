import FuzzReplay

/// libFuzzer's entry point: one input through document sync, parsing, validation, diagnostics and layout.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    DocumentFuzzSession.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if !SKELETOND_LIBFUZZER
    /// Without libFuzzer, `skeleton-document-fuzz FILE...` replays inputs.
    @main
    enum ReplayMain {
        static func main() {
            FuzzReplay.main(tool: "skeleton-document-fuzz", what: "document") { DocumentFuzzSession.run($0) }
        }
    }
#endif
