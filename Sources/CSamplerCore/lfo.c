/* lfo.c - a sine LFO with delay and fade-in, evaluated once per control interval. Its depth is
 * applied by the caller, so controllers can move depth and rate while it runs. */
#include <math.h>

#include "lfo.h"
#include "dsp_math.h"

void sc_lfo_start(sc_lfo *lfo, const sc_lfo_params *p, double sample_rate) {
  lfo->phase = 0.0;
  lfo->elapsed = 0;
  lfo->delay_frames = p->delay > 0.0f ? (uint32_t)(p->delay * sample_rate) : 0;
  lfo->fade_frames = p->fade > 0.0f ? (uint32_t)(p->fade * sample_rate) : 0;
  lfo->freq = p->freq;
  lfo->depth = p->depth;
}

float sc_lfo_step(sc_lfo *lfo, uint32_t frames, double freq_offset, double sample_rate) {
  float value = 0.0f;
  double freq = lfo->freq + freq_offset;
  if (lfo->elapsed >= lfo->delay_frames && freq > 0.0) {
    uint32_t since = lfo->elapsed - lfo->delay_frames;
    float fade = 1.0f;
    if (lfo->fade_frames > 0 && since < lfo->fade_frames) fade = (float)since / lfo->fade_frames;
    value = fade * (float)sin(2.0 * SC_PI * lfo->phase);
    lfo->phase += freq * frames / sample_rate;
    lfo->phase -= floor(lfo->phase);
  }
  if (lfo->elapsed < UINT32_MAX - frames) lfo->elapsed += frames;
  return value;
}
