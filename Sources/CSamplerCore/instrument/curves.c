/* curves.c - controller curves: the seven built in ones and those an instrument defines, looked
 * up with linear interpolation between their 128 points. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "instrument/curves.h"

static float builtin(int index, float x) {
  switch (index) {
    case 1: return 2.0f * x - 1.0f;
    case 2: return 1.0f - x;
    case 3: return 1.0f - 2.0f * x;
    case 4: return x * x;
    case 5: return sqrtf(x);
    case 6: return sqrtf(1.0f - x);
    default: return x;
  }
}

bool sc_instrument_set_curve(sc_instrument *instrument, uint32_t index, const float points[128]) {
  if (!instrument || instrument->finalized || index >= SC_MAX_CURVES || !points) return false;
  if (!instrument->curves[index]) {
    instrument->curves[index] = malloc(128 * sizeof(float));
    if (!instrument->curves[index]) return false;
  }
  memcpy(instrument->curves[index], points, 128 * sizeof(float));
  return true;
}

/* Gives every built-in curve a table, so the render path never computes square roots. */
bool sc_curves_install_builtins(sc_instrument *instrument) {
  for (int index = 0; index <= 6; index++) {
    if (instrument->curves[index]) continue;
    float points[128];
    for (int i = 0; i < 128; i++) points[i] = builtin(index, i / 127.0f);
    if (!sc_instrument_set_curve(instrument, (uint32_t)index, points)) return false;
  }
  return true;
}

void sc_curves_free(sc_instrument *instrument) {
  for (int i = 0; i < SC_MAX_CURVES; i++) free(instrument->curves[i]);
}

float sc_curve_eval(const sc_instrument *instrument, int32_t curve, float x) {
  if (x < 0.0f) x = 0.0f;
  if (x > 1.0f) x = 1.0f;
  if (curve < 0 || curve >= SC_MAX_CURVES || !instrument->curves[curve]) return x;
  const float *points = instrument->curves[curve];
  float at = x * 127.0f;
  int below = (int)at;
  if (below >= 127) return points[127];
  float frac = at - below;
  return points[below] + frac * (points[below + 1] - points[below]);
}
