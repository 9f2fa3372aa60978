/* engine_filter.h - the engine filter stage (SC_PARAM_FILTER_*, engine_filter.c): a resonant
 * two-pole low-pass on each voice after the region's own filters and EQ, its cutoff a multiple
 * of the key's tracked frequency that an ADSR envelope of its own opens. Off by default, and
 * then it costs a voice one comparison and one addition per control step. */
#ifndef SC_ENGINE_FILTER_H
#define SC_ENGINE_FILTER_H

#include "dsp/envelope.h"
#include "dsp/filter.h"

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

/* At the note's release: the envelope's release, from the level reached. */
static inline void sc_engine_filter_release(sc_engine_filter *filter) {
  sc_lazy_env_release(&filter->env);
}

/* A chunk while the stage is off: only its envelope's clock moves. */
static inline void sc_engine_filter_idle(sc_engine_filter *filter, uint32_t frames) {
  filter->env.lag += frames;
  filter->on = false;
}

#endif
