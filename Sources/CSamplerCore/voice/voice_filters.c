/* voice_filters.c - a voice's two filters in series, one code path for both. Each follows its
 * region's sc_filter_params: key and velocity tracking (and fil_random) fixed at note-on, its
 * own controller modulations (cutoff/resonance/fil_gain, cutoff2/resonance2/fil2_gain) live, and
 * for the first one also the SFZ v1 filter envelope and LFO, which the voice hands in as an
 * offset. */
#include <math.h>
#include <string.h>

#include "voice/voice_filters.h"

/* The live modulation targets of each filter, in filter order. */
static const sc_mod_target cutoff_target[SC_FILTER_COUNT] = {SC_MOD_CUTOFF, SC_MOD_CUTOFF2};
static const sc_mod_target resonance_target[SC_FILTER_COUNT] = {SC_MOD_RESONANCE,
                                                                SC_MOD_RESONANCE2};
static const sc_mod_target gain_target[SC_FILTER_COUNT] = {SC_MOD_FIL_GAIN, SC_MOD_FIL2_GAIN};

void sc_voice_filters_start(sc_voice_filters *filters, float (*line)[2], const sc_region *r,
                            uint8_t key, uint8_t velocity, float unipolar) {
  uint32_t combs = 0, comb = 0;
  for (int i = 0; i < SC_FILTER_COUNT; i++) combs += r->filters[i].type == SC_FILTER_COMB;
  if (combs) memset(line, 0, SC_FILTER_COMB_FRAMES * sizeof *line);
  for (int i = 0; i < SC_FILTER_COUNT; i++) {
    const sc_filter_params *p = &r->filters[i];
    sc_voice_filter *f = &filters->each[i];
    f->tracking_cents =
        p->keytrack * (key - p->keycenter) + p->veltrack * velocity / 127.0f + p->random * unipolar;
    f->damping = sc_filter_damping(p->resonance);
    f->last_resonance = p->resonance;
    f->last_cutoff_cents = NAN;
    /* two combs in one voice take half the line each */
    if (p->type == SC_FILTER_COMB) {
      uint32_t share = SC_FILTER_COMB_FRAMES / combs;
      sc_filter_comb_place(&f->extra, comb++ * share, share);
    }
  }
}

/* Whether the cutoff has moved SC_FILTER_CUTOFF_RESOLUTION_CENTS or more since the filter was
 * last designed (always, after a NaN there): an envelope or LFO on the cutoff moves it a little
 * every control chunk, and redesigning the filter for a fraction of a cent cost more than
 * filtering the chunk. */
static bool cutoff_moved(const sc_voice_filter *f, double cents) {
  return !(fabs(cents - f->last_cutoff_cents) < SC_FILTER_CUTOFF_RESOLUTION_CENTS);
}

/* A filter of the SFZ v2 and ARIA types, redesigned when any of its settings moved. */
static void process_v2(sc_voice_filter *f, const sc_filter_params *p, float resonance, float gain,
                       double cents, double sample_rate, sc_filter_fn process, float (*line)[2],
                       float *left, float *right, uint32_t frames) {
  if (cutoff_moved(f, cents) || resonance != f->last_resonance || gain != f->last_gain) {
    sc_filter_v2_design(p->type, p->cutoff * exp2(cents / 1200.0), resonance, gain, sample_rate,
                        &f->coeffs, &f->extra);
    f->last_cutoff_cents = cents;
    f->last_resonance = resonance;
    f->last_gain = gain;
  }
  sc_filter_v2_process(p->type, process, &f->coeffs, &f->state, &f->extra, line, left, right,
                       frames);
}

void sc_voice_filters_process(sc_voice_filters *filters, float (*line)[2], const sc_region *r,
                              const sc_live_mods *live, const double offset_cents[SC_FILTER_COUNT],
                              double sample_rate, sc_filter_fn process, float *left, float *right,
                              uint32_t frames) {
  for (int i = 0; i < SC_FILTER_COUNT; i++) {
    const sc_filter_params *p = &r->filters[i];
    if (p->type == SC_FILTER_NONE) continue;
    sc_voice_filter *f = &filters->each[i];
    float resonance = p->resonance + live->value[resonance_target[i]];
    double cents = f->tracking_cents + offset_cents[i] + live->value[cutoff_target[i]];
    if (sc_filter_is_v2(p->type)) {
      process_v2(f, p, resonance, p->gain + live->value[gain_target[i]], cents, sample_rate,
                 process, line, left, right, frames);
      continue;
    }
    if (resonance != f->last_resonance) {
      f->damping = sc_filter_damping(resonance);
      f->last_resonance = resonance;
      f->last_cutoff_cents = NAN;
    }
    if (cutoff_moved(f, cents)) {
      sc_filter_coeffs_compute(&f->coeffs, p->type, p->cutoff * exp2(cents / 1200.0), f->damping,
                               sample_rate);
      f->last_cutoff_cents = cents;
    }
    process(p->type, &f->coeffs, &f->state, left, right, frames);
  }
}
