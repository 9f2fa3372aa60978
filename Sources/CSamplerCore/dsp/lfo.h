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
/* Advances by `frames` at the LFO's rate plus `freq_offset` Hz and returns its value then
 * (-1...1, faded in): the value at the end of the chunk, where the voice's gain for the chunk is
 * aimed, so a short chunk (cut by a block's end or an event) moves the gain only as far as the
 * LFO moved in it. The sine starts on the frame its delay ends. Inline: each voice steps three
 * LFOs per chunk, most of them off. A value the caller scales by a depth of 0 (`heard` false) is
 * 0 whatever the sine, and the sine is most of an LFO's cost (SF2 conversions give every region
 * three LFOs with a rate and no depth): the phase moves on without it, so the LFO is in step when
 * a depth modulation starts. */
static inline float sc_lfo_step(sc_lfo *lfo, uint32_t frames, double freq_offset,
                                double sample_rate, bool heard) {
  float value = 0.0f;
  double freq = lfo->freq + freq_offset;
  uint64_t end = (uint64_t)lfo->elapsed + frames;
  if (freq > 0.0 && end > lfo->delay_frames) {
    uint32_t from = lfo->elapsed > lfo->delay_frames ? lfo->elapsed : lfo->delay_frames;
    lfo->phase += freq * (double)(end - from) / sample_rate;
    lfo->phase -= floor(lfo->phase);
    uint64_t since = end - lfo->delay_frames;
    float fade = 1.0f;
    if (lfo->fade_frames > 0 && since < lfo->fade_frames) fade = (float)since / lfo->fade_frames;
    if (heard) value = fade * (float)sin(2.0 * SC_PI * lfo->phase);
  }
  if (lfo->elapsed < UINT32_MAX - frames) lfo->elapsed += frames;
  return value;
}

#endif
