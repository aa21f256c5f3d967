#ifndef SKELETOND_ARENA_H
#define SKELETOND_ARENA_H
/*
 * A bump arena behind jansson's allocator hooks.
 *
 * jansson spends most of a parse in malloc. skd_parse() makes every allocation of one parse come from one
 * arena and frees the whole tree at once with skd_arena_destroy(). The hooks are process-wide (jansson has
 * one allocator), so the arena in use is per thread: concurrent parses on different threads never share one.
 *
 * Every block carries a 16-byte header that says where it came from, so a value allocated outside any
 * arena (plain malloc) is still freed correctly, and freeing an arena block is a no-op.
 */
#include <stddef.h>

/* jansson's types by their struct tags only: jansson.h belongs to the CJansson module alone. A header of this
 * module that included it too would make Clang give its declarations to whichever module it built first, and a
 * Swift file that imports only CJansson could then not see them (a clean build failed that way). */
struct json_t;
struct json_error_t;

typedef struct skd_arena skd_arena;

/* Installs the allocator hooks. Idempotent and thread-safe; call before any other jansson call. */
void skd_arena_install(void);

/* A new, empty arena. Chunks of the standard sizes (4 to 64 KiB) and arena structs are reused from a per-thread
 * cache (no lock, no atomic), then from a small process-wide pool of 64 KiB chunks. */
skd_arena *skd_arena_create(void);

/* Frees every block of the arena at once. Values parsed into it must not be used afterwards. */
void skd_arena_destroy(skd_arena *arena);

/* Bytes reserved by the arena's chunks. */
size_t skd_arena_reserved(const skd_arena *arena);

/* json_loadb with every allocation taken from `arena`. On failure the arena holds nothing useful. */
struct json_t *skd_parse(
    const char *buffer, size_t length, size_t flags, struct json_error_t *error, skd_arena *arena);

/* Makes the calling thread's jansson allocations come from `arena` (NULL: the heap) and returns the arena in use
 * before, to be given back the same way: for building a tree into an arena with jansson's constructors. Installs the
 * hooks first. */
skd_arena *skd_arena_use(skd_arena *arena);

/* Whether the parsed tree nests arrays and objects deeper than `limit` levels (`[]` at top level is 1): the same
 * answer as scanning the text's brackets, but over values instead of bytes (a long string costs nothing). */
int skd_nesting_exceeds(const struct json_t *root, size_t limit);

/* Counters for tests: blocks handed out from arenas (added once per parse, not per block), and live malloc
 * blocks. */
size_t skd_arena_stat_arena_allocs(void);
size_t skd_arena_stat_heap_live(void);

/* Chunks waiting in the calling thread's cache (for tests). */
size_t skd_arena_stat_thread_cached_chunks(void);

#endif
