#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's entry point: one input through the whole input path of the daemon. Never crashes or hangs on
/// any input (that is what the fuzzer checks).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzSession.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if !SKELETOND_LIBFUZZER
/// Without libFuzzer (a plain `swift build`), the target replays inputs: `skeletond-fuzz FILE...` runs each
/// file through the same session and prints what the daemon would answer, which reproduces a crash that `scripts/fuzz` kept in `fuzz-artifacts/`.
@main
enum ReplayMain {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            StandardError.write("usage: skeletond-fuzz FILE...  (replays fuzz inputs; scripts/fuzz runs libFuzzer)\n")
            exit(2)
        }
        for path in paths {
            guard let bytes = ReplayFile.read(path) else {
                StandardError.write("skeletond-fuzz: cannot read \(path)\n")
                exit(1)
            }
            bytes.withUnsafeBytes { FuzzSession.run($0, output: 1) }
            StandardError.write("ran \(path) (\(bytes.count) bytes)\n")
        }
    }
}
#endif
