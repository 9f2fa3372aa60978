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
#include "dsp/reverb.h"
#include "sampler_core.h"

typedef struct sc_fx_unit {
  sc_effect effect;
  float input, dry, wet; /* linear */
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
  /* delay: a line per side, as long as its delay */
  float *line[2];
  uint32_t length[2], pos[2];
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

/* Runs `frames` frames of `left` and `right` through the effect, in place; `scratch_left` and
 * `scratch_right` hold at least `frames` floats the reverb may use. [render] */
void sc_fx_unit_process(sc_fx_unit *unit, float *left, float *right, float *scratch_left,
                        float *scratch_right, uint32_t frames);

/* Whether processing silence would still give sound: a delay's lines or the reverb hold some.
 * [render] */
bool sc_fx_unit_ringing(const sc_fx_unit *unit);

/* Forgets what the effect holds: the delay's lines, the filters' states, the held samples.
 * [render] */
void sc_fx_unit_clear(sc_fx_unit *unit);

#endif
