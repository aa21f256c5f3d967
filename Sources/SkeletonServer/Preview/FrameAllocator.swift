#if canImport(Glibc)
    import Glibc
#endif

/// The C allocator's policy in a daemon whose previews allocate and free buffers of megabytes (frames, encoded
/// rectangles, messages) on many threads (each subscription's executor, the writer).
///
/// By default glibc raises its mapping threshold to the size of each mapped buffer freed (up to 32 MiB), so the
/// next frames come from per-thread arenas, which keep what was freed: a 1000 × 800 raw viewport preview of a big
/// document held ~20 MiB more at its peak that way (`ViewportMemoryTests`). Here buffers from 256 KiB up are always
/// mapped (and unmapped when freed), and threads share at most two arenas.
package enum FrameAllocator {
    /// Buffers from this size up are mapped (and given back when freed).
    package static let mapThreshold: Int32 = 256 << 10
    /// The most malloc arenas threads share.
    package static let arenas: Int32 = 2

    /// Sets the policy; call once, at the daemon's start, before its threads run.
    package static func configure() {
        #if canImport(Glibc)
            // `mallopt` is not in the Glibc module: found by name (RTLD_DEFAULT is the null handle), with C's
            // calling convention. M_MMAP_THRESHOLD (-3), once set, is no longer adjusted; M_ARENA_MAX is -8.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            _ = mallopt(-3, mapThreshold)
            _ = mallopt(-8, arenas)
        #endif
    }
}
