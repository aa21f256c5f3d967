#ifndef SKELETOND_CFRIBIDI_SHIM_H
#define SKELETOND_CFRIBIDI_SHIM_H
#include <fribidi.h>

/* Paragraph directions and type tests are macros of macros; these are what Swift sees. */
static inline FriBidiParType skd_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType skd_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType skd_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
/* White space for rule L1 (trailing white space takes the paragraph level): WS, isolates, BN and explicits. */
static inline int skd_fribidi_is_l1_white_space(FriBidiCharType t) {
    return (FRIBIDI_IS_EXPLICIT_OR_BN_OR_WS(t) || FRIBIDI_IS_ISOLATE(t)) ? 1 : 0;
}
#endif
