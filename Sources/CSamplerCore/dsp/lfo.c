/* lfo.c - a sine LFO with delay and fade-in, evaluated once per control interval (lfo.h). Its
 * depth is applied by the caller, so controllers can move depth and rate while it runs. */
#include "dsp/lfo.h"

void sc_lfo_start(sc_lfo *lfo, const sc_lfo_params *p, double sample_rate) {
  lfo->phase = 0.0;
  lfo->elapsed = 0;
  lfo->delay_frames = p->delay > 0.0f ? (uint32_t)(p->delay * sample_rate) : 0;
  lfo->fade_frames = p->fade > 0.0f ? (uint32_t)(p->fade * sample_rate) : 0;
  lfo->freq = p->freq;
  lfo->depth = p->depth;
}
