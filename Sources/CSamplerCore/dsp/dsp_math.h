/* dsp_math.h - mathematical constants the DSP files share (strict C11 math.h has no M_PI). */
#ifndef SC_DSP_MATH_H
#define SC_DSP_MATH_H

#define SC_PI 3.14159265358979323846
#define SC_SQRT2 1.41421356237309504880
#define SC_SQRT1_2 0.70710678118654752440

#endif
