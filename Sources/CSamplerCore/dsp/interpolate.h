/* interpolate.h - reading sample frames at fixed-point positions (interpolate.c, and the
 * AVX2/FMA kernels of interpolate_avx2.c). A DSP leaf: it knows no engine. */
#ifndef SC_INTERPOLATE_H
#define SC_INTERPOLATE_H

#include "config.h"
#include "sampler_core.h"

#define SC_FRACTION_ONE ((uint64_t)1 << SC_FRACTION_BITS)

/* log2(SC_SINC_PHASES): the fraction's top bits pick the phase row. */
#define SC_SINC_PHASE_BITS 9
_Static_assert((1 << SC_SINC_PHASE_BITS) == SC_SINC_PHASES, "SC_SINC_PHASE_BITS must match");

typedef struct sc_sinc_table {
  float *coeffs;   /* (SC_SINC_PHASES + 1) * SC_SINC_TAPS */
  float overshoot; /* the largest sum of a phase's coefficients' magnitudes */
} sc_sinc_table;

bool sc_sinc_table_init(sc_sinc_table *table);
void sc_sinc_table_free(sc_sinc_table *table);

/* The most the kernel of `quality` can make of values no larger than 1 in magnitude: the
 * largest sum of its weights' magnitudes over every fraction. Linear interpolation never
 * exceeds its taps; the four-point Hermite's weights sum to 1/16 + 9/16 + 9/16 + 1/16 = 1.25 at
 * a fraction of one half, the most they do. [any] */
static inline float sc_interpolation_overshoot(sc_quality quality, const sc_sinc_table *sinc) {
  return quality == SC_QUALITY_LINEAR ? 1.0f : quality == SC_QUALITY_SINC ? sinc->overshoot : 1.25f;
}

/* Where the frames are: mono or interleaved stereo, float or int16_t. */
typedef struct sc_frames {
  const void *data;
  sc_sample_format format;
  uint32_t channels;
} sc_frames;

/* int16_t to float: exact, and the same float every decoder makes of 16-bit PCM. */
#define SC_INT16_SCALE (1.0f / 32768.0f)

/* Reads `count` frames at fixed-point positions pos, pos + inc, ... from `frames` with no bounds
 * checks: the caller guarantees the taps are inside the padded buffer. Writes planar left/right
 * (right = left for mono). Every output frame is computed on its own, so a run split in two
 * gives the same bits. */
typedef void (*sc_interpolate_fn)(sc_quality quality, const sc_sinc_table *sinc, sc_frames frames,
                                  uint64_t pos, uint64_t inc, uint32_t count, float *left,
                                  float *right);
/* Plain C, for every CPU. */
void sc_interpolate_portable(sc_quality quality, const sc_sinc_table *sinc, sc_frames frames,
                             uint64_t pos, uint64_t inc, uint32_t count, float *left, float *right);
/* The AVX2/FMA kernels if this CPU has them, else NULL (interpolate_avx2.c). */
sc_interpolate_fn sc_interpolate_avx2(void);
/* The AVX2/FMA kernels themselves, for kernels that hand them what they do not take: only on an
 * x86 CPU that sc_interpolate_avx2 found to have AVX2 and FMA. */
void sc_interpolate_avx2_run(sc_quality quality, const sc_sinc_table *sinc, sc_frames frames,
                             uint64_t pos, uint64_t inc, uint32_t count, float *left, float *right);
/* Mono Hermite 16 frames at a time with AVX-512, the rest by the AVX2 kernels, if this CPU has
 * both, else NULL (interpolate_avx512.c). */
sc_interpolate_fn sc_interpolate_avx512(void);
/* The fastest kernels this CPU runs, or the plain C ones when `portable`. */
sc_interpolate_fn sc_interpolator_select(bool portable);
/* One frame whose taps are fetched through `tap_index`, which folds indices into the loop. */
typedef struct sc_loop_fold {
  int64_t loop_start, loop_end; /* inclusive */
  bool fold_left;               /* the voice has looped: taps before loop_start come from its end */
  /* a turning loop: the taps past that end are reflected back into the loop (the frames the
   * playhead plays on either side of a turn are the same), not taken from the other end */
  bool mirror_left, mirror_right;
} sc_loop_fold;
void sc_interpolate_folded(sc_quality quality, const sc_sinc_table *sinc, sc_frames frames,
                           uint64_t pos, const sc_loop_fold *fold, float *left, float *right);
/* Taps needed left and right of the integer position. Inline: every chunk of every voice asks. */
static inline void sc_interpolation_reach(sc_quality quality, uint32_t *left, uint32_t *right) {
  switch (quality) {
    case SC_QUALITY_LINEAR:
      *left = 0;
      *right = 1;
      break;
    case SC_QUALITY_SINC:
      *left = SC_SINC_TAPS / 2 - 1;
      *right = SC_SINC_TAPS / 2;
      break;
    default:
      *left = 1;
      *right = 2;
      break;
  }
}

#endif
