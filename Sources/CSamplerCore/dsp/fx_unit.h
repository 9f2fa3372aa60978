/* fx_unit.h - one effect of an instrument's <effect> chain (fx_unit.c): lofi, gain, filter, eq,
 * delay or reverb, run in place on a stereo span. A DSP leaf: it knows no engine. Memory is taken
 * at create, for the sample rate given there; processing allocates nothing and keeps its state
 * per sample, so how a signal is cut into calls never changes the output. */
#ifndef SC_FX_UNIT_H
#define SC_FX_UNIT_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"
#include "dsp/eq.h"
#include "dsp/filter.h"
#include "dsp/linear_ramp.h"
#include "dsp/reverb.h"
#include "sampler_core.h"

typedef struct sc_fx_unit {
  sc_effect effect; /* as declared: the parameters at controller 0 */
  sc_effect now;    /* the parameters as last applied, moved by the controllers */
  double rate;
  bool followed; /* the controllers were read once: later moves ramp rather than jump */
  float moved_by[SC_EFFECT_MAX_CCS]; /* each controller's share, as smoothed so far */
  uint32_t ramp_frames;              /* SC_EFFECT_RAMP_SECONDS */
  sc_linear_ramp input, dry, wet;    /* linear */
  /* 1 plays, 0 is bypassed (bypass_onccN); in between, the output is this much of the effect's
   * and the rest its input (sc_fx_chains_run fades) */
  sc_linear_ramp mix;
  bool wet_outside; /* a reverb under a wet controller: its own level is 1, the wet ramps here */
  /* lofi */
  float step;       /* the grid, 0 for no bit reduction */
  float hold_rate;  /* new samples per frame, 1 for no decimation */
  float hold_phase; /* a new sample is taken when it reaches 1 */
  float held[2];
  /* gain */
  float gain;
  /* filter and eq */
  sc_filter_coeffs filter;
  sc_filter_state filter_state;
  sc_eq_coeffs eq;
  float eq_z1[2], eq_z2[2];
  /* delay: a line per side, as long as the longest delay its controllers reach; `delay` frames
   * behind the write position, at most `length` */
  float *line[2];
  uint32_t length[2], pos[2], delay[2];
  /* the taps in frames behind the write position, gliding to `delay` after a controller moved
   * it (SC_EFFECT_DELAY_GLIDE_SECONDS, `glide_frames`) */
  sc_linear_ramp tap[2];
  uint32_t glide_frames;
  float feedback, damping, low[2];
  /* frames since the last value above SC_EFFECT_SILENCE_LEVEL went into a line, per side: the
   * line still holds sound while this is under its length */
  uint32_t since_loud[2];
  /* reverb */
  sc_reverb *reverb;
} sc_fx_unit;

/* Takes `effect` (checked by the caller) at `sample_rate`; false when out of memory, the unit
 * then holding nothing to destroy. [control] */
bool sc_fx_unit_create(sc_fx_unit *unit, const sc_effect *effect, double sample_rate);
void sc_fx_unit_destroy(sc_fx_unit *unit);

/* Runs `frames` frames (at most SC_SPAN_FRAMES) of `left` and `right` through the effect, in
 * place; `scratch` holds four buffers the reverb may use. The levels go on ramping to where
 * sc_fx_unit_follow put them. [render] */
void sc_fx_unit_process(sc_fx_unit *unit, float *left, float *right,
                        float (*scratch)[SC_SPAN_FRAMES], uint32_t frames);

/* Whether the effect has controllers to read (sc_effect cc, bypass). */
static inline bool sc_fx_unit_follows(const sc_fx_unit *unit) {
  return unit->effect.cc_count > 0 || unit->effect.bypass > 0.0f;
}

/* Reads the effect's controllers at the start of a span of `frames`: `cc` 0...1 by controller
 * number (for the bypass), `shaped` each sc_effect_cc's controller through its curve. Each
 * share is stepped and smoothed; then it recomputes what moved (filter and eq coefficients, the
 * lofi grid, delay times, the reverb's settings) and ramps the levels and the bypass's mix to their
 * new values over SC_EFFECT_RAMP_SECONDS; the first reading takes its values at once. An effect
 * coming on from fully bypassed starts from silence. [render] */
void sc_fx_unit_follow(sc_fx_unit *unit, const float cc[128], const float shaped[SC_EFFECT_MAX_CCS],
                       uint32_t frames);

/* Moves the bypass's fade on past a call of `frames`. [render] */
static inline void sc_fx_unit_faded(sc_fx_unit *unit, uint32_t frames) {
  sc_linear_ramp_advance(&unit->mix, frames);
}

/* Whether processing silence would still give sound: a delay's lines or the reverb hold some,
 * and it is not bypassed. [render] */
bool sc_fx_unit_ringing(const sc_fx_unit *unit);

/* Forgets what the effect holds: the delay's lines, the filters' states, the held samples.
 * [render] */
void sc_fx_unit_clear(sc_fx_unit *unit);

#endif
