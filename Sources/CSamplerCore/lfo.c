/* lfo.c - a sine LFO with delay and fade-in, evaluated once per control interval. */
#include <math.h>

#include "internal.h"

void sc_lfo_start(sc_lfo *lfo, const sc_lfo_params *p, double sample_rate) {
  lfo->phase = 0.0;
  lfo->elapsed = 0;
  lfo->delay_frames = p->delay > 0.0f ? (uint32_t)(p->delay * sample_rate) : 0;
  lfo->fade_frames = p->fade > 0.0f ? (uint32_t)(p->fade * sample_rate) : 0;
  lfo->increment = p->freq > 0.0f ? p->freq / sample_rate : 0.0;
  lfo->depth = p->depth;
}

float sc_lfo_step(sc_lfo *lfo, uint32_t frames) {
  if (lfo->depth == 0.0f || lfo->increment == 0.0) return 0.0f;
  float value = 0.0f;
  if (lfo->elapsed >= lfo->delay_frames) {
    uint32_t since = lfo->elapsed - lfo->delay_frames;
    float fade = 1.0f;
    if (lfo->fade_frames > 0 && since < lfo->fade_frames) fade = (float)since / lfo->fade_frames;
    value = lfo->depth * fade * (float)sin(2.0 * SC_PI * lfo->phase);
    lfo->phase += lfo->increment * frames;
    lfo->phase -= floor(lfo->phase);
  }
  if (lfo->elapsed < UINT32_MAX - frames) lfo->elapsed += frames;
  return value;
}
