/* voice_filters.c - a voice's two filters in series, one code path for both. Each follows its
 * region's sc_filter_params: key and velocity tracking (and fil_random) fixed at note-on, its
 * own controller modulations (cutoff/resonance, cutoff2/resonance2) live, and for the first one
 * also the SFZ v1 filter envelope and LFO, which the voice hands in as an offset. */
#include <math.h>

#include "voice/voice_filters.h"

/* The live modulation targets of each filter, in filter order. */
static const sc_mod_target cutoff_target[SC_FILTER_COUNT] = {SC_MOD_CUTOFF, SC_MOD_CUTOFF2};
static const sc_mod_target resonance_target[SC_FILTER_COUNT] = {SC_MOD_RESONANCE,
                                                                SC_MOD_RESONANCE2};

void sc_voice_filters_start(sc_voice_filter filters[SC_FILTER_COUNT], const sc_region *r,
                            uint8_t key, uint8_t velocity, float unipolar) {
  for (int i = 0; i < SC_FILTER_COUNT; i++) {
    const sc_filter_params *p = &r->filters[i];
    sc_voice_filter *f = &filters[i];
    f->tracking_cents =
        p->keytrack * (key - p->keycenter) + p->veltrack * velocity / 127.0f + p->random * unipolar;
    f->damping = sc_filter_damping(p->resonance);
    f->last_resonance = p->resonance;
    f->last_cutoff_cents = NAN;
  }
}

void sc_voice_filters_process(sc_voice_filter filters[SC_FILTER_COUNT], const sc_region *r,
                              const sc_live_mods *live, const double offset_cents[SC_FILTER_COUNT],
                              double sample_rate, sc_filter_fn process, float *left, float *right,
                              uint32_t frames) {
  for (int i = 0; i < SC_FILTER_COUNT; i++) {
    const sc_filter_params *p = &r->filters[i];
    if (p->type == SC_FILTER_NONE) continue;
    sc_voice_filter *f = &filters[i];
    float resonance = p->resonance + live->value[resonance_target[i]];
    if (resonance != f->last_resonance) {
      f->damping = sc_filter_damping(resonance);
      f->last_resonance = resonance;
      f->last_cutoff_cents = NAN;
    }
    double cents = f->tracking_cents + offset_cents[i] + live->value[cutoff_target[i]];
    if (cents != f->last_cutoff_cents) {
      sc_filter_coeffs_compute(&f->coeffs, p->type, p->cutoff * exp2(cents / 1200.0), f->damping,
                               sample_rate);
      f->last_cutoff_cents = cents;
    }
    process(p->type, &f->coeffs, &f->state, left, right, frames);
  }
}
