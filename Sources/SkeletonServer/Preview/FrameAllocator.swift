#if canImport(Glibc)
    import Glibc
#endif

/// The C allocator's policy in a daemon whose previews allocate and free buffers of megabytes (frames, encoded
/// rectangles, messages) on many threads (each subscription's executor, the writer).
///
/// By default glibc gives each thread that allocates its own arena (up to 8 per core), and each arena keeps what was
/// freed in it: a 1000 × 800 raw viewport preview of a big document held ~20 MiB more at its peak that way
/// (`ViewportMemoryTests`). Here threads share at most two arenas.
///
/// Buffers are not forced to be mapped: a 4 MB raw frame mapped afresh each frame cost 21 % more CPU per frame in
/// `scripts/bench` (e) (page faults on every new mapping) and saved no memory beyond what sharing arenas saves.
package enum FrameAllocator {
    /// The most malloc arenas threads share.
    package static let arenas: Int32 = 2

    /// Sets the policy; call once, at the daemon's start, before its threads run.
    package static func configure() {
        #if canImport(Glibc)
            // `mallopt` is not in the Glibc module: found by name (RTLD_DEFAULT is the null handle), with C's
            // calling convention. M_ARENA_MAX is -8.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            _ = mallopt(-8, arenas)
        #endif
    }
}
