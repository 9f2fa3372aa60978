/* lfo.h - the SFZ v1 sine LFOs (lfo.c). A DSP leaf: it knows no engine. */
#ifndef SC_LFO_H
#define SC_LFO_H

#include "sampler_core.h"

typedef struct sc_lfo {
  double phase; /* 0...1 */
  uint32_t elapsed;
  uint32_t delay_frames, fade_frames;
  float freq; /* Hz, before modulation */
  float depth;
} sc_lfo;

void sc_lfo_start(sc_lfo *lfo, const sc_lfo_params *params, double sample_rate);
/* The value now (-1...1, faded in), then advances by `frames` at the LFO's rate plus
 * `freq_offset` Hz. */
float sc_lfo_step(sc_lfo *lfo, uint32_t frames, double freq_offset, double sample_rate);

#endif
