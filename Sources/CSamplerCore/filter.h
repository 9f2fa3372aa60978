/* filter.h - the resonant filters (filter.c). A DSP leaf: it knows no engine; a voice's use of
 * its two filters is in voice_filters.c. */
#ifndef SC_FILTER_H
#define SC_FILTER_H

#include "sampler_core.h"

typedef struct sc_filter_coeffs {
  float m11, m12, m21, m22, b1, b2; /* state update: s' = M s + b x */
  float c1, c2, d;                  /* output: y = c1 s1 + c2 s2 + d x */
} sc_filter_coeffs;

typedef struct sc_filter_state {
  float s1[2], s2[2]; /* per channel */
} sc_filter_state;

/* 1/Q for a resonance given as peak height in dB; computed once per voice. */
float sc_filter_damping(double resonance_db);
/* 1/Q for a two-pole low-pass whose resonant peak stands `peak_db` over its pass band; 0 dB and
 * below give Butterworth, the flattest response without a peak. */
float sc_filter_damping_peak(double peak_db);
void sc_filter_coeffs_compute(sc_filter_coeffs *c, sc_filter_type type, double cutoff,
                              float damping, double sample_rate);
void sc_filter_process(sc_filter_type type, const sc_filter_coeffs *c, sc_filter_state *s,
                       float *left, float *right, uint32_t frames);

#endif
