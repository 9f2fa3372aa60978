/* engine_filter.h - the engine filter stage (SC_PARAM_FILTER_*, engine_filter.c): a resonant
 * two-pole low-pass on each voice after the region's own filters and EQ, its cutoff a multiple
 * of the key's tracked frequency that an ADSR envelope of its own opens. Off by default, and
 * then it costs a voice one comparison and one addition per control step. */
#ifndef SC_ENGINE_FILTER_H
#define SC_ENGINE_FILTER_H

#include "envelope.h"
#include "filter.h"

/* An envelope that moves only when read: `lag` frames have passed that it has yet to follow, so
 * a voice whose stage is off never pays for it, and one turned on finds it where it would be. */
typedef struct sc_lazy_env {
  sc_env env;
  uint64_t lag;
} sc_lazy_env;

/* Starts the envelope with the note. */
void sc_lazy_env_start(sc_lazy_env *lazy, const sc_envelope_params *params, double sample_rate);
/* Its level now, after following the frames it owes. */
float sc_lazy_env_level(sc_lazy_env *lazy);
/* Its release, from the level reached. */
void sc_lazy_env_release(sc_lazy_env *lazy);

/* One voice's stage. */
typedef struct sc_engine_filter {
  sc_lazy_env env;
  bool on;              /* it filtered the last chunk, so its state is the signal's */
  float last_multiple;  /* the settings of the coefficients, NAN to recompute */
  double last_tracked;  /* cents of the tracked frequency */
  float last_resonance; /* dB */
  float damping;
  sc_filter_coeffs coeffs;
  sc_filter_state state;
} sc_engine_filter;

/* At note-on: the envelope from the engine's filter envelope parameters. [render] */
void sc_engine_filter_start(const sc_engine *engine, sc_engine_filter *filter);
/* Runs a chunk of `frames` through the stage for the voice's `key` and `velocity`; `right` is NULL
 * for a mono voice. [render] */
void sc_engine_filter_process(const sc_engine *engine, sc_engine_filter *filter, uint8_t key,
                              uint8_t velocity, float *left, float *right, uint32_t frames);

/* A chunk while the stage is off: only its envelope's clock moves. */
static inline void sc_engine_filter_idle(sc_engine_filter *filter, uint32_t frames) {
  filter->env.lag += frames;
  filter->on = false;
}

#endif
