/* playhead.h - where a voice reads its sample and how it moves through it (playhead.c). */
#ifndef SC_PLAYHEAD_H
#define SC_PLAYHEAD_H

#include "sampler_core.h"

struct sc_voice;

/* Where the voice reads its sample and how it moves through it (looping, count). */
typedef struct sc_playhead {
  uint64_t pos;              /* fixed point, SC_FRACTION_BITS */
  uint64_t increment;        /* per output frame, from the pitch at the last control point */
  sc_loop_mode loop_mode;    /* the region's mode with SC_LOOP_ENGINE resolved */
  bool looping;              /* still looping (a sustain loop stops at release) */
  bool wrapped;              /* has looped at least once */
  uint32_t crossfade_frames; /* loop crossfade length */
  uint32_t plays_left;       /* further plays after this one (count) */
} sc_playhead;

/* The fixed-point increment per output frame for a pitch `cents` away from the sample's,
 * where rate_log2 = log2(sample rate / output rate). */
uint64_t sc_playhead_increment(double rate_log2, double cents);
/* Reads `count` frames of the voice's sample at `inc`, looping as the voice says; returns fewer
 * when the sample ends. [render] */
uint32_t sc_playhead_read(sc_engine *engine, struct sc_voice *voice, uint64_t inc, float *left,
                          float *right, uint32_t count);

#endif
