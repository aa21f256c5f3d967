#ifndef SKELETOND_CHARFBUZZ_SHIM_H
#define SKELETOND_CHARFBUZZ_SHIM_H
/* HarfBuzz alone: hb.h includes no FreeType header (hb-ft.h would, and a header must belong to one module). */
#include <hb.h>
#endif
