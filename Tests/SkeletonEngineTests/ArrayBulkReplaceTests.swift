import SkeletondTestSupport
import Testing

@testable import SkeletonEngine

/// Replacing a run by memory copies gives exactly what `replaceSubrange` gives, and leaves a sharing owner's copy
/// as it was.
@Suite struct ArrayBulkReplaceTests {
    @Test func copyingReplacementIsTheStandardReplacement() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let count = Int(random.next() % 40)
            let original = (0..<count).map { _ in Int(random.next() % 1000) }
            let lower = count == 0 ? 0 : Int(random.next() % UInt64(count + 1))
            let upper = lower + Int(random.next() % UInt64(count - lower + 1))
            let new = (0..<Int(random.next() % 6)).map { _ in Int(random.next() % 1000) }
            var expected = original
            expected.replaceSubrange(lower..<upper, with: new)
            var copied = original
            let shared = copied
            copied.replaceSubrange(copying: lower..<upper, with: new)
            #expect(copied == expected, "\(lower)..<\(upper) of \(count) with \(new.count)")
            #expect(shared == original)
            var flags = original.map { $0 % 2 == 0 }
            flags.replaceSubrange(copying: lower..<upper, with: new.map { $0 % 2 == 0 })
            #expect(flags == expected.map { $0 % 2 == 0 })
        }
    }
}
