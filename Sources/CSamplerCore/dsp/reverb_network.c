/* reverb_network.c - the reverb's network in plain C (sc_reverb_network_fn: each frame's
 * absorption filters, then the Hadamard mixing of the 16 lines), for every CPU, and the choice of
 * the fastest network this CPU runs (reverb_avx2.c, reverb_avx512.c); reverb.c runs it a block
 * at a time. */
#include <string.h>

#include "dsp/reverb.h"

/* x = H x / 4, H the 16 x 16 Hadamard matrix in natural order. */
static void hadamard(float x[SC_REVERB_LINES]) {
  for (int h = 1; h < SC_REVERB_LINES; h *= 2)
    for (int i = 0; i < SC_REVERB_LINES; i += 2 * h)
      for (int j = i; j < i + h; j++) {
        float a = x[j], b = x[j + h];
        x[j] = a + b;
        x[j + h] = a - b;
      }
  for (int k = 0; k < SC_REVERB_LINES; k++) x[k] *= 0.25f;
}

void sc_reverb_network_portable(float *block, float low[SC_REVERB_LINES],
                                const float feed[SC_REVERB_LINES],
                                const float pole[SC_REVERB_LINES], uint32_t frames) {
  float state[SC_REVERB_LINES];
  memcpy(state, low, sizeof state);
  for (uint32_t m = 0; m < frames; m++) {
    float s[SC_REVERB_LINES];
    for (int k = 0; k < SC_REVERB_LINES; k++) {
      state[k] = feed[k] * block[(size_t)k * SC_REVERB_BLOCK + m] + pole[k] * state[k];
      s[k] = state[k];
    }
    hadamard(s);
    for (int k = 0; k < SC_REVERB_LINES; k++) block[(size_t)k * SC_REVERB_BLOCK + m] = s[k];
  }
  memcpy(low, state, sizeof state);
}

sc_reverb_network_fn sc_reverb_network_select(bool portable) {
  sc_reverb_network_fn fast = portable ? NULL : sc_reverb_network_avx512();
  if (!fast && !portable) fast = sc_reverb_network_avx2();
  return fast ? fast : sc_reverb_network_portable;
}
