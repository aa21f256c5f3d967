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
#define CHUNK_MIN ((size_t)64 * 1024)
#define POOL_MAX 16

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
};

static _Thread_local skd_arena *current_arena = NULL;
static atomic_size_t arena_allocs = 0;
static atomic_size_t heap_live = 0;

/* A small pool of standard-size chunks, so a stream of parses does not mmap and munmap. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static chunk *pool[POOL_MAX];
static int pool_count = 0;

static chunk *chunk_new(size_t need) {
    size_t size = need > CHUNK_MIN ? need : CHUNK_MIN;
    if (size == CHUNK_MIN) {
        pthread_mutex_lock(&pool_lock);
        chunk *c = pool_count > 0 ? pool[--pool_count] : NULL;
        pthread_mutex_unlock(&pool_lock);
        if (c) { c->used = 0; c->next = NULL; return c; }
    }
    chunk *c = malloc(sizeof(chunk) + size);
    if (!c) return NULL;
    c->next = NULL;
    c->size = size;
    c->used = 0;
    return c;
}

static void chunk_release(chunk *c) {
    if (c->size == CHUNK_MIN) {
        pthread_mutex_lock(&pool_lock);
        if (pool_count < POOL_MAX) { pool[pool_count++] = c; c = NULL; }
        pthread_mutex_unlock(&pool_lock);
    }
    free(c);
}

static void *arena_alloc(skd_arena *a, size_t n) {
    size_t need = (n + HEADER + 15u) & ~(size_t)15u;
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
    atomic_fetch_add_explicit(&arena_allocs, 1, memory_order_relaxed);
    return base + HEADER;
}

static void *hook_malloc(size_t n) {
    skd_arena *a = current_arena;
    if (a) return arena_alloc(a, n);
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
    skd_arena *a = calloc(1, sizeof(skd_arena));
    return a;
}

void skd_arena_destroy(skd_arena *a) {
    if (!a) return;
    chunk *c = a->head;
    while (c) {
        chunk *next = c->next;
        chunk_release(c);
        c = next;
    }
    free(a);
}

size_t skd_arena_reserved(const skd_arena *a) { return a ? a->reserved : 0; }

json_t *skd_parse(const char *buffer, size_t length, size_t flags, json_error_t *error, skd_arena *a) {
    skd_arena_install();
    skd_arena *previous = current_arena;
    if (a && !a->head) {
        /* jansson's tree takes about four times the text; round to 4 KiB, at most the standard chunk. */
        size_t first = (length * 4 + 4095) & ~(size_t)4095;
        a->first = first < CHUNK_MIN ? first : CHUNK_MIN;
    }
    current_arena = a;
    json_t *root = json_loadb(buffer, length, flags, error);
    current_arena = previous;
    return root;
}

size_t skd_arena_stat_arena_allocs(void) { return atomic_load(&arena_allocs); }
size_t skd_arena_stat_heap_live(void) { return atomic_load(&heap_live); }
