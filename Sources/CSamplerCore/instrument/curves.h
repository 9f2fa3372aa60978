/* curves.h - the instrument's curves (<curve> headers and the built-in ones; curves.c). */
#ifndef SC_CURVES_H
#define SC_CURVES_H

#include "instrument/instrument.h"

/* [control] */
bool sc_curves_install_builtins(sc_instrument *instrument);
void sc_curves_free(sc_instrument *instrument);
/* Looks a curve up at x (0...1), or returns x for the default linear curve. [render] */
float sc_curve_eval(const sc_instrument *instrument, int32_t curve, float x);

#endif
