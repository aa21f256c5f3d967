import FuzzReplay
import InterfaceBuilder
import SkeletonModel

/// Runs one input through what the daemon does with an Interface Builder file: read (decoding, the prescan,
/// libxml2), scenes, the file's view budget, mapping and decoding of every scene (or the initial one), class
/// bindings. Fails (a trap libFuzzer keeps) when the work passes the file's budget of views (the input's, and half
/// the work it did: a budget must bound the work whatever it is), when a scene's document
/// is larger than the limits allow, when a problem has no line, or when the UTF-16 text reads otherwise than the
/// UTF-8 one. Time and memory are bounded by libFuzzer's -timeout and -rss_limit_mb (scripts/fuzz).
enum IBFuzzSession {
    static func run(_ data: UnsafeRawBufferPointer, verbose: Bool = false) {
        guard let input = IBFuzzInput(data) else { return }
        let result = decode(input.text, input)
        if verbose {
            StandardError.write(
                "\(result.scenes.count) scenes, \(result.viewsMapped) views mapped, "
                    + "problems: \(result.allProblems.map { "\($0.code.rawValue)@\($0.line ?? 0)" })\n")
        }
        checkBudget(result, input.limits.maxNodes)
        // The budget must bound the work whatever it is: again with half of what this reading mapped.
        if result.viewsMapped > 8 {
            var tighter = input
            tighter.limits.maxNodes = result.viewsMapped / 2
            checkBudget(decode(input.text, tighter), tighter.limits.maxNodes)
        }
        for problem in result.allProblems where (problem.line ?? 1) < 1 || (problem.column ?? 1) < 1 {
            preconditionFailure("a problem without a line: \(problem)")
        }
        for (id, decoded) in result.documents {
            if let document = decoded.document, document.nodeCount > input.limits.maxNodes {
                preconditionFailure("scene \(id) has \(document.nodeCount) nodes, over \(input.limits.maxNodes)")
            }
            for scene in result.scenes where scene.id == id { _ = result.file.classBindings(scene: scene.id) }
        }
        if input.asUTF16, !input.text.contains(0), !input.text.starts(with: [0xEF, 0xBB, 0xBF]), let utf16 = input.utf16
        {
            let again = decode(utf16, input)
            guard again.allProblems == result.allProblems, again.scenes == result.scenes else {
                preconditionFailure("the UTF-16 text reads otherwise than the UTF-8 text")
            }
        }
    }

    /// Traps when a reading mapped more views than the file's budget.
    private static func checkBudget(_ result: IBDecodingResult, _ budget: Int) {
        guard result.viewsMapped <= budget else {
            preconditionFailure("mapped \(result.viewsMapped) views, over the file's budget of \(budget)")
        }
    }

    private static func decode(_ bytes: [UInt8], _ input: IBFuzzInput) -> IBDecodingResult {
        input.initialSceneOnly
            ? InterfaceBuilderDocument.decode(bytes: bytes, scene: nil, limits: input.limits)
            : InterfaceBuilderDocument.decode(bytes: bytes, limits: input.limits)
    }
}
