/* dsp_math.h - mathematical constants the DSP files share (strict C11 math.h has no M_PI). */
#ifndef SC_DSP_MATH_H
#define SC_DSP_MATH_H

#include <stdbool.h>

#define SC_PI 3.14159265358979323846
#define SC_SQRT2 1.41421356237309504880
#define SC_SQRT1_2 0.70710678118654752440

/* tan(x) for 0 <= x < pi/2 as a ratio *num / *den, to within 2e-13 of its value: a filter whose
 * cutoff an envelope moves needs one every control chunk, and the maths library's costs several
 * times more (a caller that needs 1 / (1 + g (g + k)) too divides once for both). Below pi/4 the
 * [7/6] Pade approximant of tan, above it that of tan(pi/2 - x) upside down. */
static inline void sc_tan_quadrant(double x, double *num, double *den) {
  bool upper = x > SC_PI / 4.0;
  double y = upper ? SC_PI / 2.0 - x : x, y2 = y * y;
  double p = y * (135135.0 + y2 * (-17325.0 + y2 * (378.0 - y2)));
  double q = 135135.0 + y2 * (-62370.0 + y2 * (3150.0 - 28.0 * y2));
  *num = upper ? q : p;
  *den = upper ? p : q;
}

#endif
