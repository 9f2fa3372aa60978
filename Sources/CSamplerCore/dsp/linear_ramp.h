/* linear_ramp.h - a value moving linearly to a new one over a number of frames, frame by frame: how
 * the effects move a setting a controller or a host changed without a click. A DSP leaf. */
#ifndef SC_LINEAR_RAMP_H
#define SC_LINEAR_RAMP_H

#include <stdbool.h>
#include <stdint.h>

/* A value moving linearly to `to` over the `left` frames still to come, by `step` a frame. */
typedef struct sc_linear_ramp {
  float to, step;
  uint32_t left;
} sc_linear_ramp;

/* The value at frame `f` of the next call; exactly `to` once the ramp has arrived. */
static inline float sc_linear_ramp_at(const sc_linear_ramp *r, uint32_t f) {
  return f < r->left ? r->to - r->step * (float)(r->left - f) : r->to;
}

/* Moves the ramp on by a call of `frames`. */
static inline void sc_linear_ramp_advance(sc_linear_ramp *r, uint32_t frames) {
  r->left = r->left > frames ? r->left - frames : 0;
}

/* Sets out for `to` from wherever the ramp stands, over `frames` frames, or there at once with
 * `now` (a first setting). */
static inline void sc_linear_ramp_to(sc_linear_ramp *r, float to, uint32_t frames, bool now) {
  if (now) {
    r->to = to;
    r->left = 0;
    return;
  }
  if (to == r->to) return;
  float from = r->left > 0 ? r->to - r->step * (float)r->left : r->to;
  r->to = to;
  r->step = (to - from) / (float)frames;
  r->left = frames;
}

#endif
