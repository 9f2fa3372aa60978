/* chorus.h - a stereo multi-voice chorus (chorus.c). A DSP leaf: it knows no engine. Memory is
 * taken once, at create, for the sample rate given there; processing allocates nothing and keeps
 * its state per sample, so how a signal is cut into calls never changes the output. */
#ifndef SC_CHORUS_H
#define SC_CHORUS_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"
#include "dsp/linear_ramp.h"

/* What the chorus sounds like; ranges and defaults in config.h (SC_CHORUS_*). */
typedef struct sc_chorus_settings {
  float rate;   /* Hz of each voice's delay modulation */
  float depth;  /* ms: each voice's delay swings this far either side of SC_CHORUS_CENTER_MS */
  float voices; /* 1...SC_CHORUS_MAX_VOICES, whole */
  float level;  /* linear gain of the return */
} sc_chorus_settings;

struct sc_chorus;

/* Adds the voices' sum for `frames` frames from frame `at` of the call (which sets where the
 * modulation and the ramps stand) to `out_left` and `out_right` (frame 0 there is frame `at`):
 * the line holds the input of those frames already, frame m at `pos` + 1 + m. The vector
 * kernels give the bytes the portable one gives. */
typedef void (*sc_chorus_voices_fn)(const struct sc_chorus *chorus, uint32_t at, uint32_t frames,
                                    float *out_left, float *out_right);

typedef struct sc_chorus {
  double rate;
  float *line; /* the input, mono, a power of two long */
  uint32_t mask, pos;
  /* the first voice's modulation phase in 2^-32 cycles, and its step per frame: whole numbers,
   * so that skipping n idle frames at once lands exactly where n single steps would; each
   * voice's phase is `offset` ahead of it */
  uint32_t phase, step, offset[SC_CHORUS_MAX_VOICES];
  sc_chorus_settings settings;
  uint32_t voices;
  float center, frames_per_ms; /* SC_CHORUS_CENTER_MS in frames, and frames a millisecond */
  float gain_left[SC_CHORUS_MAX_VOICES], gain_right[SC_CHORUS_MAX_VOICES];
  /* new settings move in over SC_EFFECT_RAMP_SECONDS (`ramp_frames`), as steps would click:
   * the gains fade from `from_*` as `fade` goes 0 to 1, and the depth glides, so the voices'
   * reads move on without a jump (a change of the number of voices moves their phases at once) */
  float from_left[SC_CHORUS_MAX_VOICES], from_right[SC_CHORUS_MAX_VOICES];
  sc_linear_ramp fade, depth;
  uint32_t ramp_frames;
  bool set;       /* the first settings are in */
  uint32_t quiet; /* frames of silent input */
  bool active;
  sc_chorus_voices_fn voices_kernel; /* the fastest this CPU runs (sc_chorus_voices_select) */
} sc_chorus;

/* The defaults of config.h. */
sc_chorus_settings sc_chorus_default_settings(void);

/* Allocates the chorus for `sample_rate`, cleared, with the default settings; false when out
 * of memory. [control] */
bool sc_chorus_create(sc_chorus *chorus, double sample_rate);
void sc_chorus_destroy(sc_chorus *chorus);

/* Takes new settings. [render] */
void sc_chorus_set(sc_chorus *chorus, const sc_chorus_settings *settings);

/* Adds the chorus of `in_left`/`in_right` (or of silence, when they are NULL) into `out_left`
 * and `out_right` (which may be NULL when the chorus is idle and the input NULL: the modulation
 * then only moves on). The voices only ever read the input back, so once the input has been silent
 * for the whole line the chorus goes idle and adds nothing. Returns whether it added anything.
 * [render] */
bool sc_chorus_process(sc_chorus *chorus, const float *in_left, const float *in_right,
                       float *out_left, float *out_right, uint32_t frames);

/* Whether processing silence would still add sound. [render] */
static inline bool sc_chorus_active(const sc_chorus *chorus) { return chorus->active; }

/* Empties the line. [render] */
void sc_chorus_clear(sc_chorus *chorus);

/* The voices in plain C, and in AVX-512 or AVX2 (chorus_avx512.c, chorus_avx2.c): NULL when the
 * CPU lacks those. [any] */
void sc_chorus_voices_portable(const sc_chorus *chorus, uint32_t at, uint32_t frames,
                               float *out_left, float *out_right);
sc_chorus_voices_fn sc_chorus_voices_avx512(void);
sc_chorus_voices_fn sc_chorus_voices_avx2(void);
/* The fastest voices this CPU runs, or the plain C ones when `portable`; sc_chorus_create takes
 * the fastest. [any] */
sc_chorus_voices_fn sc_chorus_voices_select(bool portable);

/* sin(2 pi phase / 2^32), within 3e-7, as every kernel computes it: the phase folded into a
 * quarter cycle either side of 0 in whole numbers (sin(pi - x) = sin(x)), then an odd polynomial
 * of degree 9 in cycles, fitted to the sine over that quarter for the least largest error. */
#define SC_CHORUS_SINE_C1 6.28318596f
#define SC_CHORUS_SINE_C3 -41.3420029f
#define SC_CHORUS_SINE_C5 81.6266785f
#define SC_CHORUS_SINE_C7 -77.1595001f
#define SC_CHORUS_SINE_C9 44.1196098f
static inline float sc_chorus_sine(uint32_t phase) {
  uint32_t folded = phase + 0x40000000u > 0x80000000u ? 0x80000000u - phase : phase;
  float x = (float)(int32_t)folded * 0x1p-32f, z = x * x;
  float p = SC_CHORUS_SINE_C9;
  p = p * z + SC_CHORUS_SINE_C7;
  p = p * z + SC_CHORUS_SINE_C5;
  p = p * z + SC_CHORUS_SINE_C3;
  p = p * z + SC_CHORUS_SINE_C1;
  return x * p;
}

#endif
