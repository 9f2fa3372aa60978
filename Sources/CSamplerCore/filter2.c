/* filter2.c - the second filter of a voice (SFZ v2 cutoff2, resonance2, fil2_*), in series after
 * the first. Only its own tracking and controller modulations move it: the SFZ v1 filter
 * envelope and LFO belong to the first filter. */
#include <math.h>

#include "internal.h"

void sc_filter2_start(sc_voice *v, uint8_t key, uint8_t velocity) {
  const sc_region *r = v->region;
  v->cutoff2_cents =
      r->fil2_keytrack * (key - r->fil2_keycenter) + r->fil2_veltrack * velocity / 127.0f;
  v->damping2 = sc_filter_damping(r->resonance2);
  v->last_resonance2 = r->resonance2;
  v->last_cutoff2 = NAN;
}

void sc_filter2_process(sc_voice *v, const sc_live_mods *live, double rate, float *left,
                        float *right, uint32_t frames) {
  const sc_region *r = v->region;
  float resonance = r->resonance2 + live->value[SC_MOD_RESONANCE2];
  if (resonance != v->last_resonance2) {
    v->damping2 = sc_filter_damping(resonance);
    v->last_resonance2 = resonance;
    v->last_cutoff2 = NAN;
  }
  double cents = v->cutoff2_cents + live->value[SC_MOD_CUTOFF2];
  if (cents != v->last_cutoff2) {
    sc_filter_coeffs_compute(&v->filter2_coeffs, r->fil2_type, r->cutoff2 * exp2(cents / 1200.0),
                             v->damping2, rate);
    v->last_cutoff2 = cents;
  }
  sc_filter_process(r->fil2_type, &v->filter2_coeffs, &v->filter2, left, right, frames);
}
