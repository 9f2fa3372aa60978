/* fade_curve.h - the level of a fade-out along one of ARIA's off_curve shapes (fade_curve.c):
 * how a voice stopped by off_by or a polyphony limit with off_mode=time falls over off_time. */
#ifndef SC_FADE_CURVE_H
#define SC_FADE_CURVE_H

#include "sampler_core.h"

/* The level, 1 down to 0, after `elapsed` (0...1) of the fade's time, for the curve and its
 * coefficient `shape` (corpus/spec opcodes/off_curve.md, off_shape.md). A coefficient the curve
 * cannot use (n <= 0 for x^n, n <= 0 or 1 for n^x) and an unknown curve fade linearly. */
float sc_fade_curve_level(sc_off_curve curve, float shape, float elapsed);

#endif
