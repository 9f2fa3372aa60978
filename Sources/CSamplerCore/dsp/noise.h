/* noise.h - the SFZ v2 noise generator (noise.c): uniform white noise, held in steps and tilted
 * in tone, added to a voice's signal. A DSP leaf: the voice hands in the level, step and tone it
 * has worked out. */
#ifndef SC_NOISE_H
#define SC_NOISE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct sc_noise {
  uint64_t rng;    /* the voice's own sequence, seeded at note-on */
  float held[2];   /* the value each side holds until the next step */
  double phase;    /* 0...1 towards the next new value */
  float last_tone; /* the tone the coefficient was worked out for; NAN forces it */
  float pole;      /* one-pole coefficient of the tone filter */
  float tone_state[2];
} sc_noise;

void sc_noise_start(sc_noise *n, uint64_t seed);
/* Adds `frames` frames of noise at linear `gain` (0 dB is uniform noise between -1 and 1) into
 * `left`, and into `right` unless it is NULL: its own values when `stereo`, else the left's.
 * `step` and `tone` are noise_step and noise_tone (0...100). */
void sc_noise_add(sc_noise *n, float gain, float step, float tone, bool stereo, double sample_rate,
                  float *left, float *right, uint32_t frames);

#endif
