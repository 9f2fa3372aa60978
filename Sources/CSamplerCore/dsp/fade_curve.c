/* fade_curve.c - the off_curve shapes of a fade-out. Every shape runs from 1 at the start to 0
 * at the end, so only the path between differs; the control-rate gain ramp of the voice joins
 * the points this gives every SC_CONTROL_FRAMES. */
#include <math.h>

#include "config.h"
#include "dsp/fade_curve.h"
#include "dsp/segment_shape.h"

float sc_fade_curve_level(sc_off_curve curve, float shape, float elapsed) {
  double x = elapsed < 0.0f ? 0.0 : elapsed > 1.0f ? 1.0 : elapsed;
  double n = shape;
  switch (curve) {
    case SC_OFF_CURVE_STATIC: return x < 1.0 ? 1.0f : 0.0f;
    case SC_OFF_CURVE_POWER:
      if (n > 0.0) return (float)(1.0 - pow(x, n));
      break;
    case SC_OFF_CURVE_EXPONENT:
      if (n > 0.0 && n != 1.0) return (float)(1.0 - (pow(n, x) - 1.0) / (n - 1.0));
      break;
    case SC_OFF_CURVE_SHAPED: {
      /* as ampeg_release_shape.md reads: 0 linear, negative falls fast then slowly, positive
       * holds then falls */
      return (float)(1.0 - sc_segment_shape(x, n));
    }
    case SC_OFF_CURVE_LINEAR:
    default: break;
  }
  return (float)(1.0 - x);
}
