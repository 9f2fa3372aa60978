/* lfo.h - the SFZ v1 sine LFOs (lfo.c). A DSP leaf: it knows no engine. */
#ifndef SC_LFO_H
#define SC_LFO_H

#include <math.h>

#include "dsp/dsp_math.h"
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
 * `freq_offset` Hz. Inline: each voice steps three LFOs per chunk, most of them off. A value the
 * caller scales by a depth of 0 (`heard` false) is 0 whatever the sine, and the sine is most of an
 * LFO's cost (SF2 conversions give every region three LFOs with a rate and no depth): the phase
 * moves on without it, so the LFO is in step when a depth modulation starts. */
static inline float sc_lfo_step(sc_lfo *lfo, uint32_t frames, double freq_offset,
                                double sample_rate, bool heard) {
  float value = 0.0f;
  double freq = lfo->freq + freq_offset;
  if (lfo->elapsed >= lfo->delay_frames && freq > 0.0) {
    uint32_t since = lfo->elapsed - lfo->delay_frames;
    float fade = 1.0f;
    if (lfo->fade_frames > 0 && since < lfo->fade_frames) fade = (float)since / lfo->fade_frames;
    if (heard) value = fade * (float)sin(2.0 * SC_PI * lfo->phase);
    lfo->phase += freq * frames / sample_rate;
    lfo->phase -= floor(lfo->phase);
  }
  if (lfo->elapsed < UINT32_MAX - frames) lfo->elapsed += frames;
  return value;
}

#endif
