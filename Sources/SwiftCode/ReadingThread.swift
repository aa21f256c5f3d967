#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a Swift file's reading on a thread of its own whose stack is sized for it, and waits for it: the parser and
/// the visitors recurse once per level of the syntax tree, and a dispatch worker's stack (512 KiB) is too small for
/// the deepest trees `SwiftCodeReader`'s limits let through. The caller blocks until the reading ends, so whatever
/// order the caller keeps (a document lane's) is kept.
///
/// The stack is address space: only the pages the reading touches become resident (the daemon's peak memory grows
/// by what a file's depth really uses, not by the stack's size).
enum ReadingThread {
    /// The reading thread's stack, in bytes (`Protocol/swift-code.md`, limits): room for the parser at
    /// `SwiftCodeReader.maxNestingLevel` and the visitors at `SyntaxDepth.maxDepth` in a debug build, with a margin.
    static let stackBytes = 64 << 20

    /// The result of `body`, run on a new thread with a stack of `stackBytes`; nil when no such thread can be made
    /// (the system's thread or memory limits).
    static func run<Result>(stackBytes: Int = stackBytes, _ body: () -> Result) -> Result? {
        withoutActuallyEscaping(body) { body in
            var result: Result?
            let work = Work { result = body() }
            guard start(work, stackBytes: stackBytes) else { return nil }
            return result
        }
    }

    /// What the thread runs; retained for the thread until it ran.
    private final class Work {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `work` on a new thread with `stackBytes` of stack and joins it; false when the thread was not made.
    private static func start(_ work: Work, stackBytes: Int) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackBytes) == 0 else { return false }
        let context = Unmanaged.passRetained(work).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let created = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        #if canImport(Glibc)
            pthread_join(thread, nil)
        #else
            if let thread { pthread_join(thread, nil) }
        #endif
        return true
    }
}
