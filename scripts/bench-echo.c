/*
 * The floors for pipelined requests (scripts/bench, group "pipeline"), two programs in one:
 *
 *   bench-echo            reads LSP-framed messages from stdin and writes each body back, framed, to stdout. No
 *                         JSON at all: what any server over these pipes must at least pay (reads, header parsing,
 *                         writes).
 *   bench-echo --jansson  the least a server that must parse every body with jansson (as skeletond must) pays:
 *                         each body through `json_loadb`, its `id` read, and a preformatted "method not found"
 *                         error with that id written back. Nothing is dispatched, validated or logged.
 *
 * Output is buffered and written when the input buffer is drained, as a server that coalesces its writes would.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <stdio.h>
#include <jansson.h>

static char in[1 << 20];
static size_t in_len;
static char *out;
static size_t out_len, out_cap;

static void put(const char *bytes, size_t n) {
    if (out_len + n > out_cap) {
        out_cap = (out_len + n) * 2;
        out = realloc(out, out_cap);
        if (!out) exit(1);
    }
    memcpy(out + out_len, bytes, n);
    out_len += n;
}

static void flush_out(void) {
    size_t done = 0;
    while (done < out_len) {
        ssize_t n = write(1, out + done, out_len - done);
        if (n <= 0) exit(0);
        done += (size_t)n;
    }
    out_len = 0;
}

/* The value of the first "content-length:" header (any case) between from and to; -1 when there is none. */
static long content_length(const char *from, const char *to) {
    static const char name[] = "content-length:";
    size_t n = sizeof name - 1;
    for (const char *p = from; p + n <= to; p++) {
        size_t k = 0;
        while (k < n && tolower((unsigned char)p[k]) == name[k]) k++;
        if (k == n) return strtol(p + n, NULL, 10);
    }
    return -1;
}

/* Parses `body` with jansson and puts the error reply for its id (the floor of a jansson server). */
static void answer_with_jansson(const char *body, size_t length) {
    json_error_t error;
    json_t *message = json_loadb(body, length, 0, &error);
    if (!message) exit(3);
    json_t *id = json_object_get(message, "id");
    char reply[160];
    int n = json_is_integer(id)
        ? snprintf(reply, sizeof reply,
              "{\"jsonrpc\":\"2.0\",\"id\":%lld,\"error\":{\"code\":-32601,\"message\":\"method not found\"}}",
              (long long)json_integer_value(id))
        : snprintf(reply, sizeof reply,
              "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"invalid request\"}}");
    json_decref(message);
    char header[64];
    int h = snprintf(header, sizeof header, "Content-Length: %d\r\n\r\n", n);
    put(header, (size_t)h);
    put(reply, (size_t)n);
}

int main(int argc, char **argv) {
    int with_jansson = argc > 1 && strcmp(argv[1], "--jansson") == 0;
    for (;;) {
        ssize_t n = read(0, in + in_len, sizeof in - in_len);
        if (n <= 0) break;
        in_len += (size_t)n;
        size_t at = 0;
        for (;;) {
            char *end = memmem(in + at, in_len - at, "\r\n\r\n", 4);
            if (!end) break;
            size_t header_end = (size_t)(end - in) + 4;
            long length = content_length(in + at, end);
            if (length < 0) exit(2);
            size_t body = (size_t)length;
            if (header_end + body > in_len) break;
            if (with_jansson) {
                answer_with_jansson(in + header_end, body);
            } else {
                char header[64];
                int h = snprintf(header, sizeof header, "Content-Length: %zu\r\n\r\n", body);
                put(header, (size_t)h);
                put(in + header_end, body);
            }
            at = header_end + body;
        }
        memmove(in, in + at, in_len - at);
        in_len -= at;
        flush_out();
    }
    flush_out();
    return 0;
}
