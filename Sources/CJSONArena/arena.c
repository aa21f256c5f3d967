#include "skd_arena.h"

#include <jansson.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HEADER 16u
#define TAG_HEAP ((uint64_t)0x736b642d68656170ULL)  /* "skd-heap" */
#define TAG_ARENA ((uint64_t)0x736b642d6172656eULL) /* "skd-aren" */
#define CHUNK_SMALL ((size_t)4 * 1024)
#define CHUNK_MIN ((size_t)64 * 1024)
#define POOL_MAX 16
/* Size classes of the per-thread cache: 4, 8, 16, 32 and 64 KiB. */
#define CLASSES 5
#define CLASS_MAX 4
#define ARENAS_MAX 8

typedef struct chunk {
    struct chunk *next;
    size_t size;  /* usable bytes after this struct */
    size_t used;
} chunk;

struct skd_arena {
    chunk *head;
    size_t reserved;
    /* The size of the first chunk: a small message gets a small arena, not a 64 KiB one. */
    size_t first;
    /* Blocks handed out, added to the process-wide counter once per parse (not one atomic per block). */
    size_t allocs;
    /* The cache of the thread that created the arena (compared, never read, by other threads). */
    const void *owner;
    /* Next in the thread cache's free list of arena structs. */
    struct skd_arena *next_free;
};

static _Thread_local skd_arena *current_arena = NULL;
static atomic_size_t arena_allocs = 0;
static atomic_size_t heap_live = 0;

/*
 * The per-thread cache: chunks of the standard sizes and arena structs, taken and given back with no lock and no
 * atomic when the thread that frees an arena is the one that made it (the reader, for a message it answers
 * itself). An arena freed on another thread (a lane that handled the message) gives its chunks to the process-wide
 * pool, one lock per chunk; the thread that parses takes them back from there, several per lock. What neither can
 * hold is freed. A thread's cache is freed when the thread exits.
 */
typedef struct thread_cache {
    chunk *classes[CLASSES];
    int counts[CLASSES];
    skd_arena *arenas;
    int arena_count;
    int registered;
} thread_cache;

static _Thread_local thread_cache cache;
static pthread_key_t cache_key;
static pthread_once_t cache_key_once = PTHREAD_ONCE_INIT;

static void cache_destroy(void *unused) {
    (void)unused;
    for (int k = 0; k < CLASSES; k++) {
        chunk *c = cache.classes[k];
        while (c) {
            chunk *next = c->next;
            free(c);
            c = next;
        }
        cache.classes[k] = NULL;
        cache.counts[k] = 0;
    }
    skd_arena *a = cache.arenas;
    while (a) {
        skd_arena *next = a->next_free;
        free(a);
        a = next;
    }
    cache.arenas = NULL;
    cache.arena_count = 0;
    cache.registered = 0;
}

static void cache_key_make(void) { (void)pthread_key_create(&cache_key, cache_destroy); }

/* Makes sure the thread's cache is freed when the thread exits (the key's destructor runs for non-NULL values). */
static void cache_register(void) {
    if (cache.registered) return;
    pthread_once(&cache_key_once, cache_key_make);
    cache.registered = 1;
    (void)pthread_setspecific(cache_key, &cache);
}

/* The cache class of a chunk size, or -1 when chunks of that size are not cached. */
static int class_of(size_t size) {
    switch (size) {
    case CHUNK_SMALL: return 0;
    case CHUNK_SMALL * 2: return 1;
    case CHUNK_SMALL * 4: return 2;
    case CHUNK_SMALL * 8: return 3;
    case CHUNK_MIN: return 4;
    default: return -1;
    }
}

/* A small pool of standard-size chunks per class shared by all threads, for what one thread frees and another
 * allocates. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static chunk *pool[CLASSES];
static atomic_int pool_counts[CLASSES]; /* written under pool_lock, read without it as a hint */

/* Under pool_lock: the only writer, so a plain store (no locked instruction) is enough. */
static void pool_count_add(int k, int delta) {
    int n = atomic_load_explicit(&pool_counts[k], memory_order_relaxed);
    atomic_store_explicit(&pool_counts[k], n + delta, memory_order_relaxed);
}

static chunk *chunk_new(size_t need) {
    size_t size = need > CHUNK_MIN ? need : CHUNK_MIN;
    if (need <= CHUNK_MIN) {
        /* Standard sizes: the smallest class that holds `need`. */
        size = CHUNK_SMALL;
        while (size < need) size *= 2;
    }
    int k = class_of(size);
    if (k >= 0 && !cache.classes[k] && atomic_load_explicit(&pool_counts[k], memory_order_relaxed) > 0) {
        /* Refill from the shared pool: up to a cache's worth in one lock. (The unlocked read of the count is only
         * a hint; it is read again under the lock.) */
        pthread_mutex_lock(&pool_lock);
        while (pool[k] && cache.counts[k] < CLASS_MAX) {
            chunk *c = pool[k];
            pool[k] = c->next;
            pool_count_add(k, -1);
            c->next = cache.classes[k];
            cache.classes[k] = c;
            cache.counts[k]++;
        }
        pthread_mutex_unlock(&pool_lock);
        if (cache.classes[k]) cache_register();
    }
    if (k >= 0 && cache.classes[k]) {
        chunk *c = cache.classes[k];
        cache.classes[k] = c->next;
        cache.counts[k]--;
        c->used = 0;
        c->next = NULL;
        return c;
    }
    chunk *c = malloc(sizeof(chunk) + size);
    if (!c) return NULL;
    c->next = NULL;
    c->size = size;
    c->used = 0;
    return c;
}

