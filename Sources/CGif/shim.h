#ifndef SKELETOND_CGIF_SHIM_H
#define SKELETOND_CGIF_SHIM_H
#include <gif_lib.h>
#endif
