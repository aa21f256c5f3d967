#ifndef SKELETOND_CJANSSON_SHIM_H
#define SKELETOND_CJANSSON_SHIM_H
#include <jansson.h>

/* Function-like macros are not imported into Swift; these inline wrappers are. */
static inline int skd_json_typeof(const json_t *v) { return v ? (int)json_typeof(v) : -1; }

#endif
