/* filter.h - the resonant filters (filter.c). A DSP leaf: it knows no engine; a voice's use of
 * its two filters is in voice_filters.c. */
#ifndef SC_FILTER_H
#define SC_FILTER_H

#include "sampler_core.h"

typedef struct sc_filter_coeffs {
  float m11, m12, m21, m22, b1, b2; /* state update: s' = M s + b x */
  float c1, c2, d;                  /* output: y = c1 s1 + c2 s2 + d x */
  /* The two-pole recursion four frames at a time (filter_avx2.c), worked out in double:
   * y(n+k) = out_state[k] . s(n) + sum over m <= k of out_input[m] x(n+k-m), and
   * s(n+4) = next_state s(n) + sum over j of next_input[j] x(n+j). */
  float out_state[4][2];  /* c M^k */
  float out_input[4];     /* d, then c M^(m-1) b */
  float next_state[2][2]; /* M^4 */
  float next_input[4][2]; /* M^(3-j) b */
} sc_filter_coeffs;

typedef struct sc_filter_state {
  float s1[2], s2[2]; /* per channel */
} sc_filter_state;

/* 1/Q for a resonance given as peak height in dB; computed once per voice. */
float sc_filter_damping(double resonance_db);
/* 1/Q for a two-pole low-pass whose resonant peak stands `peak_db` over its pass band; 0 dB and
 * below give Butterworth, the flattest response without a peak. */
float sc_filter_damping_peak(double peak_db);
/* The largest gain of a filter of `type` with damping `damping` at any frequency and cutoff:
 * 1 for no filter and for the types that never boost, infinite for the types it is not worked
 * out for (voice/audibility.h takes those as unbounded). */
float sc_filter_peak_gain(sc_filter_type type, float damping);
void sc_filter_coeffs_compute(sc_filter_coeffs *c, sc_filter_type type, double cutoff,
                              float damping, double sample_rate);
/* The trapezoidal state-variable section at g = tan(pi f / rate) with damping k and output
 * m0 x + m1 band + m2 low, where band = s / (s^2 + k s + 1) and low = 1 / (s^2 + k s + 1): any
 * response over that denominator, numerator m0 s^2 + (m0 k + m1) s + m0 + m2. The two-pole code
 * runs it (as SC_FILTER_LPF_2P). */
void sc_filter_coeffs_svf(sc_filter_coeffs *c, double g, double k, double m0, double m1, double m2);
/* Runs `frames` frames of a channel pair (right NULL for mono) through the filter, in place. */
typedef void (*sc_filter_fn)(sc_filter_type type, const sc_filter_coeffs *c, sc_filter_state *s,
                             float *left, float *right, uint32_t frames);
/* Plain C, for every CPU. */
void sc_filter_process(sc_filter_type type, const sc_filter_coeffs *c, sc_filter_state *s,
                       float *left, float *right, uint32_t frames);
/* The two-pole types four frames at a time with AVX2 and FMA if this CPU has them, else NULL
 * (filter_avx2.c). */
sc_filter_fn sc_filter_avx2(void);
/* The fastest filter code this CPU runs, or the plain C one when `portable`. */
sc_filter_fn sc_filter_select(bool portable);

#endif
