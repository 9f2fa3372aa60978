/* voice_filters.h - a voice's two filters in series (voice_filters.c): one code path for both,
 * each following its region's sc_filter_params. */
#ifndef SC_VOICE_FILTERS_H
#define SC_VOICE_FILTERS_H

#include "dsp/filter.h"
#include "dsp/filter_v2.h"
#include "voice/modulation.h"

/* One filter of a voice: what note-on fixed, and the coefficients of its last settings. */
typedef struct sc_voice_filter {
  float tracking_cents; /* key, velocity and random tracking */
  float damping, last_resonance;
  double last_cutoff_cents;
  sc_filter_coeffs coeffs;
  sc_filter_state state;
  float last_gain;       /* dB, of the shelf and band types */
  sc_filter_extra extra; /* the SFZ v2 and ARIA types' further state */
} sc_voice_filter;

/* Both filters. The delay line their comb types share is the voice's own (sc_voice.comb_line),
 * kept apart so that a voice without a comb never clears it. */
typedef struct sc_voice_filters {
  sc_voice_filter each[SC_FILTER_COUNT];
} sc_voice_filters;

/* Whether any of the region's filters is on. */
static inline bool sc_voice_filters_any(const sc_region *region) {
  for (int i = 0; i < SC_FILTER_COUNT; i++)
    if (region->filters[i].type != SC_FILTER_NONE) return true;
  return false;
}

/* Sets up the voice's filters for `key` and `velocity`; `unipolar` is the note's 0...1 draw for
 * fil_random. The voice's filters start zeroed (a voice starts from all zeros); the comb `line`
 * (SC_FILTER_COMB_FRAMES frames) does not, and is cleared here when a comb will use it. */
void sc_voice_filters_start(sc_voice_filters *filters, float (*line)[2], const sc_region *region,
                            uint8_t key, uint8_t velocity, float unipolar);
/* Runs the chunk through each filter that is on, with `process` (the engine's filter code).
 * `offset_cents[i]` is what moves filter i besides its live modulation (the first filter's
 * envelope and LFO). */
void sc_voice_filters_process(sc_voice_filters *filters, float (*line)[2], const sc_region *region,
                              const sc_live_mods *live, const double offset_cents[SC_FILTER_COUNT],
                              double sample_rate, sc_filter_fn process, float *left, float *right,
                              uint32_t frames);

#endif