/* Gives a chunk back: to this thread's cache when this thread made its arena (`local`), else to the shared pool. */
static void chunk_release(chunk *c, int local) {
    int k = class_of(c->size);
    if (k < 0) { free(c); return; }
    if (local && cache.counts[k] < CLASS_MAX) {
        cache_register();
        c->next = cache.classes[k];
        cache.classes[k] = c;
        cache.counts[k]++;
        return;
    }
    pthread_mutex_lock(&pool_lock);
    if (atomic_load_explicit(&pool_counts[k], memory_order_relaxed) < POOL_MAX) {
        c->next = pool[k];
        pool[k] = c;
        pool_count_add(k, 1);
        c = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    free(c);
}

static void *arena_alloc(skd_arena *a, size_t n) {
    size_t need = (n + HEADER + 15u) & ~(size_t)15u;
    if (need < n) return NULL; /* overflow */
    chunk *c = a->head;
    if (!c || c->size - c->used < need) {
        /* Grow geometrically so a large document needs few chunks. */
        size_t want = a->reserved < CHUNK_MIN * 4 ? CHUNK_MIN : a->reserved;
        if (!a->head && a->first) want = a->first;
        if (want < need) want = need;
        c = chunk_new(want);
        if (!c) return NULL;
        c->next = a->head;
        a->head = c;
        a->reserved += c->size;
    }
    unsigned char *base = (unsigned char *)(c + 1) + c->used;
    c->used += need;
    *(uint64_t *)base = TAG_ARENA;
    a->allocs++;
    return base + HEADER;
}

static void *hook_malloc(size_t n) {
    skd_arena *a = current_arena;
    if (a) return arena_alloc(a, n);
    if (n > SIZE_MAX - HEADER) return NULL;
    unsigned char *p = malloc(n + HEADER);
    if (!p) return NULL;
    *(uint64_t *)p = TAG_HEAP;
    atomic_fetch_add_explicit(&heap_live, 1, memory_order_relaxed);
    return p + HEADER;
}

static void hook_free(void *ptr) {
    if (!ptr) return;
    unsigned char *p = (unsigned char *)ptr - HEADER;
    if (*(uint64_t *)p == TAG_HEAP) {
        atomic_fetch_sub_explicit(&heap_live, 1, memory_order_relaxed);
        free(p);
    }
    /* TAG_ARENA: freed with its arena. */
}

static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static void install(void) { json_set_alloc_funcs(hook_malloc, hook_free); }
void skd_arena_install(void) { pthread_once(&install_once, install); }

skd_arena *skd_arena_create(void) {
    skd_arena *a = cache.arenas;
    if (a) {
        cache.arenas = a->next_free;
        cache.arena_count--;
        memset(a, 0, sizeof *a);
    } else {
        a = calloc(1, sizeof(skd_arena));
        if (!a) return NULL;
    }
    a->owner = &cache;
    return a;
}

void skd_arena_destroy(skd_arena *a) {
    if (!a) return;
    int local = a->owner == (const void *)&cache;
    chunk *c = a->head;
    while (c) {
        chunk *next = c->next;
        chunk_release(c, local);
        c = next;
    }
    if (local && cache.arena_count < ARENAS_MAX) {
        cache_register();
        a->next_free = cache.arenas;
        cache.arenas = a;
        cache.arena_count++;
        return;
    }
    free(a);
}

size_t skd_arena_reserved(const skd_arena *a) { return a ? a->reserved : 0; }

json_t *skd_parse(const char *buffer, size_t length, size_t flags, json_error_t *error, skd_arena *a) {
    skd_arena_install();
    skd_arena *previous = current_arena;
    size_t allocs_before = a ? a->allocs : 0;
    if (a && !a->head) {
        /* jansson's tree takes about four times the text; the first chunk is the standard size (4 to 64 KiB)
         * that holds that. */
        size_t first = length <= CHUNK_MIN / 4 ? length * 4 : CHUNK_MIN;
        a->first = first < CHUNK_SMALL ? CHUNK_SMALL : first;
    }
    current_arena = a;
    json_t *root = json_loadb(buffer, length, flags, error);
    current_arena = previous;
    if (a) atomic_fetch_add_explicit(&arena_allocs, a->allocs - allocs_before, memory_order_relaxed);
    return root;
}

skd_arena *skd_arena_use(skd_arena *a) {
    skd_arena_install();
    skd_arena *previous = current_arena;
    current_arena = a;
    return previous;
}

size_t skd_arena_stat_arena_allocs(void) { return atomic_load(&arena_allocs); }
size_t skd_arena_stat_heap_live(void) { return atomic_load(&heap_live); }

size_t skd_arena_stat_thread_cached_chunks(void) {
    size_t n = 0;
    for (int k = 0; k < CLASSES; k++) n += (size_t)cache.counts[k];
    return n;
}

/* Whether `value` (at nesting level `level`: a container at top level is level 1) or anything in it opens a level
 * beyond `limit`. Recursion stops at `limit + 1`, so its depth is bounded by the limit (and jansson's own). */
static int nesting_exceeds(const json_t *value, size_t level, size_t limit) {
    if (json_is_array(value)) {
        if (level > limit) return 1;
        size_t n = json_array_size(value);
        for (size_t i = 0; i < n; i++) {
            if (nesting_exceeds(json_array_get(value, i), level + 1, limit)) return 1;
        }
    } else if (json_is_object(value)) {
        if (level > limit) return 1;
        for (void *it = json_object_iter((json_t *)value); it; it = json_object_iter_next((json_t *)value, it)) {
            if (nesting_exceeds(json_object_iter_value(it), level + 1, limit)) return 1;
        }
    }
    return 0;
}

int skd_nesting_exceeds(const json_t *root, size_t limit) { return root ? nesting_exceeds(root, 1, limit) : 0; }
