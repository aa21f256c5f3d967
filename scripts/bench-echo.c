/*
 * The floor for pipelined requests (scripts/bench, group "pipeline"): reads LSP-framed messages from stdin and
 * writes each body back, framed, to stdout. No JSON at all: what any server over these pipes must at least pay
 * (reads, header parsing, writes). Output is buffered and written when the input buffer is drained, as a server
 * that coalesces its writes would.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <stdio.h>

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

int main(void) {
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
            char header[64];
            int h = snprintf(header, sizeof header, "Content-Length: %zu\r\n\r\n", body);
            put(header, (size_t)h);
            put(in + header_end, body);
            at = header_end + body;
        }
        memmove(in, in + at, in_len - at);
        in_len -= at;
        flush_out();
    }
    flush_out();
    return 0;
}
