import Foundation
import FuzzReplay
import SwiftCode

/// Reads one input as a Swift file the way the daemon does: on a thread with the stack of a dispatch worker
/// (512 KiB), so what would overflow a document lane's stack overflows here too. Traps unless every hint lies within
/// the file (1-based lines and columns, start before end). (One reading per input: the runs of the dictionary need
/// many executions a second to grow deep.)
enum SwiftFuzzSession {
    /// The stack of the thread the input is read on: a dispatch worker's, where the daemon's lanes run.
    static let stackBytes = 512 << 10

    /// The most bytes an input's repeated unit grows to.
    static let maxRepeatedBytes = 1 << 20

    /// The Swift text of an input: the bytes as they are, or, for `head NUL unit NUL r tail`, `head`, then `unit`
    /// (r + 1) × 16 times (at most `maxRepeatedBytes`), then `tail`: a few bytes the mutator changes make a
    /// construct thousands deep or long (`let v = NUL try NUL 0x3F f()` is 1,024 `try`s).
    static func text(_ data: UnsafeRawBufferPointer) -> String {
        let bytes = Array(data)
        guard let first = bytes.firstIndex(of: 0), let second = bytes[(first + 1)...].firstIndex(of: 0),
            second + 1 < bytes.count
        else { return String(decoding: bytes, as: UTF8.self) }
        let unit = bytes[(first + 1)..<second]
        let times = min((Int(bytes[second + 1]) + 1) * 16, maxRepeatedBytes / max(unit.count, 1))
        var expanded = Array(bytes[..<first])
        for _ in 0..<times { expanded += unit }
        expanded += bytes[(second + 2)...]
        return String(decoding: expanded, as: UTF8.self)
    }

    static func run(_ data: UnsafeRawBufferPointer, verbose: Bool = false) {
        let text = text(data)
        let facts = onWorkerStack { SwiftCodeReader.read(text: text, file: "file:///fuzz.swift") }
        if verbose {
            StandardError.write(
                "\(facts.classes.count) classes: \(facts.classes.map(\.name)); \(facts.allHints.count) hints\n")
            for hint in facts.allHints.prefix(20) {
                StandardError.write(
                    "  \(hint.kind) \(hint.range.start.line):\(hint.range.start.column) \(hint.message)\n")
            }
        }
        let lines = text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        for hint in facts.allHints {
            let (start, end) = (hint.range.start, hint.range.end)
            guard start.line >= 1, start.column >= 1, end.line <= lines, !(end < start) else {
                StandardError.write("hint out of the file (\(lines) lines): \(hint)\n")
                abort()
            }
        }
    }

    /// Runs `body` on a new thread with `stackBytes` of stack and waits for its result.
    private static func onWorkerStack(_ body: @escaping @Sendable () -> SwiftCodeFacts) -> SwiftCodeFacts {
        let done = DispatchSemaphore(value: 0)
        let result = Box()
        let thread = Thread {
            let signalStack = alternateSignalStack()
            result.value = body()
            removeAlternateSignalStack(signalStack)
            done.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        done.wait()
        return result.value ?? SwiftCodeFacts()
    }

    /// Gives the calling thread a signal stack of its own (64 KiB), so that when its stack overflows libFuzzer's
    /// handler can still run (on the overflowed stack it cannot) and keep the input in fuzz-artifacts/.
    private static func alternateSignalStack() -> UnsafeMutableRawPointer? {
        let size = 64 << 10
        guard let memory = malloc(size) else { return nil }
        var alternate = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        guard sigaltstack(&alternate, nil) == 0 else {
            free(memory)
            return nil
        }
        return memory
    }

    /// Takes the calling thread's signal stack back, before the thread ends.
    private static func removeAlternateSignalStack(_ memory: UnsafeMutableRawPointer?) {
        guard let memory else { return }
        var disabled = stack_t(ss_sp: nil, ss_flags: Int32(SS_DISABLE), ss_size: 0)
        sigaltstack(&disabled, nil)
        free(memory)
    }

    /// The worker's result, written once before the semaphore is signalled and read after it is waited for.
    private final class Box: @unchecked Sendable {
        var value: SwiftCodeFacts?
    }
}
