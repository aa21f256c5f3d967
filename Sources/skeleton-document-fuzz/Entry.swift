#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// libFuzzer's entry point: one input through document sync, parsing, validation, diagnostics and layout.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    DocumentFuzzSession.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if !SKELETOND_LIBFUZZER
/// Without libFuzzer, the target replays inputs: `skeleton-document-fuzz FILE...`.
@main
enum ReplayMain {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: skeleton-document-fuzz FILE...  (scripts/fuzz runs libFuzzer)\n".utf8))
            exit(2)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("skeleton-document-fuzz: cannot read \(path)\n".utf8))
                exit(1)
            }
            Array(data).withUnsafeBytes { DocumentFuzzSession.run($0) }
            FileHandle.standardError.write(Data("ran \(path) (\(data.count) bytes)\n".utf8))
        }
    }
}
#endif
